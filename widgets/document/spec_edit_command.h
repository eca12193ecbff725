#pragma once
// One undoable edit of the spec: the whole spec before and after (a spec is small), and
// what changed. Consecutive edits of the same field merge, so a typed word undoes at once.
#include <QUndoCommand>

#include "core/spec/spec.h"
#include "widgets/document/spec_change.h"

namespace tl::gui {

class SpecDocument;

class SpecEditCommand : public QUndoCommand {
public:
    SpecEditCommand(SpecDocument* document, Spec before, Spec after, SpecChange change,
                    const QString& text);

    void undo() override;
    void redo() override;
    int id() const override { return 0x5EC; }
    bool mergeWith(const QUndoCommand* other) override;

private:
    SpecDocument* document_;
    Spec before_, after_;
    SpecChange change_;
    quint64 step_;  // the document's edit step it was typed in
};

}  // namespace tl::gui
