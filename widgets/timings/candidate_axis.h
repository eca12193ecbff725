#pragma once
// The category axis of the candidates chart, shared by its two forms (candidates against their
// baselines, and implementations against each other): one category per distinct problem or
// candidate, labelled by what differs, shortened so that no two labels read alike.
#include <QStringList>
#include <string>
#include <vector>

namespace tl {
struct TimingsView;
}  // namespace tl

namespace tl::gui {

class ChartWidget;
struct CandidateCategories;

// Past these lengths a name is shortened; the full text is in the tooltips.
inline constexpr std::size_t kMaxCategoryLabel = 32;
inline constexpr std::size_t kMaxLegendName = 24;

// The kernels of the records the chart may show, candidates and baselines, in file order.
std::vector<std::string> shownKernels(const TimingsView& v);

// Sets the chart's categories and a subtitle: `lead` (when not empty), the params every category
// shares after `sharedCaption` ("problem: "), and how many of the `noun` ("candidates") the cap
// left out.
void setCategoryAxis(ChartWidget& chart, const TimingsView& v, const CandidateCategories& grouped,
                     bool byKernel, const QString& lead, const QString& sharedCaption,
                     const QString& noun);

}  // namespace tl::gui
