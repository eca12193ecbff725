#include "core/timings/candidate_costs.h"

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

ModelledCost model(const Spec& spec, const std::map<std::string, std::int64_t>& overrides,
                   std::int64_t max_programs) {
    ModelledCost m;
    // Resolved under the window's own grid limit: separable maps are answered per axis, and
    // only the per-program pass for the others is held to `max_programs`.
    const ResolveResult resolved = resolve(spec, overrides);
    if (!resolved.instance) {
        m.note = "the spec does not resolve with these params: " + join(resolved.errors, "; ");
        return m;
    }
    const Instance& inst = *resolved.instance;
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

}  // namespace tl
