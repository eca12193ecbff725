// Coverage fills, hatching and labels of the operand canvas (see paint_layers.h).
#include <QFontMetricsF>
#include <QPainter>
#include <QVarLengthArray>
#include <algorithm>
#include <cmath>

#include "widgets/explorer/paint_layers.h"
#include "widgets/explorer/type_scale.h"

namespace tl::gui::layers {

using namespace tl::view;

namespace {

double dprOf(const QPainter& p) {
    return p.device() ? p.device()->devicePixelRatioF() : 1.0;
}

// Vertical bands are drawn as one-device-pixel cosmetic lines side by side: the raster
// engine hands tall thin rectangle fills to its thread pool, which costs more than the fill.
void appendVertical(QPainter& p, double x, double y0, double y1, double w,
                    QVarLengthArray<QLineF, 16>& out) {
    const double dpr = dprOf(p);
    const int n = devicePixels(p, w);
    const double left = std::round(x * dpr - n / 2.0);
    for (int i = 0; i < n; ++i) {
        const double xi = (left + i + 0.5) / dpr;
        out.append(QLineF(xi, y0, xi, y1));
    }
}

void strokeCosmetic(QPainter& p, const QVarLengthArray<QLineF, 16>& lines, const QColor& c) {
    p.save();
    p.setRenderHint(QPainter::Antialiasing, false);
    p.setPen(QPen(c, 0));
    p.drawLines(lines.data(), static_cast<int>(lines.size()));
    p.restore();
}

}  // namespace

int devicePixels(const QPainter& p, double w) {
    return std::max(1, static_cast<int>(w * dprOf(p)));
}

void vband(QPainter& p, double x, double y0, double y1, double w, const QColor& c) {
    QVarLengthArray<QLineF, 16> lines;
    appendVertical(p, x, y0, y1, w, lines);
    strokeCosmetic(p, lines, c);
}

void hband(QPainter& p, double y, double x0, double x1, double w, const QColor& c) {
    const double dpr = dprOf(p);
    const int n = devicePixels(p, w);
    const double top = std::round(y * dpr - n / 2.0) / dpr;
    p.fillRect(QRectF(x0, top, x1 - x0, n / dpr), c);
}

void frameInside(QPainter& p, const QRectF& r, double w, const QColor& c) {
    if (r.width() <= 2 * w || r.height() <= 2 * w) {
        p.fillRect(r, c);
        return;
    }
    hband(p, r.top() + w / 2, r.left(), r.right(), w, c);
    hband(p, r.bottom() - w / 2, r.left(), r.right(), w, c);
    QVarLengthArray<QLineF, 16> lines;
    appendVertical(p, r.left() + w / 2, r.top() + w, r.bottom() - w, w, lines);
    appendVertical(p, r.right() - w / 2, r.top() + w, r.bottom() - w, w, lines);
    strokeCosmetic(p, lines, c);
}

int hatch(QPainter& p, const QRectF& r, const QColor& c, bool cross, double spacing) {
    if (r.isEmpty()) return 0;
    QVarLengthArray<QLineF, 256> lines;
    const double L = r.left(), R = r.right(), T = r.top(), B = r.bottom();
    // Lines x - y = k, from bottom-left to top-right ("/" reads as a diagonal hatch).
    for (double k = std::floor((L - B) / spacing) * spacing; k <= R - T; k += spacing) {
        const double y0 = std::max(T, L - k), y1 = std::min(B, R - k);
        if (y1 > y0) lines.append(QLineF(y0 + k, y0, y1 + k, y1));
    }
    if (cross) {  // and x + y = k
        for (double k = std::floor((L + T) / spacing) * spacing; k <= R + B; k += spacing) {
            const double y0 = std::max(T, k - R), y1 = std::min(B, k - L);
            if (y1 > y0) lines.append(QLineF(k - y0, y0, k - y1, y1));
        }
    }
    p.save();
    p.setRenderHint(QPainter::Antialiasing, true);
    p.setPen(QPen(c, 1.1));
    p.drawLines(lines.data(), static_cast<int>(lines.size()));
    p.restore();
    return static_cast<int>(lines.size());
}

namespace {

CellRange visibleOf(const OperandScene& s, const AxisPartition& rows, const AxisPartition& cols,
                    const ViewTransform& t, const QRectF& canvas) {
    const Span vr =
        visible_span(t.origin_y, t.scale_y, canvas.top(), canvas.bottom(), s.array.r0, s.array.r1);
    const Span vc =
        visible_span(t.origin_x, t.scale_x, canvas.left(), canvas.right(), s.array.c0, s.array.c1);
    if (vr.size() == 0 || vc.size() == 0) return {};
    CellRange c{rows.cell_of(vr.lo), rows.cell_of(vr.hi - 1) + 1, cols.cell_of(vc.lo),
                cols.cell_of(vc.hi - 1) + 1};
    if (c.r0 < 0 || c.c0 < 0 || c.r1 <= c.r0 || c.c1 <= c.c0) return {};
    return c;
}

}  // namespace

CellRange visibleCells(const OperandScene& s, const ViewTransform& t, const QRectF& canvas) {
    return visibleOf(s, s.rows, s.cols, t, canvas);
}

CellRange visibleBlocks(const OperandScene& s, const ViewTransform& t, const QRectF& canvas) {
    return visibleOf(s, s.block_rows, s.block_cols, t, canvas);
}

namespace {

// Never: an output element no program writes; Unread: an input element no program reads.
enum class Mark { None, Never, Once, Repeated, Unread };

Mark markOf(const OperandScene& s, bool overlay, std::int32_t n) {
    if (n == 0) return s.is_output() ? Mark::Never : Mark::Unread;
    if (n == 1) return overlay ? Mark::Once : Mark::None;
    return overlay || s.is_output() ? Mark::Repeated : Mark::None;
}

QRectF cellRect(const OperandScene& s, const ViewTransform& t, std::int64_t ri, std::int64_t ci) {
    const auto [r0, r1] = s.rows.cell_bounds(ri);
    const auto [c0, c1] = s.cols.cell_bounds(ci);
    return toQ(t.to_pixels({r0, c0, r1, c1}));
}

// Tiny cells: one pixel per screen pixel, the cell under its centre.
void paintCoverageRaster(QPainter& p, const QRectF& canvas, const OperandScene& s,
                         const ViewTransform& t, bool overlay, const QRgb colours[5]) {
    const QRectF a = toQ(t.to_pixels(s.array)).intersected(canvas);
    const int x0 = static_cast<int>(std::floor(a.left())),
              y0 = static_cast<int>(std::floor(a.top()));
    const int w = static_cast<int>(std::ceil(a.right())) - x0;
    const int h = static_cast<int>(std::ceil(a.bottom())) - y0;
    if (w <= 0 || h <= 0) return;
    QImage img(w, h, QImage::Format_ARGB32_Premultiplied);
    std::vector<std::int64_t> colCell(static_cast<std::size_t>(w));
    for (int x = 0; x < w; ++x)
        colCell[static_cast<std::size_t>(x)] =
            s.cols.cell_of(static_cast<std::int64_t>(std::floor(t.col_at(x0 + x + 0.5))));
    std::int64_t prev = -2;
    for (int y = 0; y < h; ++y) {
        auto* line = reinterpret_cast<QRgb*>(img.scanLine(y));
        const std::int64_t ri =
            s.row_dim >= 0
                ? s.rows.cell_of(static_cast<std::int64_t>(std::floor(t.row_at(y0 + y + 0.5))))
                : 0;
        if (ri == prev && y > 0) {
            std::copy_n(reinterpret_cast<const QRgb*>(img.constScanLine(y - 1)), w, line);
            continue;
        }
        prev = ri;
        for (int x = 0; x < w; ++x) {
            const std::int64_t ci = colCell[static_cast<std::size_t>(x)];
            line[x] = ri < 0 || ci < 0
                          ? 0
                          : colours[static_cast<int>(markOf(s, overlay, s.cell_count(ri, ci)))];
        }
    }
    p.drawImage(QRectF(x0, y0, w, h), img);
}

}  // namespace

void paintCoverage(QPainter& p, const QRectF& canvas, const OperandScene& s, const ViewTransform& t,
                   const OperandPaintOptions& o, const ExplorerPalette& pal, PaintStats& st) {
    if (!s.has_coverage || o.heat) return;
    const CellRange cr = visibleCells(s, t, canvas);
    if (cr.count() == 0) return;
    const QColor hue = ExplorerPalette::roleHue(s.role, s.role_index);
    const QColor once = pal.lightTint(hue), rep = pal.repeated(hue);
    // What no program writes is expected on an aliased output (it keeps the input's values)
    // and harmless on a discarded one: drawn plain, without the never-written alarm.
    const bool excused = s.aliased || s.discard;
    const QColor kept = mix(pal.border, pal.array, 0.12);
    const double avgW = (std::min(canvas.right(), t.x_of(static_cast<double>(s.cols.cut(cr.c1)))) -
                         std::max(canvas.left(), t.x_of(static_cast<double>(s.cols.cut(cr.c0))))) /
                        static_cast<double>(cr.c1 - cr.c0);
    const double avgH = (std::min(canvas.bottom(), t.y_of(static_cast<double>(s.rows.cut(cr.r1)))) -
                         std::max(canvas.top(), t.y_of(static_cast<double>(s.rows.cut(cr.r0))))) /
                        static_cast<double>(cr.r1 - cr.r0);
    const double rowPx = s.row_dim >= 0 ? avgH : 100;  // rank 1: the row is tall enough
    if (!cells_drawn_as_shapes(avgW, rowPx) || cr.count() > 40000) {
        const QRgb colours[5] = {
            0, excused ? kept.rgba() : mix(pal.neverWritten, pal.array, 0.55).rgba(), once.rgba(),
            rep.rgba(), pal.unread.rgba()};
        paintCoverageRaster(p, canvas, s, t, o.coverageOverlay, colours);
        st.rasterCoverage = true;
        ++st.rects;
        return;
    }
    // One rectangle per run of equal marks along a row of cells (a uniform array costs a
    // rectangle per row); never-written cells stay separate to get their own outline.
    QVarLengthArray<QRectF, 256> never;
    for (std::int64_t ri = cr.r0; ri < cr.r1; ++ri) {
        std::int64_t ci = cr.c0;
        while (ci < cr.c1) {
            const Mark m = markOf(s, o.coverageOverlay, s.cell_count(ri, ci));
            std::int64_t end = ci + 1;
            if (m != Mark::Never)
                while (end < cr.c1 && markOf(s, o.coverageOverlay, s.cell_count(ri, end)) == m)
                    ++end;
            if (m != Mark::None) {
                const QRectF r =
                    cellRect(s, t, ri, ci).united(cellRect(s, t, ri, end - 1)).intersected(canvas);
                if (!r.isEmpty()) {
                    if (m == Mark::Never && excused) {
                        p.fillRect(r, kept);
                    } else if (m == Mark::Never) {
                        p.fillRect(r, mix(pal.neverWritten, pal.array, 0.10));
                        never.append(r.adjusted(0.5, 0.5, -0.5, -0.5));
                    } else {
                        p.fillRect(r, m == Mark::Once     ? once
                                      : m == Mark::Unread ? pal.unread
                                                          : rep);
                    }
                    ++st.rects;
                }
            }
            ci = end;
        }
    }
    for (const QRectF& r : never) frameInside(p, r, 2.5, pal.neverWritten);
}

namespace {

// The block index in the corner of every block on screen, or in none when one does not fit.
void paintBlockLabels(QPainter& p, const QRectF& canvas, const OperandScene& s,
                      const ViewTransform& t, const OperandPaintOptions& o,
                      const ExplorerPalette& pal, PaintStats& st) {
    const CellRange br = visibleBlocks(s, t, canvas);
    if (br.count() == 0 || br.count() > 600) return;
    QFont small = o.font;
    small.setPixelSize(type_px(10));
    const QFontMetricsF fm(small);
    const auto blockRect = [&](std::int64_t ri, std::int64_t ci) {
        const auto [r0, r1] = s.block_rows.cell_bounds(ri);
        const auto [c0, c1] = s.block_cols.cell_bounds(ci);
        return toQ(t.to_pixels({r0, c0, r1, c1}));
    };
    const auto widest = s.block_label_at(s.block_rows.cut(br.r1 - 1), s.block_cols.cut(br.c1 - 1));
    const double labelW =
        fm.horizontalAdvance(widest.empty() ? QStringLiteral("(000, 000)") : tupleText(widest));
    const QRectF first = blockRect(br.r0, br.c0), last = blockRect(br.r1 - 1, br.c1 - 1);
    if (labelW + 8 > std::max(first.width(), last.width()) ||
        fm.height() + 4 > std::max(first.height(), last.height()))
        return;
    const bool counts = s.has_coverage && !o.heat && (o.coverageOverlay || s.is_output());
    p.setFont(small);
    for (std::int64_t ri = br.r0; ri < br.r1; ++ri)
        for (std::int64_t ci = br.c0; ci < br.c1; ++ci) {
            const QRectF cell = blockRect(ri, ci);
            const QRectF vis = cell.intersected(canvas);
            if (vis.width() < 24 || vis.height() < 13) continue;
            if (cell.top() < canvas.top() - 1 || cell.left() < canvas.left() - 1) continue;
            const std::int64_t r0 = s.block_rows.cut(ri), c0 = s.block_cols.cut(ci);
            const auto label = s.block_label_at(r0, c0);
            if (label.empty()) continue;
            const bool onBlock = s.has_block && !o.heat && s.clipped.contains(r0, c0);
            const bool onRepeat =
                counts && markOf(s, o.coverageOverlay, s.count_at(r0, c0)) == Mark::Repeated;
            const QString text = tupleText(label);
            const QRectF box(cell.left() + 4, cell.top() + 2, fm.horizontalAdvance(text) + 1,
                             fm.height());
            if (box.right() > vis.right() - 2 || box.bottom() > vis.bottom()) continue;
            p.setPen(onBlock ? pal.onHue() : onRepeat ? pal.onRepeated() : pal.subtleText);
            p.drawText(box, Qt::AlignLeft | Qt::AlignTop, text);
            ++st.labels;
        }
}

}  // namespace

void paintLabels(QPainter& p, const QRectF& canvas, const OperandScene& s, const ViewTransform& t,
                 const OperandPaintOptions& o, const ExplorerPalette& pal, PaintStats& st) {
    paintBlockLabels(p, canvas, s, t, o, pal, st);
    // Counts: "×n" where written (read) 2+ times, "0" where never written; the unread fill of
    // an input speaks for itself (a cell of it can span several blocks).
    if (!s.has_coverage || o.heat || !(o.coverageOverlay || s.is_output())) return;
    const CellRange cr = visibleCells(s, t, canvas);
    if (cr.count() == 0 || cr.count() > 600) return;
    QFont bold = o.font;
    bold.setPixelSize(type_px(12));
    bold.setBold(true);
    const QFontMetricsF bm(bold);
    for (std::int64_t ri = cr.r0; ri < cr.r1; ++ri)
        for (std::int64_t ci = cr.c0; ci < cr.c1; ++ci) {
            const QRectF vis = cellRect(s, t, ri, ci).intersected(canvas);
            const std::int32_t n = s.cell_count(ri, ci);
            const Mark m = markOf(s, o.coverageOverlay, n);
            if (m != Mark::Repeated && !(m == Mark::Never && o.coverageOverlay)) continue;
            const QString text =
                m == Mark::Never ? QStringLiteral("0") : QStringLiteral("×%1").arg(n);
            const bool onBlock = s.has_block && s.clipped.contains(s.rows.cut(ri), s.cols.cut(ci));
            const QColor colour =
                m == Mark::Never ? pal.neverWritten : (onBlock ? pal.onHue() : pal.onRepeated());
            if (bm.horizontalAdvance(text) + 6 > vis.width() || bm.height() + 4 > vis.height())
                continue;
            p.setFont(bold);
            p.setPen(colour);
            p.drawText(vis, Qt::AlignCenter, text);
            ++st.labels;
        }
}

}  // namespace tl::gui::layers
