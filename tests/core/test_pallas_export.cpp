// The spec as a Pallas snippet (core/export/pallas_snippet.h, docs/exports.md): every example
// and gallery spec gives code that parses and reads only what it defines, importing that code
// through the Python-kernel import gives back the same kernel, and hostile text from a spec
// never becomes code.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "core/export/pallas_snippet.h"
#include "core/expr/python_pallas.h"
#include "core/pyrun/child_process.h"
#include "core/pyrun/import_spec.h"
#include "core/pyrun/python_env.h"
#include "core/pyrun/python_run.h"
#include "core/pyrun/recorded_spec.h"
#include "core/spec/instance.h"
#include "core/spec/spec_io.h"
#include "example_specs.h"

namespace tl {
namespace {

namespace fs = std::filesystem;

const std::string kChecker = std::string(TILELENS_TEST_DIR) + "/pallas_snippet_check.py";

Spec load_file(const std::string& path) {
    const LoadResult r = load_spec_file(path);
    EXPECT_TRUE(r.errors.empty()) << path << ": " << join(r.errors);
    return r.spec.value_or(Spec{});
}

fs::path fresh_dir(const std::string& name) {
    const fs::path dir = fs::temp_directory_path() / ("tilelens_pallas_" + name);
    fs::remove_all(dir);
    fs::create_directories(dir);
    return dir;
}

void write_file(const fs::path& path, const std::string& text) {
    std::ofstream(path, std::ios::binary) << text;
}

std::string python() {
    std::string error;
    const auto env = find_python_env(PythonEngine::Standins, &error);
    EXPECT_TRUE(env) << error;
    return env ? env->interpreter : "/usr/bin/python3";
}

// Runs the checker on `files`; its output when it fails, "" when every file passes.
std::string check_snippets(const std::vector<std::string>& files,
                           const std::vector<std::string>& forbidden = {}) {
    std::vector<std::string> argv{python(), "-B", kChecker};
    for (const auto& f : forbidden) argv.insert(argv.end(), {"--forbid", f});
    argv.insert(argv.end(), files.begin(), files.end());
    const ChildResult r = run_child(argv);
    return r.started && r.exit_code == 0 ? "" : r.start_error + r.output;
}

// --- what the round trip keeps ----------------------------------------------------------

std::vector<std::int64_t> table_shape(const Instance& inst, std::size_t t) {
    const expr::Table& table = inst.tables[t];
    if (!table.shape.empty()) return table.shape;
    return {static_cast<std::int64_t>(table.values.size())};
}

// The block indices of `op` at every program, row-major.
std::vector<std::int64_t> block_indices(const Instance& inst, const ResolvedOperand& op) {
    const int g = inst.grid_rank();
    const int arity = op.index_map ? std::max(op.index_map->arity(), g) : g;
    std::vector<std::int64_t> args(static_cast<std::size_t>(arity) + 1, 0), all;
    std::vector<std::int64_t> out(static_cast<std::size_t>(op.rank()) + 1, 0);
    for (std::int64_t p = 0; p < inst.programs(); ++p) {
        inst.unravel(p, args.data());
        if (op.index_map && !op.index_map->eval(args.data(), out.data())) all.push_back(-999);
        all.insert(all.end(), out.begin(), out.begin() + op.rank());
    }
    return all;
}

const ResolvedOperand* find_operand(const Instance& inst, const std::string& name) {
    for (const auto& op : inst.operands)
        if (op.name == name) return &op;
    return nullptr;
}

std::string alias_name(const Instance& inst, const ResolvedOperand& op) {
    return op.alias_of < 0 ? "" : inst.operands[static_cast<std::size_t>(op.alias_of)].name;
}

bool same_block(const ResolvedOperand& a, const ResolvedOperand& b) {
    if (a.block.size() != b.block.size()) return false;
    for (std::size_t d = 0; d < a.block.size(); ++d) {
        const auto &x = a.block[d], &y = b.block[d];
        if (x.kind != y.kind || x.size != y.size || x.pad_lo != y.pad_lo || x.pad_hi != y.pad_hi)
            return false;
    }
    return true;
}

// Empty when `got` (the recorded call) holds the same kernel as `want` (the spec).
std::string differences(const Instance& want, const Instance& got) {
    std::string out;
    if (want.grid != got.grid) out += "grid differs\n";
    if (want.semantics != got.semantics) out += "dimension semantics differ\n";
    if (want.prefetch.size() != got.prefetch.size()) return out + "table count differs\n";
    for (std::size_t t = 0; t < want.prefetch.size(); ++t)
        if (want.prefetch[t] != got.prefetch[t] || table_shape(want, t) != table_shape(got, t) ||
            want.prefetch_dtypes[t] != got.prefetch_dtypes[t])
            out += "table " + want.tables[t].name + " differs\n";
    if (want.operands.size() != got.operands.size()) return out + "operand count differs\n";
    for (const auto& a : want.operands) {
        const ResolvedOperand* b = find_operand(got, a.name);
        if (!b) {
            out += "operand " + a.name + " is missing\n";
            continue;
        }
        const bool same = a.role == b->role && a.dtype == b->dtype && a.shape == b->shape &&
                          same_block(a, *b) && a.memory_space == b->memory_space &&
                          a.buffer_count == b->buffer_count && a.revisit == b->revisit &&
                          alias_name(want, a) == alias_name(got, *b);
        if (!same) out += "operand " + a.name + " differs\n";
        if (!a.manual() && block_indices(want, a) != block_indices(got, *b))
            out += "operand " + a.name + ": the index map differs at some program\n";
    }
    if (want.scratch.size() != got.scratch.size()) return out + "scratch count differs\n";
    for (std::size_t i = 0; i < want.scratch.size(); ++i) {
        const auto &a = want.scratch[i], &b = got.scratch[i];
        const bool buffer = a.semaphore == ScratchSpec::Semaphore::None;
        if (a.name != b.name || a.shape != b.shape || a.semaphore != b.semaphore ||
            (buffer && (a.dtype != b.dtype || a.memory_space != b.memory_space)))
            out += "scratch " + a.name + " differs\n";
    }
    return out;
}

// The wrapper's arguments as `tilelens-audit import` takes them: the tables with their
// values, then the inputs at the spec's shapes.
std::vector<std::string> import_args(const Spec& spec, const Instance& inst) {
    std::vector<std::string> args;
    for (std::size_t t = 0; t < spec.scalar_prefetch.size(); ++t) {
        std::string a = std::string(to_string(spec.scalar_prefetch[t].dtype)) + "[";
        const auto shape = table_shape(inst, t);
        for (std::size_t d = 0; d < shape.size(); ++d)
            a += (d ? "," : "") + std::to_string(shape[d]);
        a += "]=";
        for (std::size_t v = 0; v < inst.prefetch[t].size(); ++v)
            a += (v ? "," : "") + std::to_string(inst.prefetch[t][v]);
        args.push_back(a);
    }
    for (const auto& op : inst.operands) {
        if (op.role != Role::Input) continue;
        std::string a = std::string(to_string(op.dtype)) + "[";
        for (std::size_t d = 0; d < op.shape.size(); ++d)
            a += (d ? "," : "") + std::to_string(op.shape[d]);
        args.push_back(a + "]");
    }
    return args;
}

// Imports `snippet` (written to `file`) as `tilelens-audit import` does and resolves the
// recorded call; "" and *out set, or what went wrong.
std::string import_snippet(const Spec& spec, const PallasSnippet& snippet, const fs::path& file,
                           Instance* out) {
    const ResolveResult want = resolve(spec);
    if (!want.instance) return "the spec does not resolve: " + join(want.errors);
    ImportRequest req;
    req.file = file.string();
    req.spec_dir = file.parent_path().string();
    req.call = snippet.function;
    req.args = import_args(spec, *want.instance);
    auto built = python_spec_from_import(req);
    if (const auto* e = std::get_if<std::string>(&built)) return "import: " + *e;
    PythonRequest run;
    run.spec_dir = req.spec_dir;
    const PythonRun recorded = run_python(std::get<Spec>(built), run);
    if (!recorded.ok())
        return "run: " + join(recorded.errors) +
               (recorded.failure
                    ? recorded.failure->to_string() + "\n" + recorded.failure->traceback
                    : "");
    const LoadResult loaded = recorded_spec(recorded.call(), std::get<Spec>(built));
    if (!loaded.spec) return "recorded spec: " + join(loaded.errors);
    ResolveResult got = resolve(*loaded.spec);
    if (!got.instance) return "recorded spec does not resolve: " + join(got.errors);
    *out = std::move(*got.instance);
    return "";
}

// --- the tests ---------------------------------------------------------------------------

TEST(PallasExport, EveryExampleGivesCodeThatParsesAndDefinesWhatItReads) {
    const fs::path dir = fresh_dir("parse");
    std::vector<std::string> files;
    for (const auto& path : test::example_spec_paths()) {
        const PallasSnippet s = pallas_snippet(load_file(path));
        ASSERT_TRUE(s.errors.empty()) << path << ": " << s.errors.front();
        EXPECT_NE(s.code.find("pl.pallas_call(\n        " + s.kernel + ","), std::string::npos);
        EXPECT_NE(s.code.find("def " + s.function + "("), std::string::npos) << path;
        files.push_back((dir / (fs::path(path).stem().stem().string() + ".py")).string());
        write_file(files.back(), s.code);
    }
    ASSERT_GE(files.size(), 30u);
    EXPECT_EQ(check_snippets(files), "");
    fs::remove_all(dir);
}

TEST(PallasExport, TheCheckerRefusesInjectedCode) {
    const fs::path dir = fresh_dir("checker");
    const std::string base = pallas_snippet(load_file(std::string(TILELENS_SOURCE_DIR) +
                                                      "/resources/examples/rank1.tilelens.json"))
                                 .code;
    write_file(dir / "a.py", base + "__import__('os').system('true')\n");
    write_file(dir / "b.py", base + "x = open('f')\n");
    write_file(dir / "c.py", base + "\ndef f(:\n");
    const std::string out = check_snippets(
        {(dir / "a.py").string(), (dir / "b.py").string(), (dir / "c.py").string()}, {"system("});
    EXPECT_NE(out.find("a.py: line"), std::string::npos) << out;
    EXPECT_NE(out.find("'system(' appears outside"), std::string::npos) << out;
    EXPECT_NE(out.find("b.py: line"), std::string::npos) << out;
    EXPECT_NE(out.find("c.py: does not parse"), std::string::npos) << out;
    fs::remove_all(dir);
}

TEST(PallasExport, ImportingTheSnippetGivesBackTheSameKernelOnEveryExample) {
    const fs::path dir = fresh_dir("roundtrip");
    int checked = 0;
    for (const auto& path : test::example_spec_paths()) {
        const Spec spec = load_file(path);
        const PallasSnippet s = pallas_snippet(spec);
        ASSERT_TRUE(s.errors.empty()) << path;
        const fs::path file = dir / (fs::path(path).stem().stem().string() + ".py");
        write_file(file, s.code);
        Instance got;
        const std::string failed = import_snippet(spec, s, file, &got);
        if (!failed.empty()) {
            ADD_FAILURE() << path << ": " << failed;
            continue;
        }
        EXPECT_EQ(differences(*resolve(spec).instance, got), "") << path;
        ++checked;
    }
    EXPECT_GE(checked, 30);
    fs::remove_all(dir);
}

// Every construct the examples leave out: element and squeezed dimensions, padding, SMEM,
// HBM and whole-array operands, buffering and revisits, aliasing, SMEM scratch and a bare
// semaphore, a two-dimensional int8 table, core_parallel, a raised VMEM limit, and index
// maps with every operator of the language.
const char* const kEveryFeature = R"JSON({
  "tilelens": 2, "name": "every-feature",
  "params": {"M": 300, "N": 256, "bm": 128, "bn": 128, "E": 64, "H": 3},
  "grid": ["cdiv(M, bm)", "N // bn", "H"],
  "dimension_semantics": ["core_parallel", "parallel", "arbitrary"],
  "scalar_prefetch": [
    {"name": "mask", "shape": [3, 2], "dtype": "int8", "values": [[1, 0], [0, 1], [1, 1]]},
    {"name": "lens", "values": [5, 0, 300]}
  ],
  "scratch": [
    {"name": "acc", "shape": ["bm", "bn"], "dtype": "float32"},
    {"name": "flags", "shape": [4], "dtype": "int32", "memory_space": "smem"},
    {"name": "sem", "semaphore": "regular", "shape": []},
    {"name": "dma", "semaphore": "dma", "shape": [2, "H"]}
  ],
  "operands": [
    {"name": "x", "role": "input", "shape": ["M", "H", "N"], "dtype": "bfloat16",
     "block_shape": [{"element": "bm", "padding": [0, 8]}, null, "bn"],
     "index_map": "lambda i, j, h, m, l: (min(i * bm, lens[2] - 1, M), h, j if m[i][j] else 0)",
     "buffer_count": 1},
    {"name": "t", "role": "input", "shape": [8, 128], "dtype": "int32", "memory_space": "smem",
     "block_shape": [8, 128], "index_map": "lambda *_: (0, 0)"},
    {"name": "w", "role": "input", "shape": ["M", "N"], "dtype": "float32",
     "index_map": "lambda i, j, h, *_: (0, 0)"},
    {"name": "pages", "role": "input", "shape": [16, 8, 128], "dtype": "int8",
     "memory_space": "hbm"},
    {"name": "prev", "role": "input", "shape": ["M", "N"], "dtype": "float32"},
    {"name": "o", "role": "output", "shape": ["M", "N"], "dtype": "float32",
     "block_shape": ["bm", "bn"],
     "index_map": "lambda i, j, h, *_: (i if 0 <= h < H and not (h == 1 or i > 9) else lax.div(-i, 2) + i, jnp.where(lens[h] > 4, j, lax.rem(j, 1)))",
     "alias_of": "prev", "revisit": "any"},
    {"name": "stats", "role": "output", "shape": [8, 128], "dtype": "float32",
     "block_shape": [8, 128], "index_map": "lambda i, j, h, *rest: (abs(-0) * (i // 2 % 1), max(0, j - j, -h))",
     "discard": true},
    {"name": "scalar", "role": "output", "shape": [], "dtype": "float32",
     "block_shape": [], "index_map": "lambda i, j, h, *_: ()", "memory_space": "smem"}
  ],
  "target": "interpret",
  "target_overrides": {"vmem_limit_bytes": 33554432}
})JSON";

