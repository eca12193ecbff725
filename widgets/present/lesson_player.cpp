#include "widgets/present/lesson_player.h"

#include <QAction>
#include <QUndoStack>
#include <algorithm>

#include "widgets/document/spec_document.h"
#include "widgets/explorer/explorer_view.h"
#include "widgets/explorer/program_index.h"

namespace tl::gui {

LessonPlayer::LessonPlayer(SpecDocument* document, ExplorerView* explorer, Hooks hooks,
                           QObject* parent)
    : QObject(parent), document_(document), explorer_(explorer), hooks_(std::move(hooks)) {
    // After the explorer: it has taken the snapshot in when the step's program is selected.
    connect(document_, &SpecDocument::snapshotReady, this, &LessonPlayer::onSnapshot);
    connect(document_, &SpecDocument::documentReplaced, this, [this] {
        lesson_.reset();
        before_.reset();
        pendingSelect_ = pendingHeat_ = false;
    });
}

bool LessonPlayer::start() {
    lesson_ = read_lesson(document_->spec());
    if (!lesson_ || lesson_->steps.empty()) {
        lesson_.reset();
        return false;
    }
    before_ = document_->spec();
    undoBefore_ = document_->undoStack()->index();
    undoPlayed_ = -1;
    step_ = -1;
    go(0);
    return true;
}

void LessonPlayer::stop() {
    if (!lesson_) return;
    QUndoStack* undo = document_->undoStack();
    // Only the player's own edits are taken back: an edit made by hand in between stays.
    if (undoPlayed_ >= 0 && undo->index() == undoPlayed_) undo->setIndex(undoBefore_);
    lesson_.reset();
    before_.reset();
    pendingSelect_ = pendingHeat_ = false;
}

QString LessonPlayer::title() const {
    return lesson_ ? QString::fromStdString(lesson_->title) : QString();
}

QString LessonPlayer::narration() const {
    if (!lesson_ || step_ < 0 || step_ >= stepCount()) return {};
    return QString::fromStdString(lesson_->steps[static_cast<std::size_t>(step_)].text);
}

bool LessonPlayer::next() {
    if (!lesson_ || step_ + 1 >= stepCount()) return false;
    go(step_ + 1);
    return true;
}

bool LessonPlayer::previous() {
    if (!lesson_ || step_ <= 0) return false;
    go(step_ - 1);
    return true;
}

void LessonPlayer::go(int index) {
    if (!lesson_) return;
    index = std::clamp(index, 0, stepCount() - 1);
    step_ = index;
    const LessonStep& s = lesson_->steps[static_cast<std::size_t>(index)];
    // A step's params replace the spec's own for that step only (docs/lessons.md).
    Spec spec = document_->spec();
    for (auto& [name, value] : spec.params)
        if (const auto it = s.params.find(name); it != s.params.end()) value = it->second;
    const quint64 before = document_->generation();
    document_->endEditStep();
    document_->edit(spec, {SpecChange::Part::Params, -1, {}},
                    tr("Lesson step %1 of %2").arg(index + 1).arg(stepCount()));
    if (document_->generation() != before) undoPlayed_ = document_->undoStack()->index();
    waitFor_ = document_->generation();
    pendingSelect_ = true;
    pendingHeat_ = false;
    emit stepChanged(step_);
    // The params did not change and their analysis is on show: nothing to wait for.
    if (!document_->isAnalysing() && explorer_->shownGeneration() >= waitFor_) finishStep();
}

void LessonPlayer::onSnapshot(const ExplorerSnapshot& snapshot) {
    if (!lesson_ || snapshot.generation < waitFor_) return;
    if (pendingSelect_) {
        finishStep();
    } else if (pendingHeat_ && snapshot.run) {
        pendingHeat_ = false;
        explorer_->heatAction()->setChecked(true);
        emit settledChanged();
    }
}

void LessonPlayer::finishStep() {
    pendingSelect_ = false;
    const LessonStep& s = lesson_->steps[static_cast<std::size_t>(step_)];
    explorer_->selectProgram(programIndex(s.grid, s.program));
    const bool coverage = s.show == "coverage";
    explorer_->coverageAction()->setChecked(coverage);
    explorer_->heatAction()->setChecked(false);
    if (s.run && hooks_.run) {
        pendingHeat_ = s.show == "heat";
        hooks_.run();
    }
    if (s.audit && hooks_.audit) hooks_.audit();
    emit settledChanged();
}

}  // namespace tl::gui
