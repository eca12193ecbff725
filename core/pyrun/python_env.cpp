#include "core/pyrun/python_env.h"

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <map>
#include <mutex>
#include <sstream>
#include <vector>

#include "core/pyrun/child_process.h"

namespace tl {
namespace {

namespace fs = std::filesystem;

bool executable(const fs::path& p) {
    return !p.empty() && ::access(p.c_str(), X_OK) == 0 && !fs::is_directory(p);
}

std::vector<std::string> path_pythons() {
    std::vector<std::string> out;
    if (const char* path = std::getenv("PATH")) {
        std::stringstream dirs(path);
        std::string dir;
        while (std::getline(dirs, dir, ':'))
            if (!dir.empty() && executable(fs::path(dir) / "python3"))
                out.push_back((fs::path(dir) / "python3").string());
    }
    return out;
}

std::optional<std::string> standins_interpreter() {
    if (executable("/usr/bin/python3")) return std::string("/usr/bin/python3");
    const auto on_path = path_pythons();
    if (!on_path.empty()) return on_path.front();
    return std::nullopt;
}

// The project's own virtual environments, the one install-deps.sh makes first.
std::vector<std::string> venv_pythons() {
    std::vector<std::string> out;
    if (const char* env = std::getenv("TILELENS_JAX_VENV"); env && *env)
        out.push_back((fs::path(env) / "bin" / "python3").string());
    out.push_back("/opt/tilelens/jax/bin/python3");
    if (const char* home = std::getenv("HOME"); home && *home)
        out.push_back((fs::path(home) / ".local/share/tilelens/jax/bin/python3").string());
    return out;
}

std::optional<std::string> find_stand_in_dir() {
    const auto has_runner = [](const fs::path& dir) -> std::optional<std::string> {
        std::error_code ec;
        if (fs::is_regular_file(dir / "tilelens_run.py", ec)) return fs::absolute(dir, ec).string();
        return std::nullopt;
    };
    if (const char* env = std::getenv("TILELENS_PYTHON_DIR"); env && *env) return has_runner(env);
    std::error_code ec;
    const auto exe = fs::read_symlink("/proc/self/exe", ec);
    if (ec) return std::nullopt;
    if (auto r = has_runner(exe.parent_path().parent_path() / "share" / "tilelens" / "python"))
        return r;
#if defined(TILELENS_SOURCE_PYTHON_DIR) && defined(TILELENS_BINARY_DIR)
    // The checkout's copy serves only programs run from the build tree: an installed program
    // uses its own prefix or reports the runners missing, never a checkout that may be gone.
    const auto build = fs::weakly_canonical(TILELENS_BINARY_DIR, ec);
    const auto rel = exe.lexically_relative(build);
    if (!ec && !rel.empty() && *rel.begin() != "..") return has_runner(TILELENS_SOURCE_PYTHON_DIR);
#endif
    return std::nullopt;
}

struct Chosen {
    std::string interpreter;
    std::string jax_version;
};

// The interpreter for `wanted`, or why there is none.
std::optional<Chosen> choose(PythonEngine wanted, std::string* error) {
    if (const char* env = std::getenv("TILELENS_PYTHON"); env && *env) {
        if (!executable(env)) {
            *error = "TILELENS_PYTHON does not name an executable program";
            return std::nullopt;
        }
        const std::string version = wanted == PythonEngine::Standins ? "" : probe_jax_version(env);
        if (wanted == PythonEngine::Jax && version.empty()) {
            *error = std::string("TILELENS_PYTHON (") + env +
                     ") cannot import jax: install it there (pip install jax), or use "
                     "--engine standins";
            return std::nullopt;
        }
        return Chosen{env, version};
    }
    if (wanted != PythonEngine::Standins) {
        std::vector<std::string> candidates = venv_pythons();
        for (auto& p : path_pythons()) candidates.push_back(std::move(p));
        for (const auto& p : candidates)
            if (executable(p))
                if (auto v = probe_jax_version(p); !v.empty()) return Chosen{p, v};
        if (wanted == PythonEngine::Jax) {
            *error =
                "no Python with JAX was found: run packaging/install-deps.sh (it makes "
                "/opt/tilelens/jax), set TILELENS_PYTHON to an interpreter that imports jax, "
                "or use --engine standins";
            return std::nullopt;
        }
    }
    if (auto p = standins_interpreter()) return Chosen{*p, ""};
    *error =
        "no python3 found: install Debian's python3 and python3-numpy "
        "(apt-get install python3 python3-numpy)";
    return std::nullopt;
}

}  // namespace

std::string_view engine_name(PythonEngine engine) {
    switch (engine) {
        case PythonEngine::Auto:
            return "auto";
        case PythonEngine::Jax:
            return "jax";
        case PythonEngine::Standins:
            return "standins";
    }
    return "auto";
}

std::optional<PythonEngine> parse_engine(std::string_view name) {
    for (auto e : {PythonEngine::Auto, PythonEngine::Jax, PythonEngine::Standins})
        if (engine_name(e) == name) return e;
    return std::nullopt;
}

std::string probe_jax_version(const std::string& interpreter) {
    static std::mutex mutex;
    static std::map<std::string, std::string> known;
    {
        std::lock_guard lock(mutex);
        if (auto it = known.find(interpreter); it != known.end()) return it->second;
    }
    // find_spec does not import jax, so the probe takes a few tens of milliseconds.
    const std::string code =
        "import importlib.util as u, importlib.metadata as m\n"
        "ok = u.find_spec('jax') and u.find_spec('jaxlib')\n"
        "print('tilelens-jax=' + (m.version('jax') if ok else ''))\n";
    ChildOptions opt;
    opt.seconds = 20;
    const ChildResult r = run_child({interpreter, "-I", "-c", code}, opt);
    std::string version;
    if (const auto k = r.output.rfind("tilelens-jax=");
        r.exit_code == 0 && k != std::string::npos) {
        version = r.output.substr(k + 13);
        while (!version.empty() && (version.back() == '\n' || version.back() == '\r'))
            version.pop_back();
    }
    std::lock_guard lock(mutex);
    known[interpreter] = version;
    return version;
}

std::optional<PythonEnv> find_python_env(PythonEngine wanted, std::string* error) {
    if (const char* env = std::getenv("TILELENS_ENGINE");
        env && *env && wanted == PythonEngine::Auto) {
        const auto e = parse_engine(env);
        if (!e) {
            if (error)
                *error = std::string("TILELENS_ENGINE is '") + env + "': use auto, jax or standins";
            return std::nullopt;
        }
        wanted = *e;
    }
    std::string why;
    const auto chosen = choose(wanted, &why);
    if (!chosen) {
        if (error) *error = why;
        return std::nullopt;
    }
    const auto dir = find_stand_in_dir();
    if (!dir) {
        if (error)
            *error =
                "TileLens's Python runners (tilelens_run.py) were not found: set "
                "TILELENS_PYTHON_DIR to the folder that holds them, or reinstall";
        return std::nullopt;
    }
    PythonEnv env;
    env.interpreter = chosen->interpreter;
    env.jax_version = chosen->jax_version;
    env.engine = chosen->jax_version.empty() ? PythonEngine::Standins : PythonEngine::Jax;
    env.runner =
        (fs::path(*dir) /
         (env.engine == PythonEngine::Jax ? "jax_engine/tilelens_jax_run.py" : "tilelens_run.py"))
            .string();
    return env;
}

}  // namespace tl
