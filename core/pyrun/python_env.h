#pragma once
// Which Python runs kernel files, under which engine, and where TileLens's runners are
// (docs/python-runner.md, "Engines").
#include <optional>
#include <string>
#include <string_view>

namespace tl {

// JAX: the file runs under the real JAX, every pallas_call in JAX's interpret mode.
// Standins: under TileLens's numpy stand-ins for jax and Pallas. Auto: JAX where an
// interpreter with JAX is found, else the stand-ins.
enum class PythonEngine { Auto, Jax, Standins };

std::string_view engine_name(PythonEngine engine);  // "auto", "jax", "standins"
std::optional<PythonEngine> parse_engine(std::string_view name);

struct PythonEnv {
    std::string interpreter;                       // absolute path, e.g. /usr/bin/python3
    std::string runner;                            // absolute path of the engine's runner script
    PythonEngine engine = PythonEngine::Standins;  // never Auto
    std::string jax_version;                       // the JAX engine's installed version
};

// The interpreter and runner for `wanted` (docs/python-runner.md, "Choosing the engine"):
// Auto means $TILELENS_ENGINE when that is set. $TILELENS_PYTHON when set; else, for JAX, the
// project's virtual environment
// ($TILELENS_JAX_VENV, /opt/tilelens/jax, ~/.local/share/tilelens/jax) and then the first
// python3 on PATH that imports jax; for the stand-ins Debian's /usr/bin/python3, else the
// first python3 on PATH. The runners: $TILELENS_PYTHON_DIR, else share/tilelens/python next
// to the installed program, else (only for a program run from the build tree) the source
// tree's resources/python. nullopt with *error saying what is missing and how to get it.
// Probing an interpreter for JAX starts it once per process; the answer is remembered.
std::optional<PythonEnv> find_python_env(PythonEngine wanted, std::string* error);

// The JAX version `interpreter` imports, "" when it has none (remembered per interpreter).
std::string probe_jax_version(const std::string& interpreter);

}  // namespace tl
