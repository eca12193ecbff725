#include "core/view/grid_plane.h"

#include <algorithm>
#include <cmath>

namespace tl::view {

GridPlane::GridPlane(std::vector<std::int64_t> grid) : grid_(std::move(grid)) {
    for (auto& n : grid_) n = std::max<std::int64_t>(n, 0);
    if (rank() >= 2) {
        rows_ = grid_[0];
        cols_ = grid_[1];
    } else if (rank() == 1) {
        cols_ = grid_[0];
    }
    for (int a = 2; a < rank(); ++a) slices_ *= grid_[static_cast<std::size_t>(a)];
}

GridPlane::Cell GridPlane::cell_of(std::int64_t program) const {
    if (programs() == 0) return {};
    program = std::clamp<std::int64_t>(program, 0, programs() - 1);
    Cell c;
    c.slice = program % slices_;
    const std::int64_t rc = program / slices_;
    c.col = rc % cols_;
    c.row = rc / cols_;
    return c;
}

std::int64_t GridPlane::program_at(std::int64_t slice, std::int64_t row, std::int64_t col) const {
    return (row * cols_ + col) * slices_ + slice;
}

std::vector<std::int64_t> GridPlane::slice_coords(std::int64_t slice) const {
    std::vector<std::int64_t> c(static_cast<std::size_t>(std::max(rank() - 2, 0)), 0);
    for (int a = rank() - 1; a >= 2; --a) {
        const std::int64_t n = grid_[static_cast<std::size_t>(a)];
        c[static_cast<std::size_t>(a - 2)] = n > 0 ? slice % n : 0;
        slice = n > 0 ? slice / n : 0;
    }
    return c;
}

std::int64_t GridPlane::slice_of_coords(const std::vector<std::int64_t>& coords) const {
    std::int64_t s = 0;
    for (int a = 2; a < rank(); ++a) {
        const std::int64_t n = grid_[static_cast<std::size_t>(a)];
        const std::size_t i = static_cast<std::size_t>(a - 2);
        s = s * n + (i < coords.size() ? std::clamp<std::int64_t>(coords[i], 0, n - 1) : 0);
    }
    return s;
}

std::int64_t GridPlane::step_order(std::int64_t program, std::int64_t delta) const {
    if (programs() == 0) return 0;
    return std::clamp<std::int64_t>(program + delta, 0, programs() - 1);
}

std::int64_t GridPlane::step_row(std::int64_t program, std::int64_t delta) const {
    Cell c = cell_of(program);
    c.row = std::clamp<std::int64_t>(c.row + delta, 0, std::max<std::int64_t>(rows_ - 1, 0));
    return program_at(c.slice, c.row, c.col);
}

std::int64_t GridPlane::step_col(std::int64_t program, std::int64_t delta) const {
    Cell c = cell_of(program);
    c.col = std::clamp<std::int64_t>(c.col + delta, 0, std::max<std::int64_t>(cols_ - 1, 0));
    return program_at(c.slice, c.row, c.col);
}

std::int64_t GridPlane::step_slice(std::int64_t program, std::int64_t delta) const {
    Cell c = cell_of(program);
    c.slice = std::clamp<std::int64_t>(c.slice + delta, 0, std::max<std::int64_t>(slices_ - 1, 0));
    return program_at(c.slice, c.row, c.col);
}

bool PlaneLayout::hit(const GridPlane& plane, double x, double y, std::int64_t* row,
                      std::int64_t* col) const {
    if (cell_w <= 0 || cell_h <= 0) return false;
    const double c = std::floor((x - x0) / cell_w), r = std::floor((y - y0) / cell_h);
    if (c < 0 || r < 0 || c >= static_cast<double>(plane.cols()) ||
        r >= static_cast<double>(plane.rows()))
        return false;
    *row = static_cast<std::int64_t>(r);
    *col = static_cast<std::int64_t>(c);
    return true;
}

PlaneLayout fit_plane(const GridPlane& plane, const RectF& area, double max_cell,
                      double min_square) {
    PlaneLayout l;
    const double rows = static_cast<double>(std::max<std::int64_t>(plane.rows(), 1));
    const double cols = static_cast<double>(std::max<std::int64_t>(plane.cols(), 1));
    const double w = std::max(0.0, std::min(area.w / cols, max_cell));
    const double h = std::max(0.0, std::min(area.h / rows, max_cell));
    const double side = std::min(w, h);
    // Square unless the cells are small and the plane a strip less than half the area across.
    const bool strip = std::min(cols * side, rows * side) < std::min(area.w, area.h) / 2;
    const bool square = side >= min_square || !strip;
    l.cell_w = square ? side : w;
    l.cell_h = square ? side : h;
    l.cell = std::min(l.cell_w, l.cell_h);
    l.x0 = area.x + (area.w - cols * l.cell_w) / 2;
    l.y0 = area.y + (area.h - rows * l.cell_h) / 2;
    return l;
}

}  // namespace tl::view
