#pragma once
// Presentation mode (View ▸ Present, F11; docs/lessons.md, "Presenting"): the window goes
// full screen with its docks, toolbar, menus and status bar hidden, the operand views and
// the navigator fill it in larger type, and the narration sits in its own panel below. The
// keyboard drives it: a lesson's steps, or without a lesson the programs, the traversal's
// animation and its speed; a laser dot follows the mouse and the panel names the element
// under it with the programs that read or write it. Esc gives the window back as it was.
#include <QByteArray>
#include <QFont>
#include <QObject>
#include <memory>

#include "widgets/present/lesson_player.h"

class QMainWindow;
class QKeyEvent;
class QWidget;

namespace tl {
struct AuditResult;
}

namespace tl::gui {

class ExplorerView;
class LaserPointer;
class NarrationPanel;
class SpecDocument;

class Presenter : public QObject {
    Q_OBJECT
public:
    Presenter(QMainWindow* window, ExplorerView* explorer, SpecDocument* document,
              LessonPlayer::Hooks hooks);
    ~Presenter() override;

    void enter();
    void leave();
    void toggle() { active_ ? leave() : enter(); }
    bool isActive() const { return active_; }

    NarrationPanel* panel() const { return panel_; }
    LessonPlayer* player() const { return player_; }
    LaserPointer* laser() const { return laser_; }
    // What the keys do, one line, as the panel shows it.
    QString keysText() const;
    // The result of an audit sweep a step started, shown in the status line until the next step.
    void setSweepResult(std::shared_ptr<const AuditResult> result);

signals:
    void activeChanged(bool active);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    bool handleKey(QKeyEvent* e);  // true when presentation mode used the key
    bool isPresentationKey(const QKeyEvent* e) const;
    void stepProgram(int delta);
    void changeSpeed(int direction);
    void refreshText();
    void refreshStatus();
    void onHovered(int operand, const std::vector<std::int64_t>& element);

    QMainWindow* window_;
    ExplorerView* explorer_;
    SpecDocument* document_;
    LessonPlayer* player_;
    QWidget* stage_;  // the explorer above the narration, the window's centre while presenting
    NarrationPanel* panel_;
    LaserPointer* laser_;
    bool active_ = false;
    // The window as it was, given back on leaving.
    QByteArray state_, geometry_;
    bool inspectorShown_ = true;
    Qt::WindowStates windowState_;
    bool menuBar_ = true, statusBar_ = true;
    QFont explorerFont_;
    QString sweep_;  // what the step's audit sweep found; empty when none ran
};

}  // namespace tl::gui
