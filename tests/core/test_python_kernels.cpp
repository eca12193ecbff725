// Specs with a `python` key: loading, the child process, the runner's arrays, the recorded
// call as a spec, and the audit of kernel files written for these tests
// (tests/python/kernels/), correct ones passing and realistic bugs caught.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <thread>

#include "core/audit/audit.h"
#include "core/audit/report_json.h"
#include "core/plan/python_plan.h"
#include "core/pyrun/child_process.h"
#include "core/pyrun/import_spec.h"
#include "core/pyrun/npy.h"
#include "core/pyrun/python_run.h"
#include "core/pyrun/recorded_spec.h"
#include "core/spec/instance.h"
#include "core/spec/spec_io.h"

namespace tl {
namespace {

namespace fs = std::filesystem;

const std::string kKernels = TILELENS_TEST_KERNELS;

std::string python_spec(const std::string& file, const std::string& call, const std::string& args,
                        const std::string& extra = "",
                        const std::string& params = R"({"M": 256, "N": 256, "K": 256})") {
    return R"({"tilelens": 2, "name": "py", "params": )" + params + R"(, "python": {"file": ")" +
           kKernels + "/" + file + R"(", "call": ")" + call + R"(", "args": )" + args + extra +
           R"(}, "target": "tpu-v5e"})";
}

Spec load_ok(const std::string& text) {
    const LoadResult r = load_spec(text, "t.tilelens.json");
    EXPECT_TRUE(r.errors.empty()) << join(r.errors);
    return r.spec.value_or(Spec{});
}

std::string load_errors(const std::string& text) {
    return join(load_spec(text, "t.tilelens.json").errors);
}

const std::string kMatArgs =
    R"([{"shape": ["M", "K"], "dtype": "float32"}, {"shape": ["K", "N"], "dtype": "float32"}])";

AuditOptions quick(int seconds = 60) {
    AuditOptions o;
    o.sweep = SweepMode::Off;
    o.python_limits.seconds = seconds;
    return o;
}

bool has_kind(const AuditResult& r, FindingKind k) {
    for (const auto& f : r.findings)
        if (f.kind == k) return true;
    return false;
}

std::string messages(const AuditResult& r) {
    std::string s;
    for (const auto& f : r.findings) s += f.message + "\n";
    return s;
}

TEST(PythonSpec, LoadsSavesAndReloadsTheSame) {
    const Spec s =
        load_ok(python_spec("blocked_matmul.py", "matmul", kMatArgs,
                            R"(, "kwargs": {"bm": {"expr": "M // 2"}, "init": true, "b_map": "kj"},
            "reference": "matmul_reference", "entry": 0)"));
    ASSERT_TRUE(s.python);
    EXPECT_EQ(s.python->call, "matmul");
    EXPECT_EQ(s.python->args.size(), 2u);
    EXPECT_TRUE(s.grid.empty());
    EXPECT_TRUE(s.operands.empty());
    const LoadResult again = load_spec(save_spec(s), "again");
    ASSERT_TRUE(again.spec) << join(again.errors);
    EXPECT_EQ(*again.spec, s);
    EXPECT_NE(save_spec(s).find("\"python\""), std::string::npos);
    EXPECT_EQ(save_spec(s).find("\"grid\""), std::string::npos);
}

TEST(PythonSpec, KeysTheRecordingGivesAreRefused) {
    const std::string e = load_errors(R"({"tilelens": 2, "name": "x", "grid": [1],
        "python": {"file": "k.py", "call": "f", "args": []}})");
    EXPECT_NE(e.find("grid: comes from the pallas_call recorded from python.file"),
              std::string::npos)
        << e;
}

TEST(PythonSpec, NeedsFormatTwo) {
    const std::string e = load_errors(R"({"tilelens": 1, "name": "x", "grid": [1], "operands": [],
        "python": {"file": "k.py", "call": "f", "args": []}})");
    EXPECT_NE(e.find("'python' is a version-2 key"), std::string::npos) << e;
}