TEST(PallasExport, EveryConstructSurvivesTheRoundTrip) {
    const LoadResult loaded = load_spec(kEveryFeature, "every-feature.tilelens.json");
    ASSERT_TRUE(loaded.spec) << join(loaded.errors);
    const PallasSnippet s = pallas_snippet(*loaded.spec);
    ASSERT_TRUE(s.errors.empty()) << s.errors.front();
    for (const char* part :
         {"pl.Element(bm, (0, 8))", "None, bn)", "pipeline_mode=pl.Buffered(1)",
          "pipeline_mode=pl.Buffered(2, revisit=pl.RevisitMode.ANY)", "memory_space=pltpu.SMEM",
          "pl.BlockSpec(memory_space=pltpu.HBM)", "pl.BlockSpec((M, N), lambda",
          "input_output_aliases={6: 0}", "pltpu.SMEM((4,), jnp.int32)",
          "pltpu.SemaphoreType.REGULAR(())", "pltpu.SemaphoreType.DMA((2, H))",
          "jnp.array([1, 0, 0, 1, 1, 1], jnp.int8).reshape((3, 2))", "pltpu.CORE_PARALLEL",
          "vmem_limit_bytes=33554432", "num_scalar_prefetch=2", "jax.ShapeDtypeStruct((), "})
        EXPECT_NE(s.code.find(part), std::string::npos) << part << "\n" << s.code;
    const fs::path dir = fresh_dir("features");
    const fs::path file = dir / "every_feature.py";
    write_file(file, s.code);
    EXPECT_EQ(check_snippets({file.string()}), "");
    Instance got;
    const std::string failed = import_snippet(*loaded.spec, s, file, &got);
    ASSERT_EQ(failed, "");
    EXPECT_EQ(differences(*resolve(*loaded.spec).instance, got), "");
    fs::remove_all(dir);
}

