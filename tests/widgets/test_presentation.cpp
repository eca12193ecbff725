// Presentation mode (docs/lessons.md, "Presenting"): F11 leaves only the picture and the
// narration, the keys walk a lesson's steps (each showing what its text claims) or the
// programs, the laser pointer names the element under it with its programs, and Esc gives
// the window and the document back as they were.
#include <gtest/gtest.h>

#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QLabel>
#include <QMenuBar>
#include <QMouseEvent>
#include <QScreen>
#include <QSettings>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>
#include <QToolBar>
#include <QUndoStack>

#include "core/audit/lesson_walk.h"
#include "test_util.h"
#include "widgets/document/spec_document.h"
#include "widgets/explorer/explorer_view.h"
#include "widgets/explorer/grid_navigator.h"
#include "widgets/explorer/inspector.h"
#include "widgets/explorer/operand_view.h"
#include "widgets/explorer/type_scale.h"
#include "widgets/mainwindow/main_window.h"
#include "widgets/present/laser_pointer.h"
#include "widgets/present/narration_panel.h"
#include "widgets/present/presenter.h"

using namespace tl;
using namespace tl::gui;

namespace {

QString lesson_file(const char* name) {
    return QStringLiteral(TILELENS_SOURCE_DIR "/resources/lessons/") + QString::fromUtf8(name) +
           QStringLiteral(".tilelens.json");
}

struct Presenting {
    QTemporaryDir dir;
    QSettings settings{dir.filePath(QStringLiteral("s.ini")), QSettings::IniFormat};
    MainWindow w{&settings};
    explicit Presenting(const QString& path) {
        w.resize(1400, 900);
        w.show();
        EXPECT_TRUE(w.openSpec(path));
        EXPECT_TRUE(tl::test::settle(*w.document()));
    }
    Presenter* presenter() const { return w.presenter(); }
    void key(int k) {
        QWidget* target = QApplication::focusWidget() ? QApplication::focusWidget() : &w;
        QTest::keyClick(target, static_cast<Qt::Key>(k));
    }
    // Until the step's params are analysed, its program selected and its run attached.
    bool settled() {
        return tl::test::wait_until(
            [this] { return presenter()->player()->settled() && !w.document()->isAnalysing(); });
    }
    std::map<std::string, std::int64_t> params() const {
        std::map<std::string, std::int64_t> m;
        for (const auto& [k, v] : w.document()->spec().params) m[k] = v;
        return m;
    }
};

bool all_docks_hidden(const MainWindow& w) {
    for (const QDockWidget* d : w.findChildren<QDockWidget*>())
        if (!d->isHidden()) return false;
    return true;
}

qint64 program_index(const std::vector<std::int64_t>& grid, const std::vector<std::int64_t>& c) {
    qint64 p = 0;
    for (std::size_t a = 0; a < grid.size(); ++a) p = p * grid[a] + c[a];
    return p;
}

}  // namespace

