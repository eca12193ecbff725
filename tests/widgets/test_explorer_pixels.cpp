// Pixel checks of the operand views: the program's block in its role's hue, padding and
// dropped writes in their patterns, coverage marks, at known coordinates.
#include <gtest/gtest.h>

#include <QImage>
#include <QPainter>

#include "core/view/operand_scene.h"
#include "tests/widgets/explorer_test_util.h"
#include "widgets/explorer/explorer_palette.h"
#include "widgets/explorer/operand_painter.h"
#include "widgets/explorer/operand_view.h"

namespace tl::gui {
namespace {

using namespace tl::gui::testing;
using view::ElementRect;

// An OperandView of `op` at `program`, laid out and painted.
struct Painted {
    OperandView view;
    QImage image;
    Painted(const ExplorerSnapshot& s, int op, std::int64_t program, QSize size = {420, 340}) {
        view.resize(size);
        view.setScene(view::build_scenes(s.analysis, program)[static_cast<std::size_t>(op)]);
        image = view.grab().toImage();
    }
    QColor at(std::int64_t row, std::int64_t col) const {
        return image.pixelColor(view.pixelOf(row, col).toPoint());
    }
    // The pixel rectangle of an element range, shrunk to stay off the block's outline.
    QRect pixels(const ElementRect& r, int inset = 4) const {
        const auto px = view.transform().to_pixels(r);
        return QRectF(px.x, px.y, px.w, px.h)
            .toAlignedRect()
            .adjusted(inset, inset, -inset, -inset);
    }
    int countColour(const QRect& r, const std::function<bool(QColor)>& pred) const {
        int n = 0;
        for (int y = r.top(); y <= r.bottom(); ++y)
            for (int x = r.left(); x <= r.right(); ++x) n += pred(image.pixelColor(x, y));
        return n;
    }
};

const ExplorerPalette kLight = ExplorerPalette::light();

TEST(OperandPixels, TheProgramsBlockIsInTheInputHueAndItsPaddingCrossHatched) {
    const auto s = snapshotOf(documentedSpec("input"));
    Painted p(s, 0, 2 * 5 + 4);  // program (2, 4): rows 20-29, columns 80-99, 80-89 valid
    const QColor hue = ExplorerPalette::roleHue(Role::Input, 0);
    EXPECT_EQ(hue, QColor(0x00, 0x72, 0xB2));
    EXPECT_EQ(p.at(27, 86), hue);
    EXPECT_EQ(p.at(27, 40), kLight.array);  // another block of the array: at rest
    // The padded columns 90-99: the padding fill with darker hatch lines across it.
    const QRect pad = p.pixels({20, 90, 30, 100});
    ASSERT_GT(pad.width(), 4);
    EXPECT_GT(p.countColour(pad, [](QColor c) { return c == kLight.paddingFill; }), 0);
    EXPECT_GT(
        p.countColour(
            pad, [](QColor c) { return qGray(c.rgb()) < qGray(kLight.paddingFill.rgb()) - 40; }),
        0);
    EXPECT_EQ(p.countColour(pad, [&](QColor c) { return c == hue; }), 0);
}

TEST(OperandPixels, AnOutputsDroppedWritesAreVermillionHatched) {
    const auto s = snapshotOf(documentedSpec("output"));
    Painted p(s, 0, 2 * 5 + 4);
    EXPECT_EQ(p.at(27, 86), QColor(0xD5, 0x5E, 0x00));
    const QRect dropped = p.pixels({20, 90, 30, 100});
    EXPECT_GT(p.countColour(dropped, [](QColor c) { return c == kLight.droppedFill; }), 0);
    EXPECT_GT(p.countColour(dropped,
                            [](QColor c) {
                                return c.red() > c.green() + 60 &&
                                       c.red() < kLight.droppedFill.red() + 1 &&
                                       c != kLight.droppedFill;
                            }),
              0);
}

TEST(OperandPixels, OtherBlocksOfTheVisitAreTinted) {
    const auto s = snapshotOf(loadExample("matmul-rect"));
    Painted x(s, 0, (1 * 4 + 2) * 2 + 0);  // program (1, 2, 0): x block (1, 0); visit also (1, 1)
    const QColor hue = ExplorerPalette::roleHue(Role::Input, 0);
    EXPECT_EQ(x.at(200, 60), hue);
    EXPECT_EQ(x.at(200, 200), kLight.tint(hue));
    EXPECT_EQ(x.at(40, 200), kLight.array);
    Painted y(s, 1, (1 * 4 + 2) * 2 + 0);  // y uses the second input hue
    EXPECT_EQ(y.at(60, 300), QColor(0x56, 0xB4, 0xE9));
}

TEST(OperandPixels, NeverWrittenOutputIsOutlinedInMagentaAndRepeatedWritesDarker) {
    const auto floor = snapshotOf(loadExample("matmul-floor-grid-rect"));
    Painted o(floor, 2, 0);
    // Rows 256-299 are never written: magenta outline inside the cell.
    const QRect strip = o.pixels({256, 0, 300, 128}, 1);
    EXPECT_GT(o.countColour(strip, [](QColor c) { return c == kLight.neverWritten; }), 10);
    EXPECT_EQ(o.at(100, 300), kLight.array);

    const auto twice = snapshotOf(loadExample("reduction-wrong-axis"));
    Painted r(twice, 2, 0);
    const QColor hue = ExplorerPalette::roleHue(Role::Output, 0);
    EXPECT_EQ(r.at(240, 10), kLight.repeated(hue));  // every block written back twice
}

TEST(OperandPixels, TheCoverageOverlayColoursEveryCell) {
    const auto s = snapshotOf(loadExample("matmul-rect"));
    Painted x(s, 0, 0);
    const QColor hue = ExplorerPalette::roleHue(Role::Input, 0);
    EXPECT_EQ(x.at(240, 140), kLight.array);  // overlay off: inputs show no counts
    x.view.setCoverageOverlay(true);
    x.image = x.view.grab().toImage();
    EXPECT_EQ(x.at(240, 140), kLight.repeated(hue));  // x blocks are copied in 4 times (j)
}

TEST(OperandPixels, DrawingUsesDeviceIndependentCoordinates) {
    const auto s = snapshotOf(documentedSpec("input"));
    const auto scene = view::build_scenes(s.analysis, 2 * 5 + 4)[0];
    const view::ViewTransform t = view::fit(scene.extent, {0, 0, 300, 300}, 10);
    OperandPaintOptions o;
    for (const qreal dpr : {1.0, 2.0}) {
        QImage img(QSize(300, 300) * dpr, QImage::Format_ARGB32_Premultiplied);
        img.setDevicePixelRatio(dpr);
        QPainter p(&img);
        paintOperandCanvas(p, QRectF(0, 0, 300, 300), scene, t, o, kLight);
        p.end();
        const QPointF centre(t.x_of(86.5), t.y_of(27.5));
        EXPECT_EQ(img.pixelColor((centre * dpr).toPoint()),
                  ExplorerPalette::roleHue(Role::Input, 0))
            << "dpr " << dpr;
    }
}

TEST(OperandPixels, ThePaletteReadsInGreyscale) {
    for (const ExplorerPalette& pal : {ExplorerPalette::light(), ExplorerPalette::darkTheme()}) {
        const QColor hue = ExplorerPalette::roleHue(Role::Output, 0);
        const int block = qGray(hue.rgb()), tint = qGray(pal.tint(hue).rgb()),
                  rest = qGray(pal.array.rgb()), rep = qGray(pal.repeated(hue).rgb());
        EXPECT_GT(std::abs(block - tint), 20);
        EXPECT_GT(std::abs(tint - rest), 15);
        EXPECT_GT(std::abs(block - rep), 20);
        EXPECT_GT(std::abs(qGray(pal.paddingHatch.rgb()) - qGray(pal.paddingFill.rgb())), 40);
        EXPECT_NE(pal.neverWritten, hue);
        EXPECT_GT(std::abs(qGray(pal.heat(1).rgb()) - qGray(pal.heat(0).rgb())), 60);
    }
}

}  // namespace
}  // namespace tl::gui
