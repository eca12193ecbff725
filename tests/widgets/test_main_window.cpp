// The window as a whole: what opens, what the findings panel does, themes and settings,
// undo from any field, the layout, the menus and what messages say about them.
#include <gtest/gtest.h>
#include <QActionGroup>
#include <QClipboard>
#include <QComboBox>
#include <QDialog>
#include <QDirIterator>
#include <QDockWidget>
#include <QGuiApplication>
#include <QImage>
#include <QImageReader>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QRegularExpression>
#include <QScreen>
#include <QSettings>
#include <QSpinBox>
#include <QStatusBar>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBrowser>
#include <QTimer>
#include <QUndoStack>
#include <algorithm>

#include "core/analysis/analysis.h"
#include "core/audit/lesson_walk.h"
#include "test_util.h"
#include "widgets/document/spec_document.h"
#include "widgets/editor/error_line_edit.h"
#include "widgets/editor/spec_editor.h"
#include "widgets/examples/example_library.h"
#include "widgets/explorer/export_animation.h"
#include "widgets/explorer/grid_navigator.h"
#include "widgets/explorer/inspector.h"
#include "widgets/findings/findings_model.h"
#include "widgets/findings/findings_panel.h"
#include "widgets/mainwindow/animation_export.h"
#include "widgets/mainwindow/main_actions.h"
#include "widgets/mainwindow/main_window.h"
#include "widgets/mainwindow/status_line.h"

using namespace tl;
using namespace tl::gui;

namespace {

struct MainWindowHarness {
    QTemporaryDir dir;
    QSettings settings{dir.filePath(QStringLiteral("settings.ini")), QSettings::IniFormat};
    MainWindow w{&settings};
    QString label(const char* name) const {
        return w.findChild<QLabel*>(QString::fromUtf8(name))->text();
    }
    int row_of(FindingKind kind) const {
        const FindingsModel* m = w.findings()->model();
        for (int r = 0; r < m->rowCount(); ++r)
            if (m->finding(r)->kind == kind) return r;
        return -1;
    }
};

}  // namespace

TEST(MainWindow, OpensTheBuiltInExampleWithItsVerdict) {
    MainWindowHarness t;
    ASSERT_TRUE(t.w.openSpec(QStringLiteral(":/examples/matmul-rect.tilelens.json")));
    ASSERT_TRUE(tl::test::settle(*t.w.document()));
    EXPECT_EQ(t.label("verdict"), QStringLiteral("PASS"));
    EXPECT_TRUE(t.label("specSize").contains(QStringLiteral("24 programs")));
    EXPECT_EQ(t.w.explorer()->snapshot().generation, t.w.document()->generation());
}

TEST(MainWindow, ListsTheFindingsOfAFailingSpecAndAClickSelectsTheirProgram) {
    MainWindowHarness t;
    ASSERT_TRUE(t.w.openSpec(tl::test::example_file("reduction-wrong-axis")));
    ASSERT_TRUE(tl::test::settle(*t.w.document()));
    EXPECT_EQ(t.label("verdict"), QStringLiteral("FAIL"));
    const int row = t.row_of(FindingKind::NonconsecutiveRevisit);
    ASSERT_GE(row, 0);
    const Finding* f = t.w.findings()->model()->finding(row);
    ASSERT_FALSE(f->program.empty());
    const qint64 expected = program_at(t.w.document()->snapshot().analysis->instance(), f->program);
    ASSERT_GT(expected, 0);
    t.w.show();
    t.w.findings()->activate(row);
    EXPECT_EQ(t.w.explorer()->selectedProgram(), expected);
}

TEST(MainWindow, AClickOnASpecErrorFocusesItsField) {
    MainWindowHarness t;
    t.w.show();
    ASSERT_TRUE(t.w.openSpec(tl::test::example_file("matmul-rect")));
    ASSERT_TRUE(tl::test::settle(*t.w.document()));
    Spec s = t.w.document()->spec();
    s.grid[1] = std::string("cdiv(N, bnn)");
    t.w.document()->edit(s, {SpecChange::Part::Grid, -1, QStringLiteral("grid")},
                         QStringLiteral("grid"));
    ASSERT_TRUE(tl::test::settle(*t.w.document()));
    ASSERT_EQ(t.row_of(FindingKind::SpecError), 0);
    EXPECT_TRUE(t.label("findingsSummary").contains(QStringLiteral("last valid state")));
    t.w.findings()->activate(0);
    EXPECT_EQ(QApplication::focusWidget(), t.w.findChild<ErrorLineEdit*>(QStringLiteral("grid")));
}

