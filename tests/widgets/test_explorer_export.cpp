// --export-image: PNG, SVG and PDF written without a window, by the library and by the binary,
// for the operands, coverage and heat views at a chosen size and scale.
#include <gtest/gtest.h>

#include <QFile>
#include <QImage>
#include <QProcess>
#include <QRegularExpression>
#include <QSvgRenderer>
#include <QTemporaryDir>
#include <QXmlStreamReader>

#include "core/view/sheet_layout.h"
#include "tests/widgets/explorer_test_util.h"
#include "widgets/explorer/explorer_palette.h"
#include "widgets/explorer/export_image.h"
#include "widgets/explorer/operand_fit.h"
#include "widgets/explorer/operand_sheet.h"

namespace tl::gui {
namespace {

using namespace tl::gui::testing;

TEST(ExportImage, WritesAPngWithTheProgramsBlockInItsHue) {
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("view.png"));
    const auto s = snapshotOf(loadExample("matmul-rect"));
    ASSERT_EQ(exportOperandImage(s, 23, out), QString());
    QImage img(out);
    ASSERT_FALSE(img.isNull());
    EXPECT_EQ(img.width(), 2 * (2 * 16 + 2 * 680 + 16));  // two columns of panels, at 2x
    // Somewhere in the picture: each operand's saturated hue and the padding hatch.
    int x = 0, y = 0, o = 0;
    for (int py = 0; py < img.height(); py += 3)
        for (int px = 0; px < img.width(); px += 3) {
            const QColor c = img.pixelColor(px, py);
            x += c == QColor(0x00, 0x72, 0xB2);
            y += c == QColor(0x56, 0xB4, 0xE9);
            o += c == QColor(0xD5, 0x5E, 0x00);
        }
    EXPECT_GT(x, 100);
    EXPECT_GT(y, 100);
    EXPECT_GT(o, 100);
}

TEST(ExportImage, WritesAnSvgThatRenders) {
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("view.svg"));
    const auto s = snapshotOf(loadExample("matmul-rect"));
    ASSERT_EQ(exportOperandImage(s, 0, out), QString());
    QSvgRenderer svg(out);
    ASSERT_TRUE(svg.isValid());
    EXPECT_EQ(svg.viewBox().width(), 2 * 16 + 2 * 680 + 16);
    QFile f(out);
    ASSERT_TRUE(f.open(QIODevice::ReadOnly));
    const QByteArray text = f.readAll();
    EXPECT_TRUE(text.contains("matmul-rect"));
    EXPECT_TRUE(text.contains("#0072b2") || text.contains("#0072B2"));
}

TEST(ExportImage, RefusesOtherFormatsAndBadPrograms) {
    const auto s = snapshotOf(loadExample("matmul-rect"));
    EXPECT_TRUE(exportOperandImage(s, 0, QStringLiteral("/tmp/x.jpg"))
                    .contains(QStringLiteral("must end in .png, .svg or .pdf")));
    QString error;
    EXPECT_EQ(parseProgramCoords(QStringLiteral("1,2,1"), {3, 4, 2}, &error), 13);
    EXPECT_EQ(parseProgramCoords(QStringLiteral("(1, 2, 1)"), {3, 4, 2}, &error), 13);
    EXPECT_FALSE(parseProgramCoords(QStringLiteral("1,2"), {3, 4, 2}, &error));
    EXPECT_TRUE(error.contains(QStringLiteral("3 axes")));
    EXPECT_FALSE(parseProgramCoords(QStringLiteral("1,4,0"), {3, 4, 2}, &error));
    EXPECT_TRUE(error.contains(QStringLiteral("0..3")));
}

TEST(ExportImage, TheCommandLineWritesPngAndSvgAndExplainsMistakes) {
    QTemporaryDir dir;
    const QString spec = QString::fromStdString(examplePath("matmul-rect"));
    for (const char* name : {"cli.png", "cli.svg"}) {
        QProcess p;
        const QString out = dir.filePath(QString::fromUtf8(name));
        p.start(QStringLiteral(TILELENS_GUI_BIN),
                {QStringLiteral("--export-image"), out, QStringLiteral("--program"),
                 QStringLiteral("2,3,1"), spec});
        ASSERT_TRUE(p.waitForFinished(60000));
        EXPECT_EQ(p.exitCode(), 0) << p.readAllStandardError().toStdString();
        EXPECT_GT(QFile(out).size(), 1000) << name;
    }
    QProcess bad;
    bad.start(QStringLiteral(TILELENS_GUI_BIN),
              {QStringLiteral("--export-image"), dir.filePath(QStringLiteral("bad.png")),
               QStringLiteral("--program"), QStringLiteral("9,9"), spec});
    ASSERT_TRUE(bad.waitForFinished(60000));
    EXPECT_EQ(bad.exitCode(), 2);
    EXPECT_TRUE(bad.readAllStandardError().contains("--program"));
}

