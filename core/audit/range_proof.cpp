#include "core/audit/range_proof.h"

#include <algorithm>
#include <atomic>
#include <bit>
#include <limits>
#include <map>
#include <mutex>

#include "core/analysis/analysis.h"
#include "core/analysis/separable.h"
#include "core/base/parallel_for.h"

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

}  // namespace

std::vector<Finding> indexing_errors_at(const Spec& spec, const std::string& param,
                                        std::int64_t size, const RangeProofOptions& opt) {
    const ResolveResult r = resolve(spec, {{param, size}});
    std::vector<Finding> errors;
    if (!r.instance) {
        for (const auto& d : r.errors) errors.push_back(resolve_failure(d));
        return errors;
    }
    const AnalysisOptions aopt{opt.revisit, opt.concurrent_grid};
    if (const auto fast = analyse_separable(*r.instance, aopt); fast && fast->clean) return {};
    const Analysis a = analyse(*r.instance, aopt);
    for (const auto& f : a.findings())
        if (f.severity == Severity::Error) errors.push_back(f);
    for (const auto& d : a.errors()) errors.push_back(resolve_failure(d));
    for (auto& f : errors) f.case_params = {{param, size}};
    return errors;
}

namespace {

RangeProof prove(const Spec& spec, const std::string& param, const RangeProofOptions& opt) {
    RangeProof proof{param, 1, 0, opt.bound, std::nullopt, {}};
    // First the sizes to analyse: those the requires allow, until the work budget runs out
    // (resolving is cheap next to analysing, and it fixes the range before any thread runs).
    std::vector<std::int64_t> sizes;
    std::vector<std::int64_t> skipped_before;  // skipped sizes below each listed size
    std::map<std::string, std::int64_t> params(spec.params.begin(), spec.params.end());
    std::int64_t programs = 0, last = 0;
    for (std::int64_t size = 1; size <= opt.bound; ++size) {
        params[param] = size;
        if (unmet_requirement(spec, params)) {  // not a shape the kernel accepts
            ++proof.skipped;
            last = size;
            continue;
        }
        if (const ResolveResult r = resolve(spec, {{param, size}}); r.instance) {
            // Separable maps are summed per axis: their work is the grid sizes' sum.
            std::int64_t work = 0;
            if (separable_index_maps(*r.instance))
                for (const std::int64_t g : r.instance->grid) work += std::max<std::int64_t>(g, 1);
            else
                work = r.instance->programs();
            programs += work;
            if (programs > opt.program_budget && size > 1) break;
        }
        sizes.push_back(size);
        skipped_before.push_back(proof.skipped);
        last = size;
    }
    // Then analyse them on `jobs` threads (0: one per core); the smallest failing size wins.
    std::atomic<std::int64_t> first_failure{std::numeric_limits<std::int64_t>::max()};
    std::mutex mutex;
    std::vector<Finding> failure_findings;
    parallel_for(sizes.size(), opt.jobs, [&](std::size_t i) {
        const std::int64_t size = sizes[i];
        if (size > first_failure.load()) return;  // a smaller size already failed
        auto errors = indexing_errors_at(spec, param, size, opt);
        if (errors.empty()) return;
        const std::lock_guard lock(mutex);
        if (size < first_failure.load()) {
            first_failure = size;
            failure_findings = std::move(errors);
        }
    });
    proof.to = last;
    if (first_failure.load() != std::numeric_limits<std::int64_t>::max()) {
        const std::int64_t at = first_failure.load();
        proof.first_failure = at;
        proof.to = at;
        proof.findings = std::move(failure_findings);
        const auto k = static_cast<std::size_t>(std::lower_bound(sizes.begin(), sizes.end(), at) -
                                                sizes.begin());
        proof.skipped = skipped_before[k];
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