TEST(MainWindow, CtrlZInAFieldUndoesTheDocument) {
    MainWindowHarness t;
    t.w.show();
    ASSERT_TRUE(QTest::qWaitForWindowActive(&t.w) || true);
    ASSERT_TRUE(t.w.openSpec(tl::test::example_file("matmul-rect")));
    auto* name = t.w.findChild<ErrorLineEdit*>(QStringLiteral("specName"));
    name->setFocus();
    name->selectAll();
    QTest::keyClicks(name, QStringLiteral("renamed"));
    EXPECT_EQ(t.w.document()->spec().name, "renamed");
    QTest::keyClick(name, Qt::Key_Z, Qt::ControlModifier);
    EXPECT_EQ(t.w.document()->spec().name, "matmul-rect");
    EXPECT_EQ(name->text(), QStringLiteral("matmul-rect"));
    QTest::keyClick(name, Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
    EXPECT_EQ(t.w.document()->spec().name, "renamed");
}

TEST(MainWindow, ThemeAndLayoutAreRemembered) {
    QTemporaryDir dir;
    const QString ini = dir.filePath(QStringLiteral("settings.ini"));
    {
        QSettings settings(ini, QSettings::IniFormat);
        MainWindow w(&settings);
        w.setTheme(Theme::Dark);
        EXPECT_TRUE(is_dark_palette());
        w.resize(1234, 777);
        w.close();
    }
    {
        QSettings settings(ini, QSettings::IniFormat);
        EXPECT_EQ(settings.value(QStringLiteral("theme")).toString(), QStringLiteral("dark"));
        MainWindow w(&settings);
        EXPECT_EQ(w.theme(), Theme::Dark);
        EXPECT_EQ(w.size(), QSize(1234, 777));
        w.setTheme(Theme::Light);
        EXPECT_FALSE(is_dark_palette());
        for (QAction* a : w.actions().theme->actions())
            EXPECT_EQ(a->isChecked(), a->data().toString() == QStringLiteral("light"));
    }
}

TEST(MainWindow, ThePythonEngineIsChosenInTheRunMenuAndRemembered) {
    QTemporaryDir dir;
    const QString ini = dir.filePath(QStringLiteral("settings.ini"));
    {
        QSettings settings(ini, QSettings::IniFormat);
        MainWindow w(&settings);
        EXPECT_EQ(w.document()->pythonEngine(), PythonEngine::Auto);
        const QList<QAction*> engines = w.actions().engine->actions();
        ASSERT_EQ(engines.size(), 3);
        for (QAction* e : engines)
            if (e->data().toString() == QStringLiteral("jax")) e->trigger();
        EXPECT_EQ(w.document()->pythonEngine(), PythonEngine::Jax);
        for (QAction* e : engines)
            EXPECT_EQ(e->isChecked(), e->data().toString() == QStringLiteral("jax"));
    }
    {
        QSettings settings(ini, QSettings::IniFormat);
        MainWindow w(&settings);
        EXPECT_EQ(w.document()->pythonEngine(), PythonEngine::Jax);
    }
}

TEST(MainWindow, EveryFrequentActionHasAShortcut) {
    MainWindowHarness t;
    const MainActions& a = t.w.actions();
    for (QAction* action :
         {a.newFromExample, a.open, a.save, a.saveAs, a.quit, a.undo, a.redo, a.run, a.audit,
          a.cancel, a.nextFinding, a.previousFinding, a.cycleTheme, a.fullScreen})
        EXPECT_FALSE(action->shortcut().isEmpty()) << action->text().toStdString();
    EXPECT_EQ(a.undo->shortcut(), QKeySequence(QKeySequence::Undo));
    EXPECT_EQ(a.redo->shortcut(), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z));
    EXPECT_EQ(a.focus.size(), 5);
}

