#include "widgets/document/spec_edit_command.h"

#include "widgets/document/spec_document.h"

namespace tl::gui {

SpecEditCommand::SpecEditCommand(SpecDocument* document, Spec before, Spec after, SpecChange change,
                                 const QString& text)
    : QUndoCommand(text),
      document_(document),
      before_(std::move(before)),
      after_(std::move(after)),
      change_(std::move(change)),
      step_(document->editStep()) {}

void SpecEditCommand::undo() {
    document_->apply(before_, change_);
}

void SpecEditCommand::redo() {
    document_->apply(after_, change_);
}

bool SpecEditCommand::mergeWith(const QUndoCommand* other) {
    const auto* next = dynamic_cast<const SpecEditCommand*>(other);
    if (!next || change_.key.isEmpty() || next->change_.key != change_.key || next->step_ != step_)
        return false;
    after_ = next->after_;
    // Typing a field back to what it was leaves nothing to undo.
    setObsolete(after_ == before_);
    return true;
}

}  // namespace tl::gui
