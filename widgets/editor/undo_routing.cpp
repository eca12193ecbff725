#include "widgets/editor/undo_routing.h"

#include <QCoreApplication>
#include <QEvent>
#include <QKeyEvent>
#include <QWidget>

namespace tl::gui {
namespace {

class UndoRouting : public QObject {
public:
    using QObject::QObject;

protected:
    bool eventFilter(QObject* watched, QEvent* event) override {
        if (event->type() == QEvent::ShortcutOverride) {
            auto* key = static_cast<QKeyEvent*>(event);
            if (key->matches(QKeySequence::Undo) || key->matches(QKeySequence::Redo)) {
                event->ignore();  // not the field's: the window's Edit > Undo/Redo take it
                return true;
            }
        }
        return QObject::eventFilter(watched, event);
    }
};

}  // namespace

void route_undo_to_document(QWidget* field) {
    static UndoRouting* filter = nullptr;
    if (!filter) filter = new UndoRouting(qApp);
    field->installEventFilter(filter);
}

}  // namespace tl::gui