TEST(MainWindow, TheBadgeNeverShowsAVerdictNextToSpecErrors) {
    MainWindowHarness t;
    ASSERT_TRUE(t.w.openSpec(tl::test::example_file("matmul-rect")));
    ASSERT_TRUE(tl::test::settle(*t.w.document()));
    ASSERT_EQ(t.label("verdict"), QStringLiteral("PASS"));
    Spec s = t.w.document()->spec();
    s.grid[1] = std::string("cdiv(N, bnn)");
    t.w.document()->edit(s, {SpecChange::Part::Grid, -1, QStringLiteral("grid")},
                         QStringLiteral("grid"));
    ASSERT_TRUE(tl::test::settle(*t.w.document()));
    EXPECT_NE(t.label("verdict"), QStringLiteral("PASS"));
    EXPECT_TRUE(t.label("verdict").contains(QStringLiteral("ERRORS")))
        << t.label("verdict").toStdString();
    EXPECT_TRUE(t.label("specSize").contains(QStringLiteral("last valid")))
        << t.label("specSize").toStdString();
    t.w.document()->undoStack()->undo();
    ASSERT_TRUE(tl::test::settle(*t.w.document()));
    EXPECT_EQ(t.label("verdict"), QStringLiteral("PASS"));
}

TEST(MainWindow, ANewDocumentStartsAtTheFirstProgramWithTheSliceBoxInStep) {
    MainWindowHarness t;
    ASSERT_TRUE(t.w.openSpec(tl::test::example_file("matmul-rect")));
    ASSERT_TRUE(tl::test::settle(*t.w.document()));
    t.w.explorer()->selectProgram(1);  // (0, 0, 1)
    auto slice = [&] { return t.w.explorer()->findChild<QSpinBox*>(QStringLiteral("slice2")); };
    ASSERT_NE(slice(), nullptr);
    EXPECT_EQ(slice()->value(), 1);
    ASSERT_TRUE(t.w.openSpec(tl::test::example_file("reduction-wrong-axis")));
    ASSERT_TRUE(tl::test::settle(*t.w.document()));
    QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
    EXPECT_EQ(t.w.explorer()->selectedProgram(), 0);
    EXPECT_EQ(t.w.explorer()->navigator()->current(), 0);
    ASSERT_NE(slice(), nullptr);
    EXPECT_EQ(slice()->value(), 0) << "the k box shows the selected program's k";
}

TEST(MainWindow, APinnedElementDoesNotFollowIntoAnotherDocumentOrOutsideItsArray) {
    MainWindowHarness t;
    ASSERT_TRUE(t.w.openSpec(tl::test::example_file("matmul-rect")));
    ASSERT_TRUE(tl::test::settle(*t.w.document()));
    t.w.explorer()->selectElement(2, {299, 499});
    ASSERT_FALSE(t.w.explorer()->inspector()->elementHtml().isEmpty());
    // A valid edit that shrinks o leaves the element outside it: no longer shown.
    Spec s = t.w.document()->spec();
    for (auto& [n, v] : s.params)
        if (n == "M") v = 100;
    t.w.document()->edit(s, {SpecChange::Part::Params, -1, QStringLiteral("params.M")},
                         QStringLiteral("M"));
    ASSERT_TRUE(tl::test::settle(*t.w.document()));
    EXPECT_TRUE(t.w.explorer()->inspector()->elementHtml().isEmpty());
    t.w.document()->undoStack()->undo();
    ASSERT_TRUE(tl::test::settle(*t.w.document()));
    EXPECT_FALSE(t.w.explorer()->inspector()->elementHtml().isEmpty());
    ASSERT_TRUE(t.w.openSpec(tl::test::example_file("matmul-floor-grid-rect")));
    ASSERT_TRUE(tl::test::settle(*t.w.document()));
    EXPECT_TRUE(t.w.explorer()->inspector()->elementHtml().isEmpty())
        << "the pin belongs to the other document";
}

