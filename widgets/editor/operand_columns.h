#pragma once
// The operands table within the editor's width: columns as wide as their text when all fit;
// otherwise headings give up the width their cells do not need, and shape, block, index map
// and alias give up width down to their longest word, their text wrapping over lines (last,
// a word breaks inside; a cell's whole text is in its tooltip). The buffer count and the format-2
// fields ("More") show only where an operand sets one or the user asks for them.
class QTableView;

namespace tl {
struct Spec;
}

namespace tl::gui {

// Whether any operand of `spec` sets a field of the "More" columns (buffer count, memory
// space, alias, revisit, discard, data) to something other than its default.
bool uses_more_columns(const Spec& spec);

// Shows or hides the "More" columns, sets every column's width to fit the table's viewport,
// and the rows' heights to their wrapped text.
void fit_operand_columns(QTableView* table, bool more_columns);

}  // namespace tl::gui
