#include "core/pyrun/python_env.h"

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <sstream>

namespace tl {
namespace {

namespace fs = std::filesystem;

bool executable(const fs::path& p) {
    return !p.empty() && ::access(p.c_str(), X_OK) == 0 && !fs::is_directory(p);
}

std::optional<std::string> find_interpreter() {
    if (const char* env = std::getenv("TILELENS_PYTHON"); env && *env)
        return executable(env) ? std::optional<std::string>(env) : std::nullopt;
    if (executable("/usr/bin/python3")) return std::string("/usr/bin/python3");
    if (const char* path = std::getenv("PATH")) {
        std::stringstream dirs(path);
        std::string dir;
        while (std::getline(dirs, dir, ':'))
            if (!dir.empty() && executable(fs::path(dir) / "python3"))
                return (fs::path(dir) / "python3").string();
    }
    return std::nullopt;
}

std::optional<std::string> find_runner() {
    const auto runner_in = [](const fs::path& dir) -> std::optional<std::string> {
        std::error_code ec;
        const auto p = dir / "tilelens_run.py";
        if (fs::is_regular_file(p, ec)) return fs::absolute(p, ec).string();
        return std::nullopt;
    };
    if (const char* env = std::getenv("TILELENS_PYTHON_DIR"); env && *env) return runner_in(env);
    std::error_code ec;
    const auto exe = fs::read_symlink("/proc/self/exe", ec);
    if (ec) return std::nullopt;
    if (auto r = runner_in(exe.parent_path().parent_path() / "share" / "tilelens" / "python"))
        return r;
#if defined(TILELENS_SOURCE_PYTHON_DIR) && defined(TILELENS_BINARY_DIR)
    // The checkout's copy serves only programs run from the build tree: an installed program
    // uses its own prefix or reports the stand-ins missing, never a checkout that may be gone.
    const auto build = fs::weakly_canonical(TILELENS_BINARY_DIR, ec);
    const auto rel = exe.lexically_relative(build);
    if (!ec && !rel.empty() && *rel.begin() != "..") return runner_in(TILELENS_SOURCE_PYTHON_DIR);
#endif
    return std::nullopt;
}

}  // namespace

std::optional<PythonEnv> find_python_env(std::string* error) {
    const auto interpreter = find_interpreter();
    if (!interpreter) {
        if (error)
            *error = std::getenv("TILELENS_PYTHON")
                         ? std::string("TILELENS_PYTHON does not name an executable program")
                         : "no python3 found: install Debian's python3 and python3-numpy "
                           "(apt-get install python3 python3-numpy)";
        return std::nullopt;
    }
    const auto runner = find_runner();
    if (!runner) {
        if (error)
            *error =
                "TileLens's Python stand-ins (tilelens_run.py) were not found: set "
                "TILELENS_PYTHON_DIR to the folder that holds them, or reinstall";
        return std::nullopt;
    }
    return PythonEnv{*interpreter, *runner};
}

}  // namespace tl