TEST(MainWindow, IntermediateValuesWhileTypingDoNotMoveTheSelectedProgram) {
    MainWindowHarness t;
    ASSERT_TRUE(t.w.openSpec(tl::test::example_file("matmul-rect")));
    ASSERT_TRUE(tl::test::settle(*t.w.document()));
    t.w.explorer()->selectProgram(23);  // (2, 3, 1), the last
    // Typing M = 300 over M passes through 3 and 30: one row of programs.
    for (const std::int64_t m : {3, 30, 300}) {
        Spec s = t.w.document()->spec();
        for (auto& [n, v] : s.params)
            if (n == "M") v = m;
        t.w.document()->edit(s, {SpecChange::Part::Params, -1, QStringLiteral("params.M")},
                             QStringLiteral("M"));
        ASSERT_TRUE(tl::test::settle(*t.w.document()));
        if (m == 3) {
            EXPECT_EQ(t.w.explorer()->selectedProgram(), 7) << "clamped to (0, 3, 1)";
        }
    }
    EXPECT_EQ(t.w.explorer()->selectedProgram(), 23);
    EXPECT_EQ(t.w.explorer()->navigator()->current(), 23);
}

TEST(MainWindow, EditCopiesTheOpenSpecAsPallasCode) {
    MainWindowHarness t;
    ASSERT_TRUE(t.w.openSpec(QStringLiteral(":/examples/matmul-rect.tilelens.json")));
    ASSERT_TRUE(tl::test::settle(*t.w.document()));
    QGuiApplication::clipboard()->clear();
    t.w.actions().copyPallas->trigger();
    const QString code = QGuiApplication::clipboard()->text();
    EXPECT_TRUE(code.contains(QStringLiteral("pl.pallas_call("))) << code.left(400).toStdString();
    EXPECT_TRUE(
        code.contains(QStringLiteral("grid=(pl.cdiv(M, bm), pl.cdiv(N, bn), pl.cdiv(K, bk))")))
        << code.toStdString();
    EXPECT_TRUE(code.contains(QStringLiteral("M = 300")));
}

TEST(MainWindow, TheLessonsMenuListsTheLessonsInOrderAndOpensOne) {
    MainWindowHarness t;
    // The menu starts with View ▸ Present, then the lessons.
    QList<QAction*> lessons = t.w.actions().lessons->actions();
    ASSERT_GE(lessons.size(), 12);
    EXPECT_EQ(lessons.front(), t.w.actions().present);
    EXPECT_TRUE(lessons[1]->isSeparator());
    lessons = lessons.mid(2);
    EXPECT_TRUE(lessons.front()->text().startsWith(QStringLiteral("1. ")))
        << lessons.front()->text().toStdString();
    EXPECT_TRUE(lessons[3]->text().startsWith(QStringLiteral("4. ")));
    EXPECT_FALSE(lessons[3]->toolTip().isEmpty());  // the first step's narration
    lessons[3]->trigger();
    ASSERT_TRUE(tl::test::settle(*t.w.document()));
    const auto spec = t.w.document()->snapshot().spec;
    ASSERT_TRUE(spec);
    ASSERT_TRUE(spec->lesson);
    EXPECT_EQ(spec->lesson->value("order", 0), 4);
}

namespace {

// The mean lightness (0..1) of the opaque pixels of an action's icon.
double iconLightness(const QAction* a) {
    const QImage image = a->icon().pixmap(24, 24).toImage().convertToFormat(QImage::Format_ARGB32);
    double sum = 0;
    int n = 0;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x) {
            const QColor c = image.pixelColor(x, y);
            if (c.alpha() < 128) continue;
            sum += c.lightnessF();
            ++n;
        }
    return n ? sum / n : -1;
}

}  // namespace

TEST(MainWindow, TheRunIconStaysVisibleInBothThemes) {
    MainWindowHarness t;
    t.w.setTheme(Theme::Dark);
    EXPECT_GT(iconLightness(t.w.actions().run), 0.6);  // light on a dark tool bar
    EXPECT_GT(iconLightness(t.w.actions().cancel), 0.6);
    t.w.setTheme(Theme::Light);
    EXPECT_LT(iconLightness(t.w.actions().run), 0.4);
}

TEST(MainWindow, TheShortcutListNamesTheSteppingKeys) {
    MainWindowHarness t;
    const QString table = shortcut_table(&t.w);
    EXPECT_TRUE(table.contains(QStringLiteral("Run Kernel")));
    for (const char* keys : {"Right, Left", "Down, Up", "Page Down, Page Up", "Home, End"})
        EXPECT_TRUE(table.contains(QString::fromUtf8(keys))) << keys;
}

