// The full block grid: every block of an operand is drawn and labelled, touched or not, and
// what no program reads is filled as unread (element-offsets: only block (0, 0) is reached).
#include <gtest/gtest.h>

#include <QApplication>

#include "core/view/operand_scene.h"
#include "tests/widgets/explorer_test_util.h"
#include "widgets/explorer/explorer_palette.h"
#include "widgets/explorer/operand_view.h"

namespace tl::gui {
namespace {

using namespace tl::gui::testing;

// x, o: 512 x 512, blocks 128 x 128, grid (4, 4); `map` is the index map of both.
Spec offsets(const std::string& map) {
    return loadText(R"json({"tilelens": 1, "name": "offsets", "grid": [4, 4],
        "operands": [
          {"name": "x", "role": "input", "shape": [512, 512], "dtype": "float32",
           "block_shape": [128, 128], "index_map": ")json" +
                    map + R"json("},
          {"name": "o", "role": "output", "shape": [512, 512], "dtype": "float32",
           "block_shape": [128, 128], "index_map": ")json" +
                    map + R"json("}]})json");
}

QColor pixelAt(const QImage& img, const OperandView& v, std::int64_t r, std::int64_t c) {
    return img.pixelColor(v.pixelOf(r, c).toPoint());
}

TEST(BlockPartition, EveryBlockIsDrawnWhereProgramsTouchOnlyOne) {
    const auto s = snapshotOf(offsets("lambda i, j: (i * 128, j * 128)"));
    const auto x = view::build_scenes(s.analysis, 0)[0];
    // Coverage changes only at 128 (block (0, 0) read, the rest not): two cells per axis.
    EXPECT_EQ(x.rows.cells(), 2);
    EXPECT_EQ(x.cols.cells(), 2);
    // The block grid is the operand's own: 4 x 4 blocks of 128.
    ASSERT_EQ(x.block_rows.cells(), 4);
    ASSERT_EQ(x.block_cols.cells(), 4);
    EXPECT_EQ(x.block_rows.cut(2), 256);
    EXPECT_EQ(x.block_cols.cut(3), 384);

    OperandView v;
    v.resize(700, 700);
    v.setScene(x);
    const QImage img = v.grab().toImage();
    EXPECT_EQ(v.lastPaintStats().labels, 16);  // "(0, 0)" ... "(3, 3)"
    const ExplorerPalette pal = ExplorerPalette::forPalette(v.palette());
    EXPECT_EQ(pixelAt(img, v, 300, 300), pal.unread);  // block (2, 2): nobody reads it
    EXPECT_EQ(pixelAt(img, v, 64, 64), ExplorerPalette::roleHue(Role::Input, 0));
}

TEST(BlockPartition, AFullyReadInputHasNoUnreadFill) {
    const auto s = snapshotOf(offsets("lambda i, j: (i, j)"));
    OperandView v;
    v.resize(700, 700);
    v.setScene(view::build_scenes(s.analysis, 0)[0]);
    const QImage img = v.grab().toImage();
    const ExplorerPalette pal = ExplorerPalette::forPalette(v.palette());
    EXPECT_EQ(pixelAt(img, v, 300, 300), pal.array);
    EXPECT_EQ(v.lastPaintStats().labels, 16);
}

}  // namespace
}  // namespace tl::gui
