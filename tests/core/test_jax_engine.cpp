// The JAX engine (docs/python-runner.md, "Engines"): a kernel file audited under the real JAX
// in the project's virtual environment gives the stand-ins' verdicts and findings, and the
// report names the engine; asking for JAX where there is none says how to get it.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <string>
#include <variant>

#include "core/audit/audit.h"
#include "core/audit/report_json.h"
#include "core/audit/report_markdown.h"
#include "core/audit/vmem_ledger.h"
#include "core/pyrun/python_env.h"
#include "core/spec/spec_io.h"

namespace tl {
namespace {

const std::string kJaxTestKernels = TILELENS_TEST_KERNELS;

Spec jax_matmul_spec(const std::string& kwargs) {
    const std::string text =
        R"({"tilelens": 2, "name": "py", "params": {"M": 256, "N": 256, "K": 256},
            "python": {"file": ")" +
        kJaxTestKernels + R"(/blocked_matmul.py", "call": "matmul",
            "args": [{"shape": ["M", "K"], "dtype": "float32"}, {"shape": ["K", "N"], "dtype": "float32"}],
            "kwargs": )" +
        kwargs + R"(, "reference": "matmul_reference"}, "target": "tpu-v5e"})";
    const LoadResult r = load_spec(text, "t.tilelens.json");
    EXPECT_TRUE(r.errors.empty()) << join(r.errors);
    return r.spec.value_or(Spec{});
}

AuditResult audit_on_engine(const Spec& s, PythonEngine engine) {
    AuditOptions o;
    o.sweep = SweepMode::Off;
    o.python_engine = engine;
    return run_audit(s, o);
}

std::vector<std::string> finding_kinds(const AuditResult& r) {
    std::vector<std::string> out;
    for (const auto& f : r.findings) out.emplace_back(to_string(f.kind));
    return out;
}

TEST(JaxEngine, ACorrectKernelPassesAndTheReportNamesJax) {
    const AuditResult r = audit_on_engine(jax_matmul_spec("{}"), PythonEngine::Jax);
    EXPECT_EQ(r.verdict, Verdict::Pass);
    EXPECT_EQ(r.numerics, StageStatus::Pass);
    EXPECT_EQ(r.programs, 8);
    EXPECT_EQ(r.engine, "jax");
    EXPECT_FALSE(r.engine_version.empty());
    const Json j = report_to_json(r);
    EXPECT_EQ(j["engine"]["name"], "jax");
    EXPECT_EQ(j["engine"]["python"], r.engine_python);
}

TEST(JaxEngine, PlantedBugsGetTheStandInsFindings) {
    // A missing accumulator init and a swapped index-map axis, under both engines.
    for (const char* kwargs : {R"({"init": false})", R"({"b_map": "jk"})"}) {
        const Spec s = jax_matmul_spec(kwargs);
        const AuditResult jax = audit_on_engine(s, PythonEngine::Jax);
        const AuditResult standins = audit_on_engine(s, PythonEngine::Standins);
        EXPECT_EQ(standins.engine, "standins");
        EXPECT_EQ(jax.verdict, Verdict::Fail) << kwargs;
        EXPECT_EQ(jax.verdict, standins.verdict) << kwargs;
        EXPECT_EQ(finding_kinds(jax), finding_kinds(standins)) << kwargs;
        ASSERT_FALSE(jax.findings.empty());
        EXPECT_EQ(jax.findings.front().cause, standins.findings.front().cause) << kwargs;
    }
}

TEST(JaxEngine, JaxsRaceDetectorBecomesAFindingWithTheUsersLines) {
    const std::string text =
        R"({"tilelens": 2, "name": "race", "python": {"file": ")" + kJaxTestKernels +
        R"(/dma_race.py", "call": "double", "args": [{"shape": [8, 128], "dtype": "float32"}],
            "reference": "double_reference"}, "target": "tpu-v5e"})";
    const LoadResult loaded = load_spec(text, "t.tilelens.json");
    ASSERT_TRUE(loaded.spec) << join(loaded.errors);
    const AuditResult r = audit_on_engine(*loaded.spec, PythonEngine::Jax);
    EXPECT_EQ(r.verdict, Verdict::Fail);
    const Finding* race = nullptr;
    for (const auto& f : r.findings)
        if (f.kind == FindingKind::ParallelRace) race = &f;
    ASSERT_NE(race, nullptr);
    EXPECT_NE(race->message.find("dma_race.py:9"), std::string::npos) << race->message;
    EXPECT_NE(race->message.find("dma_race.py:10"), std::string::npos) << race->message;
}

