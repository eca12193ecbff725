// What format 2's keys mean to the checks (docs/semantics.md, "Format 2"): HBM operands are
// unchecked, aliases keep the input's values, discarded outputs and restored revisits are
// info, a GPU grid is concurrent, VMEM counts native tiles and scratch once, SMEM has its own
// budget, and the interpreter honours `data`, `alias_of` and `revisit`.
#include <gtest/gtest.h>

#include <map>
#include <string>

#include "core/analysis/analysis.h"
#include "core/audit/rules.h"
#include "core/interp/interpreter.h"
#include "core/spec/instance.h"
#include "core/spec/spec_io.h"
#include "core/target/contract.h"
#include "core/target/target.h"

namespace tl {
namespace {

Spec load(const std::string& text) {
    auto r = load_spec(text, "t");
    EXPECT_TRUE(r.spec) << join(r.errors);
    return r.spec.value_or(Spec{});
}

Instance inst_of(const Spec& s) {
    auto r = resolve(s);
    EXPECT_TRUE(r.instance) << join(r.errors);
    return r.instance.value_or(Instance{});
}

std::map<FindingKind, Severity> kinds(const Analysis& a) {
    std::map<FindingKind, Severity> out;
    for (const auto& f : a.findings()) out[f.kind] = f.severity;
    return out;
}

// x (256, 128) -> o (256, 128) along rows; `o_extra` is spliced into o's object.
std::string copy_spec(const std::string& o_map, const std::string& o_extra,
                      const std::string& semantics = "arbitrary", int grid = 2) {
    return R"js({"tilelens": 2, "name": "c", "grid": [)js" + std::to_string(grid) +
           R"js(], "dimension_semantics": [")js" + semantics + R"js("], "operands": [
        {"name": "x", "role": "input", "shape": [256, 128], "dtype": "float32",
         "block_shape": [128, 128], "index_map": "lambda i: (i, 0)"},
        {"name": "o", "role": "output", "shape": [256, 128], "dtype": "float32",
         "block_shape": [128, 128], "index_map": ")js" +
           o_map + "\"" + o_extra + R"js(}],
      "kernel": {"body": "copy"}, "target": "tpu-v5e"})js";
}

TEST(Format2Semantics, AliasTurnsUncoveredIntoAliasedUnwritten) {
    // Only block 0 is written: without an alias that is an error, with one it is info.
    const auto plain = analyse(inst_of(load(copy_spec("lambda i: (0, 0)", "", "arbitrary", 1))));
    EXPECT_EQ(kinds(plain)[FindingKind::UncoveredOutput], Severity::Error);
    const auto aliased = analyse(
        inst_of(load(copy_spec("lambda i: (0, 0)", R"js(, "alias_of": "x")js", "arbitrary", 1))));
    const auto k = kinds(aliased);
    EXPECT_FALSE(k.count(FindingKind::UncoveredOutput));
    EXPECT_EQ(k.at(FindingKind::AliasedUnwritten), Severity::Info);
}

TEST(Format2Semantics, DiscardedOutputsReportInfoWithoutAFix) {
    const auto spec = copy_spec("lambda i: (0, 0)", R"js(, "discard": true)js", "parallel");
    const auto a = analyse(inst_of(load(spec)));
    for (const auto& f : a.findings()) {
        EXPECT_EQ(f.kind, FindingKind::DiscardedOutput) << f.message;
        EXPECT_EQ(f.severity, Severity::Info);
        EXPECT_EQ(f.message.find("Mark axis"), std::string::npos) << f.message;
    }
    EXPECT_TRUE(kinds(a).count(FindingKind::DiscardedOutput));
}

TEST(Format2Semantics, RevisitAnyIsRestoredAndCostsAReadPerRevisit) {
    // Grid (2, 2) with the output block following the inner axis only: block j is visited at
    // (0, j) and again at (1, j), after the pipeline moved on.
    const auto with = [](const std::string& revisit) {
        const std::string s = R"js({"tilelens": 2, "name": "r", "grid": [2, 2], "operands": [
        {"name": "x", "role": "input", "shape": [256, 128], "dtype": "float32",
         "block_shape": [128, 128], "index_map": "lambda i, j: (j, 0)"},
        {"name": "o", "role": "output", "shape": [256, 128], "dtype": "float32",
         "block_shape": [128, 128], "index_map": "lambda i, j: (j, 0)")js" +
                              revisit + "}]}";
        return analyse(inst_of(load(s)));
    };
    const auto immediate = with("");
    EXPECT_EQ(kinds(immediate)[FindingKind::NonconsecutiveRevisit], Severity::Error);
    const auto any = with(R"js(, "revisit": "any")js");
    const auto k = kinds(any);
    EXPECT_FALSE(k.count(FindingKind::NonconsecutiveRevisit));
    EXPECT_FALSE(k.count(FindingKind::MultiplyWrittenOutput));
    EXPECT_EQ(k.at(FindingKind::RevisitRestored), Severity::Info);
    // Two revisits of a 64 KiB block: 128 KiB more read than under the immediate rule.
    EXPECT_EQ(any.traffic(1).hbm_bytes - immediate.traffic(1).hbm_bytes, 2 * 128 * 128 * 4);
    for (const auto& f : any.findings()) {
        if (f.kind == FindingKind::RevisitRestored) {
            EXPECT_NE(f.message.find("131072 extra bytes"), std::string::npos) << f.message;
        }
    }
}

TEST(Format2Semantics, EveryGpuAxisIsConcurrent) {
    // Every program writing one aliased block over an "arbitrary" axis: fine on TPU (one
    // visit), a race on GPU.
    const auto inst = inst_of(load(copy_spec("lambda i: (0, 0)", R"js(, "alias_of": "x")js")));
    EXPECT_FALSE(kinds(analyse(inst)).count(FindingKind::ParallelRace));
    const auto gpu = analyse(inst, AnalysisOptions{Revisit::Tpu, true});
    const auto k = kinds(gpu);
    EXPECT_EQ(k.at(FindingKind::ParallelRace), Severity::Error);
    EXPECT_FALSE(k.count(FindingKind::NonconsecutiveRevisit));
    for (const auto& f : gpu.findings()) {
        if (f.kind == FindingKind::ParallelRace) {
            EXPECT_NE(f.message.find("every program runs concurrently"), std::string::npos);
        }
    }
    Spec s = load(copy_spec("lambda i: (i, 0)", ""));
    s.target = "gpu-triton";
    EXPECT_TRUE(analysis_options_for(s).concurrent_grid);
    s.target = "tpu-v5e";
    EXPECT_FALSE(analysis_options_for(s).concurrent_grid);
}

TEST(Format2Semantics, HbmOperandsAreUncheckedAndCostNoVmem) {
    const auto spec = load(R"js({"tilelens": 2, "name": "h", "grid": [4], "operands": [
        {"name": "pages", "role": "input", "shape": [4096, 4096], "dtype": "float32",
         "memory_space": "pl.ANY"},
        {"name": "o", "role": "output", "shape": [512, 128], "dtype": "float32",
         "block_shape": [128, 128], "index_map": "lambda i: (i, 0)"}],
      "scratch": [{"name": "buf", "shape": [2, 8, 128], "dtype": "float32"},
                  {"name": "sem", "semaphore": "dma", "shape": [2]}],
      "target": "tpu-v5e"})js");
    const auto inst = inst_of(spec);
    const auto a = analyse(inst);
    EXPECT_EQ(kinds(a).at(FindingKind::UncheckedOperand), Severity::Info);
    EXPECT_EQ(a.traffic(0).vmem_bytes, 0);
    const auto r = check_contract(inst, *builtin_targets().find("tpu-v5e"));
    EXPECT_FALSE(r.rejected());
    // o double-buffered (2 × 64 KiB) plus the scratch buffer once (8 KiB); the 64 MiB pages
    // and the semaphores count nothing.
    EXPECT_EQ(r.vmem_bytes, 2 * 128 * 128 * 4 + 2 * 8 * 128 * 4);
}