TEST(MainWindow, TheShortcutListScrollsInADialogThatFitsTheScreen) {
    MainWindowHarness t;
    t.w.actions().shortcuts->trigger();
    auto* dialog = t.w.findChild<QDialog*>(QStringLiteral("shortcutsDialog"));
    ASSERT_NE(dialog, nullptr);
    ASSERT_NE(dialog->findChild<QTextBrowser*>(QStringLiteral("shortcutsTable")), nullptr);
    const QSize room = t.w.screen()->availableGeometry().size();
    EXPECT_LE(dialog->height(), room.height() * 4 / 5);
    EXPECT_LE(dialog->width(), room.width());
    // The table is taller than 720 pixels' four fifths: it has to scroll, not grow.
    EXPECT_GT(dialog->findChild<QTextBrowser*>()->document()->size().height(), 576);
    t.w.actions().shortcuts->trigger();  // a second time raises the open one
    EXPECT_EQ(t.w.findChildren<QDialog*>(QStringLiteral("shortcutsDialog")).size(), 1);
}

TEST(MainWindow, ResetLayoutBringsEveryPanelBackToItsPlace) {
    MainWindowHarness t;
    t.w.resize(1280, 720);
    t.w.show();
    auto* editor = t.w.findChild<QDockWidget*>(QStringLiteral("specEditorDock"));
    auto* findings = t.w.findChild<QDockWidget*>(QStringLiteral("findingsDock"));
    auto* bottom = t.w.findChild<QDockWidget*>(QStringLiteral("bottomDock"));
    ASSERT_TRUE(editor && findings && bottom);
    editor->hide();
    findings->setFloating(true);
    t.w.addDockWidget(Qt::LeftDockWidgetArea, bottom);
    QCoreApplication::processEvents();
    t.w.actions().resetLayout->trigger();
    QCoreApplication::processEvents();
    EXPECT_TRUE(editor->isVisible());
    EXPECT_FALSE(findings->isFloating());
    EXPECT_EQ(t.w.dockWidgetArea(editor), Qt::LeftDockWidgetArea);
    EXPECT_EQ(t.w.dockWidgetArea(findings), Qt::RightDockWidgetArea);
    EXPECT_EQ(t.w.dockWidgetArea(bottom), Qt::BottomDockWidgetArea);
    // The first-run split at 1280 px: the editor a quarter, the findings a fifth.
    EXPECT_NEAR(editor->width(), 330, 12);
    EXPECT_NEAR(findings->width(), 256, 12);
}

TEST(MainWindow, ShrinkingTheWindowKeepsTheSideDocksReadable) {
    MainWindowHarness t;
    t.w.resize(1920, 1080);
    t.w.show();
    QCoreApplication::processEvents();
    auto* editor = t.w.findChild<QDockWidget*>(QStringLiteral("specEditorDock"));
    auto* findings = t.w.findChild<QDockWidget*>(QStringLiteral("findingsDock"));
    auto* bottom = t.w.findChild<QDockWidget*>(QStringLiteral("bottomDock"));
    // The user's own split (first-run sizing stops), then the window shrinks.
    t.w.resizeDocks({editor, findings}, {700, 600}, Qt::Horizontal);
    t.w.resizeDocks({bottom}, {560}, Qt::Vertical);
    QCoreApplication::processEvents();
    for (const QSize size : {QSize(1280, 720), QSize(900, 600)}) {
        t.w.resize(size);
        QCoreApplication::processEvents();
        EXPECT_GE(editor->width(), 260) << size.width();
        EXPECT_GE(findings->width(), 200) << size.width();
        // The explorer between them keeps a share to show the picture in.
        EXPECT_GE(t.w.explorer()->width(), std::min(400, t.w.width() * 35 / 100) - 8)
            << size.width();
        EXPECT_GE(t.w.explorer()->height(), std::min(300, t.w.height() * 45 / 100) - 8)
            << size.height();
    }
}

