// Pixel checks of the operand views: the program's block in its role's hue, padding and
// dropped writes in their patterns, coverage marks, at known coordinates.
#include <gtest/gtest.h>

#include <QImage>
#include <QPainter>
#include <limits>

#include "core/view/error_heat.h"
#include "core/view/operand_scene.h"
#include "core/view/sheet_layout.h"
#include "tests/widgets/explorer_test_util.h"
#include "widgets/explorer/explorer_palette.h"
#include "widgets/explorer/export_image.h"
#include "widgets/explorer/operand_fit.h"
#include "widgets/explorer/operand_painter.h"
#include "widgets/explorer/operand_sheet.h"
#include "widgets/explorer/operand_view.h"
#include "widgets/explorer/tail_bands.h"

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

namespace tl::gui {
namespace {

// matmul-documented at M = 129: its grid (M // bm) has one row of blocks, so row 128 of the
// output is never written; at fit zoom that row is under a pixel tall.
Spec oneRowTail() {
    Spec s = loadExample("matmul-documented");
    for (auto& [name, value] : s.params)
        if (name == "M") value = 129;
    return s;
}

TEST(OperandPixels, AOneRowTailIsDrawnAtAVisibleSizeAndSaysSo) {
    const auto s = snapshotOf(oneRowTail());
    Painted o(s, 2, 0, {600, 400});
    ASSERT_LT(o.view.transform().scale_y, 2.0);  // row 128 alone would be under 2 px
    const auto bands = tailBands(o.view.scene(), o.view.transform(), o.view.canvasRect());
    ASSERT_EQ(bands.size(), 1u);
    EXPECT_EQ(bands[0].elements, (ElementRect{128, 0, 129, 512}));
    EXPECT_GE(bands[0].pixels.height(), kMinTailPx - 0.01);
    EXPECT_EQ(o.view.lastPaintStats().tailBands, 1);
    // The band at the array's bottom edge holds the never-written outline of row 128.
    const QRect band = bands[0].pixels.toAlignedRect().adjusted(2, 0, -2, 0);
    EXPECT_GT(o.countColour(band, [](QColor c) { return c == kLight.neverWritten; }), band.width());
    EXPECT_TRUE(tailNote(o.view.scene(), bands).contains(QStringLiteral("not to scale")));
    // The band is where row 128 is hovered and clicked.
    const auto e = tailElementAt(bands, bands[0].pixels.center());
    ASSERT_TRUE(e.has_value());
    EXPECT_EQ(e->first, 128);
    // A tail that is wide enough already is drawn to scale.
    Painted wide(snapshotOf(loadExample("matmul-floor-grid-rect")), 2, 0);
    EXPECT_TRUE(
        tailBands(wide.view.scene(), wide.view.transform(), wide.view.canvasRect()).empty());
}

TEST(OperandPixels, ATailsNanHeatIsSeenInTheHeatExport) {
    QString error;
    const auto s = exportSnapshot(oneRowTail(), true, &error);
    ASSERT_TRUE(s.has_value()) << error.toStdString();
    ImageExportOptions opt;
    opt.view = ExportView::Heat;
    opt.size = QSize(1280, 720);
    opt.scale = 1;
    const QImage img = renderImage(*s, 0, opt, &error);
    ASSERT_FALSE(img.isNull()) << error.toStdString();
    auto scenes = view::build_scenes(s->analysis, 0);
    widenToFrames(*s->analysis, scenes);
    const auto layout = view::layout_sheet(scenes, 1280, 720, sheetMetrics());
    const view::RectF c = sheetCanvas(layout, 2);
    const auto bands =
        tailBands(scenes[2], sheetTransforms(layout, scenes)[2], QRectF(c.x, c.y, c.w, c.h));
    ASSERT_EQ(bands.size(), 1u);
    const QColor nan = kLight.heat(view::heat_intensity(std::numeric_limits<float>::infinity()));
    const QRect band = bands[0].pixels.toAlignedRect().adjusted(2, 1, -2, -1);
    int hot = 0;
    for (int y = band.top(); y <= band.bottom(); ++y)
        for (int x = band.left(); x <= band.right(); ++x) hot += img.pixelColor(x, y) == nan;
    EXPECT_GT(hot, band.width() * band.height() / 3);
}

}  // namespace
}  // namespace tl::gui
