// Spec loading, saving and the helpers behind their messages.
#include <filesystem>
#include <fstream>
#include <random>

#include <gtest/gtest.h>

#include "core/spec/body_catalog.h"
#include "core/spec/json_path.h"
#include "core/spec/spec_io.h"

namespace tl {
namespace {

namespace fs = std::filesystem;

const char* kDocumentedExample = R"json({
  "tilelens": 1,
  "name": "matmul-rect",
  "description": "Tiled matmul whose M and N do not divide the block size.",
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
  "target": "tpu-v5e",
  "policy": {"uninitialized": "nan", "revisit": "tpu"},
  "seed": 0
})json";

// A folder of its own under the system temp folder, removed afterwards.
class ScratchDir {
public:
    ScratchDir() {
        std::random_device rd;
        path_ = fs::temp_directory_path() / ("tilelens-spec-io-" + std::to_string(rd()));
        fs::create_directories(path_);
    }
    ~ScratchDir() {
        std::error_code ec;
        fs::remove_all(path_, ec);
    }
    const fs::path& path() const { return path_; }

private:
    fs::path path_;
};

Spec small_spec() {
    Spec s;
    s.name = "s";
    s.params = {{"N", 8}};
    s.grid = {SizeValue{std::string("N // 4")}};
    OperandSpec o;
    o.name = "o";
    o.role = Role::Output;
    o.shape = {SizeValue{std::int64_t{8}}};
    o.dtype = DType::Int32;
    o.block_shape = std::vector<BlockDim>{BlockDim{BlockDim::Kind::Blocked, std::int64_t{4}, 0, 0}};
    o.index_map = "lambda i: i";
    s.operands.push_back(o);
    return s;
}

TEST(LoadSpec, ReadsTheDocumentedExample) {
    const auto r = load_spec(kDocumentedExample, "example.tilelens.json");
    ASSERT_TRUE(r.spec) << join(r.errors);
    const Spec& s = *r.spec;
    EXPECT_EQ(s.name, "matmul-rect");
    EXPECT_EQ(s.description, "Tiled matmul whose M and N do not divide the block size.");
    const std::vector<std::pair<std::string, std::int64_t>> params = {
        {"M", 300}, {"N", 500}, {"K", 256}, {"bm", 128}, {"bn", 128}, {"bk", 128}};
    EXPECT_EQ(s.params, params);  // file order, not sorted
    ASSERT_EQ(s.grid.size(), 3u);
    EXPECT_EQ(std::get<std::string>(s.grid[1]), "cdiv(N, bn)");
    EXPECT_EQ(
        s.dimension_semantics,
        (std::vector<Semantics>{Semantics::Parallel, Semantics::Parallel, Semantics::Arbitrary}));
    ASSERT_EQ(s.operands.size(), 3u);
    EXPECT_EQ(s.operands[1].name, "y");
    EXPECT_EQ(s.operands[2].role, Role::Output);
    EXPECT_EQ(std::get<std::string>((*s.operands[1].block_shape)[0].size), "bk");
    EXPECT_EQ(s.operands[1].index_map, "lambda i, j, k: (k, j)");
    EXPECT_EQ(s.operands[0].buffer_count, 2);
    ASSERT_TRUE(s.kernel);
    EXPECT_EQ(s.kernel->body, "matmul");
    EXPECT_EQ(s.kernel->options, Json({{"reduction_axis", 2}}));
    EXPECT_EQ(s.target_id(), "tpu-v5e");
    EXPECT_EQ(s.uninitialized, Uninitialized::Nan);
    EXPECT_EQ(s.revisit, Revisit::Tpu);
    EXPECT_EQ(s.sweep.kind, SweepSpec::Kind::Auto);
    EXPECT_TRUE(s.extra.empty());
}

TEST(LoadSpec, DefaultsForLeftOutKeys) {
    const auto r = load_spec(R"({"tilelens": 1, "name": "m", "grid": [],
        "operands": [{"name": "o", "role": "output", "shape": [3], "dtype": "bool"}]})",
                             "m");
    ASSERT_TRUE(r.spec) << join(r.errors);
    EXPECT_EQ(r.spec->target_id(), "interpret");
    EXPECT_FALSE(r.spec->kernel);
    EXPECT_FALSE(r.spec->operands[0].block_shape);
    EXPECT_FALSE(r.spec->operands[0].index_map);
    EXPECT_EQ(r.spec->semantics(0), Semantics::Arbitrary);
    EXPECT_EQ(r.spec->seed, 0);
}