TEST(MainWindow, ExportAnimationSitsBesideExportImageAndWritesAGif) {
    MainWindowHarness t;
    const QList<QAction*> file = t.w.actions().file->actions();
    const auto image = file.indexOf(t.w.actions().exportImage);
    ASSERT_GE(image, 0);
    EXPECT_EQ(file.value(image + 1), t.w.actions().exportAnimation);
    ASSERT_TRUE(t.w.openSpec(tl::test::example_file("matmul-rect")));
    ASSERT_TRUE(tl::test::settle(*t.w.document()));
    AnimationChoice c;
    c.path = t.dir.filePath(QStringLiteral("walk.gif"));
    c.stride = 5;  // 24 programs: 0, 5, 10, 15, 20 and the last
    c.size = QSize(320, 240);
    c.frames = true;
    QString why;
    int calls = 0;
    ASSERT_TRUE(writeTraversalAnimation(
        t.w.document()->snapshot(), c, [&](int, int) { return ++calls > 0; }, &why))
        << why.toStdString();
    QImageReader gif(c.path);
    EXPECT_EQ(gif.imageCount(), 6);
    EXPECT_EQ(gif.size(), QSize(320, 240));
    EXPECT_TRUE(QFile::exists(animationFramesFolder(c.path) + QStringLiteral("/frame-0006.png")));
    // A stop midway leaves no GIF under the name, and the frames folder refuses a rerun.
    c.path = t.dir.filePath(QStringLiteral("stopped.gif"));
    c.frames = false;
    EXPECT_FALSE(writeTraversalAnimation(
        t.w.document()->snapshot(), c, [](int done, int) { return done < 2; }, &why));
    EXPECT_FALSE(QFile::exists(c.path));
    EXPECT_EQ(minimumAnimationStride(100), 1);
    EXPECT_LE(traversalPrograms(1'000'000, minimumAnimationStride(1'000'000)).size(),
              static_cast<std::size_t>(kMaxAnimationFrames));
}

TEST(MainWindow, ExportAnimationOffersAndWritesTheLessonOfALessonSpec) {
    MainWindowHarness t;
    ASSERT_TRUE(t.w.openSpec(QStringLiteral(":/lessons/01-blocks.tilelens.json")));
    ASSERT_TRUE(tl::test::settle(*t.w.document()));
    const int steps = static_cast<int>(read_lesson(t.w.document()->spec())->steps.size());
    ASSERT_GE(steps, 3);
    // The dialog offers the lesson first, and the traversal's stride and rate do not apply.
    QString offered;
    bool strideEnabled = true;
    QTimer::singleShot(0, [&] {
        auto* dialog = qobject_cast<QDialog*>(QApplication::activeModalWidget());
        ASSERT_NE(dialog, nullptr);
        auto* what = dialog->findChild<QComboBox*>(QStringLiteral("animationWhat"));
        ASSERT_NE(what, nullptr);
        offered = what->currentText();
        strideEnabled =
            dialog->findChild<QSpinBox*>(QStringLiteral("animationStride"))->isEnabled();
        dialog->reject();
    });
    t.w.actions().exportAnimation->trigger();
    EXPECT_EQ(offered, QStringLiteral("The lesson's %1 steps, 3 s each").arg(steps));
    EXPECT_FALSE(strideEnabled);

    AnimationChoice c;
    c.path = t.dir.filePath(QStringLiteral("lesson.gif"));
    c.size = QSize(480, 360);
    c.lesson = true;
    QString why;
    ASSERT_TRUE(writeLessonAnimation(
        t.w.document()->snapshot(), c, [](int, int) { return true; }, &why))
        << why.toStdString();
    QImageReader gif(c.path);
    EXPECT_EQ(gif.imageCount(), steps);
    EXPECT_EQ(gif.size(), QSize(480, 360));
    ASSERT_FALSE(gif.read().isNull());
    EXPECT_EQ(gif.nextImageDelay(), 3000);  // milliseconds: a step held 3 s
    // A spec without a lesson says so and writes nothing.
    ASSERT_TRUE(t.w.openSpec(tl::test::example_file("matmul-rect")));
    ASSERT_TRUE(tl::test::settle(*t.w.document()));
    c.path = t.dir.filePath(QStringLiteral("none.gif"));
    EXPECT_FALSE(writeLessonAnimation(
        t.w.document()->snapshot(), c, [](int, int) { return true; }, &why));
    EXPECT_TRUE(why.contains(QStringLiteral("no lesson"))) << why.toStdString();
    EXPECT_FALSE(QFile::exists(c.path));
}