// A spec whose free text, annotations and names are written to break out of comments,
// strings and names: names that Python or the snippet needs are identifiers the format
// accepts, and are renamed in the code, not refused.
Spec hostile_spec() {
    const LoadResult r = load_spec(R"JSON({
      "tilelens": 2, "name": "evil",
      "params": {"M": 512, "N": 512, "K": 512, "pltpu": 128, "bn": 128, "bk": 128,
                 "__import__": 2},
      "grid": ["cdiv(M, pltpu)", "cdiv(N, bn)", "__import__"],
      "dimension_semantics": ["parallel", "parallel", "arbitrary"],
      "scalar_prefetch": [{"name": "jax", "values": [0, 1, 1, 2, 2, 3, 0, 3]}],
      "operands": [
        {"name": "print", "role": "input", "shape": ["M", "K"], "dtype": "float32",
         "block_shape": ["pltpu", "bk"],
         "index_map": "lambda i, int, k, t: (i, t[i * __import__ + k])",
         "x-code": "\"; __import__('os').system('echo pwned'); \""},
        {"name": "__name__", "role": "input", "shape": ["K", "N"], "dtype": "float32",
         "block_shape": ["bk", "bn"],
         "index_map": "lambda i, j, k, *_: (jax[i * __import__ + k], j)"},
        {"name": "None", "role": "output", "shape": ["M", "N"], "dtype": "float32",
         "block_shape": ["pltpu", "bn"], "index_map": "lambda i, j, *_: (i, j)"}
      ],
      "kernel": {"body": "matmul", "reduction_axis": 2, "x-note": "'''\n__import__('os')"},
      "x-code": "\"; __import__('os').system('echo pwned'); \""
    })JSON",
                                   "hostile.tilelens.json");
    EXPECT_TRUE(r.errors.empty()) << join(r.errors);
    Spec s = r.spec.value_or(Spec{});
    s.name = "evil\"'); __import__('os').system('echo pwned') #";
    s.description =
        "line one\n__import__('os').system('echo pwned')\r\nquote \" and ''' and \"\"\" "
        "back\\slash \\\nline\u2028sep\x0bvt\x0c ff \x7f del \xff\xfe bad utf8 \u00e9t\u00e9";
    return s;
}

