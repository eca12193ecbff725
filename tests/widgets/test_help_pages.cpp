// Help for a newcomer: the start page (what TileLens is, the ways in, every lesson with its
// thumbnail) and the documentation browser over the project's own docs.
#include <gtest/gtest.h>

#include <QApplication>
#include <QCheckBox>
#include <QFileInfo>
#include <QListWidget>
#include <QPushButton>
#include <QScrollBar>
#include <QSet>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTextBrowser>

#include "test_util.h"
#include "widgets/document/spec_document.h"
#include "widgets/examples/lesson_library.h"
#include "widgets/help/docs_browser.h"
#include "widgets/help/start_page.h"
#include "widgets/mainwindow/main_window.h"

using namespace tl;
using namespace tl::gui;

namespace {

// The file name of the project's own document docs/NAME.md, as the browser lists it; the
// file must exist there.
QString doc(const char* name) {
    const QFileInfo file(QStringLiteral(TILELENS_SOURCE_DIR "/docs/") + QLatin1String(name) +
                         QStringLiteral(".md"));
    EXPECT_TRUE(file.exists()) << file.filePath().toStdString();
    return file.fileName();
}

TEST(DocsBrowser, ListsTheProjectsDocsSpecFormatFirstAndFollowsSections) {
    DocsBrowser b;
    const QStringList docs = b.documents();
    ASSERT_GE(docs.size(), 7);
    EXPECT_EQ(docs.first(), doc("spec-format"));
    EXPECT_EQ(docs.last(), doc("ARCHITECTURE"));
    EXPECT_EQ(b.current(), doc("spec-format"));
    b.resize(900, 500);
    b.show();
    ASSERT_TRUE(b.showDocument(doc("semantics"), QStringLiteral("python-kernels")));
    QApplication::processEvents();
    EXPECT_EQ(b.current(), doc("semantics"));
    EXPECT_GT(b.text()->verticalScrollBar()->value(), 0);  // the section, not the top
    EXPECT_TRUE(b.text()->toPlainText().contains(QStringLiteral("Python kernels")));
    // A link to another document opens it.
    emit b.text()->anchorClicked(QUrl(doc("timings")));
    EXPECT_EQ(b.current(), doc("timings"));
    EXPECT_FALSE(b.showDocument(QStringLiteral("no-such.md")));
}

TEST(DocsBrowser, HeadingAnchorsAreNamedAsMarkdownRenderersNameThem) {
    EXPECT_EQ(headingAnchor(QStringLiteral("Python kernels")), QStringLiteral("python-kernels"));
    EXPECT_EQ(headingAnchor(QStringLiteral("Spec format 2: `lesson`")),
              QStringLiteral("spec-format-2-lesson"));
}

TEST(StartPage, ShowsEveryLessonWithAThumbnailAndOpensTheOneChosen) {
    QTemporaryDir dir;
    QSettings settings(dir.filePath(QStringLiteral("s.ini")), QSettings::IniFormat);
    StartPage page(&settings);
    const auto lessons = load_lesson_library();
    ASSERT_GE(lessons.size(), 10u);
    ASSERT_EQ(page.lessons()->count(), static_cast<int>(lessons.size()));
    for (int i = 0; i < page.lessons()->count(); ++i) {
        const QListWidgetItem* item = page.lessons()->item(i);
        EXPECT_FALSE(item->icon().isNull()) << item->text().toStdString();
        // The thumbnail is a picture, not a blank: the background, lines and block hues.
        const QImage img = item->icon().pixmap(QSize(240, 150)).toImage();
        QSet<QRgb> colours;
        for (int y = 0; y < img.height(); y += 3)
            for (int x = 0; x < img.width(); x += 3) colours.insert(img.pixel(x, y));
        EXPECT_GE(colours.size(), 4) << item->text().toStdString();
    }
    QSignalSpy opened(&page, &StartPage::openLessonRequested);
    emit page.lessons()->itemActivated(page.lessons()->item(3));
    ASSERT_EQ(opened.size(), 1);
    EXPECT_EQ(opened.at(0).at(0).toString(), lessons[3].path);

    EXPECT_TRUE(StartPage::showAtStart(&settings));
    page.findChild<QCheckBox*>()->setChecked(false);
    EXPECT_FALSE(StartPage::showAtStart(&settings));
}

TEST(StartPage, FromTheWindowALessonOpensAsTheDocument) {
    QTemporaryDir dir;
    QSettings settings(dir.filePath(QStringLiteral("s.ini")), QSettings::IniFormat);
    MainWindow w(&settings);
    w.showStartPageAtStart();
    auto* page = w.findChild<StartPage*>();
    ASSERT_NE(page, nullptr);
    emit page->lessons()->itemActivated(page->lessons()->item(0));
    QApplication::processEvents();
    ASSERT_TRUE(tl::test::settle(*w.document()));
    ASSERT_TRUE(w.document()->spec().lesson.has_value());
    EXPECT_EQ(w.document()->spec().lesson->value("order", 0), 1);
    // Turned off, it stays closed at the next start.
    settings.setValue(QStringLiteral("startPage/showAtStart"), false);
    MainWindow again(&settings);
    again.showStartPageAtStart();
    EXPECT_EQ(again.findChild<StartPage*>(), nullptr);
}

}  // namespace

TEST(StartPage, OffersTheRealKernelGallery) {
    QTemporaryDir dir;
    QSettings settings(dir.filePath(QStringLiteral("s.ini")), QSettings::IniFormat);
    StartPage page(&settings);
    auto* real = page.findChild<QPushButton*>(QStringLiteral("startRealKernels"));
    ASSERT_NE(real, nullptr);
    EXPECT_TRUE(real->toolTip().contains(QStringLiteral("21"))) << real->toolTip().toStdString();
    QSignalSpy asked(&page, &StartPage::openRealKernelRequested);
    real->click();
    EXPECT_EQ(asked.count(), 1);
}
