// The limits of a spec's Python kernel file (python-memory-bytes, python-seconds,
// kernel-file-bytes) and the --limit settings of tilelens-audit (docs/bad-input.md).
#include <sys/wait.h>

#include <cstdio>
#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>

#include "core/base/limits.h"
#include "core/pyrun/python_run.h"
#include "core/spec/spec_io.h"

namespace tl {
namespace {

namespace fs = std::filesystem;

class PythonLimitsTest : public ::testing::Test {
protected:
    void SetUp() override {
        reset_limits();
        dir_ = fs::temp_directory_path() / ("tilelens-pylimits-" + std::to_string(::getpid()));
        fs::create_directories(dir_);
        std::ofstream(dir_ / "k.py") << R"(import numpy as np
import jax.numpy as jnp


def hog(x):
    big = np.ones((1024, 1024, 1024), np.float32)  # 4 GiB
    return jnp.asarray(big.sum()) + x


def spin(x):
    while True:
        pass
)";
    }
    void TearDown() override {
        reset_limits();
        std::error_code ec;
        fs::remove_all(dir_, ec);
    }
    PythonRun run(const std::string& call, const PythonLimits& limits) {
        const std::string text =
            R"({"tilelens": 2, "name": "py", "python": {"file": "k.py", "call": ")" + call +
            R"(", "args": [{"shape": [4], "dtype": "float32"}]}, "target": "tpu-v5e"})";
        const LoadResult loaded = load_spec(text, "t.tilelens.json");
        EXPECT_TRUE(loaded.spec) << join(loaded.errors);
        PythonRequest req;
        req.spec_dir = dir_.string();
        req.limits = limits;
        return run_python(loaded.spec.value_or(Spec{}), req);
    }
    fs::path dir_;
};

std::string what_failed(const PythonRun& r) {
    return join(r.errors) +
           (r.failure ? std::string(kind_name(r.failure->kind)) + ": " + r.failure->to_string()
                      : "");
}

TEST_F(PythonLimitsTest, MemoryLimitIsSetInTheChildAndNamed) {
    set_limit(LimitId::PythonMemoryBytes, std::int64_t{512} << 20);
    const PythonRun r = run("hog", PythonLimits{});
    ASSERT_TRUE(r.failure) << what_failed(r);
    const std::string m = what_failed(r);
    EXPECT_TRUE(r.failure->kind == PythonFailure::Kind::Memory ||
                r.failure->kind == PythonFailure::Kind::Crash)
        << m;
    EXPECT_NE(m.find("the limit of 512 MiB (python-memory-bytes); raise it with --limit "
                     "python-memory-bytes=1Gi"),
              std::string::npos)
        << m;
}

TEST_F(PythonLimitsTest, TimeLimitIsNamed) {
    PythonLimits limits;
    limits.seconds = 1;
    const PythonRun r = run("spin", limits);
    ASSERT_TRUE(r.failure) << what_failed(r);
    const std::string m = what_failed(r);
    EXPECT_EQ(r.failure->kind, PythonFailure::Kind::Timeout) << m;
    EXPECT_NE(m.find("(python-seconds); raise it with --limit python-seconds=2"), std::string::npos)
        << m;
}

TEST_F(PythonLimitsTest, KernelFileBytes) {
    const auto size = static_cast<std::int64_t>(fs::file_size(dir_ / "k.py"));
    set_limit(LimitId::KernelFileBytes, size - 1);
    const PythonRun r = run("hog", PythonLimits{});
    const std::string m = what_failed(r);
    EXPECT_NE(m.find("over the limit of " + std::to_string(size - 1) +
                     " B (kernel-file-bytes); raise it with --limit kernel-file-bytes=" +
                     std::to_string(size)),
              std::string::npos)
        << m;
    EXPECT_FALSE(r.failure);  // refused before running
}

struct Cli {
    int status = -1;
    std::string output;
};

// Runs tilelens-audit with `args` (shell words), stdout and stderr together.
Cli audit(const std::string& args) {
    Cli c;
    const std::string command = std::string("'") + TILELENS_AUDIT_BIN + "' " + args + " 2>&1";
    FILE* p = ::popen(command.c_str(), "r");
    if (!p) return c;
    char buf[4096];
    std::size_t n;
    while ((n = std::fread(buf, 1, sizeof buf, p)) > 0) c.output.append(buf, n);
    const int raw = ::pclose(p);
    c.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
    return c;
}

TEST(LimitsCli, LimitsCommandPrintsTheTableWithSettingsApplied) {
    const Cli c = audit("limits --limit programs=1Ki --limit json-depth=50");
    EXPECT_EQ(c.status, 0) << c.output;
    EXPECT_EQ(c.output, [] {
        set_limit(LimitId::Programs, 1024);
        set_limit(LimitId::JsonDepth, 50);
        std::string t = limits_table_text();
        reset_limits();
        return t;
    }()) << c.output;
    EXPECT_NE(c.output.find("elements"), std::string::npos);
}

TEST(LimitsCli, BadSettingsAreUsageErrors) {
    Cli c = audit("limits --limit bogus=1");
    EXPECT_EQ(c.status, 2) << c.output;
    EXPECT_NE(c.output.find("unknown limit 'bogus'; the limits are: spec-file-bytes, json-depth"),
              std::string::npos)
        << c.output;
    c = audit("timings --limit timing-records=many x.csv");
    EXPECT_EQ(c.status, 2) << c.output;
    EXPECT_NE(c.output.find("'many' is not a whole number"), std::string::npos) << c.output;
}

TEST(LimitsCli, EveryCommandThatReadsInputTakesLimit) {
    const fs::path spec = fs::path(TILELENS_SOURCE_DIR) / "tests" / "golden" / "spec" / "valid" /
                          "matmul_rect.tilelens.json";
    // 24 programs: refused under a limit of 10, with the way to raise it.
    for (const std::string cmd : {"check", "plan"}) {
        const Cli c = audit(cmd + " --limit programs=10 '" + spec.string() + "'");
        EXPECT_NE(c.status, 0) << cmd << ": " << c.output;
        EXPECT_NE(c.output.find("--limit programs="), std::string::npos) << cmd << ": " << c.output;
    }
    const Cli ok = audit("check --quiet --sweep off --stage contract --limit programs=24 '" +
                         spec.string() + "'");
    EXPECT_EQ(ok.status, 0) << ok.output;
    // The spec file's size, in the CLI's message.
    const Cli small = audit("check --limit spec-file-bytes=100 '" + spec.string() + "'");
    EXPECT_EQ(small.status, 2) << small.output;
    EXPECT_NE(small.output.find("(spec-file-bytes); raise it with --limit spec-file-bytes="),
              std::string::npos)
        << small.output;
    const Cli e = audit("export-pallas --limit spec-file-bytes=100 '" + spec.string() + "'");
    EXPECT_EQ(e.status, 2) << e.output;
    EXPECT_NE(e.output.find("(spec-file-bytes)"), std::string::npos) << e.output;
    const Cli t = audit("timings --limit timing-file-bytes=10 '" + spec.string() + "'");
    EXPECT_NE(t.output.find("(timing-file-bytes)"), std::string::npos) << t.output;
    for (const std::string cmd :
         {"lesson", "import --call f", "plan", "export-pallas", "timings"}) {
        const Cli l = audit(cmd + " --limit bogus=1 '" + spec.string() + "'");
        EXPECT_EQ(l.status, 2) << cmd << ": " << l.output;
        EXPECT_NE(l.output.find("unknown limit 'bogus'"), std::string::npos) << l.output;
    }
}

}  // namespace
}  // namespace tl