TEST(PallasExport, HostileTextStaysInCommentsAndNamesAreRenamed) {
    const Spec s = hostile_spec();
    const PallasSnippet snippet = pallas_snippet(s);
    ASSERT_TRUE(snippet.errors.empty()) << snippet.errors.front();
    EXPECT_EQ(snippet.code.find("x-code"), std::string::npos);
    EXPECT_NE(snippet.code.find("# line one __import__('os').system('echo pwned') quote"),
              std::string::npos)
        << snippet.code;
    EXPECT_NE(snippet.code.find("\n__import___ = 2\n"), std::string::npos) << snippet.code;
    EXPECT_NE(snippet.code.find("\npltpu_ = 128\n"), std::string::npos);
    EXPECT_NE(snippet.code.find("def " + snippet.kernel + "(jax_, print_, __name___, None_)"),
              std::string::npos)
        << snippet.code;
    const fs::path dir = fresh_dir("hostile");
    const fs::path file = dir / "hostile.py";
    write_file(file, snippet.code);
    EXPECT_EQ(check_snippets({file.string()}, {"__import__(", "system(", "pwned", "'os'"}), "");
    // The renamed snippet still records the same kernel.
    Instance got;
    const std::string failed = import_snippet(s, snippet, file, &got);
    ASSERT_EQ(failed, "");
    Instance want = *resolve(s).instance;
    for (auto& op : want.operands)
        if (op.name == "print" || op.name == "__name__" || op.name == "None") op.name += "_";
    EXPECT_EQ(differences(want, got), "");
    fs::remove_all(dir);
}

