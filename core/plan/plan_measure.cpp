// Matching imported timings to the plan's candidates (`plan --timings FILE...`).
#include <algorithm>
#include <cmath>

#include "core/plan/tile_plan.h"
#include "core/timings/candidate_costs.h"

namespace tl {
namespace {

std::optional<std::int64_t> int_param(const Json& params, const std::string& name) {
    if (!params.is_object()) return std::nullopt;
    const auto it = params.find(name);
    if (it == params.end() || !it->is_number_integer()) return std::nullopt;
    return it->get<std::int64_t>();
}

// Why the record cannot count as a measurement of a candidate, or "" when it can.
std::string unusable(const TimingRecord& r, const TilePlan& plan, const Spec& spec) {
    if (!record_matches_spec(r, spec)) return "another kernel (" + r.kernel.value_or("?") + ")";
    if (r.target != plan.target) return "measured on " + r.target.value_or("an unnamed target");
    if (r.source != TimingSource::Measured)
        return "not a measurement on the target (" +
               std::string(r.source ? to_string(*r.source) : "unknown source") + ")";
    if (r.verified == false)
        return "unverified: its file says the outputs failed their check on the target "
               "(verified=false)";
    if (r.status != TimingStatus::Ok || !r.median_s || !std::isfinite(*r.median_s))
        return "a failed run";
    for (const auto& [name, value] : plan.fixed)
        if (const auto v = int_param(r.params, name); v && *v != value)
            return name + " = " + std::to_string(*v) + ", the spec has " + std::to_string(value);
    return {};
}

}  // namespace

std::vector<std::string> attach_measurements(TilePlan& plan, const Spec& spec,
                                             const std::vector<TimingRecord>& records,
                                             const std::string& candidate_impl) {
    std::vector<std::string> notes;
    for (const TimingRecord& r : records) {
        const std::string where = r.file + ":" + std::to_string(r.line);
        if (r.impl && *r.impl != candidate_impl) continue;  // a baseline: not a candidate
        if (const std::string why = unusable(r, plan, spec); !why.empty()) {
            notes.push_back(where + " (" + r.label + "): not used: " + why);
            continue;
        }
        auto match = std::find_if(plan.candidates.begin(), plan.candidates.end(),
                                  [&](const PlanCandidate& c) {
                                      for (const auto& [name, value] : c.params)
                                          if (int_param(r.params, name) != value) return false;
                                      return true;
                                  });
        if (match == plan.candidates.end()) {
            notes.push_back(where + " (" + r.label + "): not used: params " +
                            params_text(r.params) + " are not a candidate of the plan");
            continue;
        }
        // Two measurements of one candidate: a verified one wins over an unverified one, then
        // the faster median stands, and the note says so.
        const bool verified = r.verified == true;
        if (match->measured() && (match->verified != verified)) {
            if (match->verified) {
                notes.push_back(where + ": an unverified measurement of " + params_text(r.params) +
                                "; the verified one (" + match->measured_from + ") is kept");
                continue;
            }
        } else if (match->measured_s && *match->measured_s <= *r.median_s) {
            notes.push_back(where + ": a second measurement of " + params_text(r.params) +
                            "; the faster one (" + match->measured_from + ") is kept");
            continue;
        }
        match->measured_s = r.median_s;
        match->measured_from = where;
        match->verified = verified;
        match->fraction_of_roof.reset();
        if (match->roofline_s && *r.median_s > 0)
            match->fraction_of_roof = *match->roofline_s / *r.median_s;
    }
    return notes;
}

bool TilePlan::provisional() const {
    return std::any_of(candidates.begin(), candidates.end(),
                       [](const PlanCandidate& c) { return c.measured_unverified(); });
}

}  // namespace tl
