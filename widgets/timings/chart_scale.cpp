#include "widgets/timings/chart_scale.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "core/base/format.h"
#include "core/timings/decision.h"

namespace tl::gui {
namespace {}  // namespace

bool wants_log_scale(const std::vector<double>& values) {
    double lo = 0, hi = 0;
    bool any = false;
    for (double v : values) {
        if (!std::isfinite(v)) continue;
        if (v <= 0) return false;
        lo = any ? std::min(lo, v) : v;
        hi = any ? std::max(hi, v) : v;
        any = true;
    }
    return any && hi / lo >= kLogScaleRatio;
}

ValueRange padded_range(const std::vector<double>& values, bool log) {
    double lo = 0, hi = 0;
    bool any = false;
    for (double v : values) {
        if (!std::isfinite(v) || (log && v <= 0)) continue;
        lo = any ? std::min(lo, v) : v;
        hi = any ? std::max(hi, v) : v;
        any = true;
    }
    if (!any) return log ? ValueRange{0.1, 10} : ValueRange{0, 1};
    if (log) {
        // Whole decades, with a margin: every point lies between two labelled ticks.
        return {std::pow(10.0, std::floor(std::log10(lo / 1.15))),
                std::pow(10.0, std::ceil(std::log10(hi * 1.15)))};
    }
    if (hi == lo) {
        const double span = hi == 0 ? 1 : std::fabs(hi) * 0.5;
        return {lo >= 0 ? 0 : lo - span, hi + span};
    }
    const double margin = (hi - lo) * 0.08;
    return {lo >= 0 ? 0 : lo - margin, hi + margin};
}

double failed_marker_value(const ValueRange& data, bool log) {
    return log ? data.hi * 1.35 : data.hi + (data.hi - data.lo) * 0.06;
}

std::string format_intensity(double flop_per_byte) {
    if (std::isinf(flop_per_byte)) return "\xe2\x88\x9e FLOP/B";
    return format_si(flop_per_byte, "FLOP/B");
}

CandidateLabels candidate_labels(const std::vector<const TimingRecord*>& records,
                                 bool with_kernel) {
    CandidateLabels out;
    // A param is common when every record with params has it with the same value.
    Json common = Json::object();
    bool first = true;
    std::size_t with_params = 0;
    for (const TimingRecord* r : records) {
        if (!r->params.is_object() || r->params.empty()) continue;
        ++with_params;
        if (first) {
            common = r->params;
            first = false;
            continue;
        }
        Json kept = Json::object();
        for (const auto& [k, v] : common.items()) {
            const auto it = r->params.find(k);
            if (it != r->params.end() && *it == v) kept[k] = v;
        }
        common = kept;
    }
    if (with_params < 2) common = Json::object();
    out.common = params_text(common);
    for (const TimingRecord* r : records) {
        Json own = Json::object();
        if (r->params.is_object())
            for (const auto& [k, v] : r->params.items())
                if (!common.contains(k)) own[k] = v;
        std::string label = params_text(own);
        const std::string name = r->kernel.value_or(r->label);
        if (with_kernel)
            label = label.empty() ? name : name + " \xc2\xb7 " + label;
        else if (label.empty())
            label = r->params.empty() ? name : out.common;
        out.labels.push_back(label);
    }
    return out;
}

}  // namespace tl::gui
