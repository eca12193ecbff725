// The newcomer's walk through the real window on a real X server (ctest runs it under
// xvfb-run): start, open five examples, step, hover, edit a param by typing, run, sweep,
// import a real timing file, a spec too big to run, both themes, three window sizes, save and
// reopen. It fails on a crash, or on a badge that does not say the verdict of the spec on show.
#include <QFile>
#include <QMouseEvent>
#include <QSpinBox>

#include "smoke_window.h"
#include "widgets/explorer/grid_canvas.h"
#include "widgets/explorer/grid_navigator.h"
#include "widgets/explorer/operand_view.h"
#include "widgets/mainwindow/file_controller.h"
#include "widgets/mainwindow/main_actions.h"
#include "widgets/mainwindow/theme.h"
#include "widgets/timings/timings_panel.h"

using namespace tl;
using namespace tl::gui;
using tl::smoke::kSource;

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

struct Walk : tl::smoke::SmokeWindow {
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
            ASSERT_TRUE(t.w.openSpec(tl::smoke::example(example)));
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
