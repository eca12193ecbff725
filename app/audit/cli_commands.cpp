// Parsing of the `timings` and `plan` commands (docs/report-format.md, "Commands").
#include <iostream>

#include "app/audit/cli.h"
#include "app/audit/cli_parse.h"
#include "core/timings/io/registry.h"
#include "core/timings/provenance.h"

namespace tl::cli {
namespace {

// `--verified NOTE` (docs/timings.md, "The rule of evidence").
void add_verified_option(CLI::App& app, std::optional<std::string>& note, const std::string& what) {
    app.add_option("--verified", note,
                   "attest that the outputs of " + what +
                       " were checked on the target: NOTE says who checked what, where and when "
                       "(\"outputs compared with jnp reference on v6e, 2026-11-30, A. Author\"); "
                       "what a file says itself wins")
        ->type_name("NOTE");
}

// A --verified NOTE that says something; false after printing why not.
bool note_given(std::optional<std::string>& note, const std::string& command) {
    if (!note) return true;
    note = trimmed_note(*note);
    if (!note->empty()) return true;
    std::cerr << "tilelens-audit " << command
              << ": --verified needs a NOTE saying who checked which outputs, where and when, "
                 "e.g. --verified \"outputs compared with jnp reference on v6e, 2026-11-30, A. "
                 "Author\"\n";
    return false;
}

bool one_standard_output(const TimingsArgs& a) {
    if (!(a.json_path && a.markdown_path && *a.json_path == "-" && *a.markdown_path == "-"))
        return true;
    std::cerr << "tilelens-audit timings: --json and --markdown cannot both write to standard "
                 "output; give one of them a FILE\n";
    return false;
}

}  // namespace

Parsed parse_timings(int argc, char** argv, int first) {
    Parsed out;
    TimingsArgs& a = out.timings;
    CLI::App app{
        "tilelens-audit timings: imports timing files measured on a target (TileLens CSV, "
        "Google Benchmark JSON, pytest-benchmark JSON, Chrome trace JSON or .json.gz, "
        "jax.profiler's .xplane.pb, Nsight Compute CSV, Nsight Systems CSV, XProf op stats CSV or "
        "JSON, XProf op profile JSON, "
        "tokamax autotuning JSON) and prints one row per candidate",
        "tilelens-audit timings"};
    app.footer(
        "With --spec, each candidate gets its FLOPs and HBM bytes from the spec and its place "
        "under the target's roofline, and the decision says whether the kernel earns its "
        "complexity: from verified, measured records on one target, or, with none, provisionally "
        "from unverified ones.\n\nExit codes: 0 "
        "imported (warnings allowed), 2 usage error, a file from which no record could be "
        "imported, or an invalid spec.");
    app.add_option("--spec", a.spec_path, "the spec the timings belong to (*.tilelens.json)")
        ->type_name("SPEC");
    app.add_option("--json", a.json_path,
                   "write the timings document to FILE ('-' = standard output)")
        ->type_name("FILE");
    app.add_option("--target", a.target, "the target the decision is for, when there are several");
    app.add_option("--share", a.share,
                   "the op's fraction of the step (0..1), replacing what the files say")
        ->check(CLI::Range(0.0, 1.0));
    app.add_option("--threshold", a.threshold,
                   "the end-to-end saving (fraction of the step) that earns the complexity")
        ->check(CLI::Range(0.0, 1.0))
        ->default_str("0.02");
    app.add_option("--baseline", a.baseline,
                   "the baseline impl to compare with (default: the fastest other impl)");
    add_verified_option(app, a.verified, "every FILE");
    app.add_option("--markdown", a.markdown_path,
                   "write the records and the decision as Markdown to FILE ('-' = standard output)")
        ->type_name("FILE");
    app.add_flag("--quiet", a.quiet, "no table on standard output");
    app.add_option(
           "--format", a.format,
           "read every FILE as this format instead of detecting it: " + known_timing_formats())
        ->type_name("ID");
    app.add_option("FILE", a.files, "timing files")->required()->type_name("FILE");
    if (const int code = run_parser(app, argc, argv, first, "timings"); code >= 0) {
        out.exit_code = code;
        return out;
    }
    if (!note_given(a.verified, "timings") || !one_standard_output(a)) {
        out.exit_code = kUsageError;
        return out;
    }
    out.action = Parsed::Action::Timings;
    return out;
}

Parsed parse_plan(int argc, char** argv, int first) {
    Parsed out;
    PlanArgs& a = out.plan;
    CLI::App app{
        "tilelens-audit plan: lists the tile candidates of SPEC that pass the target's contract "
        "and indexing checks, with their modelled HBM traffic, VMEM and roofline bound, each "
        "unmeasured until a measurement is imported (measured, unverified until its outputs were "
        "checked on the target)",
        "tilelens-audit plan"};
    app.footer(
        "Exit codes: 0 candidates listed, 2 usage error or invalid spec, 3 the target's "
        "contract rejects every candidate.");
    app.add_option("--target", a.target, "target profile id, replacing the spec's target");
    app.add_option("--emit-bench", a.emit_bench,
                   "write the benchmark script (Python, JAX) that times every candidate and the "
                   "XLA baseline on the target and writes a TileLens CSV")
        ->type_name("FILE");
    app.add_option("--timings", a.timings, "timing files whose measurements fill in the candidates")
        ->type_name("FILE")
        ->expected(1, -1);
    add_verified_option(app, a.verified, "every --timings FILE");
    app.add_option("--json", a.json_path, "write the plan to FILE ('-' = standard output)")
        ->type_name("FILE");
    app.add_option("--runs", a.runs, "timed runs per candidate in the emitted script")
        ->check(CLI::Range(1, 100000))
        ->default_str("50");
    app.add_option("--warmup", a.warmup, "untimed runs before timing, in the emitted script")
        ->check(CLI::Range(0, 1000))
        ->default_str("3");
    app.add_option("--top", a.top, "candidates the summary lists (all are in --json)")
        ->check(CLI::Range(1, 100000))
        ->default_str("15");
    app.add_flag("--quiet", a.quiet, "no summary on standard output");
    app.add_option("SPEC", a.spec_path, "the spec file (*.tilelens.json)")->type_name("SPEC");
    if (const int code = run_parser(app, argc, argv, first, "plan"); code >= 0) {
        out.exit_code = code;
        return out;
    }
    // `--timings A B SPEC`: the file list takes every word, so the last one is the spec.
    if (a.spec_path.empty() && a.timings.size() >= 2) {
        a.spec_path = a.timings.back();
        a.timings.pop_back();
    }
    if (a.spec_path.empty()) {
        std::cerr << "tilelens-audit plan: SPEC is required\nRun 'tilelens-audit plan --help' "
                     "for usage.\n";
        out.exit_code = kUsageError;
        return out;
    }
    if (!note_given(a.verified, "plan")) {
        out.exit_code = kUsageError;
        return out;
    }
    if (a.json_path && a.emit_bench && *a.json_path == "-" && *a.emit_bench == "-") {
        std::cerr << "tilelens-audit plan: --json and --emit-bench cannot both write to standard "
                     "output; give one of them a FILE\n";
        out.exit_code = kUsageError;
        return out;
    }
    out.action = Parsed::Action::Plan;
    return out;
}

}  // namespace tl::cli
