#pragma once
// The grid navigator's geometry: the programs of a grid laid out as a plane of rows (axis 0)
// and columns (axis 1), one plane per "slice" of the remaining axes (2 and 3, which vary
// fastest), the moves the keys make, and the fit of the plane into a rectangle.
// Programs are numbered in iteration order, so program = (row * cols + col) * slices + slice.
#include <cstdint>
#include <vector>

#include "core/view/geometry.h"

namespace tl::view {

class GridPlane {
public:
    GridPlane() = default;  // one program
    explicit GridPlane(std::vector<std::int64_t> grid);

    int rank() const { return static_cast<int>(grid_.size()); }
    const std::vector<std::int64_t>& grid() const { return grid_; }
    std::int64_t rows() const { return rows_; }
    std::int64_t cols() const { return cols_; }
    std::int64_t slices() const { return slices_; }
    std::int64_t programs() const { return rows_ * cols_ * slices_; }

    struct Cell {
        std::int64_t slice = 0, row = 0, col = 0;
    };
    Cell cell_of(std::int64_t program) const;
    std::int64_t program_at(std::int64_t slice, std::int64_t row, std::int64_t col) const;
    // Coordinates on axes 2.. of a slice (row-major, the last axis fastest).
    std::vector<std::int64_t> slice_coords(std::int64_t slice) const;
    std::int64_t slice_of_coords(const std::vector<std::int64_t>& coords) const;

    // Moves; each clamps to the grid and returns the program reached.
    std::int64_t step_order(std::int64_t program, std::int64_t delta) const;
    std::int64_t step_row(std::int64_t program, std::int64_t delta) const;
    std::int64_t step_col(std::int64_t program, std::int64_t delta) const;
    std::int64_t step_slice(std::int64_t program, std::int64_t delta) const;

private:
    std::vector<std::int64_t> grid_;
    std::int64_t rows_ = 1, cols_ = 1, slices_ = 1;
};

// Cells of cell_w x cell_h pixels laid out from (x0, y0); `cell` is the smaller side, which
// decides the level of detail. Square unless the grid's shape would make square cells tiny.
struct PlaneLayout {
    double x0 = 0, y0 = 0, cell = 0, cell_w = 0, cell_h = 0;
    bool square() const { return cell_w == cell_h; }
    RectF cell_rect(std::int64_t row, std::int64_t col) const {
        return {x0 + static_cast<double>(col) * cell_w, y0 + static_cast<double>(row) * cell_h,
                cell_w, cell_h};
    }
    // (row, col) under a pixel; false outside the plane.
    bool hit(const GridPlane& plane, double x, double y, std::int64_t* row,
             std::int64_t* col) const;
};

// The largest square cells (at most max_cell) showing the plane centred in `area`; when those
// would be under `min_square` pixels and the plane a strip (a tall or wide grid), each axis
// is stretched on its own to the area (still at most max_cell), so that a 32 x 4 grid fills
// the panel rather than shrinking to a strip. A big square grid stays square.
PlaneLayout fit_plane(const GridPlane& plane, const RectF& area, double max_cell = 40,
                      double min_square = 8);

}  // namespace tl::view
