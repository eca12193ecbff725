#pragma once
// The baselines of the candidates chart, like with like: each baseline impl on each target (and,
// on a chart of several kernels, of each kernel) is drawn over the candidates that time its
// problem (same_problem: the params both give agree), at the median of its fastest record of
// that problem. One problem across the chart gives one line; several give a step per problem. A
// baseline never stands at a record of another size (docs/timings.md, "The decision").
#include <cstddef>
#include <string>
#include <vector>

namespace tl {
struct TimingsView;
}  // namespace tl

namespace tl::gui {

class ChartWidget;
struct CandidateCategories;

// Adds the baseline lines over `grouped`'s categories and appends each record drawn to `drawn`.
// `kernels` are the chart's kernels and `kernelNames` their shortened names. Returns how many
// baseline records time only problems no candidate on the chart has: those are not drawn.
std::size_t addBaselineLevels(ChartWidget& chart, const TimingsView& v,
                              const CandidateCategories& grouped,
                              const std::vector<std::string>& kernels,
                              const std::vector<std::string>& kernelNames, bool byKernel,
                              std::vector<std::size_t>& drawn);

}  // namespace tl::gui
