#include "core/timings/record.h"

#include <array>
#include <utility>

namespace tl {
namespace {

constexpr std::array<std::pair<TimingMethod, std::string_view>, 4> kMethods{{
    {TimingMethod::DeviceProfiler, "device-profiler"},
    {TimingMethod::WallclockSynced, "wallclock-synced"},
    {TimingMethod::AmortizedLoop, "amortized-loop"},
    {TimingMethod::Unknown, "unknown"},
}};
constexpr std::array<std::pair<TimingSource, std::string_view>, 3> kSources{{
    {TimingSource::Measured, "measured"},
    {TimingSource::Interpret, "interpret"},
    {TimingSource::Estimated, "estimated"},
}};

std::string value_text(const Json& v) {
    if (v.is_string()) return v.get<std::string>();
    return v.dump();
}

}  // namespace

std::string_view to_string(TimingMethod m) {
    for (const auto& [k, n] : kMethods)
        if (k == m) return n;
    return "unknown";
}

std::string_view to_string(TimingSource s) {
    for (const auto& [k, n] : kSources)
        if (k == s) return n;
    return "measured";
}

std::string_view to_string(TimingStatus s) {
    return s == TimingStatus::Ok ? "ok" : "failed";
}

std::optional<TimingMethod> parse_timing_method(std::string_view s) {
    for (const auto& [k, n] : kMethods)
        if (n == s) return k;
    return std::nullopt;
}

std::optional<TimingSource> parse_timing_source(std::string_view s) {
    for (const auto& [k, n] : kSources)
        if (n == s) return k;
    return std::nullopt;
}

void set_single_run(TimingRecord& r, double seconds) {
    r.n = 1;
    r.median_s = r.min_s = r.max_s = r.mean_s = r.p20_s = r.p80_s = seconds;
    r.std_s.reset();
}

bool same_params(const Json& a, const Json& b) {
    // The unordered json compares objects as sorted maps.
    return nlohmann::json(a) == nlohmann::json(b);
}

bool same_problem(const TimingRecord& a, const TimingRecord& b) {
    if (a.dtype && b.dtype && *a.dtype != *b.dtype) return false;
    if (!a.params.is_object() || !b.params.is_object()) return true;
    for (const auto& [key, value] : a.params.items()) {
        const auto other = b.params.find(key);
        if (other != b.params.end() && *other != value) return false;
    }
    return true;
}

std::string params_text(const Json& params) {
    std::string out;
    if (!params.is_object()) return out;
    for (const auto& [k, v] : params.items()) {
        if (!out.empty()) out += ", ";
        out += k + "=" + value_text(v);
    }
    return out;
}

}  // namespace tl
