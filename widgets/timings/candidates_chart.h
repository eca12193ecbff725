#pragma once
// The candidates-vs-time chart: one point per candidate and target at its median with its
// min-max bar, baselines as lines at the median of the same problem (a step per problem size),
// failed candidates marked above the times, interpreted, estimated and unmeasured figures drawn
// apart from the measured ones. Records with no candidate among them compare their impls.
namespace tl {
struct TimingsView;
}  // namespace tl

namespace tl::gui {

class ChartWidget;

// Describes `view`'s candidates on `chart` and redraws it.
void showCandidates(ChartWidget& chart, const TimingsView& view);

}  // namespace tl::gui
