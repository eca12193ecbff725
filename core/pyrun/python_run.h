#pragma once
// Running a spec's Python kernel file in a child process (docs/python-runner.md): the
// request built from the spec's `python` key at given params, the child's result.json, and
// the arrays a run leaves behind.
#include <atomic>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/base/diagnostic.h"
#include "core/base/limits.h"
#include "core/pyrun/npy.h"
#include "core/pyrun/python_env.h"
#include "core/spec/spec.h"

namespace tl {

// The python-seconds and python-memory-bytes limits in force unless set (docs/bad-input.md).
struct PythonLimits {
    double seconds = static_cast<double>(limit(LimitId::PythonSeconds));  // per run of the file
    std::int64_t memory_bytes = limit(LimitId::PythonMemoryBytes);  // the child's address space
};

struct PythonRequest {
    std::string spec_dir;                        // python.file is relative to this folder
    std::map<std::string, std::int64_t> params;  // the spec's params with the case's overrides
    bool run = false;                            // also run the bodies and the reference
    PythonEngine engine = PythonEngine::Auto;
    bool gpu_target = false;   // JAX engine: a call without compiler params runs as a GPU kernel
    std::string target_id;     // JAX engine: pltpu.get_tpu_info() answers for this chip
    int cores = 1;             // policy.cores: 2 on a megacore chip, whose kernels split the grid
    bool lower_tpu = false;    // JAX engine: lower each TPU call with Mosaic (a TPU target)
    bool compile_tpu = false;  // JAX engine with libtpu: compile each TPU call for the chip
    PythonLimits limits;
    std::atomic<bool>* cancel = nullptr;
};

// The user's code failed: what the runner reported, located in the user's file.
struct PythonFailure {
    // What stopped it: the runner's "kind" (docs/python-runner.md), or what this side saw.
    enum class Kind { Exception, Unsupported, Timeout, Memory, Crash };
    Kind kind = Kind::Exception;
    std::string message;
    std::string file;
    int line = 0;
    // The innermost frame outside the stand-ins, when it is not in the user's file (a module
    // the file imports raised).
    std::string origin_file;
    int origin_line = 0;
    std::string traceback;
    bool raised_before_recording = false;  // no pallas_call was recorded when it failed
    std::string to_string() const;         // "file:line: message", with the origin when it differs
};

// "exception", "unsupported", ...: a failure's kind as the runner writes it.
std::string_view kind_name(PythonFailure::Kind kind);

struct PythonRun {
    Diagnostics errors;                    // the request could not be made or read
    std::optional<PythonFailure> failure;  // the user's code failed
    bool cancelled = false;
    Json result;  // result.json as the runner wrote it
    // The call that is checked, when there is one; also set when the file failed after
    // recording it.
    std::optional<std::size_t> entry;
    std::vector<NpyArray> outputs, writers, references;  // run mode, per output of `entry`
    // Per output of `entry`: the wrapper returns it (as is or reshaped), so references[k] is
    // the reference's matching leaf; false: the wrapper drops it, nothing to compare.
    std::vector<bool> returned;
    // Leaves the wrapper returns transformed (sliced, cast, combined): compared with the
    // reference's leaf of the same position, without attribution to programs.
    struct ReturnedCheck {
        int leaf = 0;
        std::string dtype;  // the returned leaf's dtype name ("bfloat16"), "" when unknown
        NpyArray returned, reference;
    };
    std::vector<ReturnedCheck> returned_checks;
    std::string interpreter;
    std::string runner;                            // the engine's runner script that ran
    PythonEngine engine = PythonEngine::Standins;  // the engine that ran
    std::string engine_version;                    // JAX's version, or the stand-ins' own
    double seconds = 0;

    bool ok() const { return errors.empty() && !failure && !cancelled && entry.has_value(); }
    const Json& call() const { return result["calls"][*entry]; }
};

// A text or integer field of the runner's result.json, the fallback when it is missing, null
// or of another type (the file comes from another process; nlohmann's value() would throw).
std::string runner_text(const Json& j, const char* key, const std::string& fallback = "");
int runner_int(const Json& j, const char* key, int fallback = 0);

// "JAX engine 0.10.2, /opt/tilelens/jax/bin/python3": which engine ran, for reports and the
// GUI.
std::string engine_label(const PythonRun& run);

// The absolute path of python.file for a spec in `spec_dir`.
std::string python_file_path(const PythonSpec& py, const std::string& spec_dir);

// Evaluates python.args and python.kwargs at `params`: the runner's request (without mode,
// file or limits), or errors at the JSON paths of the spec.
std::optional<Json> python_call_request(const PythonSpec& py,
                                        const std::map<std::string, std::int64_t>& params,
                                        Diagnostics* errors);

// Records (and with request.run, runs) the spec's kernel file. Never throws.
PythonRun run_python(const Spec& spec, const PythonRequest& request);

}  // namespace tl
