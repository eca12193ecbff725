#pragma once
// Walks the lesson of the open spec (docs/lessons.md) one step at a time: a step's params
// become the document's as one undo step, and once the analysis of those params is on show
// its program is selected, its view chosen and its run or audit started. Leaving gives the
// document back as it was, unless it was edited by hand in between.
#include <QObject>
#include <QString>
#include <functional>
#include <optional>

#include "core/audit/lesson_walk.h"
#include "core/spec/spec.h"

namespace tl::gui {

class ExplorerView;
class SpecDocument;
struct ExplorerSnapshot;

class LessonPlayer : public QObject {
    Q_OBJECT
public:
    // What a step asks of the window beyond the explorer.
    struct Hooks {
        std::function<void()> run;    // Run Kernel
        std::function<void()> audit;  // Audit Sweep
    };
    LessonPlayer(SpecDocument* document, ExplorerView* explorer, Hooks hooks,
                 QObject* parent = nullptr);

    // Reads the open spec's lesson and shows its first step; false when it has none.
    bool start();
    // Shows the document as it was before start() (when only the player changed it since).
    void stop();
    bool active() const { return lesson_.has_value(); }

    int stepCount() const { return lesson_ ? static_cast<int>(lesson_->steps.size()) : 0; }
    int step() const { return step_; }
    QString title() const;
    QString narration() const;  // the current step's text
    std::optional<std::int64_t> order() const { return lesson_ ? lesson_->order : std::nullopt; }
    // Shows step `index` (clamped); next/previous return false at either end.
    void go(int index);
    bool next();
    bool previous();
    // Whether the window shows everything the current step asked for (its params analysed,
    // its program selected, its run attached).
    bool settled() const { return !pendingSelect_ && !pendingHeat_; }

signals:
    void stepChanged(int step);
    void settledChanged();

private:
    void onSnapshot(const ExplorerSnapshot& snapshot);
    void finishStep();

    SpecDocument* document_;
    ExplorerView* explorer_;
    Hooks hooks_;
    std::optional<Lesson> lesson_;
    std::optional<Spec> before_;  // the spec as it was when the lesson started
    int undoBefore_ = 0;          // the undo index then
    int undoPlayed_ = -1;         // the undo index after the player's last edit
    int step_ = 0;
    bool pendingSelect_ = false;  // waiting for the analysis of the step's params
    bool pendingHeat_ = false;    // waiting for the run that the heat view needs
    quint64 waitFor_ = 0;         // the generation the step's params produced
};

}  // namespace tl::gui