TEST(PallasExport, NamesThatAreNotIdentifiersAreRefused) {
    Spec s =
        load_file(std::string(TILELENS_SOURCE_DIR) + "/resources/examples/rank1.tilelens.json");
    s.operands[0].name = "x'); __import__('os').system('id'); ('";
    s.params.emplace_back("a\nb", 1);
    const PallasSnippet snippet = pallas_snippet(s);
    EXPECT_TRUE(snippet.code.empty());
    ASSERT_EQ(snippet.errors.size(), 2u);
    EXPECT_NE(snippet.errors[0].find("params[" + std::to_string(s.params.size() - 1) +
                                     "]: 'a\nb' is not an identifier"),
              std::string::npos)
        << snippet.errors[0];
    EXPECT_NE(snippet.errors[1].find("operands[0].name: 'x');"), std::string::npos);
}

TEST(PallasExport, APythonSpecIsRefusedWithWhatToDo) {
    Spec s;
    s.version = 2;
    s.name = "py";
    s.python = PythonSpec{"k.py", "f", {}, Json::object(), std::nullopt, std::nullopt};
    const PallasSnippet snippet = pallas_snippet(s);
    ASSERT_EQ(snippet.errors.size(), 1u);
    EXPECT_NE(snippet.errors[0].find("import --inline"), std::string::npos);
}

