#pragma once
// What one edit of the spec changed: the single typed change signal that the editor and the
// views listen to, so each refreshes only its own part.
#include <QMetaType>
#include <QString>

namespace tl::gui {

struct SpecChange {
    enum class Part {
        All,       // a new document (open, new from example) or several parts at once
        Meta,      // name, description
        Params,    // values, or params added or removed
        Grid,      // grid and dimension semantics
        Operands,  // one operand's fields, or rows added / removed / moved
        Kernel,    // body and options
        Target,    // target id
        Policy,    // uninitialized, revisit, seed
    };
    Part part = Part::All;
    // Operands only: the row whose fields changed; -1 when rows were added, removed or moved.
    int operand = -1;
    // The edited field as a JSON path ("operands[1].index_map", "params.M"). Consecutive edits
    // of one key merge into one undo step, so typing a word is undone at once.
    QString key;

    static SpecChange all() { return {}; }
};

}  // namespace tl::gui

Q_DECLARE_METATYPE(tl::gui::SpecChange)
