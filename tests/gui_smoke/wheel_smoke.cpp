// The mouse wheel over the spec editor, as a mouse sends it through the X server (xdotool's
// XTest events, which Qt gets as spontaneous events and hands on to parents as a real wheel
// is): many steps, at every combo box and spin box, in windows of real sizes. The editor
// scrolls and the spec stays as it was; only a field the user focused takes the wheel.
#include <QAbstractSpinBox>
#include <QComboBox>
#include <QProcess>
#include <QScrollBar>
#include <QSpinBox>
#include <QWheelEvent>
#include <QWindow>

#include "smoke_window.h"
#include "widgets/editor/spec_editor.h"
#include "widgets/editor/wheel_guard.h"
#include "widgets/explorer/grid_canvas.h"
#include "widgets/explorer/grid_navigator.h"

using namespace tl;
using namespace tl::gui;

namespace {

// Counts the wheel steps the X server delivers to the application's windows.
class WheelSteps : public QObject {
public:
    WheelSteps() { QApplication::instance()->installEventFilter(this); }
    ~WheelSteps() override { QApplication::instance()->removeEventFilter(this); }
    int count() const { return count_; }

protected:
    bool eventFilter(QObject* watched, QEvent* event) override {
        if (event->type() == QEvent::Wheel && watched->isWindowType()) ++count_;
        return false;
    }

private:
    int count_ = 0;
};

// `steps` wheel steps (down or up) with the pointer at `global`; false unless every step
// reached the window.
bool wheel(WheelSteps& seen, QPoint global, int steps, bool down) {
    const int before = seen.count();
    const int rc = QProcess::execute(
        QStringLiteral(XDOTOOL),
        // No --sync: xdotool waits forever for a move to where the pointer already is. The
        // server takes the move before the clicks that follow it.
        {QStringLiteral("mousemove"), QString::number(global.x()), QString::number(global.y()),
         QStringLiteral("click"), QStringLiteral("--repeat"), QString::number(steps),
         QStringLiteral("--delay"), QStringLiteral("15"),
         down ? QStringLiteral("5") : QStringLiteral("4")});
    return rc == 0 && tl::smoke::waitUntil([&] { return seen.count() >= before + steps; }, 5000);
}

// The combo boxes and spin boxes the editor shows, top to bottom.
QList<QWidget*> visibleFields(SpecEditor* editor) {
    QList<QWidget*> fields;
    for (QWidget* w : editor->widget()->findChildren<QWidget*>())
        if (is_wheel_guarded_field(w) && w->isVisibleTo(editor)) fields << w;
    std::sort(fields.begin(), fields.end(), [editor](QWidget* a, QWidget* b) {
        return a->mapTo(editor->widget(), QPoint()).y() < b->mapTo(editor->widget(), QPoint()).y();
    });
    return fields;
}

struct Case {
    const char* size;
    const char* example;
};

// Ten steps down and ten up at each field of the editor, no field focused; returns how far
// the editor scrolled in all.
int wheelOverEveryField(tl::smoke::SmokeWindow& t, WheelSteps& seen) {
    auto* editor = t.w.findChild<SpecEditor*>();
    int scrolled = 0;
    const QList<QWidget*> fields = visibleFields(editor);
    EXPECT_GE(fields.size(), 8);
    for (QWidget* field : fields) {
        SCOPED_TRACE(field->objectName().toStdString());
        editor->ensureWidgetVisible(field);
        QApplication::processEvents();
        const QPoint at = field->mapToGlobal(field->rect().center());
        for (bool down : {true, false}) {
            const int from = editor->verticalScrollBar()->value();
            EXPECT_TRUE(wheel(seen, at, 10, down));
            scrolled += std::abs(editor->verticalScrollBar()->value() - from);
        }
        EXPECT_FALSE(is_wheel_guarded_field(QApplication::focusWidget()))
            << "the wheel focused a field";
    }
    return scrolled;
}

TEST(GuiSmoke, TheWheelScrollsTheSpecEditorAndNeverEditsAnUnfocusedField) {
    tl::smoke::SmokeWindow t;
    WheelSteps seen;
    for (Case c : {Case{"1920x1080", "matmul-rect"}, Case{"1280x720", "real/flash-attention-fwd"},
                   Case{"1920x1080", "real/tpu-matmul"}}) {
        SCOPED_TRACE(std::string(c.size) + " " + c.example);
        const QStringList wh = QString::fromLatin1(c.size).split(u'x');
        t.w.resize(wh[0].toInt(), wh[1].toInt());
        ASSERT_TRUE(t.w.openSpec(tl::smoke::example(c.example)));
        ASSERT_TRUE(t.settled());
        const Spec before = t.w.document()->spec();
        ASSERT_FALSE(t.w.document()->isModified());
        t.w.explorer()->navigator()->canvas()->setFocus();  // the focus is on no field

        EXPECT_GT(wheelOverEveryField(t, seen), 0) << "the editor never scrolled";
        ASSERT_TRUE(t.settled());
        EXPECT_FALSE(t.w.document()->isModified());
        EXPECT_FALSE(t.w.isWindowModified()) << "the title shows '*'";
        const Spec& after = t.w.document()->spec();
        EXPECT_EQ(after.params, before.params);
        EXPECT_EQ(after.dimension_semantics, before.dimension_semantics);
        EXPECT_TRUE(after == before) << "the wheel changed the spec";
    }
}

TEST(GuiSmoke, AFocusedFieldTakesTheWheel) {
    tl::smoke::SmokeWindow t;
    WheelSteps seen;
    t.w.resize(1920, 1080);
    ASSERT_TRUE(t.w.openSpec(tl::smoke::example("matmul-rect")));
    ASSERT_TRUE(t.settled());
    auto* editor = t.w.findChild<SpecEditor*>();
    auto* m = t.w.findChild<QSpinBox*>(QStringLiteral("param_M"));
    ASSERT_NE(m, nullptr);
    const int was = m->value();
    t.w.activateWindow();
    ASSERT_TRUE(QTest::qWaitForWindowActive(&t.w));
    m->setFocus(Qt::MouseFocusReason);
    editor->ensureWidgetVisible(m);
    QApplication::processEvents();
    ASSERT_TRUE(m->hasFocus());
    ASSERT_TRUE(wheel(seen, m->mapToGlobal(m->rect().center()), 3, false));
    ASSERT_TRUE(t.settled());
    EXPECT_EQ(m->value(), was + 3);
    for (const auto& [name, value] : t.w.document()->spec().params)
        if (name == "M") {
            EXPECT_EQ(value, was + 3);
        }
    EXPECT_TRUE(t.w.document()->isModified());
}

}  // namespace
