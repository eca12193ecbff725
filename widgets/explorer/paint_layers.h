#pragma once
// Layers of the operand canvas shared by operand_painter.cpp and coverage_layer.cpp.
#include <QColor>
#include <QPen>
#include <QRectF>

#include "widgets/explorer/operand_painter.h"

namespace tl::gui::layers {

inline QRectF toQ(const view::RectF& r) {
    return {r.x, r.y, r.w, r.h};
}

// Solid bands instead of wide pens: the raster engine fills rectangles fast at any width,
// while stroking a pen wider than a pixel goes through its slow path. A band of `w` pixels
// centred on a line, and a frame of `w` pixels just inside `r`.
int devicePixels(const QPainter& p, double w);  // a width in device pixels, at least 1
void vband(QPainter& p, double x, double y0, double y1, double w, const QColor& c);
void hband(QPainter& p, double y, double x0, double x1, double w, const QColor& c);
void frameInside(QPainter& p, const QRectF& r, double w, const QColor& c);

// Diagonal hatch lines inside `r`, computed against the rectangle rather than clipped, so
// that vector exports need no clip support. Lines sit on a fixed lattice so neighbouring
// rectangles join up.
int hatch(QPainter& p, const QRectF& r, const QColor& c, bool cross, double spacing = 6);

// Inner tiles: the shade of the tile the first inner step works on, a little stronger than
// the block's `hue`, and the pen of the tile boundaries over a fill of `under` (the hue, a
// padding fill or the array): dashed when streamed through a pipeline, solid when held.
QColor innerFirstTile(const ExplorerPalette& pal, const QColor& hue);
QPen innerTilePen(const ExplorerPalette& pal, const QColor& hue, const QColor& under,
                  bool streamed);

// The visible partition cells: index ranges [r0, r1) x [c0, c1) of rows/cols cells.
struct CellRange {
    std::int64_t r0 = 0, r1 = 0, c0 = 0, c1 = 0;
    std::int64_t count() const { return (r1 - r0) * (c1 - c0); }
};
CellRange visibleCells(const view::OperandScene& s, const view::ViewTransform& t,
                       const QRectF& canvas);
// The same over the block grid (block_rows x block_cols).
CellRange visibleBlocks(const view::OperandScene& s, const view::ViewTransform& t,
                        const QRectF& canvas);

// Coverage fills and outlines (0, 1, 2+) as shapes or, when cells are tiny, as one image.
void paintCoverage(QPainter& p, const QRectF& canvas, const view::OperandScene& s,
                   const view::ViewTransform& t, const OperandPaintOptions& o,
                   const ExplorerPalette& pal, PaintStats& stats);

// Block-index labels and coverage counts in cells large enough to hold them.
void paintLabels(QPainter& p, const QRectF& canvas, const view::OperandScene& s,
                 const view::ViewTransform& t, const OperandPaintOptions& o,
                 const ExplorerPalette& pal, PaintStats& stats);

}  // namespace tl::gui::layers
