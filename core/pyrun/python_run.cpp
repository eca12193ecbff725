#include "core/pyrun/python_run.h"

#include <signal.h>
#include <stdlib.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/base/format.h"
#include "core/expr/expr.h"
#include "core/pyrun/child_process.h"
#include "core/pyrun/python_env.h"
#include "core/spec/json_path.h"

namespace tl {
namespace {

namespace fs = std::filesystem;

// The child's own alarm fires first; this margin covers start-up and writing the result.
constexpr double kKillMarginSeconds = 5;

std::optional<std::int64_t> eval_size(const SizeValue& v, const expr::Env& env,
                                      const std::string& path, Diagnostics* errors) {
    if (const auto* i = std::get_if<std::int64_t>(&v)) return *i;
    auto r = expr::evaluate(std::get<std::string>(v), env);
    if (const auto* e = std::get_if<expr::Error>(&r)) {
        errors->push_back({"", path, e->line, e->column, e->message});
        return std::nullopt;
    }
    return std::get<std::int64_t>(r);
}

std::optional<Json> arg_request(const PythonArg& a, const expr::Env& env, const std::string& path,
                                Diagnostics* errors) {
    if (a.none) return Json(nullptr);
    Json shape = Json::array();
    std::int64_t count = 1;
    bool ok = true;
    for (std::size_t d = 0; d < a.shape.size(); ++d) {
        const auto v = eval_size(a.shape[d], env, path_index(path + ".shape", d), errors);
        if (v && *v < 1) {
            errors->push_back(
                {"", path_index(path + ".shape", d), 0, 0,
                 "evaluates to " + std::to_string(*v) + "; a dimension is at least 1"});
            ok = false;
        }
        ok = ok && v.has_value();
        if (!ok) continue;
        shape.push_back(*v);
        count = count > (std::int64_t{1} << 40) / *v ? (std::int64_t{1} << 40) : count * *v;
    }
    if (!ok) return std::nullopt;
    Json j = Json{{"shape", shape}, {"dtype", std::string(to_string(a.dtype))}};
    if (!a.values.empty()) {
        if (static_cast<std::int64_t>(a.values.size()) != count) {
            errors->push_back({"", path + ".values", 0, 0,
                               "has " + std::to_string(a.values.size()) +
                                   " values but the shape holds " + std::to_string(count)});
            return std::nullopt;
        }
        j["values"] = a.values;
    } else {
        j["data"] = std::string(to_string(a.data));
    }
    return j;
}

Json read_json_file(const fs::path& p, std::string* error) {
    std::ifstream in(p, std::ios::binary);
    if (!in) {
        *error = "cannot open " + p.string();
        return nullptr;
    }
    std::stringstream ss;
    ss << in.rdbuf();
    Json j = Json::parse(ss.str(), nullptr, false);
    if (j.is_discarded()) *error = p.string() + " is not valid JSON";
    return j;
}

// The runner's "kind"; one it does not name yet reads as an exception.
PythonFailure::Kind failure_kind(const std::string& name) {
    using K = PythonFailure::Kind;
    for (const K k : {K::Unsupported, K::Timeout, K::Memory, K::Crash})
        if (name == kind_name(k)) return k;
    return K::Exception;
}

PythonFailure failure_from(const Json& e) {
    PythonFailure f;
    f.kind = failure_kind(runner_text(e, "kind", "exception"));
    f.message = runner_text(e, "message");
    if (e.contains("file") && e["file"].is_string()) f.file = e["file"].get<std::string>();
    if (e.contains("line") && e["line"].is_number_integer()) f.line = e["line"].get<int>();
    if (e.contains("traceback") && e["traceback"].is_string())
        f.traceback = e["traceback"].get<std::string>();
    if (e.contains("origin") && e["origin"].is_object()) {
        const Json& o = e["origin"];
        const std::string file = runner_text(o, "file");
        const int line =
            o.contains("line") && o["line"].is_number_integer() ? o["line"].get<int>() : 0;
        if (file != f.file || line != f.line) {
            f.origin_file = file;
            f.origin_line = line;
        }
    }
    return f;
}

// Which limit stopped the run, and how to raise it (docs/bad-input.md).
std::string seconds_limit_text(const PythonLimits& limits) {
    return "the limit of " + format_seconds(limits.seconds) + " (python-seconds); " +
           raise_hint(LimitId::PythonSeconds,
                      static_cast<std::int64_t>(std::ceil(2 * limits.seconds)));
}
std::string memory_limit_text(const PythonLimits& limits) {
    return "the limit of " + format_bytes_short(limits.memory_bytes) + " (python-memory-bytes); " +
           raise_hint(LimitId::PythonMemoryBytes, 2 * limits.memory_bytes);
}

// The runner's own words for a limit it hit, replaced by ones that name the setting.
void name_the_limit(PythonFailure& f, const PythonLimits& limits) {
    if (f.kind == PythonFailure::Kind::Memory)
        f.message = "it asked for more memory than " + memory_limit_text(limits);
    else if (f.kind == PythonFailure::Kind::Timeout)
        f.message = "it ran past " + seconds_limit_text(limits);
}

// The child ended without writing its result: it crashed, or it was killed from here.
PythonFailure lost_child(const ChildResult& c, const PythonLimits& limits) {
    PythonFailure f;
    if (c.timed_out) {
        f.kind = PythonFailure::Kind::Timeout;
        f.message =
            "the kernel file did not finish within " + seconds_limit_text(limits) + " (killed)";
    } else {
        f.kind = PythonFailure::Kind::Crash;
        f.message = c.signal ? "the Python process was killed by signal " + std::to_string(c.signal)
                             : "the Python process exited with status " +
                                   std::to_string(c.exit_code) + " without a result";
        // Native code that cannot allocate often aborts instead of raising MemoryError.
        if (c.signal == SIGABRT || c.signal == SIGSEGV || c.signal == SIGKILL)
            f.message += "; a process that runs out of memory can end this way: " +
                         memory_limit_text(limits);
    }
    f.traceback = c.output;
    return f;
}

bool load_arrays(const Json& call, const char* key, const fs::path& dir, std::vector<NpyArray>* out,
                 Diagnostics* errors) {
    if (!call.contains(key) || !call[key].is_array()) return true;
    for (const auto& name : call[key]) {
        std::string error;
        auto a = name.is_string() ? read_npy((dir / name.get<std::string>()).string(), &error)
                                  : std::nullopt;
        if (!a) {
            errors->push_back({"", "python", 0, 0, "the runner's output is unreadable: " + error});
            return false;
        }
        out->push_back(std::move(*a));
    }
    return true;
}

// reference_npy (null for an output the wrapper drops) and returned_checks.
bool load_references(const Json& call, const fs::path& dir, PythonRun& run) {
    const auto read = [&](const Json& name, NpyArray* into) {
        std::string error;
        auto a = name.is_string() ? read_npy((dir / name.get<std::string>()).string(), &error)
                                  : std::nullopt;
        if (!a)
            run.errors.push_back(
                {"", "python", 0, 0, "the runner's output is unreadable: " + error});
        if (a) *into = std::move(*a);
        return a.has_value();
    };
    if (call.contains("reference_npy") && call["reference_npy"].is_array())
        for (const auto& name : call["reference_npy"]) {
            run.references.emplace_back();
            run.returned.push_back(!name.is_null());
            if (!name.is_null() && !read(name, &run.references.back())) return false;
        }
    if (call.contains("returned_checks") && call["returned_checks"].is_array())
        for (const auto& c : call["returned_checks"]) {
            PythonRun::ReturnedCheck rc;
            rc.leaf = runner_int(c, "leaf");
            rc.dtype = runner_text(c, "dtype");
            if (!read(c.value("returned", Json()), &rc.returned) ||
                !read(c.value("reference", Json()), &rc.reference))
                return false;
            run.returned_checks.push_back(std::move(rc));
        }
    return true;
}

// A fresh folder for one run, removed when it goes out of scope.
struct TempDir {
    fs::path path;
    TempDir() {
        std::string t = (fs::temp_directory_path() / "tilelens-py-XXXXXX").string();
        if (::mkdtemp(t.data())) path = t;
    }
    ~TempDir() {
        std::error_code ec;
        if (!path.empty()) fs::remove_all(path, ec);
    }
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;
};

void read_result(const Spec& spec, const fs::path& out, const ChildResult& child,
                 const PythonRequest& req, PythonRun& run) {
    std::string error;
    const fs::path result_path = out / "result.json";
    if (!fs::exists(result_path)) {
        if (child.cancelled)
            run.cancelled = true;
        else
            run.failure = lost_child(child, req.limits);
        return;
    }
    run.result = read_json_file(result_path, &error);
    if (!error.empty() || !run.result.is_object()) {
        run.errors.push_back({"", "python", 0, 0, "the runner's result is unreadable: " + error});
        return;
    }
    if (runner_text(run.result, "status") != "ok") {
        run.failure = failure_from(run.result.value("error", Json::object()));
        name_the_limit(*run.failure, req.limits);
        const Json& calls = run.result["calls"];
        run.failure->raised_before_recording = !calls.is_array() || calls.empty();
        // The checked call was recorded before the failure: its grid and blocks can still be
        // analysed (ok() stays false).
        const std::size_t wanted = static_cast<std::size_t>(spec.python->entry.value_or(0));
        if (calls.is_array() && wanted < calls.size()) run.entry = wanted;
        return;
    }
    const Json& calls = run.result["calls"];
    const std::size_t entry = static_cast<std::size_t>(spec.python->entry.value_or(0));
    if (!calls.is_array() || calls.empty()) {
        run.errors.push_back({"", "python.call", 0, 0,
                              "'" + spec.python->call +
                                  "' returned without calling pl.pallas_call; name the "
                                  "wrapper that launches the kernel"});
        return;
    }
    if (entry >= calls.size()) {
        run.errors.push_back({"", "python.entry", 0, 0,
                              "is " + std::to_string(entry) + " but '" + spec.python->call +
                                  "' made " + std::to_string(calls.size()) +
                                  " pallas_call(s); entries count from 0"});
        return;
    }
    run.entry = entry;
    const Json& call = calls[entry];
    load_arrays(call, "outputs_npy", out, &run.outputs, &run.errors) &&
        load_arrays(call, "writers_npy", out, &run.writers, &run.errors) &&
        load_references(call, out, run);
}

}  // namespace

std::string_view kind_name(PythonFailure::Kind kind) {
    using Kind = PythonFailure::Kind;
    switch (kind) {
        case Kind::Exception:
            return "exception";
        case Kind::Unsupported:
            return "unsupported";
        case Kind::Timeout:
            return "timeout";
        case Kind::Memory:
            return "memory";
        case Kind::Crash:
            return "crash";
    }
    return "exception";
}

std::string PythonFailure::to_string() const {
    std::string where = file.empty() ? "" : file + (line > 0 ? ":" + std::to_string(line) : "");
    if (!origin_file.empty())
        where += (where.empty() ? "" : ", raised in ") + origin_file +
                 (origin_line > 0 ? ":" + std::to_string(origin_line) : "");
    return where.empty() ? message : where + ": " + message;
}

std::string runner_text(const Json& j, const char* key, const std::string& fallback) {
    if (!j.is_object()) return fallback;
    const auto it = j.find(key);
    return it != j.end() && it->is_string() ? it->get<std::string>() : fallback;
}

int runner_int(const Json& j, const char* key, int fallback) {
    if (!j.is_object()) return fallback;
    const auto it = j.find(key);
    return it != j.end() && it->is_number_integer() ? it->get<int>() : fallback;
}

std::string engine_label(const PythonRun& run) {
    if (run.engine == PythonEngine::Jax)
        return "JAX engine " + run.engine_version + ", " + run.interpreter;
    return "stand-ins engine, " + run.interpreter;
}

std::string python_file_path(const PythonSpec& py, const std::string& spec_dir) {
    fs::path p(py.file);
    if (p.is_relative()) p = fs::path(spec_dir.empty() ? "." : spec_dir) / p;
    std::error_code ec;
    const auto abs = fs::absolute(p, ec);
    return (ec ? p : abs).lexically_normal().string();
}

std::optional<Json> python_call_request(const PythonSpec& py,
                                        const std::map<std::string, std::int64_t>& params,
                                        Diagnostics* errors) {
    expr::Env env;
    env.params = &params;
    const std::size_t before = errors->size();
    Json args = Json::array();
    for (std::size_t i = 0; i < py.args.size(); ++i)
        if (auto a = arg_request(py.args[i], env, path_index("python.args", i), errors))
            args.push_back(std::move(*a));
    Json kwargs = Json::object();
    for (const auto& [key, value] : py.kwargs.items()) {
        if (!value.is_object()) {
            kwargs[key] = value;
            continue;
        }
        const auto path = path_key("python.kwargs", key) + ".expr";
        if (auto v = eval_size(SizeValue{value["expr"].get<std::string>()}, env, path, errors))
            kwargs[key] = *v;
    }
    if (errors->size() != before) return std::nullopt;
    Json req = Json{{"call", py.call}, {"args", std::move(args)}, {"kwargs", std::move(kwargs)}};
    if (py.reference) req["reference"] = *py.reference;
    req["entry"] = py.entry.value_or(0);
    return req;
}

PythonRun run_python(const Spec& spec, const PythonRequest& req) {
    PythonRun run;
    const auto fail = [&](std::string path, std::string message) {
        run.errors.push_back({"", std::move(path), 0, 0, std::move(message)});
        return run;
    };
    if (!spec.python) return fail("", "the spec has no \"python\" key");
    std::string error;
    const auto env = find_python_env(req.engine, &error);
    if (!env) return fail("python", error);
    run.interpreter = env->interpreter;
    run.runner = env->runner;
    run.engine = env->engine;
    run.engine_version = env->engine == PythonEngine::Jax ? env->jax_version : "stand-ins";
    const std::string file = python_file_path(*spec.python, req.spec_dir);
    std::error_code ec;
    if (!fs::is_regular_file(file, ec))
        return fail("python.file", "'" + file +
                                       "' does not exist; python.file is relative to "
                                       "the spec file's folder");
    if (const auto size = fs::file_size(file, ec);
        !ec && size > static_cast<std::uintmax_t>(limit(LimitId::KernelFileBytes))) {
        const auto n = static_cast<std::int64_t>(size);
        return fail("python.file",
                    over_limit_message("the kernel file '" + file + "'", format_bytes(n),
                                       LimitId::KernelFileBytes, n));
    }
    auto request = python_call_request(*spec.python, req.params, &run.errors);
    if (!request) return run;
    (*request)["mode"] = req.run ? "run" : "record";
    (*request)["file"] = file;
    (*request)["seed"] = spec.seed;
    (*request)["policy"] = Json{{"uninitialized", std::string(to_string(spec.uninitialized))},
                                {"revisit", std::string(to_string(spec.revisit))},
                                {"target_kind", req.gpu_target ? "gpu" : "tpu"},
                                {"tpu_chip", req.target_id},
                                {"cores", req.cores},
                                {"lower_tpu", req.lower_tpu},
                                {"compile_tpu", req.compile_tpu}};
    (*request)["limits"] =
        Json{{"seconds", req.limits.seconds}, {"memory_bytes", req.limits.memory_bytes}};
    TempDir tmp;
    if (tmp.path.empty()) return fail("python", "cannot create a temporary folder");
    const fs::path req_path = tmp.path / "request.json";
    const fs::path out = tmp.path / "out";
    {
        std::ofstream o(req_path, std::ios::binary);
        o << request->dump();
        if (!o) return fail("python", "cannot write " + req_path.string());
    }
    ChildOptions copt;
    copt.seconds = req.limits.seconds + kKillMarginSeconds;
    copt.memory_bytes = req.limits.memory_bytes;
    copt.cancel = req.cancel;
    const ChildResult child =
        run_child({env->interpreter, "-B", env->runner, req_path.string(), out.string()}, copt);
    run.seconds = child.seconds;
    if (!child.started) return fail("python", child.start_error);
    read_result(spec, out, child, req, run);
    return run;
}

}  // namespace tl
