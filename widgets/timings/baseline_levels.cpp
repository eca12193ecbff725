#include "widgets/timings/baseline_levels.h"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

#include "core/timings/timings_summary.h"
#include "widgets/kit/qstring.h"
#include "widgets/timings/candidate_categories.h"
#include "widgets/timings/chart_widget.h"
#include "widgets/timings/timings_style.h"

namespace tl::gui {
namespace {

// kernel (on a chart of several kernels, else ""), target ("" when none), impl.
using BaselineKey = std::tuple<std::string, std::string, std::string>;

bool drawnAsBaseline(const TimingsView& v, std::size_t i) {
    const TimingRecord& r = v.records[i];
    return v.shown(i) && !v.facts[i].is_candidate && r.status == TimingStatus::Ok && r.median_s &&
           r.impl && v.facts[i].provenance.kind == Provenance::Measured;
}

bool ofKernel(const TimingRecord& r, const std::string& kernel) {
    return kernel.empty() || r.kernel.value_or(r.label) == kernel;
}

// Per category, the fastest of `records` timing its problem; -1 where none does.
std::vector<std::ptrdiff_t> baselineLevelPerCategory(const TimingsView& v,
                                                     const CandidateCategories& grouped,
                                                     const std::vector<std::size_t>& records,
                                                     const std::string& kernel) {
    std::vector<std::ptrdiff_t> level(grouped.first_record.size(), -1);
    for (std::size_t c = 0; c < level.size(); ++c) {
        const TimingRecord& candidate = v.records[grouped.first_record[c]];
        if (!ofKernel(candidate, kernel)) continue;
        for (std::size_t i : records) {
            const bool faster =
                level[c] < 0 || *v.records[i].median_s < *v.records[std::size_t(level[c])].median_s;
            if (same_problem(v.records[i], candidate) && faster) level[c] = std::ptrdiff_t(i);
        }
    }
    return level;
}

// How many of `records` time no category's problem.
std::size_t baselinesOfOtherProblems(const TimingsView& v, const CandidateCategories& grouped,
                                     const std::vector<std::size_t>& records,
                                     const std::string& kernel) {
    return std::size_t(std::count_if(records.begin(), records.end(), [&](std::size_t i) {
        return std::none_of(
            grouped.first_record.begin(), grouped.first_record.end(), [&](std::size_t first) {
                const TimingRecord& candidate = v.records[first];
                return ofKernel(candidate, kernel) && same_problem(v.records[i], candidate);
            });
    }));
}

QString baselineName(const BaselineKey& key, const std::vector<std::string>& kernels,
                     const std::vector<std::string>& kernelNames) {
    const auto& [kernel, target, impl] = key;
    QString name = qs(impl);
    if (!target.empty()) name += QStringLiteral(" on ") + qs(target);
    const auto k = std::find(kernels.begin(), kernels.end(), kernel) - kernels.begin();
    if (!kernel.empty() && k < std::ptrdiff_t(kernelNames.size()))
        name += QStringLiteral(" \u00B7 ") + qs(kernelNames[std::size_t(k)]);
    return name + QStringLiteral(" (median)");
}

// The hues the baseline lines have taken: their targets' (or kernels'), and how many others.
struct BaselineHues {
    std::set<std::string> owners;
    std::size_t others = 0;
};

// The first baseline of a target (or, by kernel, of a kernel) is drawn in its hue; another impl
// there gets a hue no target or kernel has, so that no two lines share hue and dash.
QColor baselineColour(const TimingsView& v, const BaselineKey& key,
                      const std::vector<std::string>& kernels, bool byKernel, BaselineHues& hues) {
    const std::string& kernel = std::get<0>(key);
    const std::string& target = std::get<1>(key);
    const std::size_t owners = byKernel ? kernels.size() : v.measured_targets.size() + 1;
    if (!hues.owners.insert(byKernel ? kernel : target).second)
        return seriesColour(owners + hues.others++);
    if (!byKernel) return targetColour(v, target.empty() ? std::nullopt : std::optional(target));
    return seriesColour(
        std::size_t(std::find(kernels.begin(), kernels.end(), kernel) - kernels.begin()));
}

}  // namespace

std::size_t addBaselineLevels(ChartWidget& chart, const TimingsView& v,
                              const CandidateCategories& grouped,
                              const std::vector<std::string>& kernels,
                              const std::vector<std::string>& kernelNames, bool byKernel,
                              std::vector<std::size_t>& drawn) {
    std::map<BaselineKey, std::vector<std::size_t>> byKey;
    std::vector<std::string> impls;  // first seen first: one dash each
    for (std::size_t i = 0; i < v.records.size(); ++i) {
        if (!drawnAsBaseline(v, i)) continue;
        const TimingRecord& r = v.records[i];
        byKey[{byKernel ? r.kernel.value_or(r.label) : std::string(), r.target.value_or(""),
               *r.impl}]
            .push_back(i);
        if (std::find(impls.begin(), impls.end(), *r.impl) == impls.end()) impls.push_back(*r.impl);
    }
    std::size_t otherProblems = 0;
    BaselineHues hues;
    // Impls in the order first seen: the first takes its target's hue.
    std::vector<std::pair<BaselineKey, std::vector<std::size_t>>> ordered(byKey.begin(),
                                                                          byKey.end());
    std::stable_sort(ordered.begin(), ordered.end(), [&](const auto& a, const auto& b) {
        const auto rank = [&](const BaselineKey& k) {
            return std::find(impls.begin(), impls.end(), std::get<2>(k)) - impls.begin();
        };
        return rank(a.first) < rank(b.first);
    });
    for (const auto& [key, records] : ordered) {
        const auto& [kernel, target, impl] = key;
        otherProblems += baselinesOfOtherProblems(v, grouped, records, kernel);
        const auto level = baselineLevelPerCategory(v, grouped, records, kernel);
        QVector<ChartPoint> points;
        std::vector<std::size_t> used;
        for (std::size_t c = 0; c < level.size(); ++c) {
            if (level[c] < 0) continue;
            const auto i = std::size_t(level[c]);
            ChartPoint p;
            p.x = double(c);
            p.y = *v.records[i].median_s;
            p.tooltip = recordTooltip(v, i);
            points.push_back(p);
            if (std::find(used.begin(), used.end(), i) == used.end()) used.push_back(i);
        }
        if (points.isEmpty()) continue;
        const auto dash = std::find(impls.begin(), impls.end(), impl) - impls.begin();
        const SeriesStyle style{baselineColour(v, key, kernels, byKernel, hues), Marker::None,
                                baselineStroke(std::size_t(dash))};
        const QString name = baselineName(key, kernels, kernelNames);
        // One record over every category: a line across the chart, as one problem has.
        if (used.size() == 1 && std::size_t(points.size()) == level.size())
            chart.addHorizontalLine(name, style, points.front().y, points.front().tooltip);
        else
            chart.addSteps(name, style, points);
        drawn.insert(drawn.end(), used.begin(), used.end());
    }
    return otherProblems;
}

}  // namespace tl::gui