Spec wrapped_spec(const std::string& call, const std::string& kwargs) {
    const std::string text =
        R"({"tilelens": 2, "name": "wrapped", "python": {"file": ")" + kJaxTestKernels +
        R"(/wrapped_outputs.py", "call": ")" + call +
        R"(", "args": [{"shape": [300, 128], "dtype": "float32"}], "kwargs": )" + kwargs +
        R"(, "reference": "double_reference"}, "target": "tpu-v5e"})";
    const LoadResult loaded = load_spec(text, "t.tilelens.json");
    EXPECT_TRUE(loaded.spec) << join(loaded.errors);
    return loaded.spec.value_or(Spec{});
}

bool has_finding(const AuditResult& r, FindingKind kind, Severity severity) {
    for (const auto& f : r.findings)
        if (f.kind == kind && f.severity == severity) return true;
    return false;
}

TEST(BothEngines, NumericsCheckWhatTheWrapperReturns) {
    for (const PythonEngine engine : {PythonEngine::Standins, PythonEngine::Jax}) {
        const std::string name(engine_name(engine));
        // A throw-away output every program writes, dropped by the wrapper: a discard, so no
        // race or revisit error, and its contents are not compared.
        const AuditResult dropped =
            audit_on_engine(wrapped_spec("double_dropping_last", "{}"), engine);
        EXPECT_EQ(dropped.verdict, Verdict::Pass) << name;
        EXPECT_TRUE(has_finding(dropped, FindingKind::DiscardedOutput, Severity::Info)) << name;
        // A padded run sliced back: compared as returned, right when sliced right.
        const AuditResult sliced = audit_on_engine(wrapped_spec("double_padded", "{}"), engine);
        EXPECT_EQ(sliced.verdict, Verdict::Pass) << name;
        const AuditResult off_by_one =
            audit_on_engine(wrapped_spec("double_padded", R"({"wrong": true})"), engine);
        EXPECT_EQ(off_by_one.verdict, Verdict::Fail) << name;
        ASSERT_TRUE(has_finding(off_by_one, FindingKind::NumericalMismatch, Severity::Error))
            << name;
        EXPECT_NE(off_by_one.findings.back().message.find("not mapped back to programs"),
                  std::string::npos)
            << off_by_one.findings.back().message;
    }
}

TEST(JaxEngine, MosaicsLoweringRejectsWhatTheContractDoesNotModel) {
    // jnp.sort runs in both interpreters, but Mosaic has no TPU lowering for it.
    const auto sort_spec = [](const std::string& target) {
        const LoadResult loaded =
            load_spec(R"({"tilelens": 2, "name": "sort", "python": {"file": ")" + kJaxTestKernels +
                          R"(/sorted_rows.py", "call": "sort_rows",
                "args": [{"shape": [16, 128], "dtype": "float32"}], "reference": "sort_reference"},
                "target": ")" +
                          target + R"("})",
                      "t.tilelens.json");
        EXPECT_TRUE(loaded.spec) << join(loaded.errors);
        return loaded.spec.value_or(Spec{});
    };
    const AuditResult tpu = audit_on_engine(sort_spec("tpu-v5e"), PythonEngine::Jax);
    EXPECT_EQ(tpu.verdict, Verdict::Rejected);
    ASSERT_FALSE(tpu.findings.empty());
    const Finding& f = tpu.findings.front();
    EXPECT_EQ(f.kind, FindingKind::ContractViolation);
    EXPECT_EQ(f.rule, "mosaic_lowering");
    EXPECT_NE(f.message.find("sorted_rows.py:9"), std::string::npos) << f.message;
    EXPECT_NE(f.message.find("sort"), std::string::npos) << f.message;
    EXPECT_EQ(audit_on_engine(sort_spec("interpret"), PythonEngine::Jax).verdict, Verdict::Pass);
    EXPECT_EQ(audit_on_engine(sort_spec("tpu-v5e"), PythonEngine::Standins).verdict,
              Verdict::Pass);  // the stand-ins do not lower
}