TEST(PythonSpec, BadPartsAreLocated) {
    const std::string e = load_errors(
        R"({"tilelens": 2, "name": "x", "params": {"M": 8},
            "python": {"file": "k.py", "call": "not a name", "args": [{"shape": ["M", "Q"],
            "dtype": "float99"}, {"shape": [4], "dtype": "int32", "data": "ones", "values": [1]}],
            "kwargs": {"bm": {"exp": "M"}}, "entry": -1, "colour": 3}})");
    for (const char* want :
         {"python.call: 'not a name' is not a Python function name", "python.args[0].shape[1]",
          "python.args[0].dtype: unknown dtype 'float99'",
          "python.args[1]: give either \"data\" or \"values\"", "python.kwargs.bm: an object here",
          "python.entry: the first pallas_call is entry 0", "python.colour: unknown key 'colour'"})
        EXPECT_NE(e.find(want), std::string::npos) << want << "\n" << e;
}

TEST(PythonSpec, RequestEvaluatesSizesAndKwargs) {
    const Spec s = load_ok(python_spec("blocked_matmul.py", "matmul",
                                       R"([{"shape": ["M", "K + 1"], "dtype": "bfloat16"}, null,
            {"shape": [3], "dtype": "int32", "values": [[1], [2], [3]]}])",
                                       R"(, "kwargs": {"bm": {"expr": "M // 2"}, "name": "x"})"));
    Diagnostics errors;
    const auto req = python_call_request(*s.python, {{"M", 10}, {"K", 4}}, &errors);
    ASSERT_TRUE(req) << join(errors);
    EXPECT_EQ((*req)["args"][0]["shape"], Json::array({10, 5}));
    EXPECT_EQ((*req)["args"][0]["dtype"], "bfloat16");
    EXPECT_TRUE((*req)["args"][1].is_null());
    EXPECT_EQ((*req)["args"][2]["values"], Json::array({1.0, 2.0, 3.0}));
    EXPECT_EQ((*req)["kwargs"]["bm"], 5);
    EXPECT_EQ((*req)["kwargs"]["name"], "x");
    Diagnostics bad;
    EXPECT_FALSE(python_call_request(*s.python, {{"M", 0}, {"K", 4}}, &bad));
    EXPECT_NE(join(bad).find("python.args[0].shape[0]: evaluates to 0"), std::string::npos)
        << join(bad);
}

void write_npy(const fs::path& p, const std::string& header, const std::string& data) {
    std::string h = header;
    while ((10 + h.size() + 1) % 64) h += ' ';
    h += '\n';
    std::ofstream o(p, std::ios::binary);
    o << "\x93NUMPY" << char(1) << char(0) << char(h.size() & 0xff) << char(h.size() >> 8) << h
      << data;
}

TEST(Npy, ReadsFloatIntAndRefusesWhatItCannot) {
    const fs::path dir = fs::temp_directory_path() / "tilelens-npy-test";
    fs::create_directories(dir);
    const float f[6] = {1, 2, 3, 4, 5, -6.5f};
    write_npy(dir / "f.npy", "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }",
              std::string(reinterpret_cast<const char*>(f), sizeof f));
    std::string error;
    const auto a = read_npy((dir / "f.npy").string(), &error);
    ASSERT_TRUE(a) << error;
    EXPECT_EQ(a->shape, (std::vector<std::int64_t>{2, 3}));
    EXPECT_EQ(a->values[5], -6.5);
    const std::int64_t w[2] = {-1, 7};
    write_npy(dir / "i.npy", "{'descr': '<i8', 'fortran_order': False, 'shape': (2,), }",
              std::string(reinterpret_cast<const char*>(w), sizeof w));
    const auto b = read_npy((dir / "i.npy").string(), &error);
    ASSERT_TRUE(b) << error;
    EXPECT_EQ(b->values, (std::vector<double>{-1, 7}));
    write_npy(dir / "short.npy", "{'descr': '<f4', 'fortran_order': False, 'shape': (4,), }",
              "abc");
    EXPECT_FALSE(read_npy((dir / "short.npy").string(), &error));
    EXPECT_NE(error.find("shorter than the shape"), std::string::npos) << error;
    write_npy(dir / "huge.npy",
              "{'descr': '<f4', 'fortran_order': False, 'shape': (100000, 100000, 100000), }", "");
    EXPECT_FALSE(read_npy((dir / "huge.npy").string(), &error));
    EXPECT_NE(error.find("more elements than the limit"), std::string::npos) << error;
    write_npy(dir / "c.npy", "{'descr': '<c8', 'fortran_order': False, 'shape': (1,), }",
              "12345678");
    EXPECT_FALSE(read_npy((dir / "c.npy").string(), &error));
    EXPECT_NE(error.find("unsupported dtype '<c8'"), std::string::npos) << error;
    fs::remove_all(dir);
}

