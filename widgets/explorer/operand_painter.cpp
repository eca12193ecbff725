#include "widgets/explorer/operand_painter.h"

#include <QFontMetricsF>
#include <QPainter>
#include <QVarLengthArray>
#include <algorithm>
#include <cmath>

#include "widgets/explorer/paint_layers.h"
#include "widgets/explorer/type_scale.h"

namespace tl::gui {

using namespace tl::view;
using layers::toQ;

namespace {

constexpr double kBlockLine = 1.25;  // pixels; element lines are one device pixel, and fainter
constexpr double kMinBlockMark = 8;  // pixels; the smallest the program's block is drawn
constexpr double kInnerDash = 4;     // pixels of a streamed tile boundary's dash and gap

QRectF pixels(const ViewTransform& t, const ElementRect& r) {
    return toQ(t.to_pixels(r));
}

void fillIn(QPainter& p, const QRectF& canvas, const QRectF& r, const QColor& c, PaintStats& st) {
    const QRectF v = r.intersected(canvas);
    if (v.isEmpty()) return;
    p.fillRect(v, c);
    ++st.rects;
}

// Thin element lines over `area`, fading with the level of detail; only those on screen.
void paintElementLines(QPainter& p, const QRectF& canvas, const OperandScene& s,
                       const ViewTransform& t, const ElementRect& area, const ExplorerPalette& pal,
                       PaintStats& st) {
    const double px = s.row_dim >= 0 ? std::min(t.scale_x, t.scale_y) : t.scale_x;
    const double alpha = element_line_opacity(px);
    if (alpha <= 0 || area.empty()) return;
    const Span rows =
        visible_span(t.origin_y, t.scale_y, canvas.top(), canvas.bottom(), area.r0, area.r1);
    const Span cols =
        visible_span(t.origin_x, t.scale_x, canvas.left(), canvas.right(), area.c0, area.c1);
    if (rows.size() == 0 || cols.size() == 0) return;
    const double x0 = std::max(t.x_of(static_cast<double>(cols.lo)), canvas.left());
    const double x1 = std::min(t.x_of(static_cast<double>(cols.hi)), canvas.right());
    const double y0 = std::max(t.y_of(static_cast<double>(rows.lo)), canvas.top());
    const double y1 = std::min(t.y_of(static_cast<double>(rows.hi)), canvas.bottom());
    QVarLengthArray<QLineF, 1024> lines;
    if (s.row_dim >= 0)
        for (std::int64_t r = rows.lo + 1; r < rows.hi; ++r) {
            const double y = t.y_of(static_cast<double>(r));
            lines.append(QLineF(x0, y, x1, y));
        }
    for (std::int64_t c = cols.lo + 1; c < cols.hi; ++c) {
        const double x = t.x_of(static_cast<double>(c));
        lines.append(QLineF(x, y0, x, y1));
    }
    QColor c = pal.elementLine;
    c.setAlphaF(static_cast<float>(c.alphaF() * alpha));
    p.setPen(QPen(c, 0));
    p.drawLines(lines.data(), static_cast<int>(lines.size()));
    st.lines += static_cast<int>(lines.size());
}

// Block lines along one axis: the partition's cuts on screen, across the array.
void blockLinesOnAxis(const AxisPartition& part, double origin, double scale, double p0, double p1,
                      double q0, double q1, bool vertical, QVarLengthArray<QLineF, 512>& out,
                      double* opacity) {
    if (part.count() < 2) return;
    const Span vis = visible_span(origin, scale, p0, p1, part.lo(), part.hi());
    const std::int64_t i0 = part.lower_bound(vis.lo), i1 = part.lower_bound(vis.hi + 1);
    const std::int64_t n = i1 - i0;
    if (n <= 0 || static_cast<double>(n) > (p1 - p0) / 2) {  // denser than every 2 pixels
        *opacity = 0;
        return;
    }
    const double avg = static_cast<double>(vis.size()) * scale /
                       static_cast<double>(std::max<std::int64_t>(n - 1, 1));
    *opacity = std::min(*opacity, block_line_opacity(avg));
    for (std::int64_t i = i0; i < i1; ++i) {
        const double v = origin + static_cast<double>(part.cut(i)) * scale;
        out.append(vertical ? QLineF(v, q0, v, q1) : QLineF(q0, v, q1, v));
    }
}

void paintBlockLines(QPainter& p, const QRectF& canvas, const OperandScene& s,
                     const ViewTransform& t, const ExplorerPalette& pal, PaintStats& st) {
    const QRectF a = pixels(t, s.array).intersected(canvas);
    if (a.isEmpty()) return;
    // Each axis fades on its own: in a stretched view the columns of blocks stay drawn while
    // the rows are too dense to show.
    for (const bool vertical : {false, true}) {
        if (!vertical && s.row_dim < 0) continue;
        QVarLengthArray<QLineF, 512> lines;
        double opacity = 1;
        if (vertical)
            blockLinesOnAxis(s.block_cols, t.origin_x, t.scale_x, canvas.left(), canvas.right(),
                             a.top(), a.bottom(), true, lines, &opacity);
        else
            blockLinesOnAxis(s.block_rows, t.origin_y, t.scale_y, canvas.top(), canvas.bottom(),
                             a.left(), a.right(), false, lines, &opacity);
        if (opacity <= 0 || lines.isEmpty()) continue;
        QColor c = pal.blockLine;
        c.setAlphaF(static_cast<float>(opacity));
        for (const QLineF& l : lines) {
            if (vertical)
                layers::vband(p, l.x1(), l.y1(), l.y2(), kBlockLine, c);
            else
                layers::hband(p, l.y1(), l.x1(), l.x2(), kBlockLine, c);
        }
        st.lines += static_cast<int>(lines.size());
    }
}

void paintHeat(QPainter& p, const QRectF& canvas, const OperandScene& s, const ViewTransform& t,
               const OperandPaintOptions& o) {
    const QImage& img = *o.heat;
    const double bx = static_cast<double>(o.heatBinCols), by = static_cast<double>(o.heatBinRows);
    const Span rows =
        visible_span(t.origin_y, t.scale_y * by, canvas.top(), canvas.bottom(), 0, img.height());
    const Span cols =
        visible_span(t.origin_x, t.scale_x * bx, canvas.left(), canvas.right(), 0, img.width());
    if (rows.size() == 0 || cols.size() == 0) return;
    const QRectF source(static_cast<double>(cols.lo), static_cast<double>(rows.lo),
                        static_cast<double>(cols.size()), static_cast<double>(rows.size()));
    const QRectF target(t.x_of(static_cast<double>(cols.lo) * bx),
                        t.y_of(static_cast<double>(rows.lo) * by),
                        static_cast<double>(cols.size()) * bx * t.scale_x,
                        static_cast<double>(rows.size()) * by * t.scale_y);
    p.save();
    p.setClipRect(pixels(t, s.array).intersected(canvas), Qt::IntersectClip);
    p.setRenderHint(QPainter::SmoothPixmapTransform, false);
    p.drawImage(target, img, source);
    p.restore();
}

void paintCurrentBlockFill(QPainter& p, const QRectF& canvas, const OperandScene& s,
                           const ViewTransform& t, const OperandPaintOptions& o,
                           const ExplorerPalette& pal, PaintStats& st) {
    if (!s.has_block) return;
    if (!o.heat)
        fillIn(p, canvas, pixels(t, s.clipped), ExplorerPalette::roleHue(s.role, s.role_index), st);
    const bool input = s.role == Role::Input;
    for (const ElementRect& strip : subtract(s.window, s.clipped)) {
        const QRectF r = pixels(t, strip).intersected(canvas);
        if (r.isEmpty()) continue;
        p.fillRect(r, input ? pal.paddingFill : pal.droppedFill);
        st.lines += layers::hatch(p, r, input ? pal.paddingHatch : pal.droppedHatch, input);
        ++st.rects;
    }
}

// The tile the first inner step works on, shaded over the valid part of the block (over the
// whole array for a manual operand, which has no block fill).
void paintInnerFirstTile(QPainter& p, const QRectF& canvas, const OperandScene& s,
                         const ViewTransform& t, const OperandPaintOptions& o,
                         const ExplorerPalette& pal, PaintStats& st) {
    const InnerTiles& in = s.inner;
    if (!in.present || in.shown_tiles() < 2) return;
    const QColor hue = ExplorerPalette::roleHue(s.role, s.role_index);
    if (s.manual)
        fillIn(p, canvas, pixels(t, in.first), pal.tint(hue), st);
    else if (!o.heat)
        fillIn(p, canvas, pixels(t, intersect(in.first, s.clipped)),
               layers::innerFirstTile(pal, hue), st);
}

// Tile boundaries closer than a few pixels would turn the block into a grey smear: they fade
// out, and the shaded first tile alone tells the tile's size.
double innerLineOpacity(double pixels_per_tile) {
    return std::clamp((pixels_per_tile - 3.0) / 4.0, 0.0, 1.0);
}

// The boundaries of `in`'s tiles strictly inside `region`, on screen.
// A line that would cross `avoid` (the block's label) stops short of it.
void innerLinesIn(const InnerTiles& in, const ElementRect& region, const ViewTransform& t,
                  const QRectF& canvas, bool rows, bool cols, const QRectF& avoid,
                  QVarLengthArray<QLineF, 256>& out) {
    const QRectF r = pixels(t, region).intersected(canvas);
    if (r.isEmpty()) return;
    const QRectF a = avoid.isNull() ? QRectF() : avoid.adjusted(-2, -1, 2, 1);
    if (cols) {
        const Span vis = visible_span(t.origin_x, t.scale_x, canvas.left(), canvas.right(),
                                      region.c0, region.c1);
        const std::int64_t last = std::min(vis.hi, region.c1 - 1);
        for (std::int64_t i = in.cols.lower_bound(std::max(vis.lo, region.c0 + 1));
             i < in.cols.count() && in.cols.cut(i) <= last; ++i) {
            const double x = t.x_of(static_cast<double>(in.cols.cut(i)));
            const bool under = x > a.left() && x < a.right() && r.top() < a.bottom();
            const double top = under ? a.bottom() : r.top();
            if (top < r.bottom()) out.append(QLineF(x, top, x, r.bottom()));
        }
    }
    if (rows) {
        const Span vis = visible_span(t.origin_y, t.scale_y, canvas.top(), canvas.bottom(),
                                      region.r0, region.r1);
        const std::int64_t last = std::min(vis.hi, region.r1 - 1);
        for (std::int64_t i = in.rows.lower_bound(std::max(vis.lo, region.r0 + 1));
             i < in.rows.count() && in.rows.cut(i) <= last; ++i) {
            const double y = t.y_of(static_cast<double>(in.rows.cut(i)));
            const bool beside = y > a.top() && y < a.bottom() && r.left() < a.right();
            const double left = beside ? a.right() : r.left();
            if (left < r.right()) out.append(QLineF(left, y, r.right(), y));
        }
    }
}

// The inner tile boundaries across the block, each stretch in a colour that reads on what it
// crosses: the hue over the valid part, the padding or dropped fill past the array's edge.
void paintInnerLines(QPainter& p, const QRectF& canvas, const OperandScene& s,
                     const ViewTransform& t, const OperandPaintOptions& o,
                     const ExplorerPalette& pal, PaintStats& st) {
    const InnerTiles& in = s.inner;
    if (!in.present) return;
    const double row_px = static_cast<double>(in.tile_rows) * t.scale_y;
    const double col_px = static_cast<double>(in.tile_cols) * t.scale_x;
    const bool rows = s.row_dim >= 0 && in.rows.cells() > 1 && innerLineOpacity(row_px) > 0;
    const bool cols = in.cols.cells() > 1 && innerLineOpacity(col_px) > 0;
    if (!rows && !cols) return;
    double opacity = 1;
    if (rows) opacity = std::min(opacity, innerLineOpacity(row_px));
    if (cols) opacity = std::min(opacity, innerLineOpacity(col_px));

    const QColor hue = ExplorerPalette::roleHue(s.role, s.role_index);
    std::vector<std::pair<ElementRect, QColor>> regions;
    if (s.has_block && !o.heat) {
        const ElementRect valid = intersect(in.area, s.clipped);
        if (!valid.empty()) regions.emplace_back(valid, hue);
        const QColor past = s.role == Role::Input ? pal.paddingFill : pal.droppedFill;
        for (const ElementRect& strip : subtract(in.area, valid)) regions.emplace_back(strip, past);
    } else {
        regions.emplace_back(in.area, pal.array);
    }
    // Where the block's index is written in its corner (as paint_layers' labels place it).
    QRectF label;
    if (s.has_block && !s.block_index.empty()) {
        QFont small = o.font;
        small.setPixelSize(type_px(10));
        const QFontMetricsF fm(small);
        const QRectF w = pixels(t, s.window);
        label = QRectF(w.left() + 4, w.top() + 2,
                       fm.horizontalAdvance(tupleText(s.block_index)) + 1, fm.height());
        if (label.right() > w.right() - 2 || label.bottom() > w.bottom()) label = QRectF();
    }
    p.save();
    for (const auto& [region, under] : regions) {
        QVarLengthArray<QLineF, 256> lines;
        innerLinesIn(in, region, t, canvas, rows, cols, label, lines);
        if (lines.isEmpty()) continue;
        QPen pen = layers::innerTilePen(pal, hue, under, in.streamed);
        QColor c = pen.color();
        c.setAlphaF(static_cast<float>(c.alphaF() * opacity));
        pen.setColor(c);
        p.setPen(pen);
        p.drawLines(lines.data(), static_cast<int>(lines.size()));
        st.lines += static_cast<int>(lines.size());
    }
    p.restore();
}

// One dimension of the program's block mark: at least kMinBlockMark long, centred on the
// block and kept inside the array when the array is long enough.
void widenToMark(double& lo, double& hi, double array_lo, double array_hi) {
    if (hi - lo >= kMinBlockMark) return;
    const double mid = (lo + hi) / 2;
    lo = mid - kMinBlockMark / 2;
    hi = mid + kMinBlockMark / 2;
    if (array_hi - array_lo < kMinBlockMark) return;
    const double shift = lo < array_lo ? array_lo - lo : (hi > array_hi ? array_hi - hi : 0);
    lo += shift;
    hi += shift;
}

void paintCurrentBlockOutline(QPainter& p, const QRectF& canvas, const OperandScene& s,
                              const ViewTransform& t, const ExplorerPalette& pal, PaintStats& st) {
    if (!s.has_block) return;
    QRectF w = pixels(t, s.window);
    const QColor hue = ExplorerPalette::roleHue(s.role, s.role_index);
    // A block of a huge array at fit zoom is under a pixel: it is drawn as a small solid mark
    // so that the program's place is still seen.
    if (w.width() < kMinBlockMark || w.height() < kMinBlockMark) {
        const QRectF a = pixels(t, s.array);
        double x0 = w.left(), x1 = w.right(), y0 = w.top(), y1 = w.bottom();
        widenToMark(x0, x1, a.left(), a.right());
        widenToMark(y0, y1, a.top(), a.bottom());
        w = QRectF(QPointF(x0, y0), QPointF(x1, y1));
        if (w.intersects(canvas)) p.fillRect(w.intersected(canvas), hue);
    }
    if (!w.intersects(canvas)) return;
    layers::frameInside(p, w.intersected(canvas.adjusted(-4, -4, 4, 4)), 2.5, pal.deep(hue));
    ++st.rects;
}

// The hovered or marked element: its cell outlined, with guide lines when cells are small
// (and always for a marked element, so it is found at any zoom).
void paintElementMark(QPainter& p, const QRectF& canvas, const OperandScene& s,
                      const ViewTransform& t, const ElementRC& e, const QColor& c, bool strong,
                      const ExplorerPalette& pal) {
    const QRectF cell = pixels(t, {e.first, e.second, e.first + 1, e.second + 1});
    if (!cell.intersects(canvas.adjusted(-2, -2, 2, 2))) return;
    const QRectF a = pixels(t, s.array).intersected(canvas);
    const QPointF m = cell.center();
    const bool small = cell.width() < 6 || cell.height() < 6;
    if (strong || small) {
        QColor guide = c;
        guide.setAlpha(strong ? 170 : 120);
        p.setPen(QPen(guide, 1, Qt::DashLine));
        p.drawLine(QLineF(a.left(), m.y(), a.right(), m.y()));
        if (s.row_dim >= 0) p.drawLine(QLineF(m.x(), a.top(), m.x(), a.bottom()));
    }
    const QRectF box = small ? QRectF(m.x() - 4, m.y() - 4, 8, 8) : cell;
    // A halo in the array colour keeps the mark visible on any fill (block, heat, hatch).
    layers::frameInside(p, box.adjusted(-2, -2, 2, 2), 2, pal.array);
    layers::frameInside(p, box, strong ? 2.5 : 1.5, c);
}

}  // namespace

namespace layers {

QColor innerFirstTile(const ExplorerPalette& pal, const QColor& hue) {
    return pal.dark ? mix(hue, QColor(Qt::white), 0.72) : mix(hue, QColor(Qt::black), 0.74);
}

QPen innerTilePen(const ExplorerPalette& pal, const QColor& hue, const QColor& under,
                  bool streamed) {
    // A light line on a dark fill, a dark one on a light fill: the input hues range from the
    // dark Okabe-Ito blue to the light sky blue.
    const QColor light = pal.dark ? QColor(0xF2, 0xF4, 0xF7) : QColor(Qt::white);
    const QColor dark = mix(hue, QColor(Qt::black), 0.35);
    QColor c = under.lightnessF() > 0.55 ? dark : light;
    c.setAlpha(215);
    QPen pen(c, 1);
    pen.setCapStyle(Qt::FlatCap);
    if (streamed) pen.setDashPattern({kInnerDash, kInnerDash});
    return pen;
}

}  // namespace layers

PaintStats paintOperandCanvas(QPainter& p, const QRectF& canvas, const OperandScene& s,
                              const ViewTransform& t, const OperandPaintOptions& o,
                              const ExplorerPalette& pal) {
    PaintStats st;
    p.save();
    p.setClipRect(canvas, Qt::IntersectClip);
    p.setRenderHint(QPainter::Antialiasing, false);
    p.fillRect(canvas, pal.background);
    fillIn(p, canvas, pixels(t, s.array), pal.array, st);

    const QColor hue = ExplorerPalette::roleHue(s.role, s.role_index);
    layers::paintCoverage(p, canvas, s, t, o, pal, st);
    if (o.heat && !o.heat->isNull() && s.is_output()) paintHeat(p, canvas, s, t, o);
    if (!o.heat)
        for (const ElementRect& b : s.visit_blocks)
            fillIn(p, canvas, pixels(t, intersect(b, s.array)), pal.tint(hue), st);
    paintCurrentBlockFill(p, canvas, s, t, o, pal, st);
    paintInnerFirstTile(p, canvas, s, t, o, pal, st);

    const ElementRect lined = s.has_block ? unite(s.array, s.window) : s.array;
    paintElementLines(p, canvas, s, t, lined, pal, st);
    paintBlockLines(p, canvas, s, t, pal, st);
    paintInnerLines(p, canvas, s, t, o, pal, st);
    const QRectF a = pixels(t, s.array);
    if (a.intersects(canvas))
        layers::frameInside(p, a.adjusted(-1, -1, 1, 1).intersected(canvas.adjusted(-4, -4, 4, 4)),
                            1.5, pal.border);
    paintCurrentBlockOutline(p, canvas, s, t, pal, st);
    if (s.manual && a.intersects(canvas)) {
        // No blocks to draw: the whole array stays in HBM and the kernel moves it by hand.
        const QRectF r = a.intersected(canvas);
        st.lines += layers::hatch(p, r, pal.paddingHatch, true);
        const QString text = QStringLiteral("in HBM\nmoved by the kernel\n(not checked)");
        p.setFont(o.font);
        const QRectF box = p.boundingRect(r, Qt::AlignCenter | Qt::TextWordWrap, text)
                               .adjusted(-4, -2, 4, 2)
                               .intersected(r);
        p.fillRect(box, pal.background);
        p.setPen(pal.border);
        p.drawText(r, Qt::AlignCenter | Qt::TextWordWrap, text);
        ++st.labels;
    }
    layers::paintLabels(p, canvas, s, t, o, pal, st);
    if (o.marked) paintElementMark(p, canvas, s, t, *o.marked, pal.marked, true, pal);
    if (o.hover) paintElementMark(p, canvas, s, t, *o.hover, pal.hover, false, pal);
    p.restore();
    return st;
}

}  // namespace tl::gui
