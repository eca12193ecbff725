#pragma once
// Running the built tilelens-audit from a test: arguments as one shell word list, standard
// output and error captured in a scratch folder per test.
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

namespace audit_run {

namespace fs = std::filesystem;
using Json = nlohmann::json;

const fs::path kExamples = fs::path(TILELENS_SOURCE_DIR) / "resources" / "examples";

struct RunResult {
    int exit_code = -1;
    std::string out, err;
};

inline std::string slurp(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

inline std::string quote(const std::string& s) {
    std::string q = "'";
    for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return q + "'";
}

inline fs::path scratch_dir() {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    fs::path dir = fs::temp_directory_path() /
                   ("tilelens_e2e_" + std::to_string(::getpid()) + "_" + info->name());
    fs::create_directories(dir);
    return dir;
}

inline RunResult audit(const std::string& args) {
    const fs::path dir = scratch_dir();
    const fs::path out = dir / "stdout", err = dir / "stderr";
    const std::string cmd = quote(TILELENS_AUDIT_BIN) + " " + args + " >" + quote(out) + " 2>" +
                            quote(err) + " </dev/null";
    const int status = std::system(cmd.c_str());
    RunResult r;
    r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    r.out = slurp(out);
    r.err = slurp(err);
    return r;
}

}  // namespace audit_run
