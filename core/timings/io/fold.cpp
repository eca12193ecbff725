#include "core/timings/io/fold.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>
#include <string>

namespace tl {
namespace {

std::string lower(std::string_view s) {
    std::string out(s);
    for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

double interpolate(const std::vector<double>& sorted, double q) {
    const double pos = q * static_cast<double>(sorted.size() - 1);
    const auto lo = static_cast<std::size_t>(std::floor(pos));
    const std::size_t hi = std::min(lo + 1, sorted.size() - 1);
    return sorted[lo] + (pos - static_cast<double>(lo)) * (sorted[hi] - sorted[lo]);
}

std::string opt(const std::optional<std::string>& s) {
    return s ? "1" + *s : "0";
}

// Everything that makes two records the same candidate, as one string. Params are compared
// regardless of key order.
std::string candidate_key(const TimingRecord& r) {
    const nlohmann::json sorted_params = r.params;  // std::map keys: sorted
    std::string key;
    for (const auto* s : {&r.kernel, &r.impl, &r.target, &r.device, &r.dtype})
        key += opt(*s) + '\x1f';
    key += sorted_params.dump() + '\x1f';
    key += std::to_string(static_cast<int>(r.method)) + '\x1f';
    key += r.source ? std::to_string(static_cast<int>(*r.source)) : "-";
    key += r.verified ? (*r.verified ? "t" : "f") : "-";
    key += std::to_string(static_cast<int>(r.status));
    return key;
}

bool is_single_run(const TimingRecord* rp) {
    const TimingRecord& r = *rp;
    return r.n.value_or(1) == 1 && r.median_s && (!r.min_s || *r.min_s == *r.median_s) &&
           (!r.max_s || *r.max_s == *r.median_s);
}

template <typename T>
void take_first(std::optional<T>& into, const std::optional<T>& from) {
    if (!into && from) into = from;
}

void fold_singles(TimingRecord& out, const std::vector<const TimingRecord*>& group) {
    std::vector<double> values;
    for (const auto* r : group) values.push_back(*r->median_s);
    set_run_stats(out, std::move(values));
}

void fold_aggregates(TimingRecord& out, const std::vector<const TimingRecord*>& group) {
    std::vector<double> medians;
    // Sums stay valid only while every row has the figure (plain values: GCC 12 misreads
    // optionals updated in a loop as maybe-uninitialised).
    std::int64_t n = 0;
    double weighted = 0.0;
    bool have_n = true, have_weighted = true, have_min = true, have_max = true;
    std::optional<double> lo, hi;
    for (const auto* r : group) {
        if (r->median_s) medians.push_back(*r->median_s);
        have_n = have_n && r->n;
        if (have_n) n += *r->n;
        have_weighted = have_weighted && r->n && r->mean_s;
        if (have_weighted) weighted += *r->mean_s * static_cast<double>(*r->n);
        have_min = have_min && r->min_s;
        have_max = have_max && r->max_s;
        if (r->min_s) lo = lo ? std::min(*lo, *r->min_s) : *r->min_s;
        if (r->max_s) hi = hi ? std::max(*hi, *r->max_s) : *r->max_s;
    }
    out.n = have_n ? std::optional<std::int64_t>(n) : std::nullopt;
    const auto stats = run_stats(medians);
    out.median_s = stats ? std::optional<double>(stats->median) : std::nullopt;
    out.min_s = have_min ? lo : std::nullopt;
    out.max_s = have_max ? hi : std::nullopt;
    out.mean_s = (have_weighted && have_n && n > 0)
                     ? std::optional<double>(weighted / static_cast<double>(n))
                     : std::nullopt;
    out.std_s.reset();
    out.p20_s.reset();
    out.p80_s.reset();
}

}  // namespace

std::optional<double> seconds_per_unit(std::string_view unit) {
    std::string u = lower(unit);
    if (u.ends_with("nds")) u.pop_back();  // "useconds" -> "usecond"
    static const std::map<std::string, double> kUnits{
        {"ns", 1e-9},      {"nsec", 1e-9},        {"nsecond", 1e-9},   {"nanosecond", 1e-9},
        {"us", 1e-6},      {"\xc2\xb5s", 1e-6},   {"\xce\xbcs", 1e-6}, {"usec", 1e-6},
        {"usecond", 1e-6}, {"microsecond", 1e-6}, {"ms", 1e-3},        {"msec", 1e-3},
        {"msecond", 1e-3}, {"millisecond", 1e-3}, {"s", 1.0},          {"sec", 1.0},
        {"second", 1.0}};
    const auto it = kUnits.find(u);
    if (it == kUnits.end()) return std::nullopt;
    return it->second;
}

std::optional<RunStats> run_stats(std::vector<double> seconds) {
    if (seconds.empty()) return std::nullopt;
    std::sort(seconds.begin(), seconds.end());
    RunStats s;
    s.min = seconds.front();
    s.max = seconds.back();
    s.median = interpolate(seconds, 0.5);
    s.p20 = interpolate(seconds, 0.2);
    s.p80 = interpolate(seconds, 0.8);
    double sum = 0;
    for (double v : seconds) sum += v;
    const auto count = static_cast<double>(seconds.size());
    s.mean = sum / count;
    if (seconds.size() > 1) {
        double sq = 0;
        for (double v : seconds) sq += (v - s.mean) * (v - s.mean);
        s.std = std::sqrt(sq / (count - 1));
    }
    return s;
}

bool set_run_stats(TimingRecord& r, std::vector<double> seconds) {
    const auto n = static_cast<std::int64_t>(seconds.size());
    const auto stats = run_stats(std::move(seconds));
    if (!stats) return false;
    r.n = n;
    r.median_s = stats->median;
    r.min_s = stats->min;
    r.max_s = stats->max;
    r.mean_s = stats->mean;
    r.std_s = stats->std;
    r.p20_s = stats->p20;
    r.p80_s = stats->p80;
    return true;
}

std::vector<TimingRecord> fold_runs(std::vector<TimingRecord> records, const ImportConfig& config,
                                    Diagnostics* warnings) {
    std::vector<std::vector<const TimingRecord*>> groups;
    std::map<std::string, std::size_t> index;
    for (const auto& r : records) {
        const auto [it, added] = index.emplace(candidate_key(r), groups.size());
        if (added) groups.emplace_back();
        groups[it->second].push_back(&r);
    }
    std::vector<TimingRecord> out;
    out.reserve(groups.size());
    for (const auto& group : groups) {
        TimingRecord folded = *group.front();
        if (group.size() > 1) {
            for (const auto* r : group) {
                take_first(folded.flops, r->flops);
                take_first(folded.bytes, r->bytes);
                take_first(folded.step_s, r->step_s);
                take_first(folded.share, r->share);
            }
            if (folded.status == TimingStatus::Failed) {
                folded.n = static_cast<std::int64_t>(group.size());
            } else if (std::all_of(group.begin(), group.end(), is_single_run)) {
                fold_singles(folded, group);
            } else {
                fold_aggregates(folded, group);
                if (warnings)
                    warnings->push_back(timing_warning(
                        config, group[1]->line,
                        std::to_string(group.size()) + " rows of the same candidate (" +
                            folded.kernel.value_or("?") +
                            (folded.params.empty() ? "" : " " + params_text(folded.params)) +
                            ") folded into one: its median is the median of their medians"));
            }
        }
        out.push_back(std::move(folded));
    }
    return out;
}

}  // namespace tl