TEST(Presentation, F11LeavesThePictureAndTheNarrationAndEscGivesTheWindowBack) {
    Presenting t(tl::test::example_file("matmul-rect"));
    const QList<QDockWidget*> docks = t.w.findChildren<QDockWidget*>();
    ASSERT_FALSE(docks.isEmpty());
    ASSERT_FALSE(all_docks_hidden(t.w));
    const Spec before = t.w.document()->spec();

    t.key(Qt::Key_F11);
    ASSERT_TRUE(t.presenter()->isActive());
    EXPECT_TRUE(all_docks_hidden(t.w));
    EXPECT_TRUE(t.w.menuBar()->isHidden());
    EXPECT_TRUE(t.w.statusBar()->isHidden());
    for (const QToolBar* bar : t.w.findChildren<QToolBar*>()) EXPECT_TRUE(bar->isHidden());
    EXPECT_TRUE(t.w.isFullScreen());
    EXPECT_TRUE(t.w.explorer()->inspector()->isHidden());
    // The narration has its own panel under the picture, in type for a room.
    NarrationPanel* panel = t.presenter()->panel();
    ASSERT_TRUE(panel->isVisible());
    const QRect panelRect(panel->mapTo(&t.w, QPoint()), panel->size());
    const QRect explorerRect(t.w.explorer()->mapTo(&t.w, QPoint()), t.w.explorer()->size());
    EXPECT_FALSE(panelRect.intersects(explorerRect));
    EXPECT_GE(panelRect.top(), explorerRect.bottom());
    // A long description keeps to about a quarter of the screen, in type still for a room.
    EXPECT_GE(panel->narrationPixelSize(), 16);
    const int screenH = t.w.screen()->geometry().height();
    EXPECT_LE(panel->findChild<QLabel*>(QStringLiteral("presentNarration"))->height(),
              std::max(120, screenH / 4) + panel->narrationPixelSize() * 2);
    panel->scaleTo(1080);
    const int at1080 = panel->narrationPixelSize();
    EXPECT_GE(at1080, 18);
    panel->scaleTo(2160);
    EXPECT_GE(panel->narrationPixelSize(), 36);
    EXPECT_GT(panel->narrationPixelSize(), at1080);
    EXPECT_GT(type_scale(), 1.4);  // the views' titles and labels grow too
    // Without a lesson the panel tells the spec's story.
    EXPECT_EQ(panel->narrationText(),
              QString::fromStdString(before.description.value_or(std::string())));

    t.key(Qt::Key_Escape);
    EXPECT_FALSE(t.presenter()->isActive());
    EXPECT_FALSE(t.w.isFullScreen());
    EXPECT_FALSE(all_docks_hidden(t.w));
    EXPECT_FALSE(t.w.menuBar()->isHidden());
    EXPECT_FALSE(t.w.statusBar()->isHidden());
    EXPECT_EQ(t.w.centralWidget(), t.w.explorer());
    EXPECT_FALSE(t.w.explorer()->inspector()->isHidden());
    EXPECT_DOUBLE_EQ(type_scale(), 1.0);
    EXPECT_EQ(t.w.document()->spec().params, before.params);
    // View ▸ Present reaches the same mode.
    t.w.actions().present->trigger();
    EXPECT_TRUE(t.presenter()->isActive());
    t.w.actions().present->trigger();
    EXPECT_FALSE(t.presenter()->isActive());
}

TEST(Presentation, TheKeysWalkALessonAndEachStepShowsWhatItsTextClaims) {
    Presenting t(lesson_file("02-block-indices"));
    const auto lesson = read_lesson(t.w.document()->spec());
    ASSERT_TRUE(lesson.has_value());
    const auto paramsBefore = t.params();
    const int undoBefore = t.w.document()->undoStack()->index();

    t.key(Qt::Key_F11);
    ASSERT_TRUE(t.presenter()->player()->active());
    const int n = static_cast<int>(lesson->steps.size());
    for (int i = 0; i < n; ++i) {
        if (i > 0) t.key(i % 2 ? Qt::Key_Right : Qt::Key_Space);
        ASSERT_TRUE(t.settled()) << "step " << i + 1;
        const LessonStep& step = lesson->steps[static_cast<std::size_t>(i)];
        EXPECT_EQ(t.presenter()->player()->step(), i);
        EXPECT_EQ(t.params(), step.params) << "step " << i + 1;
        EXPECT_EQ(t.w.explorer()->selectedProgram(), program_index(step.grid, step.program))
            << "step " << i + 1;
        EXPECT_EQ(t.presenter()->panel()->narrationText(), QString::fromStdString(step.text));
        EXPECT_TRUE(t.presenter()
                        ->panel()
                        ->findChild<QLabel*>(QStringLiteral("presentHeading"))
                        ->text()
                        .contains(QStringLiteral("step %1 of %2").arg(i + 1).arg(n)));
        // What the step claims is what the window's checks find now (a sweep's claims are
        // about the sweep, which the lesson test in the core suite holds to them).
        const auto& snap = t.w.explorer()->snapshot();
        ASSERT_TRUE(snap.audit);
        if (!step.audit) {
            const auto unmet = unmet_expectations(step, *snap.audit);
            EXPECT_TRUE(unmet.empty()) << "step " << i + 1 << ": " << unmet.front();
        }
        const QString status = t.presenter()->panel()->statusLabel()->text();
        if (step.expect) {
            for (FindingKind k : step.expect->findings) {
                EXPECT_TRUE(status.contains(QString::fromUtf8(to_string(k))))
                    << status.toStdString();
            }
        }
    }
    // At the end a step forward stays; back, first and last are keys too.
    t.key(Qt::Key_Right);
    EXPECT_EQ(t.presenter()->player()->step(), n - 1);
    t.key(Qt::Key_Left);
    ASSERT_TRUE(t.settled());
    EXPECT_EQ(t.presenter()->player()->step(), n - 2);
    EXPECT_EQ(t.params(), lesson->steps[static_cast<std::size_t>(n - 2)].params);
    t.key(Qt::Key_Home);
    ASSERT_TRUE(t.settled());
    EXPECT_EQ(t.presenter()->player()->step(), 0);
    t.key(Qt::Key_End);
    ASSERT_TRUE(t.settled());
    EXPECT_EQ(t.presenter()->player()->step(), n - 1);

    // Leaving gives the document back as it was opened.
    t.key(Qt::Key_Escape);
    ASSERT_TRUE(tl::test::settle(*t.w.document()));
    EXPECT_EQ(t.params(), paramsBefore);
    EXPECT_EQ(t.w.document()->undoStack()->index(), undoBefore);
}

