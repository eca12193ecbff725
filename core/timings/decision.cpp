#include "core/timings/decision.h"

#include "core/base/format.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <set>

namespace tl {
namespace {

std::string join_set(const std::set<std::string>& s) {
    std::string out;
    for (const auto& v : s) out += (out.empty() ? "" : ", ") + v;
    return out;
}

std::string fixed(double v, int digits) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", digits, v);
    return buf;
}

// Why a record cannot be used, before the target is known; nullopt when it can. A record that
// is merely unverified can: it counts when no verified one stands in its role.
std::optional<std::string> basic_reason(const TimingRecord& r) {
    if (r.status == TimingStatus::Failed)
        return "failed candidate (inf, out of memory or invalid): kept as a failed point";
    if (r.source == TimingSource::Interpret)
        return "interpret timing (CPU interpretation): shown, never used to pick a tile";
    if (r.source == TimingSource::Estimated) return "estimated, not measured";
    if (!r.source) return "not known to be measured: the file does not say the source";
    if (r.verified == false)
        return "unverified: its file says the output failed its check on the target (or could "
               "not be checked), so it is never used, not even provisionally";
    if (!r.median_s || !std::isfinite(*r.median_s) || !(*r.median_s > 0)) return "no median time";
    if (!r.impl) return "impl unknown: neither the kernel nor a known baseline";
    return std::nullopt;
}

bool is_verified(const TimingRecord& r) {
    return r.verified == true;
}

std::string runs_text(const TimingRecord& r) {
    if (!r.n) return "runs unknown";
    return std::to_string(*r.n) + (*r.n == 1 ? " run" : " runs");
}

std::string candidate_name(const TimingRecord& r) {
    const std::string p = params_text(r.params);
    return p.empty() ? r.label : p;
}

bool overlap(const TimingRecord& a, const TimingRecord& b) {
    if (!a.min_s || !a.max_s || !b.min_s || !b.max_s) return false;
    return *a.min_s <= *b.max_s && *b.min_s <= *a.max_s;
}

std::string range_text(const TimingRecord& r) {
    return format_seconds(*r.min_s) + "\xe2\x80\x93" + format_seconds(*r.max_s);
}

// The share: typed in, else the best record's, the baseline's, or any record of the kernel
// on this target (or with no target, as a trace has) that gives one.
std::optional<double> find_share(const std::vector<TimingRecord>& records, const Decision& d,
                                 const DecisionConfig& config) {
    if (config.share) return config.share;
    for (const auto& idx : {d.best, d.baseline})
        if (idx && records[*idx].share) return records[*idx].share;
    for (const auto& r : records)
        if (r.kernel == d.kernel && r.share && (!r.target || *r.target == d.target) &&
            r.status == TimingStatus::Ok)
            return r.share;
    return std::nullopt;
}

// "earns its complexity", or for a provisional decision what it would be once verified.
std::string verdict_text(const Decision& d) {
    const bool earns = d.provisional ? *d.provisional_earns : *d.earns_complexity;
    if (d.provisional)
        return earns ? "would earn its complexity, if the outputs check out"
                     : "would not earn its complexity";
    return earns ? "earns its complexity" : "does not earn its complexity";
}

// Why the decision is provisional and how to make it final.
std::string provisional_note(const std::vector<TimingRecord>& records, const Decision& d) {
    const bool best_unverified = !is_verified(records[*d.best]);
    std::string what = best_unverified ? "no candidate" : "";
    if (d.baseline && !is_verified(records[*d.baseline]))
        what +=
            std::string(what.empty() ? "no " : " and no ") + "baseline (" + d.baseline_impl + ")";
    return ". Provisional because " + what + " of " + d.kernel + " on " + d.target +
           " says its outputs were checked there (" + std::to_string(d.unverified_records) +
           " unverified and " + std::to_string(d.verified_records) +
           " verified measured record(s)); to make it final, time the candidates with the script "
           "`tilelens-audit plan --emit-bench` writes, which checks every output, or check the "
           "outputs on " +
           d.target +
           " yourself and import the files with --verified \"NOTE\" (in the window: \"I "
           "checked the outputs on the target\")";
}

void write_sentence(const std::vector<TimingRecord>& records, Decision& d) {
    const TimingRecord& best = records[*d.best];
    const std::string runs =
        " (" + runs_text(best) + (is_verified(best) ? ", verified)" : ", unverified)");
    if (!d.baseline) {
        d.sentence = "the best candidate (" + candidate_name(best) + ") takes " +
                     format_seconds(*best.median_s) + " on " + d.target + runs +
                     (d.baseline_at_other_sizes
                          ? "; baselines were measured there only at other problem sizes, so "
                            "there is no speedup to judge"
                          : "; no baseline was measured there, so there is no speedup to judge");
    } else {
        const double s = *d.speedup;
        d.sentence = "the kernel is " + fixed(s >= 1 ? s : 1 / s, 2) + "\xc3\x97 " +
                     (s >= 1 ? "faster" : "slower") + " than " + d.baseline_impl + " on " +
                     d.target + runs;
        if (!d.share || !d.saving) {
            d.sentence +=
                "; its share of the step is unknown (give step_s, a trace, or type it "
                "in), so the end-to-end gain cannot be judged";
        } else if (*d.saving < 0) {
            d.sentence += "; at " + format_percent(*d.share) + " of the step that costs " +
                          format_percent(-*d.saving) + " end to end \xe2\x80\x94 " +
                          verdict_text(d);
        } else {
            const bool earns = d.provisional ? *d.provisional_earns : *d.earns_complexity;
            d.sentence += "; at " + format_percent(*d.share) + " of the step that saves " +
                          format_percent(*d.saving) +
                          " end to end: " + (earns ? "at or above" : "below") + " the " +
                          format_percent(d.threshold) + " threshold \xe2\x80\x94 " +
                          verdict_text(d);
        }
    }
    if (d.tie) d.sentence += " (" + d.tie_note + ")";
    if (d.provisional) d.sentence = "Provisional: " + d.sentence + provisional_note(records, d);
}

}  // namespace