TEST(ChildProcess, CapturesOutputAndExitCode) {
    const ChildResult r = run_child({"/bin/sh", "-c", "echo hello; echo oops >&2; exit 3"});
    ASSERT_TRUE(r.started) << r.start_error;
    EXPECT_EQ(r.exit_code, 3);
    EXPECT_NE(r.output.find("hello"), std::string::npos);
    EXPECT_NE(r.output.find("oops"), std::string::npos);
}

TEST(ChildProcess, KillsAHangAndItsChildrenAtTheLimit) {
    ChildOptions o;
    o.seconds = 0.5;
    const auto t0 = std::chrono::steady_clock::now();
    const ChildResult r = run_child({"/bin/sh", "-c", "sleep 30 & sleep 30"}, o);
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    EXPECT_TRUE(r.timed_out);
    EXPECT_LT(s, 5.0);
}

TEST(ChildProcess, CancelStopsIt) {
    std::atomic<bool> cancel{true};
    ChildOptions o;
    o.cancel = &cancel;
    const ChildResult r = run_child({"/bin/sh", "-c", "sleep 30"}, o);
    EXPECT_TRUE(r.cancelled);
    EXPECT_FALSE(r.timed_out);
}

TEST(ChildProcess, AMissingProgramSaysSo) {
    const ChildResult r = run_child({"/nonexistent/python3"});
    EXPECT_FALSE(r.started);
    EXPECT_NE(r.start_error.find("/nonexistent/python3"), std::string::npos);
}

TEST(PythonRun, RecordsTheCallAsASpec) {
    const Spec s = load_ok(python_spec("blocked_matmul.py", "matmul", kMatArgs,
                                       R"(, "kwargs": {"bm": 128, "bk": 128, "bn": 64})",
                                       R"({"M": 300, "N": 200, "K": 256})"));
    PythonRequest req;
    req.params = {{"M", 300}, {"N", 200}, {"K", 256}};
    const PythonRun run = run_python(s, req);
    ASSERT_TRUE(run.ok()) << join(run.errors) << (run.failure ? run.failure->to_string() : "");
    const LoadResult rec = recorded_spec(run.call(), s);
    ASSERT_TRUE(rec.spec) << join(rec.errors);
    const ResolveResult inst = resolve(*rec.spec);
    ASSERT_TRUE(inst.instance) << join(inst.errors);
    EXPECT_EQ(inst.instance->grid, (std::vector<std::int64_t>{3, 4, 2}));
    ASSERT_EQ(rec.spec->operands.size(), 3u);
    EXPECT_EQ(rec.spec->operands[1].index_map, "lambda i, j, s: (s, j)");
    EXPECT_EQ(inst.instance->operands[2].shape, (std::vector<std::int64_t>{300, 200}));
    EXPECT_EQ(rec.spec->operands[0].extra["x-python"]["file"], kKernels + "/blocked_matmul.py");
    EXPECT_GT(rec.spec->operands[0].extra["x-python"]["line"].get<int>(), 0);
    ASSERT_EQ(rec.spec->scratch.size(), 1u);
    EXPECT_EQ(rec.spec->semantics(2), Semantics::Arbitrary);
}