Spec row_gram_spec(const std::string& kwargs) {
    const LoadResult loaded =
        load_spec(R"({"tilelens": 2, "name": "gram", "python": {"file": ")" + kJaxTestKernels +
                      R"(/vmem_temporaries.py", "call": "row_gram",
            "args": [{"shape": [512, 512], "dtype": "float32"}], "kwargs": )" +
                      kwargs + R"(, "reference": "row_gram_reference"}, "target": "tpu-v5e"})",
                  "t.tilelens.json");
    EXPECT_TRUE(loaded.spec) << join(loaded.errors);
    return loaded.spec.value_or(Spec{});
}

TEST(JaxEngine, TheVmemLedgerPutsTheCompilersFigureBesideTileLenss) {
    // Blocks only: libtpu's scoped VMEM is exactly the double-buffered blocks and the scratch.
    const AuditResult mm = audit_on_engine(jax_matmul_spec("{}"), PythonEngine::Jax);
    ASSERT_TRUE(mm.vmem_ledger) << report_json_text(mm);
    EXPECT_TRUE(mm.vmem_ledger->compiled);
    EXPECT_EQ(mm.vmem_ledger->topology, "v5e:1x1");
    EXPECT_EQ(mm.vmem_ledger->predicted.size(), 4u);  // a, b, c and the accumulator
    EXPECT_EQ(mm.vmem_ledger->reported_bytes, mm.vmem_ledger->predicted_bytes);
    EXPECT_EQ(mm.vmem_ledger->difference(), 0);
    EXPECT_NE(report_markdown(mm).find("### VMEM ledger"), std::string::npos);
    EXPECT_EQ(report_to_json(mm)["vmem_ledger"]["difference_bytes"], 0);

    // f32 temporaries as large as a block: the compiler needs more than the blocks.
    const AuditResult gram = audit_on_engine(row_gram_spec("{}"), PythonEngine::Jax);
    EXPECT_EQ(gram.verdict, Verdict::Pass) << report_json_text(gram);
    ASSERT_TRUE(gram.vmem_ledger && gram.vmem_ledger->reported_bytes);
    const std::int64_t blocks = 2 * (256 * 512 + 256 * 256) * 4;
    EXPECT_EQ(gram.vmem_ledger->predicted_bytes, blocks);
    EXPECT_GT(*gram.vmem_ledger->reported_bytes, blocks);
    EXPECT_EQ(gram.vmem_ledger->smallest_limit_bytes, gram.vmem_ledger->reported_bytes);
    // The kernel's own pl.CostEstimate gives the FLOPs TileLens does not count in a file.
    EXPECT_EQ(gram.flops, 2 * 512 * 256 * 512);
    EXPECT_EQ(gram.transcendentals, 512 * 512);
    EXPECT_FALSE(mm.flops);  // no cost_estimate: unknown, and a note says how to give it
    EXPECT_NE(report_markdown(mm).find("FLOPs: unknown"), std::string::npos);
}

TEST(JaxEngine, ACompilerThatRunsOutOfVmemRejectsWhatTheCountPassed) {
    // A limit above TileLens's count of the blocks, below what the compiler needs.
    const std::int64_t blocks = 2 * (256 * 512 + 256 * 256) * 4;
    const Spec s = row_gram_spec(R"({"vmem_limit": )" + std::to_string(blocks + 131072) + "}");
    const AuditResult r = audit_on_engine(s, PythonEngine::Jax);
    EXPECT_EQ(r.verdict, Verdict::Rejected) << report_json_text(r);
    ASSERT_FALSE(r.findings.empty());
    const Finding& f = r.findings.front();
    EXPECT_EQ(f.kind, FindingKind::ContractViolation);
    EXPECT_EQ(f.rule, "tpu_compile");
    EXPECT_NE(f.message.find("set vmem_limit_bytes to at least"), std::string::npos) << f.message;
    ASSERT_TRUE(r.vmem_ledger && r.vmem_ledger->requested_bytes);
    EXPECT_GT(*r.vmem_ledger->requested_bytes, blocks + 131072);
    EXPECT_FALSE(r.vmem_ledger->compiled);

    // The stand-ins have no compiler: no ledger and nothing rejected.
    const AuditResult standins = audit_on_engine(s, PythonEngine::Standins);
    EXPECT_FALSE(standins.vmem_ledger);
    EXPECT_NE(standins.verdict, Verdict::Rejected);
}