TEST(PallasExport, ExpressionsArePrintedForTracedValues) {
    py::PallasNames names;
    names.params = {{"M", "M"}, {"bm", "bm"}, {"jnp", "jnp_"}};
    names.taken = {"jnp",  "jax", "pl",  "pltpu", "abs", "int",
                   "bool", "min", "max", "M",     "bm",  "jnp_"};
    const std::vector<std::string> tables{"cols", "mask"};
    auto map = [&](const std::string& text) {
        const py::Printed p = py::pallas_index_map(text, 2, tables, names);
        return p.error.empty() ? p.code : "error " + p.error;
    };
    EXPECT_EQ(map("lambda i, j, *_: (i, cols[j])"), "lambda i, j, cols, *_: (i, cols[j])");
    EXPECT_EQ(map("lambda i, j, *_: (mask[i][j], 0)"), "lambda i, j, cols, mask: (mask[i, j], 0)");
    EXPECT_EQ(map("lambda i, j, c, m: i if m[i] else min(j, M, jnp)"),
              "lambda i, j, c, m: (jnp.where(m[i], i, jnp.minimum(j, jnp.minimum(M, jnp_))),)");
    EXPECT_EQ(map("lambda i, j, *r: (0 <= i < M, not j and i or j)"),
              "lambda i, j, *r: (jnp.logical_and(0 <= i, i < M), "
              "jnp.logical_or(jnp.logical_and(jnp.logical_not(j), i), j))");
    EXPECT_EQ(map("lambda jnp, M, *_: (jnp - (M - 1), -(-jnp) * (M // 2), lax.div(M, 2))"),
              "lambda jnp__, M_, *_: (jnp__ - (M_ - 1), -(-jnp__) * (M_ // 2), "
              "jax.lax.div(M_, 2))");
    EXPECT_EQ(map("lambda i, j: (i, j)"),
              "error 1:1: the index map takes 4 parameters (2 grid "
              "indices, then the scalar-prefetch tables)");
    auto size = [&](const std::string& text) {
        const py::Printed p = py::pallas_size(py::SizeText{text}, names);
        return p.error.empty() ? p.code : "error " + p.error;
    };
    EXPECT_EQ(size("cdiv(M, bm) * (M > 3) + (1 if M else 2)"),
              "pl.cdiv(M, bm) * int(M > 3) + (1 if M else 2)");
    EXPECT_EQ(size("min(M, bm, jnp) - (M - bm) - -1"), "min(M, bm, jnp_) - (M - bm) - -1");
    EXPECT_EQ(size("M and not bm"), "int(bool(M) and bool(int(not bm)))");
    EXPECT_EQ(size("cols[0]").substr(0, 6), "error ");
}

