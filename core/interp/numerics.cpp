#include "core/interp/numerics.h"

#include <cmath>

#include "core/interp/detail/grid_runner.h"
#include "core/interp/fill.h"

namespace tl {

namespace {

double nan_max(double a, double b) {
    if (std::isnan(a) || std::isnan(b)) return std::nan("");
    return a > b ? a : b;
}

}  // namespace

NumericsResult check_numerics(const Instance& inst, const Spec& spec, const RunOptions& options,
                              RunResult* run_out) {
    NumericsResult res;
    if (!spec.kernel) return res;
    const KernelSpec& kernel = *spec.kernel;
    RunResult local;
    RunResult& run = run_out ? *run_out : local;  // the caller's, when it wants to draw it
    run = interpret(inst, kernel, spec.uninitialized, spec.revisit, spec.seed, options);
    res.cancelled = run.cancelled;
    res.errors = run.errors;
    if (!run.ok) return res;

    std::vector<OutputComparison> cmps;
    std::vector<Finding> findings = compare_outputs(inst, kernel, run, spec.uninitialized,
                                                    spec.revisit, spec.tolerance, nullptr, &cmps);
    if (!findings.empty()) {
        // Cause attribution: re-run on the same inputs, once with another padding fill and
        // once with another fill for fresh output blocks and scratch. A mismatching value
        // that changes with the first depends on padding reads; with the second, on
        // uninitialised memory. Exact, unlike tracking which visits read padding (a padded
        // read often lands only in dropped writes).
        const Uninitialized u = spec.uninitialized, alt = alternate_fill(u);
        CauseEvidence ev;
        interp::GridRun a =
            interp::run_kernel(inst, kernel, run.inputs, {alt, u, u}, spec.revisit, options);
        interp::GridRun b = a.ok ? interp::run_kernel(inst, kernel, run.inputs, {u, alt, alt},
                                                      spec.revisit, options)
                                 : interp::GridRun{};
        if (a.ok && b.ok) {
            ev.other_padding = std::move(a.outputs);
            ev.other_output = std::move(b.outputs);
            findings = compare_outputs(inst, kernel, run, u, spec.revisit, spec.tolerance, &ev);
        } else if (a.cancelled || b.cancelled) {
            res.cancelled = true;
            return res;
        }
    }
    res.ran = true;
    res.findings = std::move(findings);
    for (auto& c : cmps) {
        res.outputs.push_back(
            {c.operand, c.elements, c.mismatches, c.max_abs_error, c.max_rel_error, c.tolerance});
        res.max_abs_error = nan_max(res.max_abs_error, c.max_abs_error);
        res.max_rel_error = nan_max(res.max_rel_error, c.max_rel_error);
    }
    return res;
}

}  // namespace tl
