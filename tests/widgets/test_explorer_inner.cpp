// Inner tiles in the explorer (docs/spec-format.md, "inner"): the matmul-gpu-inner example's
// panels drawn cut into their K tiles, dashed when streamed and solid when held, the first
// tile shaded; the inspector and the legend saying so.
#include <gtest/gtest.h>

#include <QFile>
#include <QImage>
#include <QPainter>
#include <algorithm>
#include <functional>
#include <string>

#include "core/view/operand_scene.h"
#include "tests/widgets/explorer_test_util.h"
#include "widgets/explorer/explorer_palette.h"
#include "widgets/explorer/inspector_text.h"
#include "widgets/explorer/legend.h"
#include "widgets/explorer/operand_painter.h"
#include "widgets/explorer/operand_view.h"
#include "widgets/explorer/paint_layers.h"

namespace tl::gui {
// Named: in a unity build this file shares a translation unit with tests whose helpers
// have the same names.
namespace explorer_inner_test {

using namespace tl::gui::testing;

const ExplorerPalette kLight = ExplorerPalette::light();

// matmul-gpu-inner: x (1000, 512) in (128, 512) row panels streamed in (128, 64) tiles over
// the grid (8, 8). Program (7, 2) is #58: x's panel is rows 896-1023, past M = 1000.
constexpr std::int64_t kLastRow = 7 * 8 + 2;

// The example with x's inner tiling replaced by `inner` (y's stays streamed).
Spec exampleWithXInner(const std::string& inner) {
    QFile f(QString::fromStdString(examplePath("matmul-gpu-inner")));
    EXPECT_TRUE(f.open(QIODevice::ReadOnly));
    std::string text = f.readAll().toStdString();
    const std::string x = R"js("inner": {"tile": [null, "tk"], "buffers": 4})js";
    const auto at = text.find(x);
    EXPECT_NE(at, std::string::npos);
    if (at != std::string::npos) text.replace(at, x.size(), R"js("inner": )js" + inner);
    return loadText(text);
}

struct Painted {
    OperandView view;
    QImage image;
    Painted(const ExplorerSnapshot& s, int op, std::int64_t program) {
        view.resize(420, 480);
        view.setScene(view::build_scenes(s.analysis, program)[static_cast<std::size_t>(op)]);
        image = view.grab().toImage();
    }
    QPoint at(double row, double col) const {
        return {static_cast<int>(view.transform().x_of(col)),
                static_cast<int>(view.transform().y_of(row))};
    }
    // Pixel rows down element column `col`'s left edge, over rows [r0, r1), where `pred`
    // accepts a pixel within one of that edge (a 1-pixel line may land either side).
    int countDown(double col, double r0, double r1, const std::function<bool(QColor)>& pred) {
        const QPoint a = at(r0, col), b = at(r1, col);
        int n = 0;
        for (int y = a.y() + 2; y < b.y() - 2; ++y) {
            bool hit = false;
            for (int x = a.x() - 1; x <= a.x() + 1; ++x) hit = hit || pred(image.pixelColor(x, y));
            n += hit;
        }
        return n;
    }
    int rowsBetween(double r0, double r1) const {
        return std::max(at(r1, 0).y() - at(r0, 0).y() - 4, 0);
    }
};

TEST(ExplorerInner, TheStreamedPanelIsCutIntoDashedTilesWithTheFirstShaded) {
    const auto s = snapshotOf(loadExample("matmul-gpu-inner"));
    Painted p(s, 0, kLastRow);
    const QColor hue = ExplorerPalette::roleHue(Role::Input, 0);
    const QColor first = layers::innerFirstTile(kLight, hue);
    ASSERT_NE(first, hue);
    // The first tile (columns 0-63) is shaded, the second (64-127) is the block's hue.
    EXPECT_EQ(p.image.pixelColor(p.at(950, 32)), first);
    EXPECT_EQ(p.image.pixelColor(p.at(950, 96)), hue);
    // Down the boundary at column 128, over the valid rows 896-999: a dashed line, so about
    // half of its pixels differ from the hue.
    const auto notHue = [&](QColor c) { return c != hue && c != first; };
    const int n = p.rowsBetween(896, 1000);
    ASSERT_GT(n, 16);
    const int marked = p.countDown(128, 896, 1000, notHue);
    EXPECT_GT(marked, n / 4);
    EXPECT_LT(marked, 3 * n / 4);
    // Inside a tile there is no line.
    EXPECT_EQ(p.countDown(96, 900, 995, notHue), 0);
    // The boundaries cross the padding rows 1000-1023 too: 7 in the valid part and 7 in it.
    auto bare = view::build_scenes(s.analysis, kLastRow)[0];
    bare.inner = {};
    QImage img(420, 480, QImage::Format_ARGB32_Premultiplied);
    QPainter painter(&img);
    const QRectF canvas = p.view.canvasRect();
    const int with = paintOperandCanvas(painter, canvas, p.view.scene(), p.view.transform(),
                                        OperandPaintOptions{}, kLight)
                         .lines;
    const int without =
        paintOperandCanvas(painter, canvas, bare, p.view.transform(), OperandPaintOptions{}, kLight)
            .lines;
    EXPECT_EQ(with - without, 14);
}

TEST(ExplorerInner, AHeldPanelHasSolidBoundaries) {
    const auto s = snapshotOf(exampleWithXInner(R"js({"tile": [null, "tk"]})js"));
    Painted p(s, 0, kLastRow);
    const QColor hue = ExplorerPalette::roleHue(Role::Input, 0);
    const auto notHue = [&](QColor c) {
        return c != hue && c != layers::innerFirstTile(kLight, hue);
    };
    const int n = p.rowsBetween(896, 1000);
    ASSERT_GT(n, 16);
    EXPECT_EQ(p.countDown(128, 896, 1000, notHue), n);
}

TEST(ExplorerInner, TheInspectorSaysHowTheBlockIsConsumed) {
    const auto streamed = snapshotOf(loadExample("matmul-gpu-inner"));
    InspectorInput in;
    in.analysis = streamed.analysis.get();
    in.spec = streamed.spec.get();
    const QString h = programHtml(in, kLastRow);
    // bfloat16 (128, 64) tiles: 16 KiB each; x's and y's rows, none for o.
    EXPECT_TRUE(h.contains(
        QStringLiteral("tile (128, 64) · 8 steps, streamed through 4 buffers (4 × 16 KiB)")))
        << h.toStdString();
    EXPECT_TRUE(h.contains(
        QStringLiteral("tile (64, 128) · 8 steps, streamed through 4 buffers (4 × 16 KiB)")));
    EXPECT_EQ(h.count(QStringLiteral(">inner<")), 2);

    const auto held = snapshotOf(exampleWithXInner(R"js({"tile": [null, 96]})js"));
    in.analysis = held.analysis.get();
    in.spec = held.spec.get();
    const QString k = programHtml(in, 0);
    EXPECT_TRUE(
        k.contains(QStringLiteral("held whole, computed in 6 tiles of (128, 96); the "
                                  "last step is partial")))
        << k.toStdString();
}

TEST(ExplorerInner, TheLegendKeysTheTileLinesOnlyWhenThereAreAny) {
    QFont font;
    font.setPixelSize(11);
    LegendContent plain;
    plain.roleHues = {ExplorerPalette::roleHue(Role::Input, 0)};
    LegendContent inner = plain;
    inner.innerStreamed = true;
    LegendContent both = inner;
    both.innerHeld = true;
    // Wide enough for every item on one line: the width a legend takes shows its items.
    QImage img(2400, 40, QImage::Format_ARGB32_Premultiplied);
    const auto drawnWidth = [&](const LegendContent& c) {
        img.fill(Qt::white);
        QPainter p(&img);
        paintLegend(p, QRectF(0, 0, img.width(), img.height()), kLight, c, font);
        p.end();
        int right = 0;
        for (int x = 0; x < img.width(); ++x)
            for (int y = 0; y < img.height(); ++y)
                if (img.pixelColor(x, y) != QColor(Qt::white)) right = x;
        return right;
    };
    const int w0 = drawnWidth(plain), w1 = drawnWidth(inner), w2 = drawnWidth(both);
    EXPECT_GT(w1, w0 + 60);
    EXPECT_GT(w2, w1 + 60);
}

}  // namespace explorer_inner_test
}  // namespace tl::gui
