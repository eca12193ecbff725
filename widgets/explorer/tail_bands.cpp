#include "widgets/explorer/tail_bands.h"

#include <QPainter>
#include <QStringList>
#include <algorithm>
#include <cmath>

#include "widgets/explorer/paint_layers.h"

namespace tl::gui {

namespace {

// The elements [start, n) of a blocked dimension past its last whole block; empty when the
// blocks divide it or the array is a single partial block.
std::pair<std::int64_t, std::int64_t> tailOf(const view::OperandScene& s, int dim) {
    if (dim < 0) return {0, 0};
    const ResolvedBlockDim& b = s.block[static_cast<std::size_t>(dim)];
    const std::int64_t n = s.shape[static_cast<std::size_t>(dim)];
    if (b.kind != BlockDim::Kind::Blocked || b.size <= 0 || n <= b.size || n % b.size == 0)
        return {0, 0};
    return {n - n % b.size, n};
}

// The band of a tail [lo, hi) on an axis drawn from `origin` at `scale` pixels per element:
// kMinTailPx ending at the array's far edge, or starting at the tail when the array is shorter.
std::pair<double, double> bandSpan(double origin, double scale, std::int64_t lo, std::int64_t hi) {
    const double edge = origin + static_cast<double>(hi) * scale;
    const double start = edge - kMinTailPx;
    if (start >= origin) return {start, edge};
    const double tailStart = origin + static_cast<double>(lo) * scale;
    return {tailStart, tailStart + kMinTailPx};
}

}  // namespace

std::vector<TailBand> tailBands(const view::OperandScene& s, const view::ViewTransform& t,
                                const QRectF& canvas) {
    std::vector<TailBand> out;
    if (s.manual) return out;
    const auto [r0, r1] = tailOf(s, s.row_dim);
    const auto [c0, c1] = tailOf(s, s.col_dim);
    const bool rowsThin = r1 > r0 && static_cast<double>(r1 - r0) * t.scale_y < kThinTailPx;
    const bool colsThin = c1 > c0 && static_cast<double>(c1 - c0) * t.scale_x < kThinTailPx;
    view::ViewTransform rowT = t, colT = t;
    QRectF rowPx, colPx;
    if (rowsThin) {
        const auto [y0, y1] = bandSpan(t.y_of(0), t.scale_y, r0, r1);
        rowT.scale_y = (y1 - y0) / static_cast<double>(r1 - r0);
        rowT.origin_y = y0 - static_cast<double>(r0) * rowT.scale_y;
        rowPx = QRectF(QPointF(t.x_of(static_cast<double>(s.array.c0)), y0),
                       QPointF(t.x_of(static_cast<double>(s.array.c1)), y1));
        out.push_back({rowPx.intersected(canvas), rowT, {r0, s.array.c0, r1, s.array.c1}});
    }
    if (colsThin) {
        const auto [x0, x1] = bandSpan(t.x_of(0), t.scale_x, c0, c1);
        colT.scale_x = (x1 - x0) / static_cast<double>(c1 - c0);
        colT.origin_x = x0 - static_cast<double>(c0) * colT.scale_x;
        colPx = QRectF(QPointF(x0, t.y_of(static_cast<double>(s.array.r0))),
                       QPointF(x1, t.y_of(static_cast<double>(s.array.r1))));
        out.push_back({colPx.intersected(canvas), colT, {s.array.r0, c0, s.array.r1, c1}});
    }
    if (rowsThin && colsThin) {  // the corner: both tails magnified
        view::ViewTransform both = rowT;
        both.scale_x = colT.scale_x;
        both.origin_x = colT.origin_x;
        out.push_back({rowPx.intersected(colPx).intersected(canvas), both, {r0, c0, r1, c1}});
    }
    std::erase_if(out, [](const TailBand& b) { return b.pixels.isEmpty(); });
    return out;
}

int paintTailBands(QPainter& p, const QRectF& canvas, const view::OperandScene& s,
                   const view::ViewTransform& t, const OperandPaintOptions& o,
                   const ExplorerPalette& pal) {
    const std::vector<TailBand> bands = tailBands(s, t, canvas);
    for (const TailBand& b : bands) {
        paintOperandCanvas(p, b.pixels, s, b.transform, o, pal);
        // A line where the magnified band meets the array drawn to scale.
        p.save();
        p.setClipRect(canvas);
        p.setPen(QPen(pal.subtleText, 1, Qt::DotLine));
        if (b.elements.r0 > s.array.r0)
            p.drawLine(QLineF(b.pixels.left(), b.pixels.top(), b.pixels.right(), b.pixels.top()));
        if (b.elements.c0 > s.array.c0)
            p.drawLine(QLineF(b.pixels.left(), b.pixels.top(), b.pixels.left(), b.pixels.bottom()));
        p.restore();
    }
    const QString note = tailNote(s, bands);
    if (!note.isEmpty()) {
        QFont small = o.font;
        small.setPixelSize(std::max(10, o.font.pixelSize() > 0 ? o.font.pixelSize() - 2 : 10));
        p.setFont(small);
        p.setPen(pal.subtleText);
        p.drawText(canvas.adjusted(6, 0, -4, -1), Qt::AlignLeft | Qt::AlignBottom, note);
    }
    return static_cast<int>(bands.size());
}

QString tailNote(const view::OperandScene& s, const std::vector<TailBand>& bands) {
    QStringList parts;
    for (const TailBand& b : bands) {
        const bool rowTail = b.elements.r0 > s.array.r0, colTail = b.elements.c0 > s.array.c0;
        if (rowTail && colTail) continue;  // the corner of the two below
        const std::int64_t n = rowTail ? b.elements.rows() : b.elements.cols();
        const QString what =
            rowTail ? (n == 1 ? QStringLiteral("last row") : QStringLiteral("last %1 rows").arg(n))
                    : (n == 1 ? QStringLiteral("last column")
                              : QStringLiteral("last %1 columns").arg(n));
        parts << what;
    }
    if (parts.isEmpty()) return {};
    return QStringLiteral("not to scale: %1 drawn %2 px")
        .arg(parts.join(QStringLiteral(" and ")))
        .arg(kMinTailPx);
}

std::optional<ElementRC> tailElementAt(const std::vector<TailBand>& bands, const QPointF& pos) {
    // The corner is last in the list and on top of the other two.
    for (auto it = bands.rbegin(); it != bands.rend(); ++it) {
        if (!it->pixels.contains(pos)) continue;
        const auto [r, c] = it->transform.element_at(pos.x(), pos.y());
        if (!it->elements.contains(r, c)) return std::nullopt;
        return ElementRC{r, c};
    }
    return std::nullopt;
}

}  // namespace tl::gui
