#include "widgets/explorer/operand_fit.h"

#include <algorithm>

namespace tl::gui {

namespace {

constexpr double kFitMaxScale = 96;   // pixels per element
constexpr double kFitMinSide = 64;    // a thinner array is stretched across (fit_any_aspect)
constexpr double kLongSideRatio = 2;  // a stretched array stays this many times longer than wide

view::ElementRect displayedWindow(const view::OperandScene& s, const Window& w) {
    view::ElementRect r{0, 0, 1, 1};
    if (s.row_dim >= 0) {
        const auto d = static_cast<std::size_t>(s.row_dim);
        r.r0 = w.start[d];
        r.r1 = w.start[d] + w.size[d];
    }
    if (s.col_dim >= 0) {
        const auto d = static_cast<std::size_t>(s.col_dim);
        r.c0 = w.start[d];
        r.c1 = w.start[d] + w.size[d];
    }
    return r;
}

// Centres `cols` x `rows` elements at the transform's scales in the viewport.
void centre(view::ViewTransform& t, const view::ElementRect& e, const view::RectF& vp) {
    const double cols = static_cast<double>(std::max<std::int64_t>(e.cols(), 1));
    const double rows = static_cast<double>(std::max<std::int64_t>(e.rows(), 1));
    t.origin_x = vp.x + (vp.w - cols * t.scale_x) / 2 - static_cast<double>(e.c0) * t.scale_x;
    t.origin_y = vp.y + (vp.h - rows * t.scale_y) / 2 - static_cast<double>(e.r0) * t.scale_y;
}

// How far past the array a block may widen the frame: the array's own size or the block's,
// whichever is larger, on each side. A block placed further (an index map that returns element
// offsets, so block 1 lands 128 blocks out) would shrink the array to a dot; it is left off
// the picture, where the findings name it.
view::ElementRect reach(const view::OperandScene& s, const view::ElementRect& block) {
    const std::int64_t dr = std::max(s.extent.rows(), block.rows()),
                       dc = std::max(s.extent.cols(), block.cols());
    return {s.extent.r0 - dr, s.extent.c0 - dc, s.extent.r1 + dr, s.extent.c1 + dc};
}

bool within(const view::ElementRect& inner, const view::ElementRect& outer) {
    return inner.r0 >= outer.r0 && inner.c0 >= outer.c0 && inner.r1 <= outer.r1 &&
           inner.c1 <= outer.c1;
}

}  // namespace

view::ElementRect operandFrame(const Analysis& a, const view::OperandScene& s,
                               std::int64_t maxPrograms) {
    view::ElementRect frame = s.extent;
    if (s.has_block && within(s.window, reach(s, s.window))) frame = view::unite(frame, s.window);
    if (s.operand < 0 || s.manual || a.programs() > maxPrograms) return frame;
    for (std::int64_t p = 0; p < a.programs(); ++p) {
        // Only a block past the array can reach past the extent.
        if (!a.out_of_bounds(p, s.operand)) continue;
        const Window w = a.window(p, s.operand);
        if (w.start.size() != s.shape.size() || w.size.size() != s.shape.size()) continue;
        const view::ElementRect block = displayedWindow(s, w);
        if (within(block, reach(s, block))) frame = view::unite(frame, block);
    }
    return frame;
}

void widenToFrames(const Analysis& a, std::vector<view::OperandScene>& scenes) {
    for (view::OperandScene& s : scenes) s.extent = operandFrame(a, s);
}

view::ViewTransform fitOperand(const view::ElementRect& extent, const view::RectF& viewport,
                               double margin, double maxScale) {
    view::ViewTransform t =
        view::fit_any_aspect(extent, viewport, margin, kFitMinSide, kFitMaxScale, 24, maxScale);
    if (t.scale_x == t.scale_y) return t;
    const view::ViewTransform square = view::fit(extent, viewport, margin, 24, maxScale);
    const double cols = static_cast<double>(std::max<std::int64_t>(extent.cols(), 1));
    const double rows = static_cast<double>(std::max<std::int64_t>(extent.rows(), 1));
    // Only the stretched axis gives way, never below its unstretched scale; a single row or
    // column is fit()'s strip and stays as it is.
    if (t.scale_x > t.scale_y && cols > 1) {
        const double longest = rows * t.scale_y / kLongSideRatio;
        if (rows > cols) t.scale_x = std::max(square.scale_x, std::min(t.scale_x, longest / cols));
    } else if (t.scale_y > t.scale_x && rows > 1) {
        const double longest = cols * t.scale_x / kLongSideRatio;
        if (cols > rows) t.scale_y = std::max(square.scale_y, std::min(t.scale_y, longest / rows));
    }
    centre(t, extent, viewport);
    return t;
}

double stretchedScale(const view::ElementRect& extent, const view::RectF& viewport, double margin) {
    const view::ViewTransform t = fitOperand(extent, viewport, margin);
    return std::max(t.scale_x, t.scale_y);
}

}  // namespace tl::gui
