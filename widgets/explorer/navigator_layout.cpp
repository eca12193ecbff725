#include "widgets/explorer/navigator_layout.h"

#include <algorithm>
#include <cmath>

namespace tl::gui {

namespace {

constexpr double kMaxNavigatorCell = 34;
constexpr double kBandGapX = 36;   // room for the next band's row labels
constexpr double kBandGapY = 20;   // room for the next band's column labels
constexpr double kBareGap = 6;     // between bands whose cells are too small for labels
constexpr double kLabelCell = 12;  // the smallest cell that gets index labels (grid_canvas.cpp)
constexpr double kShapeCell = 5;   // the smallest cell drawn as a shape; a wrap needs that
constexpr std::int64_t kMaxWrappedPrograms = 20000;

struct WrapChoice {
    std::int64_t bands = 1, length = 0;
    double cell = 0;
};

// The number of bands that gives the biggest square cells when `along` cells (rows, or
// columns) are cut into bands of `across` cells each, bands laid out along `room` with `gap`
// between them and `depth` pixels for a band's length.
WrapChoice bestWrap(std::int64_t along, std::int64_t across, double room, double depth,
                    double gap) {
    WrapChoice best;
    for (std::int64_t b = 1; b <= along; ++b) {
        const std::int64_t length = (along + b - 1) / b;
        if (b > 1 && (length - 1) * b >= along) continue;  // the same length as fewer bands
        const double bandsRoom = room - static_cast<double>(b - 1) * gap;
        if (bandsRoom <= 0) break;
        const double cell =
            std::min({depth / static_cast<double>(length),
                      bandsRoom / static_cast<double>(b * across), kMaxNavigatorCell});
        if (cell > best.cell * 1.05) best = {b, length, cell};
    }
    return best;
}

}  // namespace

view::RectF NavigatorLayout::cellRect(std::int64_t row, std::int64_t col) const {
    if (bands <= 1 || bandLength <= 0) return base.cell_rect(row, col);
    const std::int64_t b = (wrapsRows ? row : col) / bandLength;
    const double shift = static_cast<double>(b) * bandStep;
    if (wrapsRows) {
        view::RectF r = base.cell_rect(row - b * bandLength, col);
        r.x += shift;
        return r;
    }
    view::RectF r = base.cell_rect(row, col - b * bandLength);
    r.y += shift;
    return r;
}

bool NavigatorLayout::hit(const view::GridPlane& plane, double x, double y, std::int64_t* row,
                          std::int64_t* col) const {
    if (bands <= 1 || bandLength <= 0) return base.hit(plane, x, y, row, col);
    const double along = wrapsRows ? x - base.x0 : y - base.y0;
    if (along < 0 || bandStep <= 0) return false;
    const auto b = static_cast<std::int64_t>(std::floor(along / bandStep));
    if (b >= bands) return false;
    const Band at = band(plane, b);
    const double c = std::floor((x - at.x) / base.cell_w);
    const double r = std::floor((y - at.y) / base.cell_h);
    if (c < 0 || r < 0 || c >= static_cast<double>(at.c1 - at.c0) ||
        r >= static_cast<double>(at.r1 - at.r0))
        return false;
    *row = at.r0 + static_cast<std::int64_t>(r);
    *col = at.c0 + static_cast<std::int64_t>(c);
    return true;
}

NavigatorLayout::Band NavigatorLayout::band(const view::GridPlane& plane, std::int64_t b) const {
    Band out{0, plane.rows(), 0, plane.cols(), base.x0, base.y0};
    if (bands <= 1 || bandLength <= 0) return out;
    const double shift = static_cast<double>(b) * bandStep;
    if (wrapsRows) {
        out.r0 = std::min(b * bandLength, plane.rows());
        out.r1 = std::min(out.r0 + bandLength, plane.rows());
        out.x += shift;
    } else {
        out.c0 = std::min(b * bandLength, plane.cols());
        out.c1 = std::min(out.c0 + bandLength, plane.cols());
        out.y += shift;
    }
    return out;
}

NavigatorLayout layoutNavigatorPlane(const view::GridPlane& plane, const view::RectF& area) {
    NavigatorLayout l;
    l.base = view::fit_plane(plane, area, kMaxNavigatorCell);
    const std::int64_t rows = plane.rows(), cols = plane.cols();
    if (l.base.cell >= kMinWrappedCell || rows * cols > kMaxWrappedPrograms) return l;
    // Bands far enough apart for their labels, or close together when the cells are too small
    // to hold labels anyway.
    const auto wrap = [](std::int64_t along, std::int64_t across, double room, double depth,
                         double gap) {
        const WrapChoice labelled = bestWrap(along, across, room, depth, gap);
        if (labelled.cell >= kLabelCell) return labelled;
        const WrapChoice bare = bestWrap(along, across, room, depth, kBareGap);
        return bare.cell > labelled.cell && bare.cell < kLabelCell ? bare : labelled;
    };
    const WrapChoice byRows = wrap(rows, cols, area.w, area.h, kBandGapX);
    const WrapChoice byCols = wrap(cols, rows, area.h, area.w, kBandGapY);
    const bool rowsWin = byRows.cell >= byCols.cell;
    const WrapChoice& w = rowsWin ? byRows : byCols;
    if (w.bands <= 1 || w.cell <= l.base.cell || w.cell < kShapeCell) return l;
    const double gap = w.cell >= kLabelCell ? (rowsWin ? kBandGapX : kBandGapY) : kBareGap;
    l.bands = w.bands;
    l.wrapsRows = rowsWin;
    l.bandLength = w.length;
    l.base.cell = l.base.cell_w = l.base.cell_h = w.cell;
    const double bandsB = static_cast<double>(w.bands), len = static_cast<double>(w.length);
    if (rowsWin) {
        const double bandW = static_cast<double>(cols) * w.cell;
        l.bandStep = bandW + gap;
        const double total = bandsB * bandW + (bandsB - 1) * gap;
        l.base.x0 = area.x + (area.w - total) / 2;
        l.base.y0 = area.y + (area.h - len * w.cell) / 2;
    } else {
        const double bandH = static_cast<double>(rows) * w.cell;
        l.bandStep = bandH + gap;
        const double total = bandsB * bandH + (bandsB - 1) * gap;
        l.base.x0 = area.x + (area.w - len * w.cell) / 2;
        l.base.y0 = area.y + (area.h - total) / 2;
    }
    return l;
}

}  // namespace tl::gui
