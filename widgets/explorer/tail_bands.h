#pragma once
// A tail of one or a few rows or columns (M = 129 with blocks of 128) is under a pixel at fit
// zoom, and with it the never-written row and its NaN heat. A tail under kThinTailPx is drawn
// kMinTailPx across: a band at the array's edge, painted with its own transform that magnifies
// the tail, over the few rows of the block before it; the canvas says it is not to scale.
#include <QRectF>
#include <QString>
#include <optional>
#include <vector>

#include "core/view/geometry.h"
#include "core/view/operand_scene.h"
#include "widgets/explorer/operand_painter.h"

namespace tl::gui {

inline constexpr double kThinTailPx = 3;  // a thinner tail is hard to see, let alone to click
inline constexpr double kMinTailPx = 7;   // what it is drawn across then

struct TailBand {
    QRectF pixels;                  // where the tail is drawn
    view::ViewTransform transform;  // maps the tail's elements onto `pixels`
    view::ElementRect elements;     // the tail
};

// The bands of `s` under `t` on `canvas`: a row tail, a column tail, and their corner when
// both are thin; none when every tail is wide enough already.
std::vector<TailBand> tailBands(const view::OperandScene& s, const view::ViewTransform& t,
                                const QRectF& canvas);
// Paints each band as the canvas would be painted there, magnified, with a line on its inner
// edges, and the note in the canvas's bottom-left corner. Returns the bands painted.
int paintTailBands(QPainter& p, const QRectF& canvas, const view::OperandScene& s,
                   const view::ViewTransform& t, const OperandPaintOptions& o,
                   const ExplorerPalette& pal);
// "not to scale: the last row is drawn 7 px tall"; empty without bands.
QString tailNote(const view::OperandScene& s, const std::vector<TailBand>& bands);
// The displayed element under `pos` when it lies in a band.
std::optional<ElementRC> tailElementAt(const std::vector<TailBand>& bands, const QPointF& pos);

}  // namespace tl::gui
