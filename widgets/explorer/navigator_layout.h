#pragma once
// Where the navigator draws each program of its plane. A plane whose cells would be too small
// to click (a 128 x 2 or 32 x 4 grid in a short pane) is wrapped: a tall plane's rows run in
// bands side by side, a wide plane's columns in bands one under another, each band a piece of
// the plane in iteration order, so every program keeps a cell of at least kMinWrappedCell px.
#include <cstdint>

#include "core/view/grid_plane.h"

namespace tl::gui {

inline constexpr double kMinWrappedCell = 14;  // pixels; what a click can aim at

struct NavigatorLayout {
    view::PlaneLayout base;       // one band: where the plane's cells start, their size
    std::int64_t bands = 1;       // 1: the plane as it is
    bool wrapsRows = true;        // rows in bands side by side; else columns in bands stacked
    std::int64_t bandLength = 0;  // rows (or columns) per band
    double bandStep = 0;          // pixels from one band's origin to the next

    double cell() const { return base.cell; }
    double cellW() const { return base.cell_w; }
    double cellH() const { return base.cell_h; }
    bool square() const { return base.square(); }
    view::RectF cellRect(std::int64_t row, std::int64_t col) const;
    // (row, col) under a pixel; false outside every band's cells.
    bool hit(const view::GridPlane& plane, double x, double y, std::int64_t* row,
             std::int64_t* col) const;
    // Band b's rows [r0, r1) and columns [c0, c1) of the plane, and the pixel of its corner.
    struct Band {
        std::int64_t r0 = 0, r1 = 0, c0 = 0, c1 = 0;
        double x = 0, y = 0;
    };
    Band band(const view::GridPlane& plane, std::int64_t b) const;
};

// The plane in `area`: view::fit_plane (at most 34 px cells), or wrapped when that gives cells
// under kMinWrappedCell and wrapping gives bigger ones. Planes of over 20,000 programs are
// never wrapped (they are drawn as a density image).
NavigatorLayout layoutNavigatorPlane(const view::GridPlane& plane, const view::RectF& area);

}  // namespace tl::gui
