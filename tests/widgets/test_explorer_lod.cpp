// Level of detail: a 16384 x 16384 array draws its blocks, never its 268M elements; element
// lines appear only once cells are several pixels wide.
#include <gtest/gtest.h>

#include <tuple>

#include <QApplication>
#include <QWheelEvent>

#include "core/view/operand_scene.h"
#include "tests/widgets/explorer_test_util.h"
#include "widgets/explorer/explorer_palette.h"
#include "widgets/explorer/operand_view.h"

namespace tl::gui {
namespace {

using namespace tl::gui::testing;

Spec squareMatmul(int n, int bm, int bn) {
    return loadText(R"json({"tilelens": 1, "name": "big", "params": {"N": )json" +
                    std::to_string(n) + R"json(, "bm": )json" + std::to_string(bm) +
                    R"json(, "bn": )json" + std::to_string(bn) +
                    R"json(}, "grid": ["cdiv(N, bm)", "cdiv(N, bn)"],
        "operands": [
          {"name": "x", "role": "input", "shape": ["N", "N"], "dtype": "float32",
           "block_shape": ["bm", "bn"], "index_map": "lambda i, j: (i, j)"},
          {"name": "o", "role": "output", "shape": ["N", "N"], "dtype": "float32",
           "block_shape": ["bm", "bn"], "index_map": "lambda i, j: (i, j)"}]})json");
}

PaintStats paintOf(OperandView& v) {
    v.grab();
    return v.lastPaintStats();
}

TEST(LevelOfDetail, AHugeArrayDrawsBlocksNotElements) {
    const auto s = snapshotOf(squareMatmul(16384, 128, 128));
    OperandView v;
    v.resize(900, 700);
    v.setScene(view::build_scenes(s.analysis, 1000)[1]);
    EXPECT_LT(v.transform().scale_x, 0.05);  // 16384 elements on ~670 pixels
    PaintStats st = paintOf(v);
    // Block lines only: 129 + 129 cuts at most, no element lines, no per-cell shapes.
    EXPECT_LE(st.lines, 2 * 129);
    EXPECT_GT(st.lines, 0);
    EXPECT_EQ(st.labels, 0);
    EXPECT_LE(st.rects, 8);
    v.setCoverageOverlay(true);  // 128 x 128 cells of 5 px: shapes, one per cell at most
    st = paintOf(v);
    EXPECT_LE(st.rects, 128 * 128 + 8);
}

TEST(LevelOfDetail, TheProgramsBlockStaysVisibleWhenUnderAPixel) {
    const auto s = snapshotOf(squareMatmul(65536, 128, 128));
    OperandView v;
    v.resize(900, 700);
    const QColor hue = ExplorerPalette::roleHue(Role::Input, 0);
    // Program (0, 0) in the corner and program (300, 200) inside: blocks of ~1.3 px each.
    for (const auto& [program, row, col] :
         {std::tuple<std::int64_t, std::int64_t, std::int64_t>{0, 64, 64},
          {300 * 512 + 200, 300 * 128 + 64, 200 * 128 + 64}}) {
        v.setScene(view::build_scenes(s.analysis, program)[0]);
        ASSERT_LT(v.transform().scale_x * 128, 2);
        const QImage img = v.grab().toImage();
        const QPoint c = v.pixelOf(row, col).toPoint();
        int inHue = 0;
        for (int y = c.y() - 6; y <= c.y() + 6; ++y)
            for (int x = c.x() - 6; x <= c.x() + 6; ++x)
                inHue += img.valid(x, y) && img.pixelColor(x, y) == hue;
        EXPECT_GE(inHue, 16) << "program " << program;  // a solid mark, not a lost pixel
        // Inside the array: the corner block's mark does not spill past the array's edge.
        const QPoint outside = v.pixelOf(0, 0).toPoint() - QPoint(3, 3);
        EXPECT_NE(img.pixelColor(outside), hue) << "program " << program;
    }
}

TEST(LevelOfDetail, TinyCellsBecomeOneImage) {
    // 8 x 128 blocks: 2048 x 128 coverage cells, under a pixel tall each.
    const auto s = snapshotOf(squareMatmul(16384, 8, 128));
    OperandView v;
    v.resize(900, 700);
    v.setScene(view::build_scenes(s.analysis, 0)[0]);
    v.setCoverageOverlay(true);
    const PaintStats st = paintOf(v);
    EXPECT_TRUE(st.rasterCoverage);
    EXPECT_LE(st.rects, 8);
    EXPECT_LE(st.lines, 2 * 129);  // row block lines are denser than 2 px: left out
}

TEST(LevelOfDetail, ElementLinesAppearWhenZoomedIn) {
    const auto s = snapshotOf(squareMatmul(300, 128, 128));
    OperandView v;
    v.resize(600, 500);
    v.setScene(view::build_scenes(s.analysis, 0)[0]);
    const int before = paintOf(v).lines;  // ~1.5 px per element: blocks only
    EXPECT_LE(before, 8);
    const QPointF c = v.pixelOf(20, 20);
    for (int i = 0; i < 12; ++i) {
        QWheelEvent wheel(c, v.mapToGlobal(c), {}, {0, 120}, Qt::NoButton, Qt::NoModifier,
                          Qt::NoScrollPhase, false);
        QApplication::sendEvent(&v, &wheel);
    }
    EXPECT_GT(v.transform().scale_x, 8);
    const int after = paintOf(v).lines;
    const double px = v.transform().scale_x;
    EXPECT_GT(after, before + 20);
    EXPECT_LE(after, static_cast<int>(600 / px + 500 / px) + 16);  // only the cells on screen
}

TEST(LevelOfDetail, AThinHugeArrayStaysTallAndZoomWidensItsRows) {
    // 65536 x 256, blocks (512, 128): at one scale its 256 columns would be 2 px wide.
    const auto s = snapshotOf(loadText(R"json({"tilelens": 1, "name": "thin", "grid": [128, 2],
        "operands": [{"name": "x", "role": "input", "shape": [65536, 256], "dtype": "float32",
          "block_shape": [512, 128], "index_map": "lambda i, j: (i, j)"},
         {"name": "o", "role": "output", "shape": [65536, 256], "dtype": "float32",
          "block_shape": [512, 128], "index_map": "lambda i, j: (i, j)"}]})json"));
    OperandView v;
    v.resize(600, 400);
    v.setScene(view::build_scenes(s.analysis, 0)[0]);
    const double width = v.pixelOf(0, 255).x() - v.pixelOf(0, 0).x();
    const double height = v.pixelOf(65535, 0).y() - v.pixelOf(0, 0).y();
    EXPECT_GT(width, 64);              // stretched: its two columns of blocks are seen
    EXPECT_LE(width, height / 2 + 1);  // and still a tall array, not a landscape
    EXPECT_GT(height, 300);
    const PaintStats fitted = paintOf(v);
    EXPECT_GE(fitted.lines, 1);  // the line between the two columns of blocks
    const double rowPx = v.transform().scale_y, colPx = v.transform().scale_x;
    const QPointF c = v.pixelOf(1000, 100);
    for (int i = 0; i < 30; ++i) {
        QWheelEvent wheel(c, v.mapToGlobal(c), {}, {0, 120}, Qt::NoButton, Qt::NoModifier,
                          Qt::NoScrollPhase, false);
        QApplication::sendEvent(&v, &wheel);
    }
    EXPECT_GT(v.transform().scale_y, rowPx * 100);  // 30 clicks: rows 100+ times taller
    EXPECT_LE(v.transform().scale_x, colPx * 1.0001 + v.transform().scale_y);
    v.fitToView();
    EXPECT_DOUBLE_EQ(v.transform().scale_y, rowPx);
}

}  // namespace
}  // namespace tl::gui
