// `plan --emit-bench FILE`: the benchmark script that times the plan's candidates on the target.
#include <iostream>

#include "app/audit/commands.h"
#include "app/audit/output.h"
#include "core/plan/bench_script.h"
#include "core/target/target.h"

namespace tl::cli {

bool emit_bench(const PlanArgs& a, const Spec& spec, const TilePlan& plan) {
    if (plan.candidates.empty()) {
        std::cerr << "tilelens-audit plan: --emit-bench: no candidate passes the contract of "
                  << plan.target << ", so there is nothing to time\n";
        return false;
    }
    Diagnostics errors;
    const auto profile =
        resolve_target(builtin_targets(), plan.target, spec.target_overrides, &errors);
    if (!profile) {
        for (const auto& e : errors) std::cerr << "tilelens-audit plan: " << e.to_string() << '\n';
        return false;
    }
    std::vector<std::map<std::string, std::int64_t>> candidates;
    for (const auto& c : plan.candidates) candidates.push_back(c.params);
    BenchScriptOptions options;
    options.runs = a.runs;
    options.warmup = a.warmup;
    options.csv_path = spec.name + "." + plan.target + ".timings.csv";
    const BenchScript script = emit_bench_script(spec, *profile, candidates, options);
    if (!script.errors.empty()) {
        for (const auto& e : script.errors)
            std::cerr << "tilelens-audit plan: --emit-bench: " << e << '\n';
        return false;
    }
    return write_output(*a.emit_bench, script.text, "--emit-bench");
}

}  // namespace tl::cli
