#include "core/view/geometry.h"

#include <algorithm>
#include <cmath>

namespace tl::view {

ElementRect intersect(const ElementRect& a, const ElementRect& b) {
    ElementRect r{std::max(a.r0, b.r0), std::max(a.c0, b.c0), std::min(a.r1, b.r1),
                  std::min(a.c1, b.c1)};
    if (r.empty()) return {};
    return r;
}

ElementRect unite(const ElementRect& a, const ElementRect& b) {
    if (a.empty()) return b;
    if (b.empty()) return a;
    return {std::min(a.r0, b.r0), std::min(a.c0, b.c0), std::max(a.r1, b.r1), std::max(a.c1, b.c1)};
}

std::vector<ElementRect> subtract(const ElementRect& outer, const ElementRect& inner) {
    std::vector<ElementRect> out;
    if (outer.empty()) return out;
    const ElementRect in = intersect(outer, inner);
    if (in.empty()) {
        out.push_back(outer);
        return out;
    }
    auto add = [&](ElementRect r) {
        if (!r.empty()) out.push_back(r);
    };
    add({outer.r0, outer.c0, in.r0, outer.c1});  // above
    add({in.r1, outer.c0, outer.r1, outer.c1});  // below
    add({in.r0, outer.c0, in.r1, in.c0});        // left
    add({in.r0, in.c1, in.r1, outer.c1});        // right
    return out;
}

RectF ViewTransform::to_pixels(const ElementRect& r) const {
    return {x_of(static_cast<double>(r.c0)), y_of(static_cast<double>(r.r0)),
            static_cast<double>(r.cols()) * scale_x, static_cast<double>(r.rows()) * scale_y};
}

std::pair<std::int64_t, std::int64_t> ViewTransform::element_at(double x, double y) const {
    return {static_cast<std::int64_t>(std::floor(row_at(y))),
            static_cast<std::int64_t>(std::floor(col_at(x)))};
}

void ViewTransform::zoom_at(double factor, double px, double py, double min_scale,
                            double max_scale) {
    const double smaller = std::min(scale_x, scale_y);
    if (smaller <= 0 || factor <= 0) return;
    factor = std::clamp(smaller * factor, min_scale, max_scale) / smaller;
    const double col = col_at(px), row = row_at(py);
    scale_x *= factor;
    scale_y *= factor;
    origin_x = px - col * scale_x;
    origin_y = py - row * scale_y;
}

void ViewTransform::zoom_stretched_at(double factor, double px, double py, double min_scale,
                                      double max_scale, double stretched_cap) {
    const double col = col_at(px), row = row_at(py);
    const bool wide = scale_x > scale_y, tall = scale_y > scale_x;
    zoom_at(factor, px, py, min_scale, max_scale);
    if (wide) scale_x = std::max(scale_y, std::min(scale_x, stretched_cap));
    if (tall) scale_y = std::max(scale_x, std::min(scale_y, stretched_cap));
    origin_x = px - col * scale_x;
    origin_y = py - row * scale_y;
}

ViewTransform fit(const ElementRect& extent, const RectF& viewport, double margin,
                  double min_row_px, double max_scale) {
    ViewTransform t;
    const double w = std::max(viewport.w - 2 * margin, 1.0);
    const double h = std::max(viewport.h - 2 * margin, 1.0);
    const double cols = static_cast<double>(std::max<std::int64_t>(extent.cols(), 1));
    const double rows = static_cast<double>(std::max<std::int64_t>(extent.rows(), 1));
    const double s = std::min({w / cols, h / rows, max_scale});
    t.scale_x = t.scale_y = s;
    if (extent.rows() == 1) t.scale_y = std::max(s, std::min(min_row_px, h));
    if (extent.cols() == 1) t.scale_x = std::max(s, std::min(min_row_px, w));
    t.origin_x = viewport.x + (viewport.w - cols * t.scale_x) / 2 -
                 static_cast<double>(extent.c0) * t.scale_x;
    t.origin_y = viewport.y + (viewport.h - rows * t.scale_y) / 2 -
                 static_cast<double>(extent.r0) * t.scale_y;
    return t;
}

ViewTransform fit_any_aspect(const ElementRect& extent, const RectF& viewport, double margin,
                             double min_side_px, double max_stretch, double min_row_px,
                             double max_scale) {
    ViewTransform t = fit(extent, viewport, margin, min_row_px, max_scale);
    const double w = std::max(viewport.w - 2 * margin, 1.0);
    const double h = std::max(viewport.h - 2 * margin, 1.0);
    const double cols = static_cast<double>(std::max<std::int64_t>(extent.cols(), 1));
    const double rows = static_cast<double>(std::max<std::int64_t>(extent.rows(), 1));
    // Only an array of extreme aspect (8:1 or more) is stretched: a thin side that comes from
    // a small view or a shared scale is the honest picture.
    const auto thin = [&](double side, double room, double aspect) {
        return aspect >= 8 && side < min_side_px && side < room / 4;
    };
    // A single row or column is fit()'s rank-1 strip already.
    if (cols > 1 && thin(cols * t.scale_x, w, rows / cols))
        t.scale_x = std::max(t.scale_x, std::min(w / cols, max_stretch));
    else if (rows > 1 && thin(rows * t.scale_y, h, cols / rows))
        t.scale_y = std::max(t.scale_y, std::min(h / rows, max_stretch));
    t.origin_x = viewport.x + (viewport.w - cols * t.scale_x) / 2 -
                 static_cast<double>(extent.c0) * t.scale_x;
    t.origin_y = viewport.y + (viewport.h - rows * t.scale_y) / 2 -
                 static_cast<double>(extent.r0) * t.scale_y;
    return t;
}

double shared_scale(double own, double common, double max_ratio) {
    return common > 0 && own / common <= max_ratio ? common : own;
}

Span visible_span(double origin, double scale, double p0, double p1, std::int64_t lo,
                  std::int64_t hi) {
    if (scale <= 0 || hi <= lo) return {lo, lo};
    const double a = std::floor((p0 - origin) / scale);
    const double b = std::ceil((p1 - origin) / scale);
    const auto clampd = [&](double v) {
        return static_cast<std::int64_t>(
            std::clamp(v, static_cast<double>(lo), static_cast<double>(hi)));
    };
    return {clampd(a), clampd(b)};
}

double element_line_opacity(double px) {
    return std::clamp((px - 3.0) / 5.0, 0.0, 1.0);
}

double block_line_opacity(double px) {
    return std::clamp((px - 2.0) / 4.0, 0.0, 1.0);
}

}  // namespace tl::view