QByteArray readAll(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// Pixels that differ between two images of one size (every pixel compared).
qint64 differingPixels(const QImage& a, const QImage& b) {
    if (a.size() != b.size()) return -1;
    qint64 n = 0;
    for (int y = 0; y < a.height(); ++y)
        for (int x = 0; x < a.width(); ++x) n += a.pixel(x, y) != b.pixel(x, y);
    return n;
}

TEST(ExportImage, APngHasTheSizeAskedAndTheScaleEnlargesTheSheet) {
    QTemporaryDir dir;
    const auto s = snapshotOf(loadExample("matmul-rect"));
    ImageExportOptions o;
    o.size = QSize(800, 600);
    const QString twice = dir.filePath(QStringLiteral("twice.png"));
    ASSERT_EQ(exportImage(s, 0, twice, o), QString());
    o.scale = 1;
    const QString once = dir.filePath(QStringLiteral("once.png"));
    ASSERT_EQ(exportImage(s, 0, once, o), QString());
    const QImage a(twice), b(once);
    EXPECT_EQ(a.size(), QSize(800, 600));
    EXPECT_EQ(b.size(), QSize(800, 600));
    EXPECT_GT(differingPixels(a, b), 10000);  // the same picture drawn twice as large
}

TEST(ExportImage, AnSvgIsXmlAtTheSizeAsked) {
    QTemporaryDir dir;
    const auto s = snapshotOf(loadExample("matmul-rect"));
    ImageExportOptions o;
    o.size = QSize(900, 700);
    o.view = ExportView::Coverage;
    const QString out = dir.filePath(QStringLiteral("view.svg"));
    ASSERT_EQ(exportImage(s, 0, out, o), QString());
    QXmlStreamReader xml(readAll(out));
    ASSERT_TRUE(xml.readNextStartElement());
    EXPECT_EQ(xml.name(), QStringLiteral("svg"));
    EXPECT_EQ(xml.attributes().value(QStringLiteral("viewBox")), QStringLiteral("0 0 900 700"));
    QSvgRenderer svg(out);
    ASSERT_TRUE(svg.isValid());
    EXPECT_TRUE(readAll(out).contains("coverage"));
}

TEST(ExportImage, APdfHasOnePageOfTheSizeAsked) {
    QTemporaryDir dir;
    const auto s = snapshotOf(loadExample("matmul-rect"));
    ImageExportOptions o;
    o.size = QSize(842, 595);
    const QString out = dir.filePath(QStringLiteral("view.pdf"));
    ASSERT_EQ(exportImage(s, 5, out, o), QString());
    const QByteArray pdf = readAll(out);
    EXPECT_TRUE(pdf.startsWith("%PDF-")) << pdf.left(16).toStdString();
    const QString text = QString::fromLatin1(pdf);
    EXPECT_EQ(text.count(QRegularExpression(QStringLiteral("/Type\\s*/Page[^s]"))), 1);
    EXPECT_TRUE(text.contains(
        QRegularExpression(QStringLiteral("/MediaBox\\s*\\[0 0 842(\\.0+)? 595(\\.0+)?\\]"))))
        << "no 842 x 595 point page";
    EXPECT_GT(pdf.size(), 5000);  // the panels, not an empty page
}

TEST(ExportImage, TheThreeViewsDifferInPixels) {
    QTemporaryDir dir;
    const auto s = snapshotOf(loadExample("reduction-wrong-axis"), 1, true);
    ImageExportOptions o;
    o.size = QSize(1000, 700);
    o.scale = 1;
    std::vector<QImage> images;
    for (const ExportView v : {ExportView::Operands, ExportView::Coverage, ExportView::Heat}) {
        o.view = v;
        const QString out = dir.filePath(QStringLiteral("v%1.png").arg(images.size()));
        ASSERT_EQ(exportImage(s, 0, out, o), QString());
        images.emplace_back(out);
        ASSERT_EQ(images.back().size(), QSize(1000, 700));
    }
    // Below the header line, where only the panels differ: the inputs' coverage counts, and
    // the output's error heat (every element is wrong: the reduction runs over the wrong axis).
    auto body = [](const QImage& i) { return i.copy(0, 48, i.width(), i.height() - 48); };
    EXPECT_GT(differingPixels(body(images[0]), body(images[1])), 20000);
    EXPECT_GT(differingPixels(body(images[0]), body(images[2])), 20000);
    EXPECT_GT(differingPixels(body(images[1]), body(images[2])), 20000);
}

TEST(ExportImage, TheHeatViewNeedsARunAndTheOptionsAreChecked) {
    const auto s = snapshotOf(loadExample("matmul-rect"));
    ImageExportOptions o;
    o.view = ExportView::Heat;
    EXPECT_TRUE(exportImage(s, 0, QStringLiteral("/tmp/x.png"), o).contains(QStringLiteral("run")));
    QString error;
    EXPECT_EQ(parseExportView(QStringLiteral("Coverage"), &error), ExportView::Coverage);
    EXPECT_FALSE(parseExportView(QStringLiteral("heatmap"), &error));
    EXPECT_TRUE(error.contains(
        QStringLiteral("'heatmap' is not a view; use operands, coverage, heat or navigator")));
    EXPECT_EQ(parseImageSize(QStringLiteral("1600x1000"), &error), QSize(1600, 1000));
    EXPECT_FALSE(parseImageSize(QStringLiteral("1600"), &error));
    EXPECT_TRUE(error.contains(QStringLiteral("write e.g. 1600x1000")));
    EXPECT_FALSE(parseImageSize(QStringLiteral("0x100"), &error));
    EXPECT_TRUE(error.contains(QStringLiteral("16 to 20000")));
    EXPECT_EQ(parseImageScale(QStringLiteral("1.5"), &error), 1.5);
    EXPECT_FALSE(parseImageScale(QStringLiteral("-1"), &error));
}

// Runs the GUI binary's export; its exit code and standard error.
std::pair<int, QString> exportCommand(const QStringList& args) {
    QProcess p;
    p.start(QStringLiteral(TILELENS_GUI_BIN), QStringList{QStringLiteral("--export-image")} + args);
    if (!p.waitForFinished(60000)) return {-1, QStringLiteral("timed out")};
    return {p.exitCode(), QString::fromLocal8Bit(p.readAllStandardError())};
}

TEST(ExportImage, TheCommandLineWritesEveryFormatAndViewAtTheSizeAsked) {
    QTemporaryDir dir;
    const QString spec = QString::fromStdString(examplePath("reduction-wrong-axis"));
    for (const char* view : {"operands", "coverage", "heat"}) {
        const QString png = dir.filePath(QStringLiteral("%1.png").arg(QString::fromUtf8(view)));
        const auto [code, err] =
            exportCommand({png, QStringLiteral("--view"), QString::fromUtf8(view),
                           QStringLiteral("--size"), QStringLiteral("640x480"), spec});
        EXPECT_EQ(code, 0) << view << err.toStdString();
        EXPECT_EQ(QImage(png).size(), QSize(640, 480)) << view;
    }
    const QString pdf = dir.filePath(QStringLiteral("heat.pdf"));
    EXPECT_EQ(exportCommand({pdf, QStringLiteral("--view"), QStringLiteral("heat"), spec}).first,
              0);
    EXPECT_TRUE(readAll(pdf).startsWith("%PDF-"));
    const QString svg = dir.filePath(QStringLiteral("big.svg"));
    EXPECT_EQ(exportCommand({svg, QStringLiteral("--scale"), QStringLiteral("2"), spec}).first, 0);
    EXPECT_TRUE(readAll(svg).contains("<svg"));
}

TEST(ExportImage, TheCommandLineNamesABadValueAndItsFix) {
    QTemporaryDir dir;
    const QString spec = QString::fromStdString(examplePath("matmul-rect"));
    const QString png = dir.filePath(QStringLiteral("x.png"));
    struct Case {
        QStringList args;
        const char* says;
    };
    const std::vector<Case> cases{
        {{png, QStringLiteral("--view"), QStringLiteral("heatmap"), spec},
         "--view: 'heatmap' is not a view; use operands, coverage, heat or navigator"},
        {{png, QStringLiteral("--size"), QStringLiteral("640"), spec},
         "--size: '640' is not WIDTHxHEIGHT; write e.g. 1600x1000"},
        {{png, QStringLiteral("--size"), QStringLiteral("99999x10"), spec}, "16 to 20000"},
        {{png, QStringLiteral("--scale"), QStringLiteral("zero"), spec}, "--scale: 'zero'"},
        {{dir.filePath(QStringLiteral("x.jpg")), spec},
         "x.jpg: the image must end in .png, .svg or .pdf"},
        {{png, dir.filePath(QStringLiteral("missing.tilelens.json"))}, "cannot open the spec"},
    };
    for (const Case& c : cases) {
        const auto [code, err] = exportCommand(c.args);
        EXPECT_EQ(code, 2) << c.says;
        EXPECT_TRUE(err.contains(QString::fromUtf8(c.says))) << err.toStdString();
        EXPECT_FALSE(QFile::exists(png));
    }
    const QString bare = dir.filePath(QStringLiteral("bare.tilelens.json"));
    QFile f(bare);
    ASSERT_TRUE(f.open(QIODevice::WriteOnly));
    f.write(R"JSON({"tilelens": 1, "name": "bare", "grid": [2],
        "operands": [{"name": "o", "role": "output", "shape": [16], "dtype": "float32",
                      "block_shape": [8], "index_map": "lambda i: (i,)"}]})JSON");
    f.close();
    const auto [code, err] =
        exportCommand({png, QStringLiteral("--view"), QStringLiteral("heat"), bare});
    EXPECT_EQ(code, 2);
    EXPECT_TRUE(err.contains(QStringLiteral("the heat view needs the spec's kernel body")))
        << err.toStdString();
}

}  // namespace
}  // namespace tl::gui

