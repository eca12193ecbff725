#include "core/view/sheet_layout.h"

#include <algorithm>

namespace tl::view {

namespace {

// Pixels of array the panels draw, each array fit into its canvas on its own.
double drawn_area(const std::vector<OperandScene>& scenes, const SheetLayout& l,
                  const SheetMetrics& m) {
    double area = 0;
    for (std::size_t i = 0; i < scenes.size(); ++i) {
        const double cols = static_cast<double>(std::max<std::int64_t>(scenes[i].extent.cols(), 1));
        const double rows = static_cast<double>(std::max<std::int64_t>(scenes[i].extent.rows(), 1));
        const double s = std::min(l.panels[i].w / cols, (l.panels[i].h - m.title) / rows);
        area += std::max(s, 0.0) * std::max(s, 0.0) * cols * rows;
    }
    return area;
}

SheetLayout place_rows(const std::vector<OperandScene>& scenes,
                       std::vector<std::vector<std::size_t>> rows, double width, double height,
                       const SheetMetrics& m) {
    SheetLayout l;
    l.width = width;
    l.panels.resize(scenes.size());
    std::erase_if(rows, [](const auto& r) { return r.empty(); });

    const double inner = std::max(width - 2 * m.margin, 1.0);
    // One column grid for both rows, so an output sits under the input beside it.
    std::size_t columns = 1;
    for (const auto& row : rows) columns = std::max(columns, row.size());
    const double n = static_cast<double>(columns);
    const double w = (inner - (n - 1) * m.gap) / n;
    std::vector<double> panel_w, canvas_h;
    for (const auto& row : rows) {
        double h = 0;
        for (std::size_t i : row) {
            const ElementRect& e = scenes[i].extent;
            const double aspect = static_cast<double>(std::max<std::int64_t>(e.rows(), 1)) /
                                  static_cast<double>(std::max<std::int64_t>(e.cols(), 1));
            h = std::max(h, w * std::clamp(aspect, 0.12, 1.0));
        }
        panel_w.push_back(w);
        canvas_h.push_back(std::max(h, 48.0));
    }
    const double fixed =
        2 * m.margin + m.header + m.legend + static_cast<double>(rows.size()) * (m.title + m.gap);
    if (height > 0) {
        double natural = 0;
        for (double h : canvas_h) natural += h;
        const double avail = std::max(height - fixed, 1.0);
        for (double& h : canvas_h) h = natural > 0 ? h * avail / natural : avail;
    }
    double y = m.margin;
    l.header = {m.margin, y, inner, m.header};
    y += m.header;
    for (std::size_t r = 0; r < rows.size(); ++r) {
        double x = m.margin;
        for (std::size_t i : rows[r]) {
            l.panels[i] = {x, y, panel_w[r], m.title + canvas_h[r]};
            x += panel_w[r] + m.gap;
        }
        y += m.title + canvas_h[r] + m.gap;
    }
    l.legend = {m.margin, y, inner, m.legend};
    l.height = height > 0 ? height : y + m.legend + m.margin;
    return l;
}

}  // namespace

SheetLayout layout_sheet(const std::vector<OperandScene>& scenes, double width, double height,
                         const SheetMetrics& m) {
    std::vector<std::vector<std::size_t>> rows(2);
    for (std::size_t i = 0; i < scenes.size(); ++i)
        rows[scenes[i].is_output() ? 1 : 0].push_back(i);
    SheetLayout sketch = place_rows(scenes, rows, width, height, m);
    if (height <= 0 || rows[0].empty() || rows[1].empty()) return sketch;
    // A sheet of a given size: every operand on one row when that draws clearly more array
    // (three arrays on a wide sheet rather than two rows with half of the lower one empty).
    std::vector<std::size_t> all(scenes.size());
    for (std::size_t i = 0; i < all.size(); ++i) all[i] = i;
    SheetLayout line = place_rows(scenes, {all}, width, height, m);
    return drawn_area(scenes, line, m) > 1.2 * drawn_area(scenes, sketch, m) ? line : sketch;
}

}  // namespace tl::view