TEST(JaxEngine, TritonProgramsStoringDisjointRowsOfASharedBlockAreNotARace) {
    const auto rows_spec = [](const char* kwargs) {
        const LoadResult loaded = load_spec(
            R"({"tilelens": 2, "name": "rows", "python": {"file": ")" + kJaxTestKernels +
                R"(/triton_shared_block.py", "call": "double_rows",
                "args": [{"shape": [4, 128], "dtype": "float32"}], "kwargs": )" +
                kwargs + R"(, "reference": "double_rows_reference"}, "target": "gpu-triton"})",
            "t.tilelens.json");
        EXPECT_TRUE(loaded.spec) << join(loaded.errors);
        return loaded.spec.value_or(Spec{});
    };
    const AuditResult rows = audit_on_engine(rows_spec("{}"), PythonEngine::Jax);
    EXPECT_EQ(rows.verdict, Verdict::Pass) << report_json_text(rows);
    EXPECT_EQ(rows.indexing, StageStatus::Pass);
    ASSERT_EQ(finding_kinds(rows), std::vector<std::string>{"parallel_race"});
    EXPECT_EQ(rows.findings.front().severity, Severity::Warning);
    EXPECT_NE(rows.findings.front().message.find("through indexed slices"), std::string::npos);

    // Every program storing the whole block is still a race.
    const AuditResult whole = audit_on_engine(rows_spec(R"({"whole": true})"), PythonEngine::Jax);
    EXPECT_EQ(whole.verdict, Verdict::Fail);
    ASSERT_FALSE(whole.findings.empty());
    EXPECT_EQ(whole.findings.front().kind, FindingKind::ParallelRace);
    EXPECT_EQ(whole.findings.front().severity, Severity::Error);
}

TEST(JaxEngine, APlKernelOverACoreMeshRunsAndIsChecked) {
    // pl.kernel has no grid or BlockSpecs of its own: the mesh's cores become the grid and the
    // HBM operands are unchecked by the indexing stage; the numerics still catch a wrong body.
    const auto mesh_spec = [](const char* kwargs) {
        const LoadResult loaded = load_spec(
            R"({"tilelens": 2, "name": "mesh", "python": {"file": ")" + kJaxTestKernels +
                R"(/mesh_kernel.py", "call": "add", "args": [{"shape": [32, 128], "dtype": "float32"}],
                "kwargs": )" +
                kwargs + R"(, "reference": "add_reference"}, "target": "tpu-v5e"})",
            "t.tilelens.json");
        EXPECT_TRUE(loaded.spec) << join(loaded.errors);
        return loaded.spec.value_or(Spec{});
    };
    const AuditResult right = audit_on_engine(mesh_spec("{}"), PythonEngine::Jax);
    EXPECT_EQ(right.verdict, Verdict::Pass) << report_json_text(right);
    EXPECT_EQ(right.numerics, StageStatus::Pass);
    ASSERT_TRUE(right.recorded);
    EXPECT_EQ(right.recorded->grid.size(), 1u);
    EXPECT_EQ(finding_kinds(right),
              (std::vector<std::string>{"unchecked_operand", "unchecked_operand"}));
    EXPECT_EQ(right.findings.front().operand, "x_hbm");  // the body's own names

    const AuditResult wrong = audit_on_engine(mesh_spec(R"({"amount": 2.0})"), PythonEngine::Jax);
    EXPECT_EQ(wrong.verdict, Verdict::Fail);
    ASSERT_FALSE(wrong.findings.empty());
    const Finding& f = wrong.findings.back();
    EXPECT_EQ(f.kind, FindingKind::NumericalMismatch);
    EXPECT_EQ(f.cause, "value");  // an output written by hand has no pipeline writers to blame

    // The stand-ins have no pl.kernel: TileLens could not check it, and says so.
    const AuditResult standins = audit_on_engine(mesh_spec("{}"), PythonEngine::Standins);
    EXPECT_EQ(standins.verdict, Verdict::Invalid);
}