namespace tl::gui {
namespace {

// Pixels inside `r` (image coordinates) that are not the background.
int paintedPixels(const QImage& img, const QRect& r, const QColor& background) {
    int n = 0;
    for (int y = r.top(); y <= r.bottom(); ++y)
        for (int x = r.left(); x <= r.right(); ++x) n += img.pixelColor(x, y) != background;
    return n;
}

TEST(ExportImage, AnOutOfBoundsBlockIsDrawnWholeBesideItsArray) {
    // matmul-swapped-axes at program_id (2, 0, 0): x's block is rows 256-383 of an array of
    // 256 rows, wholly past its edge.
    const auto s = snapshotOf(loadExample("matmul-swapped-axes"));
    const qint64 program = 16;
    ImageExportOptions o;
    o.size = QSize(1280, 720);
    o.scale = 1;
    QString error;
    const QImage img = renderImage(s, program, o, &error);
    ASSERT_FALSE(img.isNull()) << error.toStdString();
    auto scenes = view::build_scenes(s.analysis, program);
    widenToFrames(*s.analysis, scenes);
    ASSERT_EQ(scenes[0].window, (view::ElementRect{256, 0, 384, 128}));
    const auto layout = view::layout_sheet(scenes, 1280, 720, sheetMetrics());
    const view::ViewTransform t = sheetTransforms(layout, scenes)[0];
    const view::RectF c = sheetCanvas(layout, 0);
    const QRectF canvas(c.x, c.y, c.w, c.h);
    const auto px = t.to_pixels(scenes[0].window);
    const QRectF block(px.x, px.y, px.w, px.h);
    // The whole block lies in x's canvas, below the array, and is painted (padding, hatched).
    EXPECT_TRUE(canvas.contains(block)) << block.bottom() << " > " << canvas.bottom();
    EXPECT_GT(block.height(), 40);
    const QRect inner = block.toAlignedRect().adjusted(4, 4, -4, -4);
    const QColor background = ExplorerPalette::light().background;
    EXPECT_GT(paintedPixels(img, inner, background), inner.width() * inner.height() / 2);
}

TEST(ExportImage, ABlockFarPastTheArrayDoesNotShrinkTheArrayToADot) {
    // element-offsets: the index map returns element offsets, so program (1, 0) places x's
    // block at rows 16384-16511 of a 512-row array. The picture stays the array's.
    const auto s = snapshotOf(loadExample("element-offsets"));
    for (qint64 program : {qint64{0}, qint64{4}}) {
        SCOPED_TRACE(program);
        auto scenes = view::build_scenes(s.analysis, program);
        widenToFrames(*s.analysis, scenes);
        EXPECT_EQ(scenes[0].extent, (view::ElementRect{0, 0, 512, 512}));
        const auto layout = view::layout_sheet(scenes, 1000, 600, sheetMetrics());
        const view::ViewTransform t = sheetTransforms(layout, scenes)[0];
        const view::RectF c = sheetCanvas(layout, 0);
        const auto array = t.to_pixels(scenes[0].extent);
        // The array takes the canvas's height, not a corner of it.
        EXPECT_GT(array.h, 0.8 * c.h) << array.h << " of " << c.h;
    }
}

}  // namespace
}  // namespace tl::gui
