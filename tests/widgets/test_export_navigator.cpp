// The navigator as an image (`--view navigator`) and File ▸ Export Image…: every view of the
// explorer to PNG, SVG or PDF at a chosen size, scale and theme, from the GUI as headless.
#include <gtest/gtest.h>

#include <QAction>
#include <QComboBox>
#include <QFile>
#include <QImage>
#include <QLabel>
#include <QProcess>
#include <QStandardItemModel>
#include <QSvgRenderer>
#include <QTemporaryDir>

#include "tests/widgets/explorer_test_util.h"
#include "widgets/explorer/explorer_palette.h"
#include "widgets/explorer/export_dialog.h"
#include "widgets/explorer/export_image.h"
#include "widgets/explorer/navigator_sheet.h"

namespace tl::gui {
namespace {

using namespace tl::gui::testing;

QByteArray fileBytes(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

TEST(ExportNavigator, ThePngRingsTheProgramAndFillsThoseBeforeIt) {
    QTemporaryDir dir;
    const auto s = snapshotOf(loadExample("matmul-rect"));  // grid (3, 4, 2)
    const QString out = dir.filePath(QStringLiteral("nav.png"));
    ImageExportOptions o;
    o.view = ExportView::Navigator;
    o.scale = 1;
    ASSERT_EQ(exportImage(s, 23, out, o), QString());  // program (2, 3, 1), the last
    const QImage img(out);
    ASSERT_FALSE(img.isNull());
    const NavigatorSheet sheet = navigatorSheet(s, 23);
    EXPECT_EQ(img.size(), sheet.size.toSize());
    EXPECT_TRUE(sheet.header.contains(QStringLiteral("program_id (2, 3, 1)")));
    EXPECT_EQ(sheet.state.slice, 1);
    EXPECT_EQ(sheet.state.trail.front(), 22);
    // The last program is the darkest cell: the ring and its fill are the palette's text.
    const ExplorerPalette pal = ExplorerPalette::light();
    int dark = 0;
    for (int y = 0; y < img.height(); ++y)
        for (int x = 0; x < img.width(); ++x) dark += img.pixelColor(x, y) == pal.text;
    EXPECT_GT(dark, 300);
}

TEST(ExportNavigator, SvgAndPdfAtTheSizeAskedAndTheDarkTheme) {
    QTemporaryDir dir;
    const auto s = snapshotOf(loadExample("matmul-rect"));
    ImageExportOptions o;
    o.view = ExportView::Navigator;
    o.size = QSize(800, 500);
    const QString svg = dir.filePath(QStringLiteral("nav.svg"));
    ASSERT_EQ(exportImage(s, 5, svg, o), QString());
    QSvgRenderer r(svg);
    ASSERT_TRUE(r.isValid());
    EXPECT_EQ(r.viewBox().size(), QSize(800, 500));
    EXPECT_TRUE(fileBytes(svg).contains("program_id (0, 2, 1)"));
    const QString pdf = dir.filePath(QStringLiteral("nav.pdf"));
    ASSERT_EQ(exportImage(s, 5, pdf, o), QString());
    EXPECT_TRUE(fileBytes(pdf).startsWith("%PDF-"));
    o.dark = true;
    o.size = {};
    const QString png = dir.filePath(QStringLiteral("dark.png"));
    ASSERT_EQ(exportImage(s, 5, png, o), QString());
    EXPECT_EQ(QImage(png).pixelColor(2, 2), ExplorerPalette::darkTheme().background);
}

TEST(ExportNavigator, TheCommandLineTakesTheViewAndTheTheme) {
    QTemporaryDir dir;
    const QString png = dir.filePath(QStringLiteral("nav.png"));
    QProcess p;
    p.start(QStringLiteral(TILELENS_GUI_BIN),
            {QStringLiteral("--export-image"), png, QStringLiteral("--view"),
             QStringLiteral("navigator"), QStringLiteral("--program"), QStringLiteral("1,2,0"),
             QStringLiteral("--theme"), QStringLiteral("dark"),
             QString::fromStdString(examplePath("matmul-rect"))});
    ASSERT_TRUE(p.waitForFinished(60000));
    EXPECT_EQ(p.exitCode(), 0) << p.readAllStandardError().toStdString();
    const QImage img(png);
    ASSERT_FALSE(img.isNull());
    EXPECT_EQ(img.pixelColor(2, 2), ExplorerPalette::darkTheme().background);
}

TEST(ExportImageDialog, ExportsTheChosenViewAndExplainsABadName) {
    QTemporaryDir dir;
    const auto s = snapshotOf(loadExample("matmul-rect"));
    ExportImageDialog dialog(s, 7, false);
    // Without a run the heat map cannot be chosen.
    auto* model = qobject_cast<QStandardItemModel*>(dialog.viewBox()->model());
    ASSERT_NE(model, nullptr);
    EXPECT_FALSE(
        model->item(dialog.viewBox()->findData(static_cast<int>(ExportView::Heat)))->isEnabled());
    for (const ExportView v : {ExportView::Operands, ExportView::Coverage, ExportView::Navigator}) {
        const QString out = dir.filePath(QStringLiteral("v%1.png").arg(static_cast<int>(v)));
        dialog.setView(v);
        dialog.setPath(out);
        dialog.setSize(QSize(640, 400));
        EXPECT_EQ(dialog.options().view, v);
        ASSERT_EQ(dialog.exportNow(), QString());
        EXPECT_EQ(QImage(out).size(), QSize(640, 400));
    }
    EXPECT_NE(fileBytes(dir.filePath(QStringLiteral("v0.png"))),
              fileBytes(dir.filePath(QStringLiteral("v3.png"))));
    // A file name the exporter cannot write says why in the dialog and writes nothing.
    const QString bad = dir.filePath(QStringLiteral("view.jpg"));
    dialog.setPath(bad);
    const QString why = dialog.exportNow();
    EXPECT_TRUE(why.contains(QStringLiteral(".png, .svg or .pdf"))) << why.toStdString();
    EXPECT_FALSE(QFile::exists(bad));
    const auto* error = dialog.findChild<QLabel*>(QStringLiteral("exportError"));
    ASSERT_NE(error, nullptr);
    EXPECT_EQ(error->text(), why);
    // With a run the heat map is there.
    ExportImageDialog ran(snapshotOf(loadExample("reduction-wrong-axis"), 1, true), 0, true);
    auto* ranModel = qobject_cast<QStandardItemModel*>(ran.viewBox()->model());
    EXPECT_TRUE(
        ranModel->item(ran.viewBox()->findData(static_cast<int>(ExportView::Heat)))->isEnabled());
    EXPECT_TRUE(ran.options().dark);
}

}  // namespace
}  // namespace tl::gui
