// Hostile specs cannot make the emitted code run anything (docs/bad-input.md): names,
// descriptions, params, `x-` keys, dtypes and expressions full of quotes, triple quotes, line
// breaks (\n, \r, U+2028, U+0085), backslashes, '#' and NUL are refused or end up inside
// comments and string literals. The Pallas snippet and the benchmark script are generated from
// each, checked with Python's ast (no call to anything the spec introduced) and run under the
// numpy stand-in for jax; no marker file may appear.
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <set>

#include <gtest/gtest.h>

#include "core/export/pallas_snippet.h"
#include "core/plan/bench_script.h"
#include "core/spec/spec_io.h"
#include "core/target/target.h"

namespace tl {
namespace {

namespace fs = std::filesystem;

const char* const kBase = R"J({
  "tilelens": 1, "name": "matmul-rect", "description": "Tiled matmul.",
  "params": {"M": 300, "N": 500, "K": 256, "bm": 128, "bn": 128, "bk": 128},
  "grid": ["cdiv(M, bm)", "cdiv(N, bn)", "cdiv(K, bk)"],
  "dimension_semantics": ["parallel", "parallel", "arbitrary"],
  "operands": [
    {"name": "x", "role": "input",  "shape": ["M", "K"], "dtype": "float32",
     "block_shape": ["bm", "bk"], "index_map": "lambda i, j, k: (i, k)"},
    {"name": "y", "role": "input",  "shape": ["K", "N"], "dtype": "float32",
     "block_shape": ["bk", "bn"], "index_map": "lambda i, j, k: (k, j)"},
    {"name": "o", "role": "output", "shape": ["M", "N"], "dtype": "float32",
     "block_shape": ["bm", "bn"], "index_map": "lambda i, j, k: (i, j)"}
  ],
  "kernel": {"body": "matmul", "reduction_axis": 2},
  "target": "tpu-v5e"
})J";

// Fails the check when the file does not parse, or calls anything outside the names the
// generators use: os.system, __import__, eval, exec, open, getattr, subprocess, ...
const char* const kAstCheck = R"PY(import ast, sys
BAD = {"system", "popen", "__import__", "eval", "exec",
       "globals", "locals", "vars", "breakpoint", "input", "spawn", "remove", "unlink",
       "rmtree", "check_output", "Popen", "execv", "fork"}
for path in sys.argv[1:]:
  tree = ast.parse(open(path, encoding="utf-8").read())
  for node in ast.walk(tree):
    if isinstance(node, ast.Call):
        f = node.func
        name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""
        if name in BAD:
            print(f"{path}:{node.lineno}: a call to {name}")
            sys.exit(1)
    if isinstance(node, (ast.Import, ast.ImportFrom)):
        mods = [a.name for a in node.names] + [getattr(node, "module", None) or ""]
        if any(m.split(".")[0] in ("os", "subprocess", "shutil", "socket", "ctypes") for m in mods):
            print(f"{path}:{node.lineno}: imports {mods}")
            sys.exit(1)
)PY";

// Runs every file as __main__ in one interpreter (numpy loads once); stops at the first that
// leaves the marker file behind.
const char* const kRunAll = R"PY(import os, runpy, sys
marker = sys.argv[1]
for path in sys.argv[2:]:
    sys.argv = [path, "--csv", path + ".csv", "--runs", "1", "--warmup", "0"]
    try:
        runpy.run_path(path, run_name="__main__")
        print("ran", path)
    except BaseException as e:  # a script that fails under the stand-in still ran nothing
        print(path, type(e).__name__, str(e)[:200])
    if os.path.exists(marker):
        print("the marker appeared after", path)
        sys.exit(3)
)PY";

class Injection : public ::testing::Test {
protected:
    void SetUp() override {
        dir_ = fs::temp_directory_path() / ("tilelens-injection-" + std::to_string(::getpid()));
        fs::remove_all(dir_);
        fs::create_directories(dir_);
        marker_ = (dir_ / "PWNED").string();
        std::ofstream(dir_ / "ast_check.py") << kAstCheck;
        std::ofstream(dir_ / "run_all.py") << kRunAll;
    }
    void TearDown() override {
        std::error_code ec;
        fs::remove_all(dir_, ec);
    }

    // The hostile texts, each trying to run `touch <marker>`.
    std::vector<std::string> hostile() const {
        const std::string touch = "__import__('os').system('touch " + marker_ + "')";
        const std::string os_touch = "import os; os.system(\"touch " + marker_ + "\")";
        return {
            "\"\"\"; " + os_touch,
            "'''; " + os_touch + " #",
            "\"; " + os_touch + " #",
            "x\n" + touch,
            "x\r" + touch,
            "x\r\n" + touch,
            "x\\\n" + touch,
            "x\\",
            "x\xe2\x80\xa8" + touch,  // U+2028 LINE SEPARATOR
            "x\xc2\x85" + touch,      // U+0085 NEXT LINE
            "x\f" + touch,
            "x\v" + touch,
            std::string("x\0", 2) + "\n" + touch,
            "# comment\n" + touch,
            touch,
            "f'{" + touch + "}'",
            "\xff\xfe\n" + touch,  // not UTF-8
        };
    }