TEST(Format2Semantics, VmemRoundsUpToTheNativeTile) {
    const auto est = [](const std::string& dtype, int rows, int cols, const char* target) {
        const auto spec = load(
            R"js({"tilelens": 2, "name": "v", "grid": [1], "operands": [
          {"name": "o", "role": "output", "shape": [1024, 1024], "dtype": ")js" +
            dtype + R"js(", "block_shape": [)js" + std::to_string(rows) + ", " +
            std::to_string(cols) +
            R"js(], "index_map": "lambda i: (0, 0)", "buffer_count": 1}]})js");
        return vmem_parts(inst_of(spec), *builtin_targets().find(target)).at(0).block_bytes;
    };
    EXPECT_EQ(est("float32", 1, 128, "tpu-v5e"), 8 * 128 * 4);    // (1, 128) takes (8, 128)
    EXPECT_EQ(est("int8", 8, 128, "tpu-v5e"), 32 * 128);          // int8 tiles by 32 rows
    EXPECT_EQ(est("bfloat16", 8, 128, "tpu-v5e"), 8 * 128 * 2);   // 16-bit: 8 rows before v7
    EXPECT_EQ(est("bfloat16", 8, 128, "tpu-v7x"), 16 * 128 * 2);  // and 16 from v7
    EXPECT_EQ(est("float32", 8, 100, "tpu-v5e"), 8 * 128 * 4);    // lanes pad to 128
    EXPECT_EQ(est("float32", 8, 100, "gpu-h100"), 8 * 100 * 4);   // no tiles on GPU
}

TEST(Format2Semantics, SmemHasItsOwnBudget) {
    std::string values;
    for (int i = 0; i < 300000; ++i) values += (i ? ",0" : "0");
    const auto spec = load(R"js({"tilelens": 2, "name": "s", "grid": [1],
      "scalar_prefetch": [{"name": "t", "values": [)js" +
                           values + R"js(]}],
      "operands": [{"name": "o", "role": "output", "shape": [8, 128], "dtype": "float32",
        "index_map": "lambda i, t: (t[i], 0)"}]})js");
    const auto r = check_contract(inst_of(spec), *builtin_targets().find("tpu-v5e"));
    ASSERT_TRUE(r.rejected());
    EXPECT_NE(r.violations[0].message.find("SMEM: scalar_prefetch t 1 × 1200000"),
              std::string::npos)
        << r.violations[0].message;
}

TEST(Format2Semantics, InterpreterHonoursDataAliasAndRevisit) {
    // data "iota" fills x with 0, 1, 2, ...; o aliases x and only its block 0 is written, with
    // x's block 1: o's block 1 keeps x's own values.
    const auto spec = load(R"js({"tilelens": 2, "name": "i", "grid": [1], "operands": [
        {"name": "x", "role": "input", "shape": [16, 128], "dtype": "float32",
         "block_shape": [8, 128], "index_map": "lambda i: (1, 0)", "data": "iota"},
        {"name": "o", "role": "output", "shape": [16, 128], "dtype": "float32",
         "block_shape": [8, 128], "index_map": "lambda i: (0, 0)", "alias_of": "x"}],
      "kernel": {"body": "copy"}})js");
    const auto inst = inst_of(spec);
    const auto run = interpret(inst, *spec.kernel, Uninitialized::Nan, Revisit::Tpu, 0);
    ASSERT_TRUE(run.ok) << join(run.errors);
    const float* x = run.inputs[0].data<float>();
    const float* o = run.outputs[0].data<float>();
    EXPECT_EQ(x[5], 5.0f);
    EXPECT_EQ(o[0], 8.0f * 128);        // copied from x's block 1
    EXPECT_EQ(o[8 * 128], 8.0f * 128);  // not written: x's own value there
    EXPECT_EQ(o[16 * 128 - 1], 16.0f * 128 - 1);
}

TEST(Format2Semantics, NumericsBlockedForStorageOnlyDtypes) {
    Spec s = load(copy_spec("lambda i: (i, 0)", ""));
    const auto a = analyse(inst_of(s));
    EXPECT_EQ(numerics_blocker(s, &a, false), std::nullopt);
    s.operands[0].dtype = DType::Float8E4M3FN;
    s.operands[1].dtype = DType::Float8E4M3FN;
    const auto why = numerics_blocker(s, &a, false);
    ASSERT_TRUE(why);
    EXPECT_NE(why->find("no float8 or int4 arithmetic"), std::string::npos);
}

}  // namespace
}  // namespace tl