TEST(LoadSpec, MisspelledKeyIsOneErrorWithASuggestion) {
    const auto r = load_spec(R"({"tilelens": 1, "name": "m", "grid": [],
        "opernds": [{"name": "o", "role": "output", "shape": [3], "dtype": "bool"}]})",
                             "f");
    ASSERT_EQ(r.errors.size(), 1u) << join(r.errors);  // no "operands is missing" as well
    EXPECT_EQ(r.errors[0].path, "opernds");
    EXPECT_NE(r.errors[0].message.find("did you mean 'operands'?"), std::string::npos);
}

TEST(LoadSpec, AnnotationKeysAreKeptAndWrittenBack) {
    const auto r = load_spec(R"({"tilelens": 1, "x-note": [1, 2], "name": "m", "grid": [],
        "operands": [{"name": "o", "role": "output", "x-comment": "hi", "shape": [3],
                      "dtype": "bool"}], "kernel": {"body": "copy", "x-why": 1},
        "x-a": true})",
                             "f");
    ASSERT_FALSE(r.spec);  // copy needs an input: the kernel's x- key itself is no error
    ASSERT_EQ(r.errors.size(), 1u) << join(r.errors);
    const auto ok = load_spec(R"({"tilelens": 1, "x-note": [1, 2], "name": "m", "grid": [],
        "operands": [{"name": "o", "role": "output", "x-comment": "hi", "shape": [3],
                      "dtype": "bool"}], "x-a": true})",
                              "f");
    ASSERT_TRUE(ok.spec) << join(ok.errors);
    EXPECT_EQ(ok.spec->extra, Json::parse(R"({"x-note": [1, 2], "x-a": true})"));
    EXPECT_EQ(ok.spec->operands[0].extra, Json({{"x-comment", "hi"}}));
    const auto text = save_spec(*ok.spec);
    // Annotations follow the documented keys, in their file order.
    EXPECT_LT(text.find("\"seed\""), text.find("\"x-note\""));
    EXPECT_LT(text.find("\"x-note\""), text.find("\"x-a\""));
    EXPECT_LT(text.find("\"dtype\""), text.find("\"x-comment\""));
}

TEST(LoadSpec, NoKeyIsIgnored) {
    // Any other unknown key is an error in both versions, and a version-2 key in a version-1
    // file says which version it needs.
    const auto r = load_spec(R"({"tilelens": 1, "zz_note": 1, "name": "m", "grid": [],
        "scratch": [], "operands": [{"name": "o", "role": "output", "comment": "hi",
        "shape": [3], "dtype": "bool", "memory_space": "any"}],
        "policy": {"x-n": 1}})",
                             "f");
    ASSERT_FALSE(r.spec);
    const auto all = join(r.errors);
    EXPECT_NE(all.find("zz_note: unknown key 'zz_note'"), std::string::npos) << all;
    EXPECT_NE(all.find("must start with \"x-\""), std::string::npos) << all;
    EXPECT_NE(all.find("scratch: 'scratch' is a version-2 key: set \"tilelens\": 2"),
              std::string::npos)
        << all;
    EXPECT_NE(all.find("operands[0].memory_space: 'memory_space' is a version-2 key"),
              std::string::npos)
        << all;
    EXPECT_NE(all.find("operands[0].comment: unknown key"), std::string::npos) << all;
    EXPECT_NE(all.find("policy[\"x-n\"]: annotations"), std::string::npos) << all;
    EXPECT_EQ(r.errors.size(), 5u) << all;
}

TEST(LoadSpec, JsonSyntaxErrorHasLineAndColumn) {
    // The second comma on line 2 is character 9.
    const auto r = load_spec("{\n{\"a\": 1,, \"b\": 2}", "f.json");
    ASSERT_EQ(r.errors.size(), 1u);
    EXPECT_EQ(r.errors[0].file, "f.json");
    EXPECT_EQ(r.errors[0].line, 2);
    EXPECT_EQ(r.errors[0].column, 1);
    const auto r2 = load_spec("{\"a\": 1,, \"b\": 2}", "f.json");
    ASSERT_EQ(r2.errors.size(), 1u);
    EXPECT_EQ(r2.errors[0].line, 1);
    EXPECT_EQ(r2.errors[0].column, 9);
    EXPECT_EQ(r2.errors[0].message.rfind("JSON syntax error: ", 0), 0u) << r2.errors[0].message;
    EXPECT_EQ(r2.errors[0].message.find("json.exception"), std::string::npos);
}

TEST(LoadSpec, EmptyAndBinaryInputsAreErrorsNotCrashes) {
    EXPECT_FALSE(load_spec("", "f").errors.empty());
    EXPECT_FALSE(load_spec(std::string("\0\xff\xfe", 3), "f").errors.empty());
    EXPECT_FALSE(load_spec(std::string(100000, '['), "f").errors.empty());
}

