#pragma once
// The candidates-vs-time chart: one point per candidate and target at its median with its
// min-max bar, baselines as lines, failed candidates marked above the times, interpreted,
// estimated and unmeasured figures drawn apart from the measured ones.
namespace tl {
struct TimingsView;
}  // namespace tl

namespace tl::gui {

class ChartWidget;

// Describes `view`'s candidates on `chart` and redraws it.
void showCandidates(ChartWidget& chart, const TimingsView& view);

}  // namespace tl::gui