TEST(PallasExport, TheCommandWritesTheFileOrSaysWhyNot) {
    const fs::path dir = fresh_dir("command");
    const std::string bin = TILELENS_AUDIT_BIN;
    const std::string spec =
        std::string(TILELENS_SOURCE_DIR) + "/resources/examples/matmul-rect.tilelens.json";
    const ChildResult ok = run_child({bin, "export-pallas", spec, "-o", (dir / "m.py").string()});
    EXPECT_EQ(ok.exit_code, 0) << ok.output;
    std::ifstream in(dir / "m.py");
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    EXPECT_EQ(text, pallas_snippet(load_file(spec)).code);
    write_file(dir / "bad.tilelens.json", R"({"tilelens": 1, "name": "x", "grid": [)");
    const ChildResult bad = run_child({bin, "export-pallas", (dir / "bad.tilelens.json").string()});
    EXPECT_EQ(bad.exit_code, 2);
    EXPECT_NE(bad.output.find("tilelens-audit export-pallas: "), std::string::npos) << bad.output;
    const ChildResult missing = run_child({bin, "export-pallas", (dir / "none.json").string()});
    EXPECT_EQ(missing.exit_code, 2);
    // A python spec: the call its file records, with the recorded numbers.
    write_file(dir / "py.tilelens.json",
               R"JSON({"tilelens": 2, "name": "py", "params": {"M": 256, "N": 256, "K": 256},
                 "python": {"file": ")JSON" +
                   std::string(TILELENS_SOURCE_DIR) +
                   R"JSON(/tests/python/kernels/blocked_matmul.py", "call": "matmul",
                   "args": [{"shape": ["M", "K"], "dtype": "float32"},
                            {"shape": ["K", "N"], "dtype": "float32"}]}})JSON");
    const ChildResult py = run_child({bin, "export-pallas", (dir / "py.tilelens.json").string()});
    EXPECT_EQ(py.exit_code, 0) << py.output;
    EXPECT_NE(py.output.find("out_shape=jax.ShapeDtypeStruct((256, 256), jnp.float32)"),
              std::string::npos)
        << py.output;
    const ChildResult help = run_child({bin, "--help"});
    EXPECT_NE(help.output.find("export-pallas"), std::string::npos);
    fs::remove_all(dir);
}

TEST(PallasExport, TheExampleInTheDocsIsWhatTheExportWrites) {
    std::ifstream in(std::string(TILELENS_SOURCE_DIR) + "/docs/exports.md");
    const std::string doc((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const auto open = doc.find("```python\n");
    ASSERT_NE(open, std::string::npos);
    const auto close = doc.find("```", open + 10);
    const std::string shown = doc.substr(open + 10, close - open - 10);
    const std::string code =
        pallas_snippet(load_file(std::string(TILELENS_SOURCE_DIR) +
                                 "/resources/examples/matmul-rect.tilelens.json"))
            .code;
    ASSERT_NE(code.find("import jax\n"), std::string::npos);
    EXPECT_EQ(code.substr(code.find("import jax\n")), shown);
}

}  // namespace
}  // namespace tl
