#pragma once
// The candidates chart without candidates: a file that times implementations against each other
// (a pytest-benchmark file of two libraries at several input sizes, with no record of the
// candidate impl) is drawn as what it is. One category per problem, in size order; each impl (on
// each target) its own hue, marker and dash, a line through its medians with their min-max bars,
// so that every size is on the chart and each impl is compared with the others at the same size.
namespace tl {
struct TimingsView;
}  // namespace tl

namespace tl::gui {

class ChartWidget;

// Describes the comparison on `chart` when the records it may show hold no candidate but other
// impls' records; false (the chart untouched) otherwise.
bool showImplComparison(ChartWidget& chart, const TimingsView& v);

}  // namespace tl::gui