TEST(PythonRun, AnUntraceableMapBecomesAPerProgramTable) {
    const Spec s = load_ok(python_spec("failing.py", "traced_branchy",
                                       R"([{"shape": [32, 512], "dtype": "float32"}])"));
    PythonRequest req;
    const PythonRun run = run_python(s, req);
    ASSERT_TRUE(run.ok()) << join(run.errors);
    const LoadResult rec = recorded_spec(run.call(), s);
    ASSERT_TRUE(rec.spec) << join(rec.errors);
    const ResolveResult r = resolve(*rec.spec);
    ASSERT_TRUE(r.instance) << join(r.errors);
    const auto& map = *r.instance->operands[0].index_map;
    std::vector<std::int64_t> args(static_cast<std::size_t>(map.arity()), 0), out(2);
    args[0] = 1;  // program (1, 0) walks the row backwards: block (1, 3)
    args[1] = 0;
    ASSERT_TRUE(map.eval(args.data(), out.data()));
    EXPECT_EQ(out, (std::vector<std::int64_t>{1, 3}));
}

const std::string kPipelineArgs =
    R"([{"shape": [16, 256], "dtype": "float32"}, {"shape": [256, 256], "dtype": "float32"}])";

// A call of tests/python/kernels/emit_pipeline_matmul.py on the stand-ins, recorded (or run)
// and read back as a spec: {resolved instance, the runner's notes on the call}.
std::pair<Instance, Json> pipeline_call(const std::string& call, const std::string& kwargs,
                                        bool run) {
    const Spec s = load_ok(
        python_spec("emit_pipeline_matmul.py", call, kPipelineArgs, R"(, "kwargs": )" + kwargs));
    PythonRequest req;
    req.engine = PythonEngine::Standins;
    req.run = run;
    const PythonRun r = run_python(s, req);
    EXPECT_TRUE(r.ok()) << join(r.errors) << (r.failure ? r.failure->to_string() : "");
    if (!r.ok()) return {};
    const LoadResult rec = recorded_spec(r.call(), s);
    EXPECT_TRUE(rec.spec) << join(rec.errors);
    const ResolveResult inst = rec.spec ? resolve(*rec.spec) : ResolveResult{};
    EXPECT_TRUE(inst.instance) << join(inst.errors);
    return {inst.instance.value_or(Instance{}), r.call().value("notes", Json::array())};
}

// Operand k's inner tile (the block's size where it spans it) and buffers; {} without inner.
std::pair<std::vector<std::int64_t>, int> inner_of(const Instance& in, std::size_t k) {
    if (k >= in.operands.size() || !in.operands[k].inner) return {};
    return {in.operands[k].inner->tile, in.operands[k].inner->buffers};
}

using Tiles = std::pair<std::vector<std::int64_t>, int>;

TEST(PythonRun, EmitPipelineFillsTheInnerTilesOfTheOperandsItStreams) {
    // x and y stay in HBM and the output too; one program pipelines (8, 128) x (128, 128).
    for (const bool run : {false, true}) {
        const auto [in, notes] = pipeline_call("matmul", "{}", run);
        ASSERT_EQ(in.operands.size(), 3u);
        EXPECT_EQ(inner_of(in, 0), (Tiles{{8, 128}, 2})) << run;
        EXPECT_EQ(inner_of(in, 1), (Tiles{{128, 128}, 2}));
        EXPECT_EQ(inner_of(in, 2), (Tiles{{8, 128}, 2}));
        ASSERT_EQ(notes.size(), 1u);
        EXPECT_NE(notes[0].get<std::string>().find("over an inner grid of [2, 2, 2]"),
                  std::string::npos);
    }
    // pl.Buffered(3) on x's inner BlockSpec: three tiles in flight.
    EXPECT_EQ(inner_of(pipeline_call("matmul", R"({"x_buffers": 3})", false).first, 0),
              (Tiles{{8, 128}, 3}));
    // A VMEM block walked in tiles: the tile is within the block, whole along its rows.
    const auto [rows, rows_notes] = pipeline_call("matmul_row_blocks", "{}", false);
    EXPECT_EQ(rows.operands[0].block_elements(), 8 * 256);
    EXPECT_EQ(inner_of(rows, 0), (Tiles{{8, 128}, 2}));
    EXPECT_EQ(inner_of(rows, 1), (Tiles{{128, 256}, 2}));
    EXPECT_EQ(inner_of(rows, 2), Tiles{});  // written by the body, not by the pipeline
    // A view of x (.at[...]) is not the operand: nothing recorded for it, and a note says why.
    const auto [sliced, sliced_notes] = pipeline_call("matmul", R"({"slice_x": true})", false);
    EXPECT_EQ(inner_of(sliced, 0), Tiles{});
    EXPECT_EQ(inner_of(sliced, 1), (Tiles{{128, 128}, 2}));
    ASSERT_FALSE(sliced_notes.empty());
    EXPECT_NE(sliced_notes[0].get<std::string>().find("a view of x_hbm"), std::string::npos);
}

