#include "widgets/explorer/operand_arrangement.h"

#include <algorithm>

namespace tl::gui {

namespace {

OperandArrangement twoRows(const std::vector<bool>& outputs) {
    OperandArrangement a;
    int inputs = 0, outs = 0;
    for (const bool out : outputs) a.cells.push_back({out ? 1 : 0, out ? outs++ : inputs++});
    a.rows = (inputs > 0) + (outs > 0);
    a.cols = std::max({inputs, outs, 1});
    if (inputs == 0)  // outputs only: they are the first row
        for (auto& c : a.cells) c.row = 0;
    return a;
}

OperandArrangement oneLine(std::size_t n, bool row) {
    OperandArrangement a;
    for (std::size_t i = 0; i < n; ++i) {
        const int k = static_cast<int>(i);
        a.cells.push_back(row ? OperandArrangement::Cell{0, k} : OperandArrangement::Cell{k, 0});
    }
    a.rows = row ? 1 : static_cast<int>(n);
    a.cols = row ? static_cast<int>(n) : 1;
    return a;
}

// The pixels of array the arrangement draws: each view's fit, at the scale the views share
// (view::shared_scale, as the explorer applies it).
double drawnArea(const OperandArrangement& a, const std::vector<view::ElementRect>& extents,
                 const OperandRoom& room) {
    if (a.rows <= 0 || a.cols <= 0) return 0;
    const double viewW = (room.width - (a.cols - 1) * room.spacing) / a.cols;
    const double viewH = (room.height - (a.rows - 1) * room.spacing) / a.rows;
    if (viewW < room.minCell.width() || viewH < room.minCell.height()) return 0;
    const double cellW = viewW - 2 * room.margin;
    const double cellH = viewH - room.title - 2 * room.margin;
    if (cellW <= 0 || cellH <= 0) return 0;
    std::vector<double> own;
    for (const view::ElementRect& e : extents) {
        const double cols = static_cast<double>(std::max<std::int64_t>(e.cols(), 1));
        const double rows = static_cast<double>(std::max<std::int64_t>(e.rows(), 1));
        own.push_back(std::min(cellW / cols, cellH / rows));
    }
    const double common = own.empty() ? 0 : *std::min_element(own.begin(), own.end());
    double area = 0;
    for (std::size_t i = 0; i < extents.size(); ++i) {
        const double s = view::shared_scale(own[i], common);
        area += s * s * static_cast<double>(std::max<std::int64_t>(extents[i].cols(), 1)) *
                static_cast<double>(std::max<std::int64_t>(extents[i].rows(), 1));
    }
    return area;
}

}  // namespace

OperandArrangement arrangeOperands(const std::vector<view::ElementRect>& extents,
                                   const std::vector<bool>& outputs, const OperandRoom& room) {
    OperandArrangement best = twoRows(outputs);
    if (extents.size() != outputs.size() || extents.size() < 2) return best;
    double bestArea = drawnArea(best, extents, room);
    for (const bool row : {true, false}) {
        const OperandArrangement a = oneLine(extents.size(), row);
        const double area = drawnArea(a, extents, room);
        // The documented sketch unless another draws clearly more (a fifth more array).
        if (area > bestArea * 1.2) {
            best = a;
            bestArea = area;
        }
    }
    return best;
}

}  // namespace tl::gui
