// --export-image: PNG and SVG written without a window, by the library and by the binary.
#include <gtest/gtest.h>

#include <QFile>
#include <QImage>
#include <QProcess>
#include <QSvgRenderer>
#include <QTemporaryDir>

#include "tests/widgets/explorer_test_util.h"
#include "widgets/explorer/explorer_palette.h"
#include "widgets/explorer/export_image.h"

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
                    .contains(QStringLiteral(".png or .svg")));
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

}  // namespace
}  // namespace tl::gui