TEST(MainWindow, RunKernelOnASpecWithoutABodySaysWhyInTheWindow) {
    MainWindowHarness t;
    ASSERT_TRUE(t.w.openSpec(QStringLiteral(":/examples/real/flash-attention-fwd.tilelens.json")));
    ASSERT_TRUE(tl::test::settle(*t.w.document()));
    ASSERT_FALSE(t.w.document()->spec().kernel);
    EXPECT_FALSE(t.w.runKernel());
    auto* box = t.w.findChild<QMessageBox*>(QStringLiteral("runBlocked"));
    ASSERT_NE(box, nullptr);
    EXPECT_TRUE(box->isVisible());
    EXPECT_TRUE(box->text().contains(QStringLiteral("no kernel body")))
        << box->text().toStdString();
    EXPECT_FALSE(t.w.task()->running());
}

TEST(MainWindow, ALongStatusMessageIsElidedBeforeTheBadge) {
    MainWindowHarness t;
    t.w.resize(1280, 720);
    t.w.show();
    ASSERT_TRUE(t.w.openSpec(tl::test::example_file("matmul-rect")));
    ASSERT_TRUE(tl::test::settle(*t.w.document()));
    QCoreApplication::processEvents();
    auto* status = t.w.findChild<StatusLine*>();
    ASSERT_NE(status, nullptr);
    const QString long_text = QStringLiteral(
                                  "This audit case belongs to an earlier version of "
                                  "the spec. ")
                                  .repeated(6);
    status->showMessage(long_text, 0);
    QStatusBar* bar = t.w.statusBar();
    const QString shown = bar->currentMessage();
    EXPECT_TRUE(shown.endsWith(QChar(0x2026))) << shown.toStdString();
    EXPECT_LE(bar->fontMetrics().horizontalAdvance(shown), status->messageRoom());
    auto* badge = t.w.findChild<QLabel*>(QStringLiteral("verdict"));
    EXPECT_LE(bar->fontMetrics().horizontalAdvance(shown) + 6, badge->x());
    EXPECT_EQ(bar->toolTip(), long_text) << "the whole message is the tooltip";
    status->showMessage(QStringLiteral("Saved"), 0);
    EXPECT_EQ(bar->currentMessage(), QStringLiteral("Saved"));
    EXPECT_TRUE(bar->toolTip().isEmpty());
}

TEST(MainWindow, TheExamplesMenuListsTheRealKernelGallery) {
    MainWindowHarness t;
    auto* real = t.w.actions().examples->findChild<QMenu*>(QStringLiteral("realKernelsMenu"));
    ASSERT_NE(real, nullptr);
    const QList<QAction*> kernels = real->actions();
    EXPECT_EQ(kernels.size(), static_cast<qsizetype>(load_real_gallery().examples.size()));
    ASSERT_GE(kernels.size(), 21);
    const auto bug = std::find_if(kernels.begin(), kernels.end(), [](QAction* a) {
        return a->text().startsWith(QStringLiteral("bug-flash-attention-kv-element-offsets"));
    });
    ASSERT_NE(bug, kernels.end());
    EXPECT_TRUE((*bug)->text().contains(QStringLiteral("block_out_of_bounds")));
    (*bug)->trigger();
    ASSERT_TRUE(tl::test::settle(*t.w.document()));
    EXPECT_EQ(t.w.document()->spec().name, "bug-flash-attention-kv-element-offsets");
    EXPECT_EQ(t.label("verdict"), QStringLiteral("FAIL"));
}

