#include "widgets/timings/chart_scale.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "core/timings/decision.h"

namespace tl::gui {
namespace {

std::string three_digits(double v) {
    char buf[64];
    const double a = std::fabs(v);
    std::snprintf(buf, sizeof buf, "%.*f", a >= 100 ? 0 : a >= 10 ? 1 : 2, v);
    std::string s = buf;
    // 2.50 -> 2.5, 3.00 -> 3: fewer digits read faster on an axis.
    if (s.find('.') != std::string::npos) {
        while (s.back() == '0') s.pop_back();
        if (s.back() == '.') s.pop_back();
    }
    return s;
}

}  // namespace

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
        if (hi / lo < 4) {
            const double mid = std::sqrt(lo * hi);
            return {mid / 6, mid * 6};  // wide enough to hold a labelled decade
        }
        return {lo / 1.6, hi * 1.6};
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

std::string format_si(double value, const std::string& unit) {
    static const std::pair<double, const char*> prefixes[] = {
        {1e18, "E"}, {1e15, "P"}, {1e12, "T"}, {1e9, "G"}, {1e6, "M"}, {1e3, "k"}, {1, ""}};
    if (!std::isfinite(value)) return "\xe2\x80\x94";
    if (value == 0) return "0 " + unit;
    for (const auto& [scale, prefix] : prefixes)
        if (std::fabs(value) >= scale * 0.9995)
            return three_digits(value / scale) + " " + prefix + unit;
    return three_digits(value) + " " + unit;
}

std::string format_seconds_short(double s) {
    std::string t = format_seconds(s);
    const auto space = t.find(' ');
    const auto dot = t.find('.');
    if (dot == std::string::npos || space == std::string::npos || dot > space) return t;
    std::size_t end = space;
    while (end > dot + 1 && t[end - 1] == '0') --end;
    if (end == dot + 1) end = dot;
    return t.substr(0, end) + t.substr(space);
}

std::string format_intensity(double flop_per_byte) {
    if (std::isinf(flop_per_byte)) return "\xe2\x88\x9e FLOP/B";
    if (flop_per_byte >= 1e4) return format_si(flop_per_byte, "FLOP/B");
    return three_digits(flop_per_byte) + " FLOP/B";
}

CandidateLabels candidate_labels(const std::vector<const TimingRecord*>& records) {
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
        if (label.empty()) label = r->params.empty() ? r->label : out.common;
        out.labels.push_back(label);
    }
    return out;
}

}  // namespace tl::gui
