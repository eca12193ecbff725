#pragma once
// Where the explorer puts its operand views: inputs above outputs (the sketch the docs draw),
// all of them in one row, or all in one column, whichever draws the arrays largest in the room
// there is at the scale they share. A wide screen then shows three square arrays side by side
// instead of two rows with half of the lower one empty.
#include <QSize>
#include <vector>

#include "core/view/geometry.h"

namespace tl::gui {

struct OperandArrangement {
    struct Cell {
        int row = 0, col = 0;
        bool operator==(const Cell&) const = default;
    };
    std::vector<Cell> cells;  // per operand
    int rows = 0, cols = 0;
    bool operator==(const OperandArrangement&) const = default;
};

struct OperandRoom {
    double width = 0, height = 0;  // of the whole operand area
    double spacing = 8;            // between views
    double title = 24;             // each view's title strip
    double margin = 10;            // around the array inside its canvas
    QSize minCell;                 // a view's minimum size: an arrangement must give it that
};

// `extents` and `outputs` per operand, in operand order.
OperandArrangement arrangeOperands(const std::vector<view::ElementRect>& extents,
                                   const std::vector<bool>& outputs, const OperandRoom& room);

}  // namespace tl::gui
