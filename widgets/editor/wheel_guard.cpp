#include "widgets/editor/wheel_guard.h"

#include <QAbstractSlider>
#include <QAbstractSpinBox>
#include <QApplication>
#include <QComboBox>
#include <QEvent>
#include <QPointer>
#include <QScrollBar>

namespace tl::gui {
namespace {

// Qt gives these fields Qt::WheelFocus, so a wheel would focus a field before the guard
// could ask whether it has the focus.
void take_strong_focus(QWidget* field) {
    if (field->focusPolicy() == Qt::WheelFocus) field->setFocusPolicy(Qt::StrongFocus);
}

class FieldWheelGuard : public QObject {
public:
    using QObject::QObject;

protected:
    bool eventFilter(QObject* watched, QEvent* event) override {
        const QEvent::Type type = event->type();
        if (type != QEvent::Wheel && type != QEvent::Polish) return false;
        auto* field = qobject_cast<QWidget*>(watched);
        if (!field || !is_wheel_guarded_field(field)) return false;
        if (type == QEvent::Polish) {
            take_strong_focus(field);
            return false;
        }
        if (field->hasFocus()) return false;
        // Filtered but not accepted: QApplication hands the wheel to the field's parents.
        event->ignore();
        return true;
    }
};

}  // namespace

bool is_wheel_guarded_field(const QWidget* widget) {
    return qobject_cast<const QComboBox*>(widget) ||
           qobject_cast<const QAbstractSpinBox*>(widget) ||
           (qobject_cast<const QAbstractSlider*>(widget) &&
            !qobject_cast<const QScrollBar*>(widget));
}

void guard_field_wheels() {
    static QPointer<FieldWheelGuard> installed;
    auto* app = qobject_cast<QApplication*>(QCoreApplication::instance());
    if (!app || installed) return;
    installed = new FieldWheelGuard(app);
    app->installEventFilter(installed);
    for (QWidget* w : QApplication::allWidgets())
        if (is_wheel_guarded_field(w)) take_strong_focus(w);
}

}  // namespace tl::gui