TEST(LoadSpec, AbsurdNestingIsRefusedWithItsPath) {
    const std::string deep = std::string(5000, '[') + std::string(5000, ']');
    const auto r = load_spec(R"({"tilelens": 1, "x": )" + deep + "}", "f");
    ASSERT_EQ(r.errors.size(), 1u);
    EXPECT_EQ(r.errors[0].path.rfind("x[0][0]", 0), 0u) << r.errors[0].path.substr(0, 40);
    EXPECT_EQ(r.errors[0].message,
              "nested deeper than 100 levels (the limit json-depth); a spec needs only a few, or "
              "raise it with --limit json-depth=200");
    // Ordinary extra values a few levels deep are fine.
    const auto ok = load_spec(R"({"tilelens": 1, "name": "m", "grid": [], "x-": [[[{"a": [1]}]]],
        "operands": [{"name": "o", "role": "output", "shape": [3], "dtype": "bool"}]})",
                              "f");
    EXPECT_TRUE(ok.spec) << join(ok.errors);
}

TEST(LoadSpec, Int64Bounds) {
    const auto with_seed = [](const std::string& seed) {
        return load_spec(R"({"tilelens": 1, "name": "m", "grid": [], "seed": )" + seed +
                             R"(, "operands": [{"name": "o", "role": "output", "shape": [3],
                         "dtype": "bool"}]})",
                         "f");
    };
    const auto ok = with_seed("9223372036854775807");
    ASSERT_TRUE(ok.spec) << join(ok.errors);
    EXPECT_EQ(ok.spec->seed, INT64_MAX);
    const auto bad = with_seed("9223372036854775808");
    ASSERT_EQ(bad.errors.size(), 1u);
    EXPECT_EQ(bad.errors[0].path, "seed");
    EXPECT_NE(bad.errors[0].message.find("out of range"), std::string::npos);
}

TEST(SaveSpec, LayoutIsIndentedWithShortListsOnOneLine) {
    const std::string expected = R"({
  "tilelens": 1,
  "name": "s",
  "params": {"N": 8},
  "grid": ["N // 4"],
  "operands": [
    {"name": "o", "role": "output", "shape": [8], "dtype": "int32", "block_shape": [4],
     "index_map": "lambda i: i"}
  ],
  "policy": {"uninitialized": "nan", "revisit": "tpu"},
  "seed": 0
}
)";
    const auto text = save_spec(small_spec());
    EXPECT_EQ(text, expected);
}

TEST(SaveSpec, RoundTripsEveryBlockKindAndEscapes) {
    Spec s = small_spec();
    s.description = "quote \" backslash \\ newline \n tab \t unicode \xc3\xa9";
    s.operands[0].shape = {SizeValue{std::int64_t{8}}, SizeValue{std::string("N")},
                           SizeValue{std::int64_t{2}}};
    s.operands[0].block_shape =
        std::vector<BlockDim>{{BlockDim::Kind::Squeezed, std::int64_t{1}, 0, 0},
                              {BlockDim::Kind::Element, std::string("N + 2"), 1, 3},
                              {BlockDim::Kind::Blocked, std::int64_t{2}, 0, 0}};
    s.operands[0].index_map = "lambda i: (0, i * 4, 0)";
    s.operands[0].buffer_count = 1;
    s.sweep.kind = SweepSpec::Kind::Params;
    s.sweep.mode = SweepSpec::Mode::Zip;
    s.sweep.params = {{"N", {4, 8}}, {"extra", {0, 1}}};
    s.tolerance = Tolerance{1e-6, 0.25};
    s.seed = -3;
    const auto text = save_spec(s);
    const auto r = load_spec(text, "saved");
    ASSERT_TRUE(r.spec) << join(r.errors) << "\n" << text;
    EXPECT_EQ(*r.spec, s) << text;
}

TEST(SaveSpec, InvalidUtf8InAStringDoesNotThrow) {
    Spec s = small_spec();
    s.description = std::string("bad \xff byte");
    std::string text;
    EXPECT_NO_THROW(text = save_spec(s));
    EXPECT_TRUE(load_spec(text, "saved").spec);
}

TEST(SpecFile, SaveThenLoadAndNoTemporaryLeft) {
    ScratchDir dir;
    const auto path = (dir.path() / "a.tilelens.json").string();
    const Spec s = small_spec();
    std::string error;
    ASSERT_TRUE(save_spec_file(s, path, &error)) << error;
    Spec changed = s;
    changed.seed = 5;
    ASSERT_TRUE(save_spec_file(changed, path, &error)) << error;  // replaces
    const auto r = load_spec_file(path);
    ASSERT_TRUE(r.spec) << join(r.errors);
    EXPECT_EQ(*r.spec, changed);
    int files = 0;
    for (const auto& e : fs::directory_iterator(dir.path())) {
        (void)e;
        ++files;
    }
    EXPECT_EQ(files, 1);
}

