// `tilelens-audit plan`: the tile candidates that pass the target's contract, their modelled
// traffic and roofline bound, measured ones filled in from --timings, and --emit-bench.
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <map>

#include "app/audit/commands.h"
#include "app/audit/output.h"
#include "app/audit/progress.h"
#include "app/audit/table.h"
#include "core/base/format.h"
#include "core/plan/python_plan.h"
#include "core/plan/tile_plan.h"
#include "core/spec/spec_io.h"
#include "core/target/target.h"
#include "core/timings/candidate_costs.h"
#include "core/timings/decision.h"
#include "core/timings/io/registry.h"
#include "core/timings/provenance.h"

namespace tl::cli {
namespace {

constexpr int kRejected = 3;

std::string values_text(const TileParam& p) {
    std::string s;
    for (const auto v : p.values) s += (s.empty() ? "" : ", ") + std::to_string(v);
    return p.name + " in {" + s + "}";
}

std::string params_line(const ParamMap& params) {
    std::string s;
    for (const auto& [k, v] : params) s += (s.empty() ? "" : " ") + k + "=" + std::to_string(v);
    return s;
}

// The plan's first lines: how many candidates pass and why the others were rejected, the tile
// parameters, and the roof the bounds assume.
void print_plan_header(std::ostream& os, const TilePlan& plan) {
    std::map<std::string, int> by_rule;
    for (const auto& r : plan.rejected) ++by_rule[r.rule];
    os << plan.spec << " on " << plan.target << ": " << plan.candidates.size() << " candidate"
       << (plan.candidates.size() == 1 ? "" : "s") << " pass, " << plan.rejected.size()
       << " rejected";
    std::string rules;
    for (const auto& [rule, n] : by_rule)
        rules += (rules.empty() ? "" : ", ") + rule + " " + std::to_string(n);
    if (!rules.empty()) os << " (" << rules << ")";
    if (!plan.not_modelled.empty())
        os << ", " << plan.not_modelled.size()
           << " not modelled (the scalar-prefetch tables are built for the spec's own tiles)";
    os << '\n';
    for (const auto& p : plan.tile_params) os << "  tile " << values_text(p) << '\n';
    if (!plan.fixed.empty()) os << "  fixed " << params_line(plan.fixed) << '\n';
    if (plan.peak_flops && plan.hbm_bytes_per_s)
        os << "  roof: " << format_si(*plan.peak_flops, "FLOP/s") << " " << plan.peak_label
           << ", HBM " << format_si(*plan.hbm_bytes_per_s, "B/s")
           << "; datasheet figures, unmeasured\n";
}

std::vector<std::string> plan_table_row(const TilePlan& plan, std::size_t i, bool one_limit) {
    const PlanCandidate& c = plan.candidates[i];
    std::vector<std::string> row{std::to_string(i + 1)};
    for (const auto& p : plan.tile_params) row.push_back(std::to_string(c.params.at(p.name)));
    row.push_back(std::to_string(c.programs));
    row.push_back(format_bytes_short(c.vmem_bytes));
    if (!one_limit)
        row.push_back(c.vmem_limit_bytes > 0 ? format_bytes_short(c.vmem_limit_bytes) : "-");
    row.push_back(format_bytes_short(c.hbm_bytes));
    row.push_back(c.roofline_s ? format_seconds(*c.roofline_s) : "-");
    row.push_back(c.bound.empty() ? "-" : c.bound);
    row.push_back(c.modelled_s ? format_seconds(*c.modelled_s) : "-");
    row.push_back(c.limited_by.empty() ? "-" : c.limited_by);
    std::string status = c.measured_unverified() ? "measured (unverified) "
                         : c.measured()          ? "measured "
                                                 : "unmeasured";
    if (c.measured()) status += format_seconds(*c.measured_s);
    if (c.fraction_of_roof) status += " (" + format_percent(*c.fraction_of_roof) + " of roof)";
    if (c.is_spec) status += ", the spec's tiling";
    row.push_back(status);
    return row;
}

// The candidates as a table, and a note when the spec's own tiling is not among them.
void print_plan_candidates(std::ostream& os, const TilePlan& plan, int top) {
    // One scoped VMEM limit is said once; a kernel that computes its own gets a column.
    const bool one_limit =
        std::all_of(plan.candidates.begin(), plan.candidates.end(), [&](const PlanCandidate& c) {
            return c.vmem_limit_bytes == plan.candidates.front().vmem_limit_bytes;
        });
    if (one_limit && !plan.candidates.empty() && plan.candidates.front().vmem_limit_bytes > 0)
        os << "  scoped VMEM limit " << format_bytes(plan.candidates.front().vmem_limit_bytes)
           << " for every candidate\n";
    std::vector<std::string> header{"#"};
    for (const auto& p : plan.tile_params) header.push_back(p.name);
    header.push_back("programs");
    header.push_back("VMEM");
    if (!one_limit) header.push_back("VMEM limit");
    header.insert(header.end(),
                  {"HBM traffic", "roofline", "bound", "modelled", "limited by", "status"});
    TextTable t(header);
    // The first `top`, then the spec's own tiling and every measured one wherever they rank.
    const std::size_t shown =
        std::min<std::size_t>(static_cast<std::size_t>(top), plan.candidates.size());
    std::size_t listed = 0;
    for (std::size_t i = 0; i < plan.candidates.size(); ++i) {
        const PlanCandidate& c = plan.candidates[i];
        if (i >= shown && !c.is_spec && !c.measured()) continue;
        t.add(plan_table_row(plan, i, one_limit));
        ++listed;
    }
    if (listed > 0) t.print(os);
    if (listed < plan.candidates.size())
        os << "  ... " << plan.candidates.size() - listed << " more (--top N, or --json for all)\n";
    const bool own_listed = std::any_of(plan.candidates.begin(), plan.candidates.end(),
                                        [](const PlanCandidate& c) { return c.is_spec; });
    if (!own_listed && !plan.tile_params.empty())
        os << "note: the spec's own tiling is rejected (below)\n";
}

// Says that the measured ranking rests on unverified measurements, and how to verify them.
std::string provisional_line(const TilePlan& plan) {
    std::size_t unverified = 0, verified = 0;
    for (const auto& c : plan.candidates) {
        unverified += c.measured_unverified() ? 1 : 0;
        verified += c.measured() && c.verified ? 1 : 0;
    }
    return "provisional: " + std::to_string(unverified) +
           " candidate(s) measured (unverified) and " + std::to_string(verified) +
           " verified: the files do not say the outputs were checked on " + plan.target +
           "; time them with --emit-bench's script, which checks every output, or check them "
           "yourself and pass --verified \"NOTE\"";
}

void print_plan(std::ostream& os, const TilePlan& plan, int top) {
    print_plan_header(os, plan);
    print_plan_candidates(os, plan, top);
    std::map<std::string, const PlanRejection*> first;
    for (const auto& r : plan.rejected) first.emplace(r.rule, &r);
    if (!first.empty()) os << "rejected, the first of each rule:\n";
    for (const auto& [rule, r] : first)
        os << "  " << rule << " {" << params_line(r->params) << "}: " << r->message << '\n';
    for (const auto& n : plan.notes) os << "note: " << n << '\n';
    if (plan.provisional()) os << provisional_line(plan) << '\n';
}

}  // namespace

int run_plan(const PlanArgs& a) {
    if (!files_readable({a.spec_path}, "plan") || !files_readable(a.timings, "plan"))
        return kUsageError;
    // A Python kernel is planned by re-recording its file for each tiling.
    const LoadResult raw = load_spec_file(a.spec_path);
    const bool python = raw.spec && raw.spec->python;
    const auto spec =
        python ? std::make_shared<const Spec>(*raw.spec) : load_spec_or_report(a.spec_path, "plan");
    if (!spec) return kUsageError;
    PlanOptions options;
    options.target = a.target;
    // A big spec's candidates take seconds; quick plans print nothing.
    if (!a.quiet) options.progress = progress_printer(std::cerr, "plan", "combinations", 1.0);
    PythonPlanOptions py;
    py.plan = options;
    py.spec_dir = std::filesystem::path(a.spec_path).parent_path().string();
    PlanOutcome outcome = python ? plan_python_tiles(*spec, py) : plan_tiles(*spec, options);
    if (!outcome.plan) {
        for (const auto& e : outcome.errors)
            std::cerr << "tilelens-audit plan: " << e.to_string() << '\n';
        return kUsageError;
    }
    TilePlan& plan = *outcome.plan;

    std::vector<TimingRecord> records;
    ImportConfig config;
    config.target = a.target;  // fills the records whose file names no target
    for (const auto& file : a.timings) {
        ImportResult r = import_timing_file(file, config);
        if (a.verified) attest_verified(r, file, *a.verified);
        for (const auto& w : r.warnings) plan.notes.push_back("import: " + w.to_string());
        records.insert(records.end(), r.records.begin(), r.records.end());
    }
    // A record whose params do not fit the spec is said, with its file and line.
    for (const auto& w : params_misfit_warnings(records, candidate_costs(records, spec.get())))
        plan.notes.push_back(w.to_string());
    if (!records.empty())
        for (auto& n : attach_measurements(plan, *spec, records))
            plan.notes.push_back(std::move(n));

    bool written = true;
    if (a.emit_bench) written = emit_bench(a, *spec, plan);
    if (a.json_path)
        written &= write_output(*a.json_path, plan_json(plan).dump(2) + "\n", "--json");
    const bool stdout_taken =
        (a.json_path && *a.json_path == "-") || (a.emit_bench && *a.emit_bench == "-");
    if (!a.quiet && !stdout_taken) {
        print_plan(std::cout, plan, a.top);
        if (a.emit_bench && written)
            std::cout << "wrote " << *a.emit_bench << ": run it on " << plan.target
                      << " with JAX installed, then: tilelens-audit plan --timings <its CSV> "
                      << a.spec_path << '\n';
    }
    if (!written) return kUsageError;
    return plan.candidates.empty() ? kRejected : 0;
}

}  // namespace tl::cli
