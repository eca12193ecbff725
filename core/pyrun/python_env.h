#pragma once
// Which Python runs kernel files, and where TileLens's stand-ins are (docs/python-runner.md).
#include <optional>
#include <string>

namespace tl {

struct PythonEnv {
    std::string interpreter;  // absolute path, e.g. /usr/bin/python3
    std::string runner;       // absolute path of tilelens_run.py
};

// The interpreter: $TILELENS_PYTHON, else Debian's /usr/bin/python3 (another python3 earlier
// on PATH may lack numpy), else the first python3 on PATH. The runner: $TILELENS_PYTHON_DIR,
// else share/tilelens/python next to the installed program, else (only for a program run from
// the build tree) the source tree's resources/python. nullopt with *error saying what is missing
// and how to install it.
std::optional<PythonEnv> find_python_env(std::string* error);

}  // namespace tl