TEST(PythonAudit, AnEmitPipelineKernelPassesWithItsInnerTilesRecorded) {
    const Spec s = load_ok(python_spec("emit_pipeline_matmul.py", "matmul", kPipelineArgs,
                                       R"(, "reference": "matmul_reference")"));
    const AuditResult r = run_audit(s, quick());
    EXPECT_EQ(r.verdict, Verdict::Pass) << messages(r);
    EXPECT_EQ(r.numerics, StageStatus::Pass);
    ASSERT_TRUE(r.recorded);
    ASSERT_TRUE(r.recorded->operands[0].inner);
    EXPECT_EQ(r.recorded->operands[0].inner->buffers, 2);
}

TEST(PythonAudit, ACorrectKernelPasses) {
    const Spec s = load_ok(python_spec("blocked_matmul.py", "matmul", kMatArgs,
                                       R"(, "reference": "matmul_reference")"));
    const AuditResult r = run_audit(s, quick());
    EXPECT_EQ(r.verdict, Verdict::Pass) << messages(r);
    EXPECT_EQ(r.numerics, StageStatus::Pass);
    EXPECT_EQ(r.programs, 8);
}

TEST(PythonAudit, AMissingInitIsAMismatchOnTheProgramThatWroteIt) {
    const Spec s = load_ok(python_spec("blocked_matmul.py", "matmul", kMatArgs,
                                       R"(, "kwargs": {"init": false},
                                          "reference": "matmul_reference")"));
    const AuditResult r = run_audit(s, quick());
    EXPECT_EQ(r.verdict, Verdict::Fail);
    ASSERT_TRUE(has_kind(r, FindingKind::NumericalMismatch)) << messages(r);
    const Finding& f = r.findings.front();
    EXPECT_EQ(f.cause, "uninitialized") << f.message;
    EXPECT_EQ(f.program.size(), 3u);
    EXPECT_NE(f.message.find("pl.when"), std::string::npos);
}

TEST(PythonAudit, TheSweepFindsTheUnmaskedReductionTail) {
    const Spec s = load_ok(python_spec("blocked_matmul.py", "matmul", kMatArgs,
                                       R"(, "reference": "matmul_reference")"));
    AuditOptions o = quick();
    o.sweep = SweepMode::Auto;
    const AuditResult r = run_audit(s, o);
    EXPECT_EQ(r.verdict, Verdict::Fail);
    bool k_tail = false;
    for (const auto& f : r.findings)
        k_tail = k_tail || (f.kind == FindingKind::NumericalMismatch && f.case_params.count("K") &&
                            f.case_params.at("K") % 128 != 0 && f.cause == "padding");
    EXPECT_TRUE(k_tail) << messages(r);
    EXPECT_GT(r.cases.size(), 10u);
}

TEST(PythonAudit, WithoutAReferenceOnlyContractAndIndexingRun) {
    const Spec s = load_ok(python_spec("blocked_matmul.py", "matmul", kMatArgs));
    const AuditResult r = run_audit(s, quick());
    EXPECT_EQ(r.numerics, StageStatus::Skipped);
    EXPECT_EQ(r.indexing, StageStatus::Pass);
}

TEST(PythonAudit, AnExceptionNamesTheUsersLine) {
    const Spec s = load_ok(
        python_spec("failing.py", "raises", R"([{"shape": [4, 128], "dtype": "float32"}])"));
    const AuditResult r = run_audit(s, quick());
    EXPECT_EQ(r.verdict, Verdict::Fail);  // the kernel failed: exit 1, not an invalid spec
    EXPECT_EQ(r.exit_code(), 1);
    ASSERT_EQ(r.findings.size(), 1u);
    EXPECT_EQ(r.findings[0].kind, FindingKind::KernelError);
    const std::string m = messages(r);
    EXPECT_NE(m.find("failing.py:13: ValueError: rows must be a multiple of 3"), std::string::npos)
        << m;
}

TEST(PythonAudit, ABodyThatRaisesAfterRecordingStillGetsItsIndexingChecked) {
    const Spec s = load_ok(python_spec("failing.py", "body_raises",
                                       R"([{"shape": [8, 16], "dtype": "float32"}])",
                                       R"(, "reference": "copy_reference")"));
    const AuditResult r = run_audit(s, quick());
    EXPECT_EQ(r.verdict, Verdict::Fail);
    EXPECT_EQ(r.indexing, StageStatus::Pass);  // the recorded call was analysed
    EXPECT_EQ(r.programs, 1);
    EXPECT_EQ(r.numerics, StageStatus::Fail);
    ASSERT_TRUE(has_kind(r, FindingKind::KernelError)) << messages(r);
    EXPECT_NE(messages(r).find("failing.py:"), std::string::npos) << messages(r);
}

TEST(PythonAudit, AMissingApiIsNamed) {
    const Spec s =
        load_ok(python_spec("failing.py", "uses_scan", R"([{"shape": [4], "dtype": "float32"}])"));
    const AuditResult r = run_audit(s, quick());
    const std::string m = messages(r);
    EXPECT_EQ(r.verdict, Verdict::Invalid);  // TileLens could not check it: nothing is blamed
    EXPECT_TRUE(has_kind(r, FindingKind::SpecError));
    EXPECT_NE(m.find("TileLens could not check this kernel"), std::string::npos) << m;
    EXPECT_NE(m.find("not supported by TileLens's stand-ins"), std::string::npos) << m;
    EXPECT_NE(m.find("scan"), std::string::npos) << m;
}

TEST(PythonAudit, AHangBecomesAFindingWithinTheLimit) {
    const Spec s =
        load_ok(python_spec("failing.py", "hangs", R"([{"shape": [4], "dtype": "float32"}])"));
    const auto t0 = std::chrono::steady_clock::now();
    const AuditResult r = run_audit(s, quick(1));
    const double secs =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    EXPECT_LT(secs, 10.0);
    EXPECT_EQ(r.verdict, Verdict::Fail);
    EXPECT_TRUE(has_kind(r, FindingKind::KernelError));
    EXPECT_NE(messages(r).find("did not finish in time"), std::string::npos) << messages(r);
}

TEST(PythonAudit, MemoryExhaustionAndACrashAreFindings) {
    const Spec hog = load_ok(
        python_spec("failing.py", "hogs_memory", R"([{"shape": [4], "dtype": "float32"}])"));
    AuditOptions o = quick();
    o.python_limits.memory_bytes = std::int64_t{1} << 30;
    const std::string m = messages(run_audit(hog, o));
    EXPECT_NE(m.find("ran out of memory"), std::string::npos) << m;
    const Spec crash =
        load_ok(python_spec("failing.py", "crashes", R"([{"shape": [4], "dtype": "float32"}])"));
    const AuditResult r = run_audit(crash, quick());
    EXPECT_EQ(r.verdict, Verdict::Fail);
    EXPECT_TRUE(has_kind(r, FindingKind::KernelError));
    EXPECT_NE(messages(r).find("crashed the Python process"), std::string::npos) << messages(r);
}

TEST(PythonAudit, ShapesTheWrapperRefusesAreListedNotFailed) {
    const Spec s = load_ok(python_spec("failing.py", "checked_copy",
                                       R"([{"shape": ["R", 128], "dtype": "float32"}])",
                                       R"(, "reference": "copy_reference")", R"({"R": 16})"));
    AuditOptions o = quick();
    o.sweep = SweepMode::Auto;
    const AuditResult r = run_audit(s, o);
    EXPECT_EQ(r.verdict, Verdict::Pass) << messages(r);
    bool listed = false;
    for (const auto& n : r.notes)
        listed = listed || (n.text.find("not run: R = 9 (the wrapper refuses these shapes: ") !=
                                std::string::npos &&
                            n.text.find("rows must be a multiple of 8") != std::string::npos);
    EXPECT_TRUE(listed);
    for (const auto& c : r.cases) EXPECT_EQ(c.params.at("R") % 8, 0) << c.label;
    EXPECT_GE(r.cases.size(), 2u);
}

TEST(PythonAudit, NotImplementedInTheBodyIsARefusedShapeToo) {
    const Spec s = load_ok(python_spec("failing.py", "lane_copy",
                                       R"([{"shape": [16, "C"], "dtype": "float32"}])",
                                       R"(, "reference": "copy_reference")", R"({"C": 256})"));
    AuditOptions o = quick();
    o.sweep = SweepMode::Auto;
    const AuditResult r = run_audit(s, o);
    EXPECT_EQ(r.verdict, Verdict::Pass) << messages(r);
    bool listed = false;
    for (const auto& n : r.notes)
        listed = listed || n.text.find("not run: C = 257 (the wrapper refuses these shapes: ") !=
                               std::string::npos;
    EXPECT_TRUE(listed);
}

TEST(PythonAudit, ASizeItsFixedTableDoesNotFitIsListedNotFailed) {
    // The group table has one entry per 64-row tile of M = 256: at M = 512 the index map reads
    // past its end. The sweep changed the size and not the table the spec fixes.
    std::string text = python_spec(
        "grouped_matmul.py", "grouped_matmul",
        R"([{"shape": ["M", 128], "dtype": "float32"}, {"shape": [2, 128, 128], "dtype": "float32"},
            {"shape": [4], "dtype": "int32", "values": [0, 1, 1, 0]}])",
        R"(, "reference": "grouped_reference")", R"({"M": 256})");
    text.insert(text.rfind('}'), R"(, "sweep": {"params": {"M": [256, 512]}})");
    AuditOptions o = quick();
    o.sweep = SweepMode::Auto;
    const AuditResult r = run_audit(load_ok(text), o);
    EXPECT_EQ(r.verdict, Verdict::Pass) << messages(r);
    bool listed = false;
    for (const auto& n : r.notes)
        listed = listed || (n.text.find("not run: M = 512 (the kernel fails with the fixed values "
                                        "of python.args[2]") != std::string::npos &&
                            n.text.find("requires") != std::string::npos);
    EXPECT_TRUE(listed) << report_json_text(r);
    EXPECT_EQ(r.cases.size(), 1u);
}