namespace {

// The string literals of a C++ file, adjacent ones joined ("a " "b" is one string).
QStringList stringLiterals(const QString& code) {
    static const QRegularExpression literal(QStringLiteral(R"re("((?:[^"\\\n]|\\.)*)")re"));
    QStringList out;
    qsizetype last_end = -1;
    for (auto it = literal.globalMatch(code); it.hasNext();) {
        const auto m = it.next();
        QString text = m.captured(1);
        text.replace(QStringLiteral("\\u25B8"), QStringLiteral("▸"));
        const bool adjacent =
            last_end >= 0 && code.mid(last_end, m.capturedStart() - last_end).trimmed().isEmpty();
        if (adjacent && !out.isEmpty())
            out.last() += text;
        else
            out << text;
        last_end = m.capturedEnd();
    }
    return out;
}

QString plainTitle(QString text) {
    text.remove(u'&');
    text.remove(QChar(0x2026));
    return text.trimmed().toLower();
}

// Whether `rest` ("Allow Running the Kernel File asks again") starts with an item of `menu`,
// and, where the path goes on ("Python Engine ▸ JAX"), with an item of that submenu.
bool startsWithItem(const QMenu* menu, const QString& rest) {
    const QStringList parts = rest.split(QStringLiteral(" ▸ "));
    for (QAction* a : menu->actions()) {
        const QString title = plainTitle(a->text());
        if (title.isEmpty() || !parts.first().toLower().startsWith(title)) continue;
        if (parts.size() == 1) return true;
        if (a->menu() && startsWithItem(a->menu(), parts.mid(1).join(QStringLiteral(" ▸ "))))
            return true;
    }
    return false;
}

// Each "Menu ▸ Item" in `text` that the window's menu bar does not have.
QStringList missingMenuPaths(const QMenuBar* bar, const QString& text) {
    QStringList missing;
    static const QRegularExpression path(QStringLiteral(R"((\w+) ▸ ([^.;:,()*<\n]+))"));
    for (auto it = path.globalMatch(text); it.hasNext();) {
        const auto m = it.next();
        if (m.capturedStart() > 0 && text.at(m.capturedStart() - 1) != u' ' &&
            text.at(m.capturedStart() - 1).isLetter())
            continue;
        const QMenu* top = nullptr;
        for (QAction* a : bar->actions())
            if (a->menu() && plainTitle(a->text()) == m.captured(1).toLower()) top = a->menu();
        if (!top || !startsWithItem(top, m.captured(2))) missing << m.captured(0);
    }
    return missing;
}

}  // namespace

TEST(MainWindow, EveryMenuPathAMessageOrTheDocsNameExists) {
    MainWindowHarness t;
    // The check itself: a real path passes, a menu that does not exist does not.
    EXPECT_TRUE(missingMenuPaths(t.w.menuBar(), QStringLiteral("use Run ▸ Allow Running the "
                                                               "Kernel File to run it"))
                    .isEmpty());
    EXPECT_TRUE(
        missingMenuPaths(t.w.menuBar(), QStringLiteral("Run ▸ Python Engine ▸ JAX")).isEmpty());
    EXPECT_EQ(
        missingMenuPaths(t.w.menuBar(), QStringLiteral("Python ▸ Allow Running the Kernel File"))
            .size(),
        1);
    EXPECT_EQ(missingMenuPaths(t.w.menuBar(), QStringLiteral("View ▸ Zoom to Fit")).size(), 1);
    int paths = 0;
    const QString root = QStringLiteral(TILELENS_SOURCE_DIR);
    for (const QString& folder :
         {QStringLiteral("/widgets"), QStringLiteral("/app"), QStringLiteral("/docs")}) {
        QDirIterator files(root + folder, {QStringLiteral("*.cpp"), QStringLiteral("*.md")},
                           QDir::Files, QDirIterator::Subdirectories);
        while (files.hasNext()) {
            QFile f(files.next());
            ASSERT_TRUE(f.open(QIODevice::ReadOnly));
            QString text = QString::fromUtf8(f.readAll());
            // Markdown wraps a path across lines ("Help ▸ Start\nPage").
            static const QRegularExpression wrap(QStringLiteral("[ \t]*\n[ \t]*"));
            const QStringList strings = f.fileName().endsWith(QStringLiteral(".md"))
                                            ? QStringList{text.replace(wrap, QStringLiteral(" "))}
                                            : stringLiterals(text);
            for (const QString& s : strings) {
                paths += static_cast<int>(s.count(QStringLiteral(" ▸ ")));
                for (const QString& m : missingMenuPaths(t.w.menuBar(), s))
                    ADD_FAILURE() << f.fileName().mid(root.size()).toStdString() << ": \""
                                  << m.toStdString() << "\" names no item of the menus";
            }
        }
    }
    EXPECT_GT(paths, 10) << "the scan found the messages that name menus";
}
