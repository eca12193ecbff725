#include "core/timings/timings_summary.h"

#include <algorithm>
#include <set>

#include "core/kernels/flops.h"
#include "core/target/core_share.h"
#include "core/target/roofline.h"

namespace tl {
namespace {

std::optional<DType> dtype_alias(const std::string& s) {
    if (const auto d = parse_dtype(s)) return d;
    static const std::pair<const char*, DType> aliases[] = {
        {"bf16", DType::BFloat16}, {"f32", DType::Float32},  {"fp32", DType::Float32},
        {"f16", DType::Float16},   {"fp16", DType::Float16}, {"f64", DType::Float64},
        {"i8", DType::Int8},       {"s8", DType::Int8},      {"i32", DType::Int32}};
    for (const auto& [name, d] : aliases)
        if (s == name) return d;
    return std::nullopt;
}

Json spec_params_json(const Spec& spec) {
    Json p = Json::object();
    for (const auto& [name, value] : spec.params) p[name] = value;
    return p;
}

// The spec's own configuration on its target, as an unmeasured row, unless a record already
// times exactly it there.
std::optional<TimingRecord> planned_record(const Spec& spec,
                                           const std::vector<TimingRecord>& records,
                                           const std::string& candidate_impl) {
    const std::string target = spec.target_id();
    if (target == "interpret") return std::nullopt;
    TimingRecord r;
    r.format = "spec";
    r.label = spec.name + " (open spec)";
    r.kernel = spec.kernel ? spec.kernel->body : spec.name;
    r.impl = candidate_impl;
    r.target = target;
    r.params = spec_params_json(spec);
    if (!spec.operands.empty()) r.dtype = std::string(to_string(spec.operands.front().dtype));
    for (const auto& other : records)
        if (record_matches_spec(other, spec) && other.target == r.target &&
            other.impl.value_or(candidate_impl) == candidate_impl &&
            same_params(other.params, r.params))
            return std::nullopt;
    return r;
}

void place_on_roofline(const TimingRecord& r, const Spec* spec, const TargetCatalog& catalog,
                       RecordFacts& f) {
    if (!r.target) {
        f.roofline_note = "no target: the record does not say where it ran";
        return;
    }
    f.roof = roof_figures(*r.target, record_dtype(r, spec), spec, catalog, &f.roofline_note);
    if (!f.roof) return;
    if (!f.cost.flops || !f.cost.bytes) {
        f.roofline_note = f.cost.note.empty() ? "no FLOPs or bytes" : f.cost.note;
        return;
    }
    // Only a successful timing has an achieved rate; anything else sits at its modelled bound.
    std::optional<double> seconds;
    if (r.status == TimingStatus::Ok && f.provenance.kind != Provenance::Unmeasured)
        seconds = r.median_s;
    f.roofline = roofline_point(*f.cost.flops, *f.cost.bytes, f.roof->peak_flops, f.roof->bandwidth,
                                seconds);
    if (!f.roofline) f.roofline_note = "FLOPs or bytes out of range for the roofline";
}

std::vector<std::string> sorted(const std::set<std::string>& s) {
    return {s.begin(), s.end()};
}

}  // namespace

bool TimingsView::shown(std::size_t i) const {
    return kernel.empty() || (i < records.size() && records[i].kernel.value_or(kernel) == kernel);
}

DType record_dtype(const TimingRecord& r, const Spec* spec) {
    if (r.dtype)
        if (const auto d = dtype_alias(*r.dtype)) return *d;
    if (spec && !spec->operands.empty()) return spec->operands.front().dtype;
    return DType::BFloat16;
}

std::optional<RoofFigures> roof_figures(const std::string& target_id, DType dtype, const Spec* spec,
                                        const TargetCatalog& catalog, std::string* why) {
    const TargetProfile* base = catalog.find(target_id);
    if (!base) {
        *why = "no profile for target '" + target_id + "', so no roof";
        return std::nullopt;
    }
    TargetProfile profile = *base;
    bool overridden = false;
    if (spec && spec->target_id() == target_id && !spec->target_overrides.empty()) {
        Diagnostics ignored;  // the explorer reports override errors; here they only fall back
        profile = apply_overrides(*base, spec->target_overrides, &ignored);
        overridden = !profile.overridden.empty();
    }
    // The same peak as the audit and the planner: bfloat16's, labelled, when dtype has none,
    // of the cores a kernel runs on (a megacore chip is taken whole: no grid is at hand here).
    profile = scaled_to_share(profile, core_share(profile, nullptr));
    const RooflinePeak peak = roofline_peak(profile, dtype);
    if (!peak.flops_per_s || !profile.hbm_bytes_per_s) {
        *why =
            "no " + std::string(peak.flops_per_s ? "HBM bandwidth" : "peak") + " figure for " +
            std::string(to_string(dtype)) + " on " + target_id + ": set target_overrides." +
            (peak.flops_per_s ? "hbm_bytes_per_s" : "peak_flops." + std::string(to_string(dtype))) +
            " in the spec";
        return std::nullopt;
    }
    return RoofFigures{target_id, peak.label, *peak.flops_per_s, *profile.hbm_bytes_per_s,
                       overridden};
}

TimingsView make_timings_view(std::vector<TimingRecord> records, Diagnostics warnings,
                              std::shared_ptr<const Spec> spec, TimingsSettings settings,
                              const TargetCatalog& catalog, CostCache* cache) {
    TimingsView v;
    v.settings = settings;
    v.warnings = std::move(warnings);

    DecisionConfig config;
    config.kernel = settings.kernel;
    config.target = settings.target;
    config.share = settings.share;
    config.threshold = settings.threshold;
    config.candidate_impl = settings.candidate_impl;
    config.baseline = settings.baseline;
    v.decision = decide(records, config);

    const std::size_t imported = records.size();
    if (spec)
        if (auto planned = planned_record(*spec, records, settings.candidate_impl))
            records.push_back(std::move(*planned));
    v.records = std::move(records);

    std::set<std::string> kernels, targets, measured;
    for (const auto& r : v.records) {
        if (r.kernel) kernels.insert(*r.kernel);
        if (r.target) targets.insert(*r.target);
        if (r.target && r.source == TimingSource::Measured) measured.insert(*r.target);
    }
    v.kernels = sorted(kernels);
    v.targets = sorted(targets);
    v.measured_targets = sorted(measured);
    v.kernel = settings.kernel.value_or(v.decision.kernel);
    if (v.kernel.empty() && v.kernels.size() == 1) v.kernel = v.kernels.front();

    const auto costs = candidate_costs(v.records, spec.get(), settings.candidate_impl,
                                       std::int64_t{1} << 22, cache);
    const Diagnostics misfits = params_misfit_warnings(v.records, costs);
    v.warnings.insert(v.warnings.end(), misfits.begin(), misfits.end());
    v.facts.resize(v.records.size());
    for (std::size_t i = 0; i < v.records.size(); ++i) {
        const TimingRecord& r = v.records[i];
        RecordFacts& f = v.facts[i];
        f.provenance = provenance_of(r);
        f.cost = costs[i];
        f.planned = i >= imported;
        f.is_candidate = !r.impl || *r.impl == settings.candidate_impl;
        place_on_roofline(r, spec.get(), catalog, f);
        if (f.planned)
            f.excluded = "unmeasured: the open spec's configuration, a modelled bound only";
        else if (!v.decision.kernel.empty() && r.kernel != v.decision.kernel)
            f.excluded = "another kernel: the decision is for " + v.decision.kernel;
    }
    for (const auto& e : v.decision.excluded) v.facts[e.index].excluded = e.reason;
    if (v.decision.best) v.facts[*v.decision.best].best = true;
    if (v.decision.baseline) v.facts[*v.decision.baseline].baseline = true;

    v.roofline_target = settings.target.value_or(v.decision.target);
    if (v.roofline_target.empty()) {
        for (std::size_t i = 0; i < v.records.size() && v.roofline_target.empty(); ++i)
            if (v.shown(i) && v.facts[i].roof) v.roofline_target = v.facts[i].roof->target;
    }
    if (v.roofline_target.empty() && spec) v.roofline_target = spec->target_id();
    for (std::size_t i = 0; i < v.records.size() && !v.roof; ++i)
        if (v.shown(i) && v.facts[i].roof && v.facts[i].roof->target == v.roofline_target)
            v.roof = v.facts[i].roof;
    if (!v.roof && !v.roofline_target.empty()) {
        std::string why;
        v.roof = roof_figures(
            v.roofline_target,
            spec && !spec->operands.empty() ? spec->operands.front().dtype : DType::BFloat16,
            spec.get(), catalog, &why);
    }
    return v;
}

}  // namespace tl