TEST(PythonPlan, EachTilingIsTheFileRecordedWithThoseKeywordArguments) {
    const Spec s = load_ok(
        python_spec("blocked_matmul.py", "matmul", kMatArgs,
                    R"(, "kwargs": {"bm": {"expr": "bm"}, "bn": {"expr": "bm"}, "bk": 128})",
                    R"({"M": 512, "N": 512, "K": 256, "bm": 128})"));
    PythonPlanOptions o;
    o.max_candidates = 4;
    const PlanOutcome out = plan_python_tiles(s, o);
    ASSERT_TRUE(out.plan) << join(out.errors);
    const TilePlan& p = *out.plan;
    ASSERT_EQ(p.tile_params.size(), 1u);
    EXPECT_EQ(p.tile_params[0].name, "bm");
    EXPECT_EQ(p.fixed.count("M"), 1u);
    // bm = 128 (the spec's), then the nearest: 64 (rejected: a 64-wide lane block) and 256.
    bool own = false, wide = false;
    for (const auto& c : p.candidates) {
        own = own || (c.is_spec && c.params.at("bm") == 128 && c.programs == 4 * 4 * 2);
        wide = wide || (c.params.at("bm") == 256 && c.programs == 2 * 2 * 2);
    }
    EXPECT_TRUE(own);
    EXPECT_TRUE(wide);
    ASSERT_FALSE(p.rejected.empty());
    EXPECT_EQ(p.rejected[0].params.at("bm"), 64);
    EXPECT_EQ(p.rejected[0].rule, "block_tiling");
    EXPECT_EQ(p.candidates.size() + p.rejected.size(), 4u);
}