std::optional<double> end_to_end_speedup(double share, double speedup) {
    if (!(share >= 0 && share <= 1) || !(speedup > 0) || !std::isfinite(speedup))
        return std::nullopt;
    return 1.0 / ((1.0 - share) + share / speedup);
}

namespace {

// The kernel to decide for: the configured one, or the only one with candidate timings.
// False (with the sentence set) when there is none or several.
bool choose_kernel(const std::vector<TimingRecord>& records, const DecisionConfig& config,
                   Decision& d) {
    if (config.kernel) {
        d.kernel = *config.kernel;
        return true;
    }
    std::set<std::string> kernels;
    for (const auto& r : records)
        if (r.kernel && r.impl == config.candidate_impl) kernels.insert(*r.kernel);
    if (kernels.size() == 1) {
        d.kernel = *kernels.begin();
        return true;
    }
    d.sentence = kernels.empty() ? "no " + config.candidate_impl + " timings: nothing to decide"
                                 : "timings of several kernels (" + join_set(kernels) +
                                       "): name the kernel to decide for";
    return false;
}

// The records of the kernel that can be compared: every other one is listed in d.excluded
// with the reason. False (with the sentence set) when they come from several targets.
bool usable_records(const std::vector<TimingRecord>& records, const DecisionConfig& config,
                    Decision& d, std::vector<std::size_t>& usable) {
    std::vector<std::optional<std::string>> reason(records.size());
    std::vector<std::size_t> mine;
    for (std::size_t i = 0; i < records.size(); ++i) {
        if (records[i].kernel != d.kernel) continue;
        mine.push_back(i);
        reason[i] = basic_reason(records[i]);
    }
    const auto list_excluded = [&] {
        for (std::size_t i : mine)
            if (reason[i]) d.excluded.push_back({i, *reason[i]});
    };
    if (config.target) {
        d.target = *config.target;
    } else {
        // Where verified records were measured, when any were; else every usable record.
        std::set<std::string> targets, verified_targets;
        for (std::size_t i : mine)
            if (!reason[i] && records[i].target) {
                targets.insert(*records[i].target);
                if (is_verified(records[i])) verified_targets.insert(*records[i].target);
            }
        if (!verified_targets.empty()) targets = verified_targets;
        if (targets.size() > 1) {
            list_excluded();
            d.sentence = "timings of " + d.kernel + " from several targets (" + join_set(targets) +
                         "): choose one target to decide for";
            return false;
        }
        if (!targets.empty()) d.target = *targets.begin();
    }
    for (std::size_t i : mine) {
        if (reason[i]) continue;
        const auto& t = records[i].target;
        if (!t)
            reason[i] = "target unknown: say where it was measured (a target column or option)";
        else if (*t != d.target)
            reason[i] = "measured on " + *t + ", not " + d.target;
    }
    list_excluded();
    for (std::size_t i : mine)
        if (!reason[i]) usable.push_back(i);
    return true;
}

// "; 3 record(s) of other kernels: a, b" — so that an empty decision is not read as "no records".
std::string other_kernels_note(const std::vector<TimingRecord>& records,
                               const std::string& kernel) {
    std::set<std::string> others;
    std::size_t count = 0;
    for (const auto& r : records)
        if (r.kernel != kernel) {
            ++count;
            others.insert(r.kernel.value_or("(unnamed)"));
        }
    if (count == 0) return "";
    return "; " + std::to_string(count) + " record(s) of other kernels: " + join_set(others);
}

// The fastest baseline of the best candidate's problem, verified if one is (like with like:
// never a faster one of a smaller size).
void choose_baseline(const std::vector<TimingRecord>& records,
                     const std::vector<std::size_t>& baselines, Decision& d) {
    const TimingRecord& best = records[*d.best];
    const auto of_problem = [&](bool verified) {
        return std::find_if(baselines.begin(), baselines.end(), [&](std::size_t i) {
            return same_problem(records[i], best) && (!verified || is_verified(records[i]));
        });
    };
    auto same = of_problem(true);
    if (same == baselines.end()) same = of_problem(false);
    d.baseline_at_other_sizes = !baselines.empty() && same == baselines.end();
    if (same != baselines.end()) {
        d.baseline = *same;
        d.baseline_impl = *records[*d.baseline].impl;
        d.speedup = *records[*d.baseline].median_s / *best.median_s;
    }
}

// The candidates the decision ranks: the verified ones when there are any, the others listed
// as excluded; else every usable one, and the decision is provisional.
std::vector<std::size_t> ranked_candidates(const std::vector<TimingRecord>& records,
                                           std::vector<std::size_t> candidates, Decision& d) {
    const auto verified_count = static_cast<std::size_t>(
        std::count_if(candidates.begin(), candidates.end(),
                      [&](std::size_t i) { return is_verified(records[i]); }));
    if (verified_count == 0) return candidates;
    std::vector<std::size_t> kept;
    for (std::size_t i : candidates) {
        if (is_verified(records[i])) {
            kept.push_back(i);
            continue;
        }
        d.excluded.push_back(
            {i, "unverified: the file does not say the output was checked on the target, and " +
                    std::to_string(verified_count) +
                    " verified candidate record(s) decide instead"});
    }
    std::sort(d.excluded.begin(), d.excluded.end(),
              [](const ExcludedRecord& a, const ExcludedRecord& b) { return a.index < b.index; });
    return kept;
}

// The best candidate, the runner-up (and whether they tie) and the baseline.
// False (with the sentence set) when no candidate is usable.
bool rank_candidates(const std::vector<TimingRecord>& records, const DecisionConfig& config,
                     const std::vector<std::size_t>& usable, Decision& d) {
    std::vector<std::size_t> candidates, baselines;
    for (std::size_t i : usable) {
        (is_verified(records[i]) ? d.verified_records : d.unverified_records) += 1;
        const std::string& impl = *records[i].impl;
        if (impl == config.candidate_impl)
            candidates.push_back(i);
        else if (!config.baseline || impl == *config.baseline)
            baselines.push_back(i);
    }
    const auto by_median = [&](std::size_t a, std::size_t b) {
        return *records[a].median_s < *records[b].median_s;
    };
    candidates = ranked_candidates(records, std::move(candidates), d);
    std::stable_sort(candidates.begin(), candidates.end(), by_median);
    std::stable_sort(baselines.begin(), baselines.end(), by_median);
    if (candidates.empty()) {
        d.sentence = "no measured " + config.candidate_impl + " timing of " + d.kernel +
                     (d.target.empty() ? "" : " on " + d.target) + ": nothing to decide (" +
                     std::to_string(d.excluded.size()) + " record(s) of " + d.kernel + " excluded" +
                     other_kernels_note(records, d.kernel) + ")";
        return false;
    }
    d.best = candidates[0];
    const TimingRecord& best = records[*d.best];
    if (candidates.size() > 1) {
        d.runner_up = candidates[1];
        const TimingRecord& second = records[*d.runner_up];
        if (overlap(best, second)) {
            d.tie = true;
            d.tie_note = candidate_name(best) + " and " + candidate_name(second) +
                         " are a tie: their min\xe2\x80\x93max ranges overlap (" +
                         range_text(best) + " and " + range_text(second) + ")";
        }
    }
    choose_baseline(records, baselines, d);
    d.provisional = !is_verified(best) || (d.baseline && !is_verified(records[*d.baseline]));
    return true;
}

}  // namespace

Decision decide(const std::vector<TimingRecord>& records, const DecisionConfig& config) {
    Decision d;
    d.threshold = config.threshold;
    std::vector<std::size_t> usable;
    if (!choose_kernel(records, config, d) || !usable_records(records, config, d, usable) ||
        !rank_candidates(records, config, usable, d))
        return d;
    d.share = find_share(records, d, config);
    if (d.speedup && d.share) {
        d.end_to_end_speedup = end_to_end_speedup(*d.share, *d.speedup);
        if (d.end_to_end_speedup) {
            d.saving = 1.0 - 1.0 / *d.end_to_end_speedup;
            // A provisional verdict is never the final one.
            (d.provisional ? d.provisional_earns : d.earns_complexity) =
                *d.saving >= config.threshold;
        }
    }
    write_sentence(records, d);
    return d;
}

}  // namespace tl