TEST(SpecFile, SaveIntoAMissingFolderFails) {
    ScratchDir dir;
    const auto path = (dir.path() / "no" / "such" / "a.tilelens.json").string();
    std::string error;
    EXPECT_FALSE(save_spec_file(small_spec(), path, &error));
    EXPECT_NE(error.find(path), std::string::npos) << error;
    EXPECT_FALSE(fs::exists(dir.path() / "no"));
}

TEST(SpecFile, MissingFileAndFolderAreClearErrors) {
    ScratchDir dir;
    const auto missing = (dir.path() / "nope.tilelens.json").string();
    const auto r = load_spec_file(missing);
    ASSERT_EQ(r.errors.size(), 1u);
    EXPECT_EQ(r.errors[0].file, missing);
    EXPECT_NE(r.errors[0].message.find("cannot read"), std::string::npos);
    const auto f = load_spec_file(dir.path().string());
    ASSERT_EQ(f.errors.size(), 1u);
    EXPECT_NE(f.errors[0].message.find("folder"), std::string::npos);
}

TEST(SpecFile, TooLargeIsRefusedBeforeReading) {
    ScratchDir dir;
    const auto path = dir.path() / "big.tilelens.json";
    { std::ofstream(path) << "{"; }
    fs::resize_file(path, std::uintmax_t{70} << 20);  // sparse: no disk space used
    const auto r = load_spec_file(path.string());
    ASSERT_EQ(r.errors.size(), 1u);
    EXPECT_EQ(r.errors[0].message,
              "the file is 73400320 bytes (70 MiB), over the limit of 64 MiB (spec-file-bytes); "
              "raise it with --limit spec-file-bytes=70Mi");
}

TEST(JsonPath, PathsAndPositions) {
    EXPECT_EQ(path_key("", "grid"), "grid");
    EXPECT_EQ(path_key("params", "M"), "params.M");
    EXPECT_EQ(path_key("params", "a b"), "params[\"a b\"]");
    EXPECT_EQ(path_index("operands", 2), "operands[2]");
    // Columns count characters, not bytes: 'é' is two bytes.
    const std::string text = "\xc3\xa9\nx\xc3\xa9y";
    const auto pos = text_position(text, text.find('y'));
    EXPECT_EQ(pos.line, 2);
    EXPECT_EQ(pos.column, 3);
    EXPECT_EQ(text_position("ab", 99).column, 3);
}

TEST(JsonPath, MisspellingSuggestions) {
    const std::vector<std::string_view> keys = {"tilelens", "name", "grid", "operands", "seed"};
    EXPECT_EQ(edit_distance("kitten", "sitting"), 3);
    EXPECT_EQ(edit_distance("Grid", "grid"), 0);
    EXPECT_EQ(edit_distance("gird", "grid"), 1);  // neighbours swapped
    EXPECT_EQ(likely_misspelling("opernds", keys), "operands");
    EXPECT_EQ(likely_misspelling("gird", keys), "grid");
    EXPECT_EQ(likely_misspelling("notes", keys), std::nullopt);
    EXPECT_EQ(likely_misspelling("id", keys), std::nullopt);
    EXPECT_EQ(likely_misspelling("gr", keys), std::nullopt);  // two edits: too far for a short key
    EXPECT_EQ(likely_misspelling("seed", keys), std::nullopt);  // exact: not a misspelling
}

TEST(KernelCatalog, ListsTheDocumentedBodies) {
    EXPECT_EQ(known_kernel_bodies(),
              "copy, add, sub, mul, max, scale, transpose, matmul, rowsum, softmax, attention");
    const KernelBody* mm = find_kernel_body("matmul");
    ASSERT_NE(mm, nullptr);
    EXPECT_EQ(mm->inputs, 2);
    EXPECT_EQ(mm->outputs, 1);
    EXPECT_EQ(known_kernel_options(*mm),
              "reduction_axis (a grid axis (integer)), init_axis (a grid axis (integer)), "
              "mask_k_tail (true or false), accumulator (one of \"output\", \"f32_scratch\")");
    ASSERT_NE(find_kernel_body("attention"), nullptr);
    EXPECT_EQ(find_kernel_body("attention")->inputs, 3);
    EXPECT_EQ(find_kernel_body("scale")->options[0].type, OptionType::Number);
    EXPECT_EQ(known_kernel_options(*find_kernel_body("copy")), "none");
    EXPECT_EQ(find_kernel_body("conv2d"), nullptr);
}

}  // namespace
}  // namespace tl
