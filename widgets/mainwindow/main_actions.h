#pragma once
// The window's actions with their shortcuts, and the menus that hold them.
#include <QList>

class QAction;
class QActionGroup;
class QDialog;
class QMainWindow;
class QMenu;
class QUndoStack;

namespace tl::gui {

struct MainActions {
    QAction* newFromExample = nullptr;
    QAction* open = nullptr;
    QMenu* file = nullptr;
    QMenu* recent = nullptr;
    QMenu* examples = nullptr;  // one entry per example, filled by the window
    QMenu* lessons = nullptr;   // one entry per lesson, in order, filled by the window
    QAction* save = nullptr;
    QAction* saveAs = nullptr;
    QAction* exportImage = nullptr;      // the explorer's picture to a file (docs/exports.md)
    QAction* exportAnimation = nullptr;  // the traversal or a lesson as a GIF (docs/exports.md)
    QAction* quit = nullptr;
    QAction* undo = nullptr;
    QAction* redo = nullptr;
    QAction* copyPallas = nullptr;  // the open spec as Pallas code, to the clipboard
    QAction* run = nullptr;
    QAction* audit = nullptr;
    QAction* cancel = nullptr;
    QAction* allowPython = nullptr;  // asks again whether a spec's kernel file may run
    QActionGroup* engine = nullptr;  // data: "auto", "jax", "standins" (Run ▸ Python Engine)
    QAction* nextFinding = nullptr;
    QAction* previousFinding = nullptr;
    QList<QAction*> focus;          // editor, explorer, findings, audit, log (Ctrl+1 .. Ctrl+5)
    QActionGroup* theme = nullptr;  // data: "system", "light", "dark"
    QAction* cycleTheme = nullptr;
    QAction* fullScreen = nullptr;
    QAction* resetLayout = nullptr;  // the docks back where and how big they start
    QAction* present = nullptr;      // presentation mode (F11), docs/lessons.md
    QMenu* view = nullptr;           // dock toggles are added by the window
    QAction* startPage = nullptr;
    QAction* docs = nullptr;
    QAction* shortcuts = nullptr;
    QAction* about = nullptr;
};

// Creates the actions and the menu bar of `window`; undo and redo come from `undo`.
MainActions create_main_actions(QMainWindow* window, QUndoStack* undo);

// "Ctrl+O  Open…" lines for every action with a shortcut, for the help.
QString shortcut_table(QMainWindow* window);
// Help ▸ Keyboard Shortcuts: the table in a scrolling dialog that fits the screen.
QDialog* shortcut_dialog(QMainWindow* window);

}  // namespace tl::gui
