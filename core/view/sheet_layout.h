#pragma once
// Where each operand panel goes on a sheet (the export image, the benchmark's full repaint):
// a header line, the inputs side by side on one row, the outputs on the row below, and a
// legend at the bottom, as in the main window's sketch.
#include <vector>

#include "core/view/geometry.h"
#include "core/view/operand_scene.h"

namespace tl::view {

struct SheetMetrics {
    double margin = 16, gap = 16, header = 28, title = 24, legend = 28;
};

struct SheetLayout {
    RectF header, legend;
    std::vector<RectF> panels;  // one per scene (title strip on top of its canvas)
    double width = 0, height = 0;
};

// `height` 0: each row gets the height its arrays' aspect asks for (within limits).
// `height` > 0: the rows share it in proportion to those heights; every operand goes on one
// row instead when that draws a fifth more array.
SheetLayout layout_sheet(const std::vector<OperandScene>& scenes, double width, double height,
                         const SheetMetrics& m = {});

}  // namespace tl::view
