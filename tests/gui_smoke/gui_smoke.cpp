// The newcomer's walk through the real window on a real X server (ctest runs it under
// xvfb-run): start, open five examples, step, hover, edit a param by typing, run, sweep,
// import a real timing file, a spec too big to run, both themes, three window sizes, save and
// reopen. It fails on a crash, or on a badge that does not say the verdict of the spec on show.
#include <gtest/gtest.h>

#include <QApplication>
#include <QFile>
#include <QLabel>
#include <QMouseEvent>
#include <QSettings>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTest>
#include <chrono>
#include <thread>

#include "core/audit/audit.h"
#include "widgets/document/spec_document.h"
#include "widgets/explorer/explorer_view.h"
#include "widgets/explorer/grid_canvas.h"
#include "widgets/explorer/grid_navigator.h"
#include "widgets/explorer/operand_view.h"
#include "widgets/kit/job_tracker.h"
#include "widgets/mainwindow/file_controller.h"
#include "widgets/mainwindow/main_actions.h"
#include "widgets/mainwindow/main_window.h"
#include "widgets/mainwindow/theme.h"
#include "widgets/timings/timings_panel.h"

using namespace tl;
using namespace tl::gui;

namespace {

std::int64_t param(const Spec& s, const char* name) {
    for (const auto& [k, v] : s.params)
        if (k == name) return v;
    return -1;
}

void setParam(Spec& s, const char* name, std::int64_t value) {
    for (auto& [k, v] : s.params)
        if (k == name) v = value;
}

const QString kSource = QStringLiteral(TILELENS_SOURCE_DIR);

template <class F>
bool waitUntil(F done, int ms = 60000) {
    const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(ms);
    while (!done()) {
        if (std::chrono::steady_clock::now() > until) return false;
        QApplication::processEvents(QEventLoop::AllEvents, 20);
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    return true;
}

struct Walk {
    QTemporaryDir dir;
    QSettings settings{dir.filePath(QStringLiteral("settings.ini")), QSettings::IniFormat};
    MainWindow w{&settings};

    Walk() {
        w.show();
        EXPECT_TRUE(QTest::qWaitForWindowExposed(&w));
    }
    bool settled() {
        return waitUntil([&] { return !w.document()->isAnalysing() && !w.task()->running(); });
    }
    QString badge() const { return w.findChild<QLabel*>(QStringLiteral("verdict"))->text(); }
    // What the badge must say for the document on show.
    QString expected() const {
        const ExplorerSnapshot& s = w.document()->snapshot();
        if (!w.document()->diagnostics().empty()) return QStringLiteral("SPEC ERRORS");
        if (!s.audit) return {};
        return QString::fromStdString(std::string(to_string(s.audit->verdict))).toUpper();
    }
    void expectCurrent(const char* where) {
        ASSERT_TRUE(settled()) << where;
        EXPECT_EQ(badge(), expected()) << where;
        EXPECT_EQ(w.explorer()->snapshot().generation, w.document()->generation()) << where;
    }
    void key(QWidget* target, Qt::Key k, Qt::KeyboardModifiers m = Qt::NoModifier) {
        QTest::keyClick(target, k, m);
        QApplication::processEvents();
    }
    // Steps through some programs with the keys, and hovers every operand's corner.
    void stepAndHover() {
        QWidget* canvas = w.explorer()->navigator()->canvas();
        canvas->setFocus();
        for (int i = 0; i < 5; ++i) key(canvas, Qt::Key_Right);
        key(canvas, Qt::Key_End);
        for (int op = 0; op < w.explorer()->operandViewCount(); ++op) {
            OperandView* v = w.explorer()->operandView(op);
            const QPointF at = v->pixelOf(0, 0);
            QMouseEvent move(QEvent::MouseMove, at, v->mapToGlobal(at), Qt::NoButton, Qt::NoButton,
                             Qt::NoModifier);
            QApplication::sendEvent(v, &move);
        }
        QApplication::processEvents();
    }
};

TEST(GuiSmoke, TheNewcomersWalk) {
    Walk t;
    for (const char* size : {"1280x720", "1920x1080", "2560x1440"}) {
        const QStringList wh = QString::fromLatin1(size).split(u'x');
        t.w.resize(wh[0].toInt(), wh[1].toInt());
        QApplication::processEvents();
        for (const char* example : {"matmul-rect", "reduction-parallel", "element-offsets",
                                    "tpu-invalid-block", "softmax-narrow-block"}) {
            SCOPED_TRACE(std::string(size) + " " + example);
            ASSERT_TRUE(
                t.w.openSpec(kSource + QStringLiteral("/resources/examples/%1.tilelens.json")
                                           .arg(QLatin1String(example))));
            t.expectCurrent("opened");
            t.stepAndHover();
        }
    }

    // Edit a param by typing into its spin box: the badge follows the edit, never the past.
    ASSERT_TRUE(
        t.w.openSpec(kSource + QStringLiteral("/resources/examples/matmul-rect.tilelens.json")));
    t.expectCurrent("matmul-rect");
    auto* n = t.w.findChild<QSpinBox*>(QStringLiteral("param_N"));
    ASSERT_NE(n, nullptr);
    n->setFocus();
    n->selectAll();
    QTest::keyClicks(n, QStringLiteral("384"));
    t.key(n, Qt::Key_Tab);
    t.expectCurrent("edited N");
    EXPECT_EQ(param(t.w.document()->spec(), "N"), 384);

    // Run (F5) and sweep, through the actions a user triggers.
    t.w.actions().run->trigger();
    t.expectCurrent("run");
    EXPECT_TRUE(t.w.document()->snapshot().run);
    t.w.actions().audit->trigger();
    t.expectCurrent("sweep");

    // A real timing file.
    t.w.importTimings(
        {kSource + QStringLiteral("/tests/golden/timings/real/pytest-benchmark-groups.json")});
    t.w.timingsPanel()->waitForImport();
    t.expectCurrent("timings");

    // Too big to run: refused with a message, not a crash.
    Spec big = t.w.document()->spec();
    setParam(big, "M", 65536);
    setParam(big, "N", 65536);
    setParam(big, "K", 8192);
    t.w.document()->edit(big, SpecChange::all(), QStringLiteral("big"));
    t.expectCurrent("big spec");
    t.w.actions().run->trigger();
    t.expectCurrent("big run");
    EXPECT_FALSE(t.w.document()->snapshot().run && t.w.document()->snapshot().run->ok);

    // Both themes.
    for (Theme theme : {Theme::Dark, Theme::Light}) {
        t.w.setTheme(theme);
        QApplication::processEvents();
        t.w.grab();
    }

    // Save, and open what was saved: the same spec.
    const QString saved = t.dir.filePath(QStringLiteral("walk.tilelens.json"));
    ASSERT_TRUE(t.w.files()->saveTo(saved));
    ASSERT_TRUE(QFile::exists(saved));
    const Spec before = t.w.document()->spec();
    ASSERT_TRUE(t.w.openSpec(saved));
    t.expectCurrent("reopened");
    EXPECT_EQ(t.w.document()->spec().params, before.params);
}

}  // namespace
