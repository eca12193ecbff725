#pragma once
// Paints one operand view from its scene: the thin drawing layer over core/view. The widget,
// the export and the benchmark all call these, so what is tested is what a person sees.
#include <QFont>
#include <QImage>
#include <QString>
#include <optional>
#include <utility>

#include "core/view/geometry.h"
#include "core/view/operand_scene.h"
#include "widgets/explorer/explorer_palette.h"

class QPainter;
class QRectF;

namespace tl::gui {

using ElementRC = std::pair<std::int64_t, std::int64_t>;  // displayed (row, column)

struct OperandPaintOptions {
    bool coverageOverlay = false;  // every cell by count (0, 1, 2+); off: only 0 and 2+ outputs
    const QImage* heat = nullptr;  // error bins, coloured (transparent where fine)
    view::ElementRect heatBins;    // the heat image's pixels, as elements: bin size per axis
    std::int64_t heatBinRows = 1, heatBinCols = 1;
    std::optional<ElementRC> hover, marked;
    QFont font;
};

// What a paint drew, for level-of-detail checks: never more than the pixels allow.
struct PaintStats {
    int rects = 0, lines = 0, labels = 0;
    bool rasterCoverage = false;  // coverage cells too small: drawn as one image
    int tailBands = 0;            // thin tails drawn magnified (tail_bands.h)
};

PaintStats paintOperandCanvas(QPainter& p, const QRectF& canvas, const view::OperandScene& s,
                              const view::ViewTransform& t, const OperandPaintOptions& o,
                              const ExplorerPalette& pal);

// "x  float32  300 × 256" on the left, the program's block and its pipeline step on the right;
// when narrow, the details are cut before the step ("block (3, 3) · out of bounds").
void paintOperandTitle(QPainter& p, const QRectF& strip, const view::OperandScene& s,
                       const ExplorerPalette& pal, const QFont& font);
// "not to scale: columns ×512 wide" for `aspect` (pixels per column over pixels per row) of a
// stretched view; empty when the cells are square.
QString aspectText(double aspect);
QString operandShapeText(const view::OperandScene& s);  // "300 × 256"
QString operandStepText(const view::OperandScene& s);   // "block (1, 2) · copied"
QString sliceText(const view::OperandScene& s);         // "[2, :, :]", empty for rank < 3

// "(1, 2)".
QString tupleText(const std::vector<std::int64_t>& v);
QString dtypeText(DType d);
// "(128, 128)", "(None, 128)", "(Element(130, pad 1/1), 128)".
QString blockShapeText(const std::vector<ResolvedBlockDim>& block);

}  // namespace tl::gui