TEST(Presentation, AnEditByHandDuringALessonIsKeptOnLeaving) {
    Presenting t(lesson_file("03-ragged-edge"));
    t.key(Qt::Key_F11);
    ASSERT_TRUE(t.settled());
    Spec s = t.w.document()->spec();
    s.params.front().second += 8;
    t.w.document()->endEditStep();
    t.w.document()->edit(s, {SpecChange::Part::Params, -1, {}}, QStringLiteral("by hand"));
    t.key(Qt::Key_Escape);
    EXPECT_EQ(t.w.document()->spec().params, s.params);
}

TEST(Presentation, WithoutALessonTheKeysStepProgramsPlayAndChangeSpeed) {
    Presenting t(tl::test::example_file("matmul-rect"));
    t.key(Qt::Key_F11);
    ASSERT_FALSE(t.presenter()->player()->active());
    const qint64 start = t.w.explorer()->selectedProgram();
    t.key(Qt::Key_Right);
    EXPECT_EQ(t.w.explorer()->selectedProgram(), start + 1);
    t.key(Qt::Key_Space);
    EXPECT_EQ(t.w.explorer()->selectedProgram(), start + 2);
    t.key(Qt::Key_Left);
    EXPECT_EQ(t.w.explorer()->selectedProgram(), start + 1);
    t.key(Qt::Key_End);
    EXPECT_GT(t.w.explorer()->selectedProgram(), start + 1);
    t.key(Qt::Key_Home);
    EXPECT_EQ(t.w.explorer()->selectedProgram(), 0);

    GridNavigator* nav = t.w.explorer()->navigator();
    const int speed = nav->speed();
    t.key(Qt::Key_Plus);
    EXPECT_GT(nav->speed(), speed);
    t.key(Qt::Key_Minus);
    t.key(Qt::Key_Minus);
    EXPECT_LT(nav->speed(), speed);
    // P plays the traversal, which leaves a trail as it goes.
    t.key(Qt::Key_P);
    EXPECT_TRUE(t.w.explorer()->playAction()->isChecked());
    EXPECT_TRUE(tl::test::wait_until([&] { return t.w.explorer()->selectedProgram() >= 2; }, 5000));
    t.key(Qt::Key_Escape);
    EXPECT_FALSE(t.w.explorer()->playAction()->isChecked());
}

TEST(Presentation, TheLaserPointerFollowsTheMouseAndNamesTheElementsPrograms) {
    Presenting t(lesson_file("03-ragged-edge"));
    t.key(Qt::Key_F11);
    ASSERT_TRUE(t.settled());
    QApplication::processEvents();
    OperandView* x = nullptr;
    for (int i = 0; i < t.w.explorer()->operandViewCount(); ++i)
        if (t.w.explorer()->operandView(i)->scene().name == "x") x = t.w.explorer()->operandView(i);
    ASSERT_NE(x, nullptr);
    const QPoint at = x->pixelOf(190, 5).toPoint();
    QMouseEvent move(QEvent::MouseMove, at, x->mapToGlobal(at), Qt::NoButton, Qt::NoButton,
                     Qt::NoModifier);
    QApplication::sendEvent(x, &move);
    LaserPointer* laser = t.presenter()->laser();
    EXPECT_TRUE(laser->pointing());
    EXPECT_LE((laser->mapToGlobal(laser->position()) - x->mapToGlobal(at)).manhattanLength(), 1);
    // The element's inverse map: x[190, 5] (give or take a row at this scale) is read by
    // program (1, 0) alone.
    const QString pointer = t.presenter()->panel()->pointerLabel()->text();
    EXPECT_TRUE(pointer.startsWith(QStringLiteral("x[19"))) << pointer.toStdString();
    EXPECT_TRUE(pointer.contains(QStringLiteral("read by program (1, 0)")))
        << pointer.toStdString();
    // The dot is painted where the mouse is, in red.
    const QImage img = laser->grab().toImage();
    const QColor c = img.pixelColor(laser->position());
    EXPECT_GT(c.red(), 200);
    EXPECT_LT(c.green(), 120);
    t.key(Qt::Key_Escape);
    EXPECT_FALSE(laser->isVisible());
}
