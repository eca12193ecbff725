#pragma once
// All operand views of one program on one sheet (header, inputs above outputs, legend),
// painted without widgets: what --export-image writes in every operand view (the error heat
// too) and the rendering benchmark times.
#include <QFont>
#include <QImage>
#include <QString>
#include <vector>

#include "core/view/operand_scene.h"
#include "core/view/sheet_layout.h"
#include "widgets/explorer/explorer_palette.h"
#include "widgets/explorer/operand_painter.h"

class QPainter;

namespace tl::gui {

// An output's error heat as an image of its bins (null for inputs, or without a run).
struct HeatLayer {
    QImage image;
    std::int64_t binRows = 1, binCols = 1;
};

struct SheetContent {
    std::vector<view::OperandScene> scenes;
    QString header;  // "matmul-rect · program_id (1, 2, 0) · #12 of 24"
    bool coverage = false;
    // The error heat view: `heatLayers` (one per scene) over the canvases, the key in the legend.
    bool heat = false;
    std::vector<HeatLayer> heatLayers;
};

view::SheetMetrics sheetMetrics();
// The canvas of panel `i` (under its title strip) and the fit of every panel's operand: the
// scale the panels share, a thin array stretched as in the window (operand_fit.h).
view::RectF sheetCanvas(const view::SheetLayout& layout, std::size_t i);
std::vector<view::ViewTransform> sheetTransforms(const view::SheetLayout& layout,
                                                 const std::vector<view::OperandScene>& scenes);
// Paints every panel of `layout`; returns what the canvases drew, summed.
PaintStats paintSheet(QPainter& p, const view::SheetLayout& layout, const SheetContent& content,
                      const ExplorerPalette& pal, const QFont& font);

}  // namespace tl::gui
