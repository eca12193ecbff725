// `tilelens-audit import`: records a Pallas kernel file's pallas_call and writes a spec that
// runs it (a `python` spec) or, with --inline, one that holds the recorded BlockSpecs.
#include <filesystem>
#include <iostream>

#include "app/audit/cli.h"
#include "app/audit/cli_parse.h"
#include "app/audit/commands.h"
#include "app/audit/output.h"
#include "core/base/format.h"
#include "core/base/limits.h"
#include "core/base/names.h"
#include "core/pyrun/import_spec.h"
#include "core/pyrun/python_run.h"
#include "core/pyrun/recorded_spec.h"
#include "core/spec/spec_io.h"

namespace tl::cli {
namespace {

std::optional<std::pair<std::string, std::string>> split_pair(const std::string& s) {
    const auto eq = s.find('=');
    if (eq == std::string::npos || eq == 0) return std::nullopt;
    return std::pair{s.substr(0, eq), s.substr(eq + 1)};
}

int fail(const std::string& message) {
    std::cerr << "tilelens-audit import: " << message << '\n';
    return kUsageError;
}

}  // namespace

Parsed parse_import(int argc, char** argv, int first) {
    Parsed out;
    ImportArgs& a = out.import;
    CLI::App app{
        "tilelens-audit import: runs FILE.py's wrapper with arrays of the given types, "
        "records its pallas_call and writes a spec for it",
        "tilelens-audit import"};
    app.footer(
        "Example: tilelens-audit import kernel.py --call matmul --param M=300 --param N=500 "
        "--param K=256 --arg float32[300,256] --arg float32[256,500] --kwarg bm=128 "
        "--reference matmul_reference -o matmul.tilelens.json\n"
        "Dimensions equal to a --param become that param, so the sweep can vary them.\n"
        "Exit codes: 0 spec written, 2 usage error, or the file could not be recorded.");
    app.add_option("FILE", a.file, "the kernel's Python file")->required()->type_name("FILE.py");
    app.add_option("--call", a.call, "the wrapper function that calls pl.pallas_call")->required();
    app.add_option("--arg", a.args,
                   "an array argument, DTYPE[SHAPE] such as float32[300,256], "
                   "DTYPE[SHAPE]=v,v,... for given values (group sizes), or None; repeat in order")
        ->type_name("DTYPE[SHAPE]");
    app.add_option("--kwarg", a.kwargs, "a keyword argument k=v (v as JSON, or a --param name)")
        ->type_name("K=V");
    app.add_option("--param", a.params, "a param NAME=VALUE of the spec")->type_name("NAME=N");
    app.add_option("--reference", a.reference, "the file's reference function (same arguments)");
    app.add_option("--target", a.target, "the spec's target profile id");
    app.add_option("--entry", a.entry,
                   "which pallas_call to check, when there are several (0 = first)")
        ->check(CLI::Range(0, 1000));
    app.add_option("-o,--output", a.output, "the spec file to write (standard output without it)")
        ->type_name("SPEC");
    app.add_flag(
        "--inline", a.inline_spec,
        "write the recorded grid, operands and index maps instead of a spec that runs the file");
    CLI::Option* timeout_option =
        app.add_option("--python-timeout", a.seconds,
                       "seconds the kernel file may take (the same as --limit "
                       "python-seconds=SECONDS)")
            ->check(CLI::Range(1.0, 86400.0))
            ->default_str("60");
    app.add_option("--engine", a.engine,
                   "jax (the real JAX), standins (TileLens's numpy stand-ins) or auto (JAX "
                   "where found)")
        ->check(CLI::IsMember({"auto", "jax", "standins"}))
        ->default_str("auto");
    if (const int code = run_parser(app, argc, argv, first, "import"); code >= 0) {
        out.exit_code = code;
        return out;
    }
    if (timeout_option->count() == 0)
        a.seconds = static_cast<double>(limit(LimitId::PythonSeconds));
    out.action = Parsed::Action::Import;
    return out;
}

int run_import(const ImportArgs& a) {
    ImportRequest req;
    req.file = a.file;
    req.call = a.call;
    req.args = a.args;
    req.reference = a.reference;
    req.target = a.target;
    req.entry = a.entry;
    namespace fs = std::filesystem;
    req.spec_dir =
        a.output ? fs::absolute(*a.output).parent_path().string() : fs::current_path().string();
    for (const auto& p : a.params) {
        const auto kv = split_pair(p);
        if (!kv || !is_identifier(kv->first)) return fail("--param '" + p + "' is not NAME=VALUE");
        try {
            std::size_t used = 0;
            const std::int64_t v = std::stoll(kv->second, &used);
            if (used != kv->second.size()) throw std::invalid_argument("trailing text");
            req.params.emplace_back(kv->first, v);
        } catch (const std::exception&) {
            return fail("--param '" + p + "': the value must be an integer");
        }
    }
    for (const auto& k : a.kwargs) {
        const auto kv = split_pair(k);
        if (!kv) return fail("--kwarg '" + k + "' is not K=V");
        req.kwargs.push_back(*kv);
    }
    if (!fs::is_regular_file(a.file)) return fail("'" + a.file + "' is not a file");
    std::error_code ec;
    if (const auto size = fs::file_size(a.file, ec);
        !ec && size > static_cast<std::uintmax_t>(limit(LimitId::KernelFileBytes))) {
        const auto n = static_cast<std::int64_t>(size);
        return fail(
            over_limit_message("the kernel file", format_bytes(n), LimitId::KernelFileBytes, n));
    }
    auto built = python_spec_from_import(req);
    if (auto* e = std::get_if<std::string>(&built)) return fail(*e);
    const Spec& spec = std::get<Spec>(built);

    PythonRequest run_req;
    run_req.spec_dir = req.spec_dir;
    run_req.params = std::map<std::string, std::int64_t>(req.params.begin(), req.params.end());
    run_req.limits.seconds = a.seconds;
    run_req.engine = *parse_engine(a.engine);
    const PythonRun run = run_python(spec, run_req);
    if (!run.errors.empty()) return fail(join(run.errors, "\n"));
    if (run.failure) {
        std::cerr << "tilelens-audit import: the kernel file failed: " << run.failure->to_string()
                  << '\n';
        if (!run.failure->traceback.empty()) std::cerr << run.failure->traceback << '\n';
        return kUsageError;
    }
    const Json& call = run.call();
    std::cerr << "recorded pallas_call of " << runner_text(call, "name", "?") << " at "
              << runner_text(call, "file", "?") << ":" << runner_int(call, "line") << ": grid "
              << call.value("grid", Json::array()).dump() << ", "
              << call.value("operands", Json::array()).size() << " operands ("
              << run.result["calls"].size() << " call(s) in all; " << engine_label(run) << ")\n";
    std::string text;
    if (a.inline_spec) {
        const LoadResult rec = recorded_spec(call, spec);
        if (!rec.spec) return fail("the recorded call is not a valid spec:\n" + join(rec.errors));
        Spec s = *rec.spec;
        s.sweep = SweepSpec{};
        text = save_spec(s);
    } else {
        text = save_spec(spec);
    }
    return write_output(a.output.value_or("-"), text, "-o") ? 0 : kUsageError;
}

}  // namespace tl::cli
