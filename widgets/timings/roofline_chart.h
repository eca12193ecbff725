#pragma once
// The roofline of one target: attainable FLOP/s = min(peak, intensity x bandwidth), with each
// measured record placed at its achieved FLOP/s and each unmeasured candidate at its bound.
namespace tl {
struct TimingsView;
}  // namespace tl

namespace tl::gui {

class ChartWidget;

// Describes the roofline of `view.roofline_target` on `chart` and redraws it.
void showRoofline(ChartWidget& chart, const TimingsView& view);

}  // namespace tl::gui
