#pragma once
// Running emitted Python under the numpy stand-in for jax (tests/core/fake_jax): a scratch
// folder, and one interpreter run with PYTHONPATH at the stand-in and its call log named.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <unistd.h>
#include <atomic>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

namespace tl::test {

namespace fs = std::filesystem;

class ScratchDir {
public:
    ScratchDir() {
        static std::atomic<int> counter{0};
        path_ = fs::temp_directory_path() /
                ("tilelens-bench-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
        fs::remove_all(path_);
        fs::create_directories(path_);
    }
    ~ScratchDir() {
        std::error_code ec;
        fs::remove_all(path_, ec);
    }
    ScratchDir(const ScratchDir&) = delete;
    ScratchDir& operator=(const ScratchDir&) = delete;
    fs::path operator/(const std::string& name) const { return path_ / name; }

private:
    fs::path path_;
};

inline std::string read_text(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

inline void write_text(const fs::path& p, const std::string& text) {
    std::ofstream(p, std::ios::binary) << text;
}

struct PythonRun {
    int status = -1;     // the exit status; -1 when it did not exit normally
    std::string output;  // stdout and stderr together
};

// Runs `script` with `args` (already safe for a shell: the scratch paths) under the stand-in;
// the stand-in writes its call log to `log`.
inline PythonRun run_python(const fs::path& script, const std::string& args, const fs::path& log) {
    const fs::path out = log.parent_path() / (log.filename().string() + ".out");
    const std::string command = std::string("PYTHONDONTWRITEBYTECODE=1 PYTHONPATH='") +
                                TILELENS_FAKE_JAX_DIR + "' TILELENS_FAKE_JAX_LOG='" + log.string() +
                                "' '" + TILELENS_NUMPY_PYTHON + "' '" + script.string() + "' " +
                                args + " > '" + out.string() + "' 2>&1";
    const int raw = std::system(command.c_str());
    PythonRun r;
    r.status = raw != -1 && WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
    r.output = read_text(out);
    return r;
}

}  // namespace tl::test
