#include "widgets/explorer/grid_canvas.h"

#include <QHelpEvent>
#include <QImage>
#include <QMouseEvent>
#include <QPainter>
#include <QStringList>
#include <QToolTip>
#include <algorithm>
#include <cmath>
#include <map>

#include "widgets/explorer/explorer_palette.h"
#include "widgets/explorer/type_scale.h"

namespace tl::gui {

namespace {

constexpr int kMaxHighlights = 20000;

QRectF q(const view::RectF& r) {
    return {r.x, r.y, r.w, r.h};
}

QRectF inset(const QRectF& r, double cell) {
    const double g = cell >= 10 ? cell * 0.14 : (cell >= 4 ? 0.5 : 0);
    return r.adjusted(g, g, -g, -g);
}

void shape(QPainter& p, const QRectF& r, double cell) {
    if (cell >= 10 && std::abs(r.width() - r.height()) < 0.5)
        p.drawEllipse(r);
    else if (cell >= 10)
        p.drawRoundedRect(r, 4, 4);
    else
        p.drawRect(r);
}

// A marker of at least 6 pixels, centred on the cell, so it shows however small cells are.
QRectF marker(const QRectF& cellRect, double cell) {
    if (cell >= 6) return inset(cellRect, cell);
    return QRectF(cellRect.center().x() - 3, cellRect.center().y() - 3, 6, 6);
}

// Index labels along one band's rows and columns where its cells hold them.
void paintBandLabels(QPainter& p, const NavigatorLayout& l, const NavigatorLayout::Band& b,
                     bool colLabels, bool rowLabels) {
    if (colLabels) {
        const std::int64_t every = l.cellW() >= 20 ? 1 : 2;
        for (std::int64_t c = b.c0; c < b.c1; c += every)
            p.drawText(
                QRectF(b.x + static_cast<double>(c - b.c0) * l.cellW(), b.y - 16, l.cellW(), 14),
                Qt::AlignCenter, QString::number(c));
    }
    if (rowLabels) {
        const std::int64_t every = l.cellH() >= 20 ? 1 : 2;
        for (std::int64_t r = b.r0; r < b.r1; r += every)
            p.drawText(
                QRectF(b.x - 30, b.y + static_cast<double>(r - b.r0) * l.cellH(), 26, l.cellH()),
                Qt::AlignRight | Qt::AlignVCenter, QString::number(r));
    }
}

void paintAxes(QPainter& p, const NavigatorLayout& l, const GridPaintState& s,
               const ExplorerPalette& pal, const QFont& font) {
    const auto& g = s.plane;
    QFont f = font;
    f.setPixelSize(type_px(10));
    p.setFont(f);
    p.setPen(pal.subtleText);
    const QString rowName = s.axisNames.value(0),
                  colName = s.axisNames.value(g.rank() >= 2 ? 1 : 0);
    // Axis names in the corner: rows run down axis 0, columns along axis 1.
    QString corner = colName + QStringLiteral("→");
    if (g.rank() >= 2) corner = rowName + QStringLiteral("↓ ") + corner;
    p.drawText(QRectF(l.base.x0 - 34, l.base.y0 - 16, 31, 14), Qt::AlignRight | Qt::AlignVCenter,
               corner);
    // Index labels along each axis whose cells hold them; the extent in words otherwise.
    const bool colLabels = l.cellW() >= 12 && g.cols() <= 200;
    const bool rowLabels = g.rank() >= 2 && l.cellH() >= 12 && g.rows() <= 200;
    for (std::int64_t b = 0; b < l.bands; ++b)
        paintBandLabels(p, l, l.band(g, b), colLabels, rowLabels);
    if (!colLabels || (g.rank() >= 2 && !rowLabels)) {
        const NavigatorLayout::Band last = l.band(g, l.bands - 1);
        const double w = static_cast<double>(last.c1 - last.c0) * l.cellW(),
                     h = static_cast<double>(last.r1 - last.r0) * l.cellH();
        p.drawText(QRectF(last.x + w + 4, last.y + h - 14, 80, 14),
                   Qt::AlignLeft | Qt::AlignVCenter,
                   QStringLiteral("%1 × %2").arg(g.rows()).arg(g.cols()));
    }
}

// Cells too small to draw one by one: each pixel of the plane shaded by the share of its
// programs already run (exact, since iteration order is row-major over the plane).
void paintDensity(QPainter& p, const view::PlaneLayout& l, const view::GridPlane& g,
                  const view::GridPlane::Cell& cur, bool started, const QColor& done,
                  const QColor& open) {
    if (!(l.cell_w > 0) || !(l.cell_h > 0)) return;  // a pane with no room left for the plane
    const double pw = static_cast<double>(g.cols()) * l.cell_w,
                 ph = static_cast<double>(g.rows()) * l.cell_h;
    const int w = std::max(1, static_cast<int>(std::ceil(pw))),
              h = std::max(1, static_cast<int>(std::ceil(ph)));
    if (w > 8192 || h > 8192) return;
    const QColor doneOpaque = mix(done, open, done.alphaF());
    const auto share = [&](std::int64_t r0, std::int64_t r1, std::int64_t c0, std::int64_t c1) {
        if (!started) return 0.0;
        // Programs (r, c) of the block before (cur.row, cur.col): whole rows above, then the
        // columns left of the current one on its row.
        const double cols = static_cast<double>(c1 - c0);
        double n = static_cast<double>(std::clamp(cur.row, r0, r1) - r0) * cols;
        if (cur.row >= r0 && cur.row < r1)
            n += static_cast<double>(std::clamp(cur.col, c0, c1) - c0);
        return n / (static_cast<double>(r1 - r0) * cols);
    };
    const auto range = [](int px, double cellPx, std::int64_t count) {
        const auto lo =
            std::clamp<std::int64_t>(static_cast<std::int64_t>(px / cellPx), 0, count - 1);
        const auto hi =
            std::clamp<std::int64_t>(static_cast<std::int64_t>((px + 1) / cellPx), lo + 1, count);
        return std::pair{lo, hi};
    };
    QImage img(w, h, QImage::Format_RGB32);
    for (int y = 0; y < h; ++y) {
        const auto [r0, r1] = range(y, l.cell_h, g.rows());
        auto* line = reinterpret_cast<QRgb*>(img.scanLine(y));
        for (int x = 0; x < w; ++x) {
            const auto [c0, c1] = range(x, l.cell_w, g.cols());
            line[x] = mix(doneOpaque, open, share(r0, r1, c0, c1)).rgb();
        }
    }
    p.drawImage(QRectF(l.x0, l.y0, pw, ph), img);
}

}  // namespace

NavigatorLayout gridLayout(const view::GridPlane& plane, const QRectF& r) {
    const QRectF a = r.adjusted(34, 20, -8, -6);
    return layoutNavigatorPlane(plane, {a.x(), a.y(), a.width(), a.height()});
}

namespace {

// Every program of the plane: a shape per cell where the cells are big and few enough, else a
// density image with guides to the current program. Returns the cells drawn one by one.
int paintGridCells(QPainter& p, const NavigatorLayout& l, const GridPaintState& s,
                   const ExplorerPalette& pal, const view::GridPlane::Cell& cur,
                   const QColor& done) {
    const auto& g = s.plane;
    int cells = 0;
    const bool shapes = l.cell() >= 5 && g.rows() * g.cols() <= 20000;
    if (shapes) {
        p.setPen(QPen(pal.subtleText, 1));
        for (std::int64_t row = 0; row < g.rows(); ++row)
            for (std::int64_t col = 0; col < g.cols(); ++col) {
                const bool before = g.program_at(s.slice, row, col) < s.current;
                p.setBrush(before ? QBrush(done) : QBrush(pal.array));
                shape(p, inset(q(l.cellRect(row, col)), l.cell()), l.cell());
                ++cells;
            }
    } else {  // level of detail: a density image, and guides to the current program
        paintDensity(p, l.base, g, cur, s.current >= 0, done, pal.array);
        if (s.current >= 0) {
            QColor guide = pal.text;
            guide.setAlpha(70);
            const QRectF cr = q(l.cellRect(cur.row, cur.col));
            const double pw = static_cast<double>(g.cols()) * l.cellW(),
                         ph = static_cast<double>(g.rows()) * l.cellH();
            p.fillRect(QRectF(l.base.x0, cr.center().y() - 0.5, pw, 1), guide);
            p.fillRect(QRectF(cr.center().x() - 0.5, l.base.y0, 1, ph), guide);
        }
    }
    return cells;
}

// The trail: recent programs, fading; the current one's cell is left to its own marker.
void paintGridTrail(QPainter& p, const NavigatorLayout& l, const GridPaintState& s,
                    const ExplorerPalette& pal, std::int64_t curPos) {
    const auto& g = s.plane;
    p.setPen(Qt::NoPen);
    const double n = static_cast<double>(s.trail.size());
    for (std::size_t i = 0; i < s.trail.size(); ++i) {
        const auto c = g.cell_of(s.trail[i]);
        if (c.row * g.cols() + c.col == curPos) continue;
        QColor t = pal.text;
        t.setAlphaF(static_cast<float>(0.55 * (1.0 - static_cast<double>(i) / (n + 1))));
        p.setBrush(t);
        shape(p, marker(q(l.cellRect(c.row, c.col)), l.cell()), l.cell());
    }
}

// Programs touching the hovered element: strong in this slice, faint in others. Returns the
// rings drawn.
int paintGridHoverRings(QPainter& p, const NavigatorLayout& l, const GridPaintState& s) {
    const auto& g = s.plane;
    std::map<std::int64_t, int> rings;  // plane position -> bits: 1 read, 2 write, 4 this slice
    auto collect = [&](const std::vector<std::int64_t>& progs, int bit) {
        for (std::size_t i = 0; i < progs.size() && rings.size() < kMaxHighlights; ++i) {
            const auto c = g.cell_of(progs[i]);
            rings[c.row * g.cols() + c.col] |= bit | (c.slice == s.slice ? 4 : 0);
        }
    };
    collect(s.readers, 1);
    collect(s.writers, 2);
    p.setBrush(Qt::NoBrush);
    int drawn = 0;
    for (const auto& [pos, bits] : rings) {
        QColor c = ExplorerPalette::roleHue(bits & 2 ? Role::Output : Role::Input, 0);
        if (!(bits & 4)) c.setAlpha(110);
        p.setPen(QPen(c, bits & 4 ? 2.5 : 1.5, bits & 4 ? Qt::SolidLine : Qt::DotLine));
        const QRectF cr = marker(q(l.cellRect(pos / g.cols(), pos % g.cols())), l.cell());
        shape(p, cr.adjusted(-2, -2, 2, 2), l.cell());
        ++drawn;
    }
    return drawn;
}

// The selected finding's programs (a race's writers): solid rings in its severity colour.
// Returns the programs ringed in this slice.
int paintGridFlagged(QPainter& p, const NavigatorLayout& l, const GridPaintState& s) {
    const auto& g = s.plane;
    p.setBrush(Qt::NoBrush);
    p.setPen(QPen(s.flagColour, 3));
    int flags = 0;
    for (std::size_t i = 0; i < s.flagged.size() && i < kMaxHighlights; ++i) {
        const auto c = g.cell_of(s.flagged[i]);
        if (c.slice != s.slice) continue;
        shape(p, marker(q(l.cellRect(c.row, c.col)), l.cell()).adjusted(-4, -4, 4, 4),
              std::max(l.cell(), 10.0));
        ++flags;
    }
    return flags;
}

// The current program: solid, with a ring around it.
void paintGridCurrent(QPainter& p, const NavigatorLayout& l, const ExplorerPalette& pal,
                      const view::GridPlane::Cell& cur) {
    const QRectF cr = marker(q(l.cellRect(cur.row, cur.col)), l.cell());
    p.setPen(QPen(pal.array, 1.5));
    p.setBrush(pal.text);
    shape(p, cr, l.cell());
    p.setPen(QPen(pal.text, 2));
    p.setBrush(Qt::NoBrush);
    shape(p, cr.adjusted(-3, -3, 3, 3), std::max(l.cell(), 10.0));
    if (!l.square() || l.cell() < 6) {  // and a ring a newcomer's eye finds on a big plane
        p.setPen(QPen(pal.marked, 2));
        p.drawEllipse(cr.center(), 9, 9);
    }
}

}  // namespace

GridPaintStats paintGridPlane(QPainter& p, const QRectF& r, const GridPaintState& s,
                              const ExplorerPalette& pal, const QFont& font) {
    GridPaintStats st;
    p.save();
    p.setClipRect(r);
    p.fillRect(r, pal.background);
    const auto& g = s.plane;
    if (g.programs() == 0) {
        p.restore();
        return st;
    }
    const NavigatorLayout l = gridLayout(g, r);
    const auto cur = g.cell_of(s.current);
    const std::int64_t curPos = cur.row * g.cols() + cur.col;
    QColor done = pal.subtleText;
    done.setAlpha(pal.dark ? 110 : 90);
    p.setRenderHint(QPainter::Antialiasing, l.cell() >= 10);
    st.cells = paintGridCells(p, l, s, pal, cur, done);
    paintAxes(p, l, s, pal, font);
    p.setRenderHint(QPainter::Antialiasing, true);
    paintGridTrail(p, l, s, pal, curPos);
    st.highlights = paintGridHoverRings(p, l, s);
    st.flags = paintGridFlagged(p, l, s);
    if (s.current >= 0) paintGridCurrent(p, l, pal, cur);
    p.restore();
    return st;
}

GridCanvas::GridCanvas(QWidget* parent) : QWidget(parent) {
    setMinimumHeight(60);  // the window must fit 1280 x 720 with its docks
    setFocusPolicy(Qt::StrongFocus);
    setAttribute(Qt::WA_OpaquePaintEvent);
}

QRectF GridCanvas::planeArea() const {
    return QRectF(rect());
}

QPointF GridCanvas::centreOf(std::int64_t row, std::int64_t col) const {
    return q(gridLayout(state_.plane, planeArea()).cellRect(row, col)).center();
}

void GridCanvas::paintEvent(QPaintEvent*) {
    QPainter p(this);
    stats_ = paintGridPlane(p, planeArea(), state_, ExplorerPalette::forPalette(palette()), font());
}

void GridCanvas::mousePressEvent(QMouseEvent* e) {
    std::int64_t row = 0, col = 0;
    const auto l = gridLayout(state_.plane, planeArea());
    if (e->button() == Qt::LeftButton &&
        l.hit(state_.plane, e->position().x(), e->position().y(), &row, &col))
        emit programClicked(state_.plane.program_at(state_.slice, row, col));
    setFocus(Qt::MouseFocusReason);
}

}  // namespace tl::gui

namespace tl::gui {

bool GridCanvas::event(QEvent* e) {
    if (e->type() != QEvent::ToolTip) return QWidget::event(e);
    const auto* help = static_cast<QHelpEvent*>(e);
    std::int64_t row = 0, col = 0;
    const auto l = gridLayout(state_.plane, planeArea());
    if (!l.hit(state_.plane, help->pos().x(), help->pos().y(), &row, &col)) {
        QToolTip::hideText();
        e->ignore();
        return true;
    }
    const std::int64_t program = state_.plane.program_at(state_.slice, row, col);
    QStringList coords{QString::number(row), QString::number(col)};
    if (state_.plane.rank() < 2) coords = {QString::number(col)};
    for (std::int64_t c : state_.plane.slice_coords(state_.slice)) coords << QString::number(c);
    QToolTip::showText(
        help->globalPos(),
        QStringLiteral("program_id (%1) · #%2").arg(coords.join(QStringLiteral(", "))).arg(program),
        this);
    return true;
}

}  // namespace tl::gui
