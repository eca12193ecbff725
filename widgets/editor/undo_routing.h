#pragma once
// Ctrl+Z in a field of the spec editor undoes the document's last edit, not the field's own
// typing: one undo history for the whole spec, whichever field has focus.
class QWidget;

namespace tl::gui {

void route_undo_to_document(QWidget* field);

}  // namespace tl::gui
