#pragma once
// Element <-> pixel geometry of the operand views, without any drawing: a 2-D element space
// (rows, columns of the displayed dimensions) mapped to pixels by scale and origin, the fit
// that shows an extent in a viewport, zoom about a point, and the level-of-detail rules.
#include <cstdint>
#include <utility>
#include <vector>

namespace tl::view {

// Pixels (device-independent).
struct RectF {
    double x = 0, y = 0, w = 0, h = 0;
    double right() const { return x + w; }
    double bottom() const { return y + h; }
    bool intersects(const RectF& o) const {
        return x < o.right() && o.x < right() && y < o.bottom() && o.y < bottom();
    }
};

// Elements: rows [r0, r1) x columns [c0, c1) of the displayed dimensions.
struct ElementRect {
    std::int64_t r0 = 0, c0 = 0, r1 = 0, c1 = 0;
    std::int64_t rows() const { return r1 > r0 ? r1 - r0 : 0; }
    std::int64_t cols() const { return c1 > c0 ? c1 - c0 : 0; }
    bool empty() const { return rows() == 0 || cols() == 0; }
    bool contains(std::int64_t r, std::int64_t c) const {
        return r >= r0 && r < r1 && c >= c0 && c < c1;
    }
    bool operator==(const ElementRect&) const = default;
};

ElementRect intersect(const ElementRect& a, const ElementRect& b);
ElementRect unite(const ElementRect& a, const ElementRect& b);  // bounding box; ignores empties
// `outer` minus `inner` as at most four disjoint rectangles (top, bottom, left, right strips).
std::vector<ElementRect> subtract(const ElementRect& outer, const ElementRect& inner);

// Maps element coordinates to pixels: x = origin_x + column * scale_x.
struct ViewTransform {
    double scale_x = 1, scale_y = 1;    // pixels per element
    double origin_x = 0, origin_y = 0;  // pixel position of the corner of element (0, 0)

    double x_of(double col) const { return origin_x + col * scale_x; }
    double y_of(double row) const { return origin_y + row * scale_y; }
    double col_at(double x) const { return (x - origin_x) / scale_x; }
    double row_at(double y) const { return (y - origin_y) / scale_y; }
    RectF to_pixels(const ElementRect& r) const;
    // The element (row, column) under pixel (x, y); may lie outside any array.
    std::pair<std::int64_t, std::int64_t> element_at(double x, double y) const;
    // Scales by `factor` keeping pixel (px, py) over the same element; the scale stays within
    // [min_scale, max_scale] (on the smaller of the two axes).
    void zoom_at(double factor, double px, double py, double min_scale, double max_scale);
    // zoom_at for a view stretched by fit_any_aspect: the stretched axis keeps at most
    // `stretched_cap` pixels per element until the other axis catches up, so zooming in on a
    // thin array widens what is thin instead of blowing up what is already wide.
    void zoom_stretched_at(double factor, double px, double py, double min_scale, double max_scale,
                           double stretched_cap);
    void pan(double dx, double dy) {
        origin_x += dx;
        origin_y += dy;
    }
    bool operator==(const ViewTransform&) const = default;
};

// Shows `extent` centred in `viewport` with `margin` pixels around it, one scale on both axes.
// A single-row extent (rank 1) keeps its row at least `min_row_px` tall, and a single column
// that wide (capped by the viewport), so that a long vector stays visible as a strip.
// `max_scale` caps the pixels per element, so that several views can share one scale.
ViewTransform fit(const ElementRect& extent, const RectF& viewport, double margin,
                  double min_row_px = 24, double max_scale = 1e300);

// fit(), then an array of extreme aspect (8:1 or more) so thin that one side would be under
// `min_side_px` (and under a quarter of the viewport that way) is stretched along that side to the
// viewport, up to `max_stretch` pixels per element: a 65536 x 256 operand shows its columns of
// blocks instead of a 1-px line. Its cells are then not square; the view says so
// (docs/ARCHITECTURE.md, "The explorer's pictures at any size").
ViewTransform fit_any_aspect(const ElementRect& extent, const RectF& viewport, double margin,
                             double min_side_px, double max_stretch, double min_row_px = 24,
                             double max_scale = 1e300);

// The scale a view takes when views share `common` (the smallest of their fit scales): the
// common one, unless the view would then be drawn more than `max_ratio` times smaller than
// on its own (arrays of very different sizes keep their own scale rather than shrink to a
// speck).
double shared_scale(double own, double common, double max_ratio = 8);

// Elements along one axis at least partly inside pixels [p0, p1), clamped to [lo, hi).
struct Span {
    std::int64_t lo = 0, hi = 0;
    std::int64_t size() const { return hi > lo ? hi - lo : 0; }
};
Span visible_span(double origin, double scale, double p0, double p1, std::int64_t lo,
                  std::int64_t hi);

// Level of detail. Element grid lines fade out as cells shrink: opaque from 8 pixels per
// element, gone below 3. Block lines likewise between 6 and 2 pixels per block.
double element_line_opacity(double pixels_per_element);
double block_line_opacity(double pixels_per_block);
// Whether cells of this many pixels are drawn as separate shapes (else as one raster).
inline bool cells_drawn_as_shapes(double px_w, double px_h) {
    return px_w >= 3 && px_h >= 3;
}

}  // namespace tl::view
