#include "core/audit/range_proof.h"

#include <bit>
#include <map>

#include "core/analysis/analysis.h"

namespace tl {

bool separable_index_maps(const Instance& inst) {
    if (!inst.prefetch.empty()) return false;
    for (const auto& op : inst.operands) {
        if (!op.index_map) continue;
        for (int r = 0; r < op.index_map->results(); ++r)
            if (std::popcount(op.index_map->depends_on(r)) > 1) return false;
    }
    return true;
}

namespace {

Finding resolve_failure(const Diagnostic& d) {
    Finding f;
    f.kind = FindingKind::SpecError;
    f.message = d.to_string();
    return f;
}

RangeProof prove(const Spec& spec, const std::string& param, const RangeProofOptions& opt) {
    RangeProof proof{param, 1, 0, opt.bound, std::nullopt, {}};
    std::int64_t programs = 0;
    std::map<std::string, std::int64_t> params(spec.params.begin(), spec.params.end());
    for (std::int64_t size = 1; size <= opt.bound; ++size) {
        params[param] = size;
        if (unmet_requirement(spec, params)) {  // not a shape the kernel accepts
            ++proof.skipped;
            proof.to = size;
            continue;
        }
        const ResolveResult r = resolve(spec, {{param, size}});
        std::vector<Finding> errors;
        if (!r.instance) {
            for (const auto& d : r.errors) errors.push_back(resolve_failure(d));
        } else {
            programs += r.instance->programs();
            if (programs > opt.program_budget && size > 1) break;
            const Analysis a =
                analyse(*r.instance, AnalysisOptions{opt.revisit, opt.concurrent_grid});
            for (const auto& f : a.findings())
                if (f.severity == Severity::Error) errors.push_back(f);
            for (const auto& d : a.errors()) errors.push_back(resolve_failure(d));
        }
        proof.to = size;
        if (!errors.empty()) {
            for (auto& f : errors) f.case_params = {{param, size}};
            proof.first_failure = size;
            proof.findings = std::move(errors);
            break;
        }
    }
    return proof;
}

}  // namespace

std::vector<RangeProof> prove_ranges(const Spec& spec, const std::vector<SweptParam>& swept,
                                     const RangeProofOptions& options) {
    std::vector<RangeProof> out;
    for (const auto& p : swept) out.push_back(prove(spec, p.name, options));
    return out;
}

}  // namespace tl
