// The window as a whole: what opens, what the findings panel does, themes and settings,
// undo from any field.
#include <gtest/gtest.h>
#include <QActionGroup>
#include <QClipboard>
#include <QGuiApplication>
#include <QImage>
#include <QLabel>
#include <QMenu>
#include <QSettings>
#include <QSpinBox>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

#include "core/analysis/analysis.h"
#include "test_util.h"
#include "widgets/document/spec_document.h"
#include "widgets/editor/error_line_edit.h"
#include "widgets/editor/spec_editor.h"
#include "widgets/explorer/grid_navigator.h"
#include "widgets/explorer/inspector.h"
#include "widgets/findings/findings_model.h"
#include "widgets/findings/findings_panel.h"
#include "widgets/mainwindow/main_actions.h"
#include "widgets/mainwindow/main_window.h"

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
