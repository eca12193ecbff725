#include "app/audit/cli.h"

#include <cmath>
#include <iostream>
#include <string_view>

#include "app/audit/cli_parse.h"
#include "core/base/limits.h"

namespace tl::cli {
namespace {

const char* const kFooter = R"(Commands:
  check     (default) run the contract, indexing and numerics stages on SPEC
  timings   import timing files measured on a target; with --spec, the roofline and decision
  plan      list the tile candidates that pass the target's contract; --emit-bench writes
            the script that measures them
  import    write a spec for a Pallas kernel file (its wrapper, argument shapes, reference)
  export-pallas
            write SPEC as Pallas code: a kernel stub and its pl.pallas_call
  lesson    walk SPEC's lesson: each step's narration, what the checks find, its claim
  limits    print the limits on input sizes: name, default, current value, what it guards
Run 'tilelens-audit timings --help', 'plan --help', 'import --help', 'export-pallas --help'
or 'lesson --help' for theirs.

Exit codes: 0 every stage that ran passed (warnings allowed), 1 at least one error finding,
2 usage error or invalid spec, 3 rejected by the target contract.

Every command takes --limit NAME=VALUE (repeatable) to change a limit on input sizes; see
'tilelens-audit limits' and docs/bad-input.md.)";

// `tilelens-audit limits [--limit NAME=VALUE]...`: the table, with the settings applied.
Parsed parse_limits(int argc, char** argv, int first) {
    Parsed out;
    CLI::App app{
        "tilelens-audit limits: prints every limit on input sizes (name, default, "
        "current value, what it guards); change one with --limit NAME=VALUE on any "
        "command",
        "tilelens-audit limits"};
    if (const int code = run_parser(app, argc, argv, first, "limits"); code >= 0) {
        out.exit_code = code;
        return out;
    }
    std::cout << limits_table_text();
    out.exit_code = 0;
    return out;
}

}  // namespace

int run_parser(CLI::App& app, int argc, char** argv, int first, const std::string& command) {
    app.set_version_flag("--version", std::string("tilelens-audit ") + TILELENS_VERSION);
    std::vector<std::string> limits;
    app.add_option("--limit", limits,
                   "raise (or lower) a limit on input sizes, e.g. --limit elements=2Ti "
                   "(repeatable; 'tilelens-audit limits' lists them)")
        ->type_name("NAME=VALUE")
        ->expected(1)
        ->allow_extra_args(false)
        ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
    std::vector<const char*> args{argv[0]};
    for (int i = first; i < argc; ++i) args.push_back(argv[i]);
    const std::string prefix = "tilelens-audit" + (command.empty() ? "" : " " + command);
    const auto usage_error = [&](const std::string& message) {
        std::cerr << prefix << ": " << message << "\nRun 'tilelens-audit " << command
                  << (command.empty() ? "" : " ") << "--help' for usage.\n";
        return kUsageError;
    };
    try {
        app.parse(static_cast<int>(args.size()), args.data());
    } catch (const CLI::ParseError& e) {
        if (e.get_exit_code() == 0) return app.exit(e);  // --help, --version
        return usage_error(e.what());
    }
    // Set before any input is read (core/base/limits.h says why they are process-wide).
    for (const auto& setting : limits) {
        std::string error;
        if (!apply_limit_setting(setting, &error)) return usage_error("--limit: " + error);
    }
    return -1;
}

Parsed parse(int argc, char** argv) {
    // The first argument picks the command; `check` is also the default.
    int first = 1;
    if (argc > 1) {
        const std::string_view cmd = argv[1];
        if (cmd == "timings") return parse_timings(argc, argv, 2);
        if (cmd == "plan") return parse_plan(argc, argv, 2);
        if (cmd == "import") return parse_import(argc, argv, 2);
        if (cmd == "export-pallas") return parse_export_pallas(argc, argv, 2);
        if (cmd == "lesson") return parse_lesson(argc, argv, 2);
        if (cmd == "limits") return parse_limits(argc, argv, 2);
        if (cmd == "check") first = 2;
    }

    Parsed out;
    CLI::App app{"tilelens-audit: checks a Pallas-style tiled kernel spec (*.tilelens.json)",
                 "tilelens-audit"};
    app.footer(kFooter);

    CheckArgs& a = out.check;
    std::string stage = "all";
    std::string sweep = "auto";
    std::string target;
    app.add_option("--stage", stage,
                   "last stage to run: stages run in order contract, indexing, numerics, "
                   "each only if the ones before did not reject (all = numerics)")
        ->check(CLI::IsMember({"contract", "indexing", "numerics", "all"}))
        ->default_str("all");
    app.add_option("--target", target, "target profile id, replacing the spec's target");
    app.add_option("--sweep", sweep, "hostile-shape sweep: auto or off")
        ->check(CLI::IsMember({"auto", "off"}))
        ->default_str("auto");
    app.add_option("--jobs", a.options.jobs, "worker threads for the sweep (0 = one per core)")
        ->check(CLI::Range(0, 4096));
    double python_timeout = 0;
    CLI::Option* timeout_option =
        app.add_option("--python-timeout", python_timeout,
                       "seconds each run of a spec's Python kernel file may take (the same as "
                       "--limit python-seconds=SECONDS)")
            ->check(CLI::Range(1.0, 86400.0))
            ->default_str("60");
    std::string engine = "auto";
    app.add_option("--engine", engine,
                   "for a spec with a Python kernel file: jax (the real JAX, interpret mode), "
                   "standins (TileLens's numpy stand-ins) or auto (JAX where found)")
        ->check(CLI::IsMember({"auto", "jax", "standins"}))
        ->default_str("auto");
    app.add_option("--json", a.json_path, "write the JSON report to FILE ('-' = standard output)")
        ->type_name("FILE");
    app.add_option("--markdown", a.markdown_path,
                   "write the Markdown report to FILE ('-' = standard output)")
        ->type_name("FILE");
    app.add_flag("--quiet", a.quiet, "no summary on standard output");
    app.add_option("SPEC", a.spec_path, "the spec file (*.tilelens.json)")
        ->required()
        ->type_name("SPEC");

    if (const int code = run_parser(app, argc, argv, first, ""); code >= 0) {
        out.exit_code = code;
        return out;
    }
    if (timeout_option->count() > 0)
        set_limit(LimitId::PythonSeconds, static_cast<std::int64_t>(std::ceil(python_timeout)));
    // Read after --limit: the options were made before the settings were applied.
    a.options.python_limits = PythonLimits{};
    if (timeout_option->count() > 0) a.options.python_limits.seconds = python_timeout;
    if (!target.empty()) a.options.target = target;
    a.options.stage = *parse_audit_stage(stage);
    a.options.python_engine = *parse_engine(engine);
    a.options.sweep = sweep == "off" ? SweepMode::Off : SweepMode::Auto;
    if (a.json_path && a.markdown_path && *a.json_path == "-" && *a.markdown_path == "-") {
        std::cerr << "tilelens-audit: --json and --markdown cannot both write to standard "
                     "output; give one of them a FILE\n";
        out.exit_code = kUsageError;
        return out;
    }
    out.action = Parsed::Action::Check;
    return out;
}

}  // namespace tl::cli
