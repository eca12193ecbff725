// The `plan --json` document (docs/report-format.md, "Plan output"). Keys beyond the contract's
// (programs, spec_tiling, vmem_limit_bytes, measured_s, fraction_of_roof, verified, tile_params,
// notes, provisional) are additions.
#include <cmath>

#include "core/plan/tile_plan.h"

namespace tl {
namespace {

Json params_json(const ParamMap& params) {
    Json j = Json::object();
    for (const auto& [name, value] : params) j[name] = value;
    return j;
}

// Whole numbers as integers (FLOP counts), anything else as a double.
Json number(double v) {
    if (std::isfinite(v) && std::floor(v) == v && std::fabs(v) < 9.0e15)
        return static_cast<std::int64_t>(v);
    return v;
}

template <class T>
Json optional_json(const std::optional<T>& v) {
    return v ? Json(*v) : Json(nullptr);
}

}  // namespace

Json plan_json(const TilePlan& plan) {
    Json j = Json::object();
    j["tilelens_plan"] = 1;
    j["spec"] = plan.spec;
    j["target"] = plan.target;
    Json candidates = Json::array();
    for (const auto& c : plan.candidates) {
        Json e = Json::object();
        e["params"] = params_json(c.params);
        e["flops"] = c.flops ? number(*c.flops) : Json(nullptr);
        e["hbm_bytes"] = c.hbm_bytes;
        e["vmem_bytes"] = c.vmem_bytes;
        e["vmem_limit_bytes"] = c.vmem_limit_bytes > 0 ? Json(c.vmem_limit_bytes) : Json(nullptr);
        e["roofline_s"] = optional_json(c.roofline_s);
        e["bound"] = c.bound.empty() ? Json(nullptr) : Json(c.bound);
        e["modelled_s"] = optional_json(c.modelled_s);
        e["limited_by"] = c.limited_by.empty() ? Json(nullptr) : Json(c.limited_by);
        e["status"] = c.measured_unverified() ? "measured-unverified"
                      : c.measured()          ? "measured"
                                              : "unmeasured";
        e["programs"] = c.programs;
        e["spec_tiling"] = c.is_spec;
        if (c.measured()) {
            e["measured_s"] = *c.measured_s;
            e["fraction_of_roof"] = optional_json(c.fraction_of_roof);
            e["verified"] = c.verified;  // added: the measurement's outputs were checked
        }
        candidates.push_back(std::move(e));
    }
    j["candidates"] = std::move(candidates);
    Json rejected = Json::array();
    for (const auto& r : plan.rejected)
        rejected.push_back(
            {{"params", params_json(r.params)}, {"rule", r.rule}, {"message", r.message}});
    j["rejected"] = std::move(rejected);
    Json not_modelled = Json::array();
    for (const auto& r : plan.not_modelled)
        not_modelled.push_back(
            {{"params", params_json(r.params)}, {"rule", r.rule}, {"message", r.message}});
    j["not_modelled"] = std::move(not_modelled);
    Json tiles = Json::array();
    for (const auto& p : plan.tile_params)
        tiles.push_back({{"name", p.name}, {"spec_value", p.spec_value}, {"values", p.values}});
    j["tile_params"] = std::move(tiles);
    j["peak_flops"] = optional_json(plan.peak_flops);
    j["hbm_bytes_per_s"] = optional_json(plan.hbm_bytes_per_s);
    j["notes"] = plan.notes;
    // Added: some candidate's measurement is unverified, so the measured ranking is provisional.
    j["provisional"] = plan.provisional();
    return j;
}

}  // namespace tl