    // Runs `file` with Python (cwd: the scratch folder) under the numpy stand-in for jax.
    int python(const std::string& file, const std::string& args = "") const {
        const std::string command =
            "cd '" + dir_.string() + "' && PYTHONDONTWRITEBYTECODE=1 PYTHONPATH='" +
            TILELENS_FAKE_JAX_DIR + "' timeout 400 '" + TILELENS_NUMPY_PYTHON + "' " + file + " " +
            args + " > out.txt 2>&1";
        const int raw = std::system(command.c_str());
        return raw != -1 && WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
    }
    std::string output() const {
        std::ifstream in(dir_ / "out.txt");
        return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    }

    // Generates the snippet and the script for `spec` (what loads), checks and runs them.
    void check(const std::string& where, const std::string& text) {
        SCOPED_TRACE(where);
        const LoadResult loaded = load_spec(text, "hostile.tilelens.json");
        if (!loaded.spec) return;  // refused: nothing is generated
        ++loaded_;
        const PallasSnippet snippet = pallas_snippet(*loaded.spec);
        if (!snippet.code.empty()) add(snippet.code);
        const TargetProfile* target = builtin_targets().find("tpu-v5e");
        ASSERT_TRUE(target);
        const BenchScript script = emit_bench_script(*loaded.spec, *target, {{}});
        if (!script.text.empty()) add(script.text);
    }

    // Keeps each distinct generated file once.
    void add(const std::string& code) {
        if (!seen_.insert(code).second) return;
        const std::string name = "gen" + std::to_string(seen_.size()) + ".py";
        std::ofstream(dir_ / name, std::ios::binary) << code;
        files_ += " " + name;
    }

    // The ast check over every file, then every file run; false when either fails.
    void check_and_run_all() {
        EXPECT_EQ(python("ast_check.py" + files_), 0) << output();
        EXPECT_EQ(python("run_all.py '" + marker_ + "'" + files_), 0) << output();
        // The base spec's script runs to the end under the stand-in; its snippet runs its top
        // level and main() up to pltpu's semantics, which the stand-in lacks.
        EXPECT_NE(output().find("gen1.py AttributeError module 'jax.experimental.pallas.tpu'"),
                  std::string::npos)
            << output();
        EXPECT_NE(output().find("ran gen2.py"), std::string::npos) << output();
        EXPECT_FALSE(fs::exists(marker_)) << output();
    }

    fs::path dir_;
    std::string marker_;
    int loaded_ = 0;
    std::set<std::string> seen_;
    std::string files_;
};

using Edit = std::function<void(Json&, const std::string&)>;

TEST_F(Injection, HostileSpecsRunNothing) {
    const std::vector<std::pair<std::string, Edit>> places{
        {"description", [](Json& j, const std::string& h) { j["description"] = h; }},
        {"name", [](Json& j, const std::string& h) { j["name"] = h; }},
        {"operand name", [](Json& j, const std::string& h) { j["operands"][2]["name"] = h; }},
        {"param name", [](Json& j, const std::string& h) { j["params"][h] = 1; }},
        {"x- key", [](Json& j, const std::string& h) { j["x-" + h] = h; }},
        {"operand x- key",
         [](Json& j, const std::string& h) {
             j["operands"][0]["x-note"] = Json{{h, h}};
         }},
        {"dtype", [](Json& j, const std::string& h) { j["operands"][0]["dtype"] = h; }},
        {"shape expression",
         [](Json& j, const std::string& h) {
             j["operands"][0]["shape"][0] = "M + 0 * (" + h + ")";
         }},
        {"index map",
         [](Json& j, const std::string& h) {
             j["operands"][0]["index_map"] = "lambda i, j, k: (" + h + ", k)";
         }},
        {"grid expression", [](Json& j, const std::string& h) { j["grid"][0] = h; }},
        {"target", [](Json& j, const std::string& h) { j["target"] = h; }},
        {"body", [](Json& j, const std::string& h) { j["kernel"]["body"] = h; }},
    };
    const Json base = Json::parse(kBase);
    check("base", base.dump());
    ASSERT_EQ(seen_.size(), 2u);  // the base spec gives both, so the checks below are live
    for (const auto& h : hostile()) {
        for (const auto& [where, edit] : places) {
            Json j = base;
            edit(j, h);
            // JSON escapes the control characters; dump() refuses bytes that are not UTF-8.
            check(where + ": " + h, j.dump(-1, ' ', false, Json::error_handler_t::replace));
        }
    }
    EXPECT_GT(loaded_, 20);  // descriptions and x- keys load: their text reached the generators
    EXPECT_GT(seen_.size(), 5u);  // distinct snippets and scripts were run
    check_and_run_all();
}

}  // namespace
}  // namespace tl
