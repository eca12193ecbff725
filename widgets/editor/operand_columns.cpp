#include "widgets/editor/operand_columns.h"

#include <QAbstractItemModel>
#include <QHeaderView>
#include <QRegularExpression>
#include <QTableView>
#include <algorithm>
#include <cmath>
#include <vector>

#include "core/spec/spec.h"
#include "widgets/editor/operands_model.h"

namespace tl::gui {
namespace {

// The columns "More" shows: the buffer count and the format-2 fields.
bool is_more_column(int column) {
    return column >= OperandsModel::BuffersColumn && column <= OperandsModel::DataColumn;
}

bool wraps(int column) {
    return column == OperandsModel::ShapeColumn || column == OperandsModel::BlockColumn ||
           column == OperandsModel::IndexMapColumn || column == OperandsModel::AliasColumn;
}

// The width of the column's longest word in any row, with the cell's padding.
int longest_word(const QTableView* table, int column) {
    const QFontMetrics fm = table->fontMetrics();
    static const QRegularExpression space(QStringLiteral("\\s+"));
    int widest = 0;
    for (int r = 0; r < table->model()->rowCount(); ++r)
        for (const QString& word : table->model()->index(r, column).data().toString().split(space))
            widest = std::max(widest, fm.horizontalAdvance(word));
    return widest + 2 * fm.averageCharWidth() + 4;
}

// Takes up to `excess` pixels off the columns `which` accepts, each in proportion to what it
// can give; returns what is still in excess.
template <class Which>
int shrink_columns(std::vector<int>& width, const std::vector<int>& least, int excess,
                   Which which) {
    int slack = 0;
    for (std::size_t c = 0; c < width.size(); ++c)
        if (which(static_cast<int>(c))) slack += width[c] - least[c];
    if (slack <= 0) return excess;
    const double share = std::min(1.0, static_cast<double>(excess) / slack);
    for (std::size_t c = 0; c < width.size(); ++c)
        if (which(static_cast<int>(c))) {
            const int give = static_cast<int>(std::ceil((width[c] - least[c]) * share));
            width[c] -= give;
            excess -= give;
        }
    return std::max(excess, 0);
}

}  // namespace

bool uses_more_columns(const Spec& spec) {
    return std::any_of(spec.operands.begin(), spec.operands.end(), [](const OperandSpec& op) {
        return op.buffer_count != OperandSpec{}.buffer_count || op.memory_space || op.alias_of ||
               op.revisit != OutputRevisit::Immediate || op.discard || op.data != InputData::Random;
    });
}

void fit_operand_columns(QTableView* table, bool more_columns) {
    QHeaderView* header = table->horizontalHeader();
    header->setSectionResizeMode(QHeaderView::Fixed);
    header->setMinimumSectionSize(12);  // the style's least would undo a narrow name column
    const int columns = table->model()->columnCount();
    std::vector<int> width(static_cast<std::size_t>(columns), 0);
    std::vector<int> least(width.size(), 0);
    int total = 0;
    for (int c = 0; c < columns; ++c) {
        const bool shown = more_columns || !is_more_column(c);
        table->setColumnHidden(c, !shown);
        if (!shown) continue;
        const auto i = static_cast<std::size_t>(c);
        // QTableView hides its override; the item view's is the same function.
        const int content = static_cast<const QAbstractItemView*>(table)->sizeHintForColumn(c);
        width[i] = std::max(content, header->sectionSizeHint(c));
        // A heading may be elided (its tooltip names the column) before a cell's word breaks.
        least[i] = wraps(c) ? std::min(width[i], std::max(longest_word(table, c), 40)) : content;
        total += width[i];
    }
    const int room = table->viewport()->width();
    if (total > room) {  // text wraps over more lines before a heading is elided
        int left = shrink_columns(width, least, total - room, wraps);
        left = shrink_columns(width, least, left, [](int c) { return !wraps(c); });
        // At worst a long word breaks inside, rather than the table scroll sideways.
        std::vector<int> narrowest(width.size(), 0);
        for (std::size_t c = 0; c < width.size(); ++c)
            narrowest[c] = wraps(static_cast<int>(c)) ? std::min(width[c], 32) : width[c];
        // The index map last: its "lambda" broken in two reads worst.
        left = shrink_columns(width, narrowest, left,
                              [](int c) { return wraps(c) && c != OperandsModel::IndexMapColumn; });
        shrink_columns(width, narrowest, left, wraps);
    } else {  // the index map takes what is left: long maps read on fewer lines
        width[OperandsModel::IndexMapColumn] += room - total;
    }
    for (int c = 0; c < columns; ++c)
        if (!table->isColumnHidden(c)) table->setColumnWidth(c, width[static_cast<std::size_t>(c)]);
    table->resizeRowsToContents();
}

}  // namespace tl::gui
