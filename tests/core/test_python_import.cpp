// `tilelens-audit import`: a kernel file and its call given on the command line become a
// `python` spec (argument dimensions as params, keyword arguments as JSON) that check runs.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include "core/pyrun/import_spec.h"
#include "core/spec/spec_io.h"

namespace tl {
namespace {

namespace fs = std::filesystem;

const std::string kImportKernels = TILELENS_TEST_KERNELS;

TEST(PythonImport, ArgsBecomeParamExpressionsAndKwargsJson) {
    ImportRequest req;
    req.file = kImportKernels + "/blocked_matmul.py";
    req.spec_dir = kImportKernels;
    req.call = "matmul";
    req.args = {"float32[300,256]", "bfloat16[256, N]", "None"};
    req.params = {{"M", 300}, {"N", 200}, {"K", 256}};
    req.kwargs = {{"bm", "128"}, {"flag", "True"}, {"size", "M"}, {"mode", "kj"}};
    const auto built = python_spec_from_import(req);
    ASSERT_TRUE(std::holds_alternative<Spec>(built)) << std::get<std::string>(built);
    const Spec& s = std::get<Spec>(built);
    EXPECT_EQ(s.python->file, "blocked_matmul.py");
    EXPECT_EQ(s.python->args[0].shape, (std::vector<SizeValue>{"M", "K"}));
    EXPECT_EQ(s.python->args[1].dtype, DType::BFloat16);
    EXPECT_TRUE(s.python->args[2].none);
    EXPECT_EQ(s.python->kwargs["bm"], 128);
    EXPECT_EQ(s.python->kwargs["flag"], true);
    EXPECT_EQ(s.python->kwargs["size"], Json({{"expr", "M"}}));
    EXPECT_EQ(s.python->kwargs["mode"], "kj");
    // What import builds, the loader reads back unchanged.
    const LoadResult again = load_spec(save_spec(s), "again");
    ASSERT_TRUE(again.spec) << join(again.errors);
    EXPECT_EQ(*again.spec, s);
}

TEST(PythonImport, AValueSeveralParamsShareIsNotGuessed) {
    ImportRequest req;
    req.file = "k.py";
    req.call = "f";
    req.params = {{"M", 512}, {"K", 512}, {"N", 256}};
    req.args = {"float32[512,512]"};
    const auto built = python_spec_from_import(req);
    ASSERT_TRUE(std::holds_alternative<std::string>(built));
    EXPECT_NE(std::get<std::string>(built).find("512 is the value of several --params"),
              std::string::npos);
    req.args = {"float32[M,K]", "float32[K,256]", "int32[4]=200,0,57,255"};
    const auto named = python_spec_from_import(req);
    ASSERT_TRUE(std::holds_alternative<Spec>(named)) << std::get<std::string>(named);
    const Spec& s = std::get<Spec>(named);
    EXPECT_EQ(s.python->args[1].shape, (std::vector<SizeValue>{"K", "N"}));
    EXPECT_EQ(s.python->args[2].values, (std::vector<double>{200, 0, 57, 255}));
}

TEST(PythonImport, BadArgumentsSayWhatToWrite) {
    for (const auto& [arg, want] :
         std::vector<std::pair<std::string, std::string>>{{"float32", "is not DTYPE[SHAPE]"},
                                                          {"float99[3]", "unknown dtype 'float99'"},
                                                          {"float32[3,,4]", "an empty dimension"},
                                                          {"float32[Q]", "'Q' is not a --param"},
                                                          {"float32[0]", "must be between 1"}}) {
        ImportRequest req;
        req.file = "k.py";
        req.call = "f";
        req.args = {arg};
        const auto built = python_spec_from_import(req);
        ASSERT_TRUE(std::holds_alternative<std::string>(built)) << arg;
        EXPECT_NE(std::get<std::string>(built).find(want), std::string::npos)
            << std::get<std::string>(built);
    }
}

int run_cli(const std::string& args, std::string* out) {
    const std::string cmd = std::string(TILELENS_AUDIT_BIN) + " " + args + " 2>&1";
    FILE* p = popen(cmd.c_str(), "r");
    char buf[4096];
    while (std::size_t n = fread(buf, 1, sizeof buf, p)) out->append(buf, n);
    const int status = pclose(p);
    return WEXITSTATUS(status);
}

TEST(PythonImport, TheCommandWritesASpecThatCheckRuns) {
    const fs::path dir = fs::temp_directory_path() / "tilelens-import-test";
    fs::create_directories(dir);
    const std::string spec = (dir / "mm.tilelens.json").string();
    std::string out;
    ASSERT_EQ(run_cli("import " + kImportKernels +
                          "/blocked_matmul.py --call matmul --param M=256 --param N=128 "
                          "--param K=384 --arg 'float32[256,384]' --arg 'float32[384,128]' "
                          "--kwarg init=false --reference matmul_reference -o " +
                          spec,
                      &out),
              0)
        << out;
    EXPECT_NE(out.find("grid [2,1,3]"), std::string::npos) << out;
    out.clear();
    EXPECT_EQ(run_cli("check --sweep off " + spec, &out), 1) << out;
    EXPECT_NE(out.find("numerical_mismatch (uninitialized)"), std::string::npos) << out;
    out.clear();
    EXPECT_EQ(run_cli("plan --target tpu-v5e " + spec, &out), 0) << out;
    EXPECT_NE(out.find("no tile params: no param reaches python.kwargs"), std::string::npos) << out;
    EXPECT_NE(out.find("1 candidate pass"), std::string::npos) << out;
    out.clear();
    const std::string inl = (dir / "inline.tilelens.json").string();
    ASSERT_EQ(run_cli("import " + kImportKernels +
                          "/blocked_matmul.py --call matmul --arg 'float32[256,384]' "
                          "--arg 'float32[384,256]' --inline -o " +
                          inl,
                      &out),
              0)
        << out;
    const LoadResult l = load_spec_file(inl);
    ASSERT_TRUE(l.spec) << join(l.errors);
    EXPECT_FALSE(l.spec->python);
    EXPECT_EQ(l.spec->operands[2].index_map, "lambda i, j, s: (i, j)");
    out.clear();
    EXPECT_EQ(run_cli("import " + kImportKernels + "/failing.py --call raises --arg 'float32[4,8]'",
                      &out),
              2);
    EXPECT_NE(out.find("failing.py:13: ValueError"), std::string::npos) << out;
    fs::remove_all(dir);
}

}  // namespace
}  // namespace tl