// A kernel that sizes its vmem_limit_bytes from its blocks is held, tiling by tiling, to the
// limit that tiling's recording passed, not to the spec's own tiling's.
TEST(PythonPlan, AKernelThatSizesItsOwnVmemLimitHoldsEachTilingToItsOwn) {
    const auto plan_with = [](const std::string& vmem) {
        const Spec s = load_ok(python_spec(
            "blocked_matmul.py", "matmul", kMatArgs,
            R"(, "kwargs": {"bm": {"expr": "bm"}, "bn": {"expr": "bm"}, "bk": 512, "vmem": ")" +
                vmem + R"("})",
            R"({"M": 2048, "N": 2048, "K": 2048, "bm": 256})"));
        PythonPlanOptions o;
        o.max_candidates = 5;  // bm = 256, then 128 and 512, then 64 and 1024
        const PlanOutcome out = plan_python_tiles(s, o);
        EXPECT_TRUE(out.plan) << join(out.errors);
        return out.plan.value_or(TilePlan{});
    };
    // The file's formula: double-buffered f32 blocks, the accumulator and the dot's result.
    const auto own = [](std::int64_t bm) {
        const std::int64_t bk = 512;
        return 2 * (bm * bk + bk * bm + bm * bm) * 4 + 2 * bm * bm * 4 + (1 << 20);
    };
    const TilePlan fixed = plan_with("4");  // 4 MiB for every tiling
    const TilePlan sized = plan_with("blocks");
    const auto find = [](const TilePlan& p, std::int64_t bm) -> const PlanCandidate* {
        for (const auto& c : p.candidates)
            if (c.params.at("bm") == bm) return &c;
        return nullptr;
    };
    // bm = 512 needs 8 MiB of blocks: over a fixed 4 MiB, within the limit it computes.
    const PlanCandidate* wide = find(sized, 512);
    ASSERT_NE(wide, nullptr);
    EXPECT_EQ(wide->vmem_limit_bytes, own(512));
    EXPECT_LE(wide->vmem_bytes, wide->vmem_limit_bytes);
    EXPECT_EQ(find(fixed, 512), nullptr);
    bool refused = false;
    for (const auto& r : fixed.rejected)
        refused = refused || (r.params.at("bm") == 512 && r.rule == "vmem" &&
                              r.message.find("4 MiB") != std::string::npos);
    EXPECT_TRUE(refused);
    // Every tiling carries the limit its own recording passed.
    for (const std::int64_t bm : {128, 256}) {
        ASSERT_NE(find(sized, bm), nullptr) << bm;
        EXPECT_EQ(find(sized, bm)->vmem_limit_bytes, own(bm)) << bm;
        ASSERT_NE(find(fixed, bm), nullptr) << bm;
        EXPECT_EQ(find(fixed, bm)->vmem_limit_bytes, 4 << 20) << bm;
    }
    EXPECT_EQ(plan_json(sized)["candidates"][0]["vmem_limit_bytes"],
              find(sized, sized.candidates[0].params.at("bm"))->vmem_limit_bytes);
}

TEST(PythonAudit, AMissingFileIsAnErrorAtPythonFile) {
    const Spec s = load_ok(python_spec("no_such_kernel.py", "f", "[]"));
    const AuditResult r = run_audit(s, quick());
    EXPECT_EQ(r.verdict, Verdict::Invalid);
    EXPECT_NE(messages(r).find("python.file: '"), std::string::npos) << messages(r);
}

TEST(PythonAudit, CancelStopsTheChild) {
    const Spec s =
        load_ok(python_spec("failing.py", "hangs", R"([{"shape": [4], "dtype": "float32"}])"));
    std::atomic<bool> cancel{false};
    AuditOptions o = quick(60);
    o.cancel = &cancel;
    std::thread stopper([&] {
        std::this_thread::sleep_for(std::chrono::milliseconds(300));
        cancel = true;
    });
    const auto t0 = std::chrono::steady_clock::now();
    const AuditResult r = run_audit(s, o);
    stopper.join();
    EXPECT_TRUE(r.cancelled);
    EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(), 10.0);
}

}  // namespace
}  // namespace tl
