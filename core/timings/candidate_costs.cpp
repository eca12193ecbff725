#include "core/timings/candidate_costs.h"

#include <algorithm>
#include <map>

#include "core/analysis/analysis.h"
#include "core/analysis/separable.h"
#include "core/kernels/flops.h"
#include "core/spec/instance.h"

namespace tl {
namespace {

double compulsory_bytes(const Instance& inst) {
    double total = 0;
    for (const auto& op : inst.operands)
        total += static_cast<double>(op.elements()) * dtype_bytes(op.dtype);
    return total;
}

std::string grid_text(const std::vector<std::int64_t>& grid) {
    std::string out = "grid [";
    for (std::size_t i = 0; i < grid.size(); ++i) out += (i ? ", " : "") + std::to_string(grid[i]);
    return out + "]";
}

std::string first_error(const Diagnostics& errors) {
    if (errors.empty()) return "no reason given";
    const Diagnostic& e = errors.front();
    return (e.path.empty() ? "" : e.path + ": ") + e.message;
}

// The record's params the spec has no param of, and those of its params that are not whole
// numbers: both make the spec's model another configuration than the one timed.
std::string unfit_params(const TimingRecord& r, const Spec& spec) {
    std::vector<std::string> unknown, not_whole;
    for (const auto& item : r.params.items()) {
        const std::string& key = item.key();
        const Json& value = item.value();
        const bool known = std::any_of(spec.params.begin(), spec.params.end(),
                                       [&key](const auto& p) { return p.first == key; });
        if (!known)
            unknown.push_back(key);
        else if (!value.is_number_integer())
            not_whole.push_back(key + " is " + value.dump() + ", not a whole number");
    }
    std::string out;
    if (!unknown.empty()) {
        std::string names, have;
        for (std::size_t i = 0; i < unknown.size() && i < 4; ++i)
            names += (i ? ", " : "") + unknown[i];
        if (unknown.size() > 4) names += " and " + std::to_string(unknown.size() - 4) + " more";
        for (const auto& p : spec.params) have += (have.empty() ? "" : ", ") + p.first;
        out = (unknown.size() == 1 ? "param " : "params ") + names +
              (unknown.size() == 1 ? " is" : " are") + " not the spec's (it has " +
              (have.empty() ? "none" : have) + ")";
    }
    for (const auto& w : not_whole) out += (out.empty() ? "" : "; ") + w;
    return out;
}

// "with bm=512, " : the record's values that differ from the spec's own, which the spec's
// refusal is about.
std::string changed_params(const std::map<std::string, std::int64_t>& overrides, const Spec& spec) {
    std::string out;
    for (const auto& [name, value] : spec.params) {
        const auto it = overrides.find(name);
        if (it != overrides.end() && it->second != value)
            out += (out.empty() ? "with " : ", ") + name + "=" + std::to_string(it->second);
    }
    return out.empty() ? out : out + ", ";
}

ModelledCost model(const Spec& spec, const std::map<std::string, std::int64_t>& overrides,
                   std::int64_t max_programs) {
    ModelledCost m;
    // Resolved under the window's own grid limit: separable maps are answered per axis, and
    // only the per-program pass for the others is held to `max_programs`.
    const ResolveResult resolved = resolve(spec, overrides);
    if (!resolved.instance) {
        m.note = "the spec does not resolve with these params: " + join(resolved.errors, "; ");
        m.refused = "the spec refuses them: " + first_error(resolved.errors);
        return m;
    }
    const Instance& inst = *resolved.instance;
    if (inst.programs() == 0) {
        m.refused =
            "they make the spec's grid empty (" + grid_text(inst.grid) + "): no program would run";
        m.note = m.refused;
        return m;
    }
    if (spec.kernel) {
        if (const auto f = kernel_flops(spec.kernel->body, inst)) m.flops = double(*f);
    }
    if (!m.flops) m.note = "the kernel body has no FLOP count";
    m.compulsory_bytes = compulsory_bytes(inst);
    AnalysisOptions opt;
    opt.revisit = spec.revisit;
    if (const auto fast = analyse_separable(inst, opt)) {
        m.pipeline_bytes = double(fast->total_hbm_bytes());
    } else if (inst.programs() > max_programs) {
        m.note = std::to_string(inst.programs()) +
                 " programs and an index map without a closed form: the pipeline traffic is not "
                 "modelled past " +
                 std::to_string(max_programs) + " programs";
    } else {
        m.pipeline_bytes = double(analyse(inst, opt).total_hbm_bytes());
    }
    return m;
}

}  // namespace

bool record_matches_spec(const TimingRecord& record, const Spec& spec) {
    if (!record.kernel) return true;
    return *record.kernel == spec.name || (spec.kernel && *record.kernel == spec.kernel->body);
}

std::map<std::string, std::int64_t> spec_overrides(const TimingRecord& record, const Spec& spec) {
    std::map<std::string, std::int64_t> out;
    if (!record.params.is_object()) return out;
    for (const auto& param : spec.params) {
        const auto it = record.params.find(param.first);
        if (it != record.params.end() && it->is_number_integer())
            out[param.first] = it->get<std::int64_t>();
    }
    return out;
}

std::vector<CandidateCost> candidate_costs(const std::vector<TimingRecord>& records,
                                           const Spec* spec, const std::string& candidate_impl,
                                           std::int64_t max_programs, CostCache* cache) {
    std::vector<CandidateCost> costs(records.size());
    CostCache local;  // one analysis per params within this call at least
    if (!cache) cache = &local;
    if (spec && cache->spec != *spec) {
        cache->spec = *spec;
        cache->entries.clear();
    }
    for (std::size_t i = 0; i < records.size(); ++i) {
        const TimingRecord& r = records[i];
        CandidateCost& c = costs[i];
        if (r.flops) c.flops = r.flops, c.flops_from = "file";
        if (r.bytes) c.bytes = r.bytes, c.bytes_from = "file";
        if (c.flops && c.bytes) continue;
        if (!spec) {
            c.note =
                "no FLOPs or bytes: open the spec these timings belong to, or give them "
                "in the file";
            continue;
        }
        if (!record_matches_spec(r, *spec)) {
            c.note =
                "kernel " + r.kernel.value_or("?") + " is not the open spec's (" + spec->name + ")";
            continue;
        }
        const auto overrides = spec_overrides(r, *spec);
        auto it = cache->entries.find(overrides);
        if (it == cache->entries.end())
            it = cache->entries.emplace(overrides, model(*spec, overrides, max_programs)).first;
        const ModelledCost& m = it->second;
        c.misfit = unfit_params(r, *spec);
        if (!m.refused.empty())
            c.misfit +=
                (c.misfit.empty() ? "" : "; ") + changed_params(overrides, *spec) + m.refused;
        if (!c.misfit.empty()) {
            c.note = "its params do not fit the spec: " + c.misfit;
            continue;
        }
        if (!c.flops && m.flops) c.flops = m.flops, c.flops_from = "spec";
        const bool baseline = r.impl && *r.impl != candidate_impl;
        if (!c.bytes) {
            if (baseline && m.compulsory_bytes) {
                c.bytes = m.compulsory_bytes;
                c.bytes_from = "compulsory traffic";
            } else if (!baseline && m.pipeline_bytes) {
                c.bytes = m.pipeline_bytes;
                c.bytes_from = "pipeline model";
            }
        }
        if (!c.flops || !c.bytes) c.note = m.note;
    }
    return costs;
}

Diagnostics params_misfit_warnings(const std::vector<TimingRecord>& records,
                                   const std::vector<CandidateCost>& costs, std::size_t max_named) {
    Diagnostics out;
    std::size_t misfits = 0;
    for (std::size_t i = 0; i < records.size() && i < costs.size(); ++i) {
        if (costs[i].misfit.empty() || misfits++ >= max_named) continue;
        const TimingRecord& r = records[i];
        Diagnostic d;
        d.file = r.file;
        d.line = r.line;
        std::string params = params_text(r.params);
        if (params.size() > 120) params = params.substr(0, 117) + "...";
        d.message = "the params of " + r.kernel.value_or(r.label) +
                    (params.empty() ? "" : " (" + params + ")") +
                    " do not fit the spec: " + costs[i].misfit +
                    "; its roofline is left out (time the spec's own params, or open the spec "
                    "these timings belong to)";
        out.push_back(std::move(d));
    }
    if (misfits > max_named) {
        Diagnostic d;
        d.message = std::to_string(misfits - max_named) +
                    " more records whose params do not fit the spec have no roofline";
        out.push_back(std::move(d));
    }
    return out;
}

}  // namespace tl
