#pragma once
// What an operand view shows at fit and how: the frame (the array, its edge blocks and every
// block a program places outside it, so that an out-of-bounds block is drawn whole), and the
// fit of that frame that keeps a tall array tall when a thin side is stretched.
#include <vector>

#include "core/analysis/analysis.h"
#include "core/view/geometry.h"
#include "core/view/operand_scene.h"

namespace tl::gui {

// The scene's extent widened to every block the grid's programs place on the displayed
// dimensions within an array's (or a block's) length of its edge; blocks further out are left
// off. Grids of more than `maxPrograms` programs are not walked: the current block is
// added instead.
view::ElementRect operandFrame(const Analysis& a, const view::OperandScene& s,
                               std::int64_t maxPrograms = std::int64_t{1} << 21);
// operandFrame for each scene, written into its `extent` (what every fit shows).
void widenToFrames(const Analysis& a, std::vector<view::OperandScene>& scenes);

// view::fit_any_aspect, then a stretched side is held to half the other side's length: a
// 65536 x 256 array is drawn as a tall strip, never as a landscape. `maxScale` caps the pixels
// per element (the scale the views of one sheet share).
view::ViewTransform fitOperand(const view::ElementRect& extent, const view::RectF& viewport,
                               double margin, double maxScale = 1e300);
// The pixels per element of the stretched side at fit: zooming in widens that side up to this
// before both grow (view::ViewTransform::zoom_stretched_at).
double stretchedScale(const view::ElementRect& extent, const view::RectF& viewport, double margin);

}  // namespace tl::gui
