#include "widgets/timings/candidate_axis.h"

#include <algorithm>

#include "core/timings/timings_summary.h"
#include "widgets/kit/qstring.h"
#include "widgets/timings/candidate_categories.h"
#include "widgets/timings/chart_scale.h"
#include "widgets/timings/chart_widget.h"
#include "widgets/timings/distinct_names.h"

namespace tl::gui {

std::vector<std::string> shownKernels(const TimingsView& v) {
    std::vector<std::string> kernels;
    for (std::size_t i = 0; i < v.records.size(); ++i) {
        if (!v.shown(i)) continue;
        const std::string& k = v.records[i].kernel.value_or(v.records[i].label);
        if (std::find(kernels.begin(), kernels.end(), k) == kernels.end()) kernels.push_back(k);
    }
    return kernels;
}

void setCategoryAxis(ChartWidget& chart, const TimingsView& v, const CandidateCategories& grouped,
                     bool byKernel, const QString& lead, const QString& sharedCaption,
                     const QString& noun) {
    std::vector<const TimingRecord*> categoryRecords;
    for (std::size_t i : grouped.first_record) categoryRecords.push_back(&v.records[i]);
    const CandidateLabels labels = candidate_labels(categoryRecords, byKernel);
    QStringList categories, fullCategories;
    for (const auto& l : distinct_abbreviations(labels.labels, kMaxCategoryLabel))
        categories << qs(l);
    for (const auto& l : labels.labels) fullCategories << qs(l);
    chart.setCategories(categories, fullCategories);
    QStringList subtitle;
    if (!lead.isEmpty()) subtitle << lead;
    if (!labels.common.empty()) subtitle << sharedCaption + qs(labels.common);
    if (grouped.total > grouped.first_record.size())
        subtitle << QStringLiteral("the %1 fastest of %2 %3 (the table lists all)")
                        .arg(grouped.first_record.size())
                        .arg(grouped.total)
                        .arg(noun);
    chart.setSubtitle(subtitle.join(QStringLiteral(" \u00B7 ")));
}

}  // namespace tl::gui