TEST(JaxEngine, EmitPipelineFillsTheInnerTilesOfTheOperandsItStreams) {
    // x and y stay in HBM; the body pipelines them with pltpu.emit_pipeline, which the JAX
    // engine follows into the recorded spec's `inner`, as the stand-ins do.
    const auto pipeline_spec = [](const char* call, const char* kwargs) {
        const LoadResult loaded =
            load_spec(R"({"tilelens": 2, "name": "ep", "python": {"file": ")" + kJaxTestKernels +
                          R"(/emit_pipeline_matmul.py", "call": ")" + call +
                          R"(", "args": [{"shape": [16, 256], "dtype": "float32"},
                {"shape": [256, 256], "dtype": "float32"}], "kwargs": )" +
                          kwargs + R"(, "reference": "matmul_reference"}, "target": "tpu-v5e"})",
                      "t.tilelens.json");
        EXPECT_TRUE(loaded.spec) << join(loaded.errors);
        return loaded.spec.value_or(Spec{});
    };
    const auto tiles = [](const AuditResult& r, std::size_t k) {
        std::pair<std::vector<std::int64_t>, int> out;
        if (!r.recorded || k >= r.recorded->operands.size() || !r.recorded->operands[k].inner)
            return out;
        const InnerSpec& inner = *r.recorded->operands[k].inner;
        for (const auto& t : inner.tile)
            out.first.push_back(t && std::holds_alternative<std::int64_t>(*t)
                                    ? std::get<std::int64_t>(*t)
                                    : -1);  // -1: null, the whole block
        out.second = inner.buffers.value_or(0);
        return out;
    };
    using Tiles = std::pair<std::vector<std::int64_t>, int>;
    // pl.Buffered(n) and tiles within a VMEM block are held under both engines by the kernel
    // suite (tests/python/test_kernels.py, EmitPipelineTest); the stand-ins' audit by
    // PythonAudit.AnEmitPipelineKernelPassesWithItsInnerTilesRecorded.
    const AuditResult r = audit_on_engine(pipeline_spec("matmul", "{}"), PythonEngine::Jax);
    EXPECT_EQ(r.verdict, Verdict::Pass) << report_json_text(r);
    EXPECT_EQ(r.numerics, StageStatus::Pass);
    EXPECT_EQ(tiles(r, 0), (Tiles{{8, 128}, 2})) << r.engine;
    EXPECT_EQ(tiles(r, 1), (Tiles{{128, 128}, 2}));
    EXPECT_EQ(tiles(r, 2), (Tiles{{8, 128}, 2}));
    // A view of x (.at[...]) is not the operand: nothing recorded for it, and a note says why.
    const AuditResult sliced =
        audit_on_engine(pipeline_spec("matmul", R"({"slice_x": true})"), PythonEngine::Jax);
    EXPECT_EQ(tiles(sliced, 0), Tiles{});
    EXPECT_EQ(tiles(sliced, 1), (Tiles{{128, 128}, 2}));
    const bool noted = std::any_of(sliced.notes.begin(), sliced.notes.end(), [](const auto& n) {
        return n.text.find("a view of x_hbm") != std::string::npos;
    });
    EXPECT_TRUE(noted) << report_json_text(sliced);
}

TEST(VmemLedger, AJaxWithoutLibtpuSaysWhyThereIsNoLedger) {
    const Json without = {{"name", "jax"}, {"python", "/v/bin/python3"}, {"libtpu", nullptr}};
    EXPECT_NE(missing_ledger_note(without, true, false)
                  .find("libtpu is not installed beside JAX "
                        "in /v/bin/python3"),
              std::string::npos);
    EXPECT_EQ(missing_ledger_note(without, false, false), "");  // a GPU target needs none
    const Json with = {{"name", "jax"}, {"python", "p"}, {"libtpu", "0.0.42.1"}};
    EXPECT_EQ(missing_ledger_note(with, true, false), "");
    EXPECT_EQ(missing_ledger_note({{"name", "standins"}}, true, false), "");
}

TEST(JaxEngine, AskingForJaxWithoutItSaysHowToGetIt) {
    ::setenv("TILELENS_PYTHON", "/usr/bin/python3", 1);
    std::string error;
    const auto env = find_python_env(PythonEngine::Jax, &error);
    const auto fallback = find_python_env(PythonEngine::Auto, &error);
    ::unsetenv("TILELENS_PYTHON");
    EXPECT_FALSE(env);
    EXPECT_NE(error.find("cannot import jax"), std::string::npos) << error;
    ASSERT_TRUE(fallback);
    EXPECT_EQ(fallback->engine, PythonEngine::Standins);
    EXPECT_EQ(parse_engine("jax"), PythonEngine::Jax);
    EXPECT_FALSE(parse_engine("numpy"));
}

}  // namespace
}  // namespace tl
