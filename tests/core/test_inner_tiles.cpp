// Blocks consumed in inner steps (docs/spec-format.md, "inner"): the key loads, saves and
// resolves; a streamed block counts its tiles, not itself, against VMEM or shared memory; a
// streamed tile keeps the block rules; Triton tiles are powers of two; a partial last step is
// advice.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>

#include "core/plan/plan_model.h"
#include "core/plan/tile_plan.h"
#include "core/spec/instance.h"
#include "core/spec/spec_io.h"
#include "core/target/contract.h"
#include "core/target/target.h"

// A named namespace: in a unity build this file shares a translation unit with other
// format-2 tests whose helpers have the same names.
namespace tl {
namespace inner_tiles_test {

// A GPU-style matmul: each program owns an output tile and walks all of K inside itself.
// `x_inner` and `y_inner` are spliced into x's and y's objects.
std::string gpu_matmul(const std::string& target, const std::string& x_inner,
                       const std::string& y_inner, int K = 4096) {
    return R"js({"tilelens": 2, "name": "mm",
      "params": {"M": 1024, "N": 1024, "K": )js" +
           std::to_string(K) + R"js(, "bm": 128, "bn": 128, "tk": 64},
      "grid": ["M // bm", "N // bn"], "dimension_semantics": ["parallel", "parallel"],
      "operands": [
        {"name": "x", "role": "input", "shape": ["M", "K"], "dtype": "bfloat16",
         "block_shape": ["bm", "K"], "index_map": "lambda i, j: (i, 0)")js" +
           x_inner + R"js(},
        {"name": "y", "role": "input", "shape": ["K", "N"], "dtype": "bfloat16",
         "block_shape": ["K", "bn"], "index_map": "lambda i, j: (0, j)")js" +
           y_inner + R"js(},
        {"name": "o", "role": "output", "shape": ["M", "N"], "dtype": "bfloat16",
         "block_shape": ["bm", "bn"], "index_map": "lambda i, j: (i, j)"}],
      "kernel": {"body": "matmul"}, "target": ")js" +
           target + R"js("})js";
}

const std::string kXStream = R"js(, "inner": {"tile": [null, "tk"], "buffers": 4})js";
const std::string kYStream = R"js(, "inner": {"tile": ["tk", null], "buffers": 4})js";

Spec load_ok(const std::string& text) {
    auto r = load_spec(text, "t");
    EXPECT_TRUE(r.spec) << join(r.errors);
    return r.spec.value_or(Spec{});
}

std::string load_errors(const std::string& text) {
    auto r = load_spec(text, "t");
    EXPECT_FALSE(r.spec) << "expected an error";
    return join(r.errors);
}

Instance inst_of(const Spec& s) {
    auto r = resolve(s);
    EXPECT_TRUE(r.instance) << join(r.errors);
    return r.instance.value_or(Instance{});
}

ContractResult contract_of(const std::string& text) {
    const auto inst = inst_of(load_ok(text));
    return check_contract(inst,
                          *builtin_targets().find(load_ok(text).target.value_or("interpret")));
}

bool has_rule(const ContractResult& r, const std::string& rule, const std::string& needle) {
    return std::any_of(r.violations.begin(), r.violations.end(), [&](const Finding& f) {
        return f.rule == rule && f.message.find(needle) != std::string::npos;
    });
}

TEST(InnerTiles, LoadsSavesAndResolves) {
    const auto spec = load_ok(gpu_matmul("gpu-h100", kXStream, ""));
    ASSERT_TRUE(spec.operands[0].inner);
    EXPECT_EQ(spec.operands[0].inner->buffers, 4);
    EXPECT_FALSE(spec.operands[0].inner->tile[0]);
    // Saved as written and read back equal.
    const auto again = load_ok(save_spec(spec));
    EXPECT_EQ(again, spec);
    EXPECT_NE(save_spec(spec).find(R"("inner": {"tile": [null, "tk"], "buffers": 4})"),
              std::string::npos)
        << save_spec(spec);
    const auto inst = inst_of(spec);
    const auto& x = inst.operands[0];
    EXPECT_EQ(x.compute_size(0), 128);
    EXPECT_EQ(x.compute_size(1), 64);
    EXPECT_EQ(x.inner_steps(), 4096 / 64);
    EXPECT_EQ(x.tile_bytes(), 128 * 64 * 2);
    EXPECT_EQ(inst.operands[2].inner_steps(), 1);
}

TEST(InnerTiles, BadInnerKeysNameThePathAndTheFix) {
    EXPECT_NE(load_errors(gpu_matmul("gpu-h100", R"js(, "inner": {"tile": ["tk"]})js", ""))
                  .find("operands[0].inner.tile: has 1 entries but the shape has rank 2"),
              std::string::npos);
    EXPECT_NE(load_errors(gpu_matmul("gpu-h100", R"js(, "inner": {"tile": [null, null]})js", ""))
                  .find("every entry is null"),
              std::string::npos);
    EXPECT_NE(load_errors(gpu_matmul("gpu-h100",
                                     R"js(, "inner": {"tile": [null, 64], "buffers": 0})js", ""))
                  .find("operands[0].inner.buffers: must be 1 to 16"),
              std::string::npos);
    EXPECT_NE(
        load_errors(gpu_matmul("gpu-h100", R"js(, "inner": {"tile": [null, 64], "x": 1})js", ""))
            .find("operands[0].inner"),
        std::string::npos);
    // An operand left in HBM is necessarily streamed.
    EXPECT_NE(load_errors(R"js({"tilelens": 2, "name": "h", "grid": [1], "operands": [
        {"name": "x", "role": "input", "shape": [256, 256], "dtype": "float32",
         "memory_space": "pl.ANY", "inner": {"tile": [128, null]}},
        {"name": "o", "role": "output", "shape": [256, 256], "dtype": "float32"}]})js")
                  .find("operands[0].inner.buffers: missing"),
              std::string::npos);
    // A squeezed dimension has no tiles of its own.
    EXPECT_NE(load_errors(R"js({"tilelens": 2, "name": "s", "grid": [2], "operands": [
        {"name": "x", "role": "input", "shape": [2, 256], "dtype": "float32",
         "block_shape": [null, 256], "index_map": "lambda i: (i, 0)",
         "inner": {"tile": [1, 128]}},
        {"name": "o", "role": "output", "shape": [2, 256], "dtype": "float32"}]})js")
                  .find("operands[0].inner.tile[0]: the block is squeezed here"),
              std::string::npos);
    // Format 1 has no inner tiles.
    auto v1 = gpu_matmul("gpu-h100", R"js(, "inner": {"tile": [null, 64]})js", "");
    v1.replace(v1.find("\"tilelens\": 2"), 13, "\"tilelens\": 1");
    EXPECT_NE(load_errors(v1).find("tilelens\": 2"), std::string::npos);
}

TEST(InnerTiles, ATileLargerThanItsBlockIsRefusedAtThoseParams) {
    auto r = resolve(load_ok(gpu_matmul("gpu-h100", kXStream, "", 32)));
    ASSERT_FALSE(r.instance);
    EXPECT_NE(join(r.errors).find("operands[0].inner.tile[1]: the tile (64) is larger than the "
                                  "block (32)"),
              std::string::npos)
        << join(r.errors);
}

TEST(InnerTiles, StreamedBlocksCountTheirTilesAgainstSharedMemory) {
    // Whole-K blocks do not fit 228 KiB of shared memory: 2 x 1 MiB per input.
    const auto whole = contract_of(gpu_matmul("gpu-h100", "", ""));
    EXPECT_TRUE(has_rule(whole, "vmem", "exceeds the shared memory budget")) << whole.vmem_bytes;
    // Streamed through four 128 x 64 tiles each, they do; the output block stays whole, and
    // once: every grid axis is parallel, so no program prefetches for a next one.
    const auto tiled = contract_of(gpu_matmul("gpu-h100", kXStream, kYStream));
    EXPECT_FALSE(tiled.rejected()) << (tiled.violations.empty() ? "" : tiled.violations[0].message);
    EXPECT_EQ(tiled.vmem_bytes, 4 * 128 * 64 * 2 + 4 * 64 * 128 * 2 + 128 * 128 * 2);
    // Held whole (no buffers), the tile changes the compute steps, not the memory.
    const auto held =
        contract_of(gpu_matmul("gpu-h100", R"js(, "inner": {"tile": [null, "tk"]})js", ""));
    EXPECT_EQ(held.vmem_bytes, whole.vmem_bytes);
}

TEST(InnerTiles, AStreamedTileOverBudgetIsShrunkAsATile) {
    auto text =
        gpu_matmul("gpu-h100", R"js(, "inner": {"tile": [null, 2048], "buffers": 4})js", kYStream);
    const auto r = contract_of(text);
    ASSERT_TRUE(has_rule(r, "vmem", "x 4 × 524288 (inner tiles (128, 2048))"))
        << (r.violations.empty() ? "" : r.violations[0].message);
    EXPECT_TRUE(has_rule(r, "vmem", "x's inner tile (128, 2048) -> (128, 128)"))
        << r.violations[0].message;
}

TEST(InnerTiles, AStreamedTileKeepsTheTargetsBlockRules) {
    // Mosaic GPU: the minor-most dimension of a tile spans a multiple of 16 bytes.
    const auto mosaic = contract_of(
        gpu_matmul("gpu-h100", R"js(, "inner": {"tile": [null, 4], "buffers": 2})js", ""));
    EXPECT_TRUE(has_rule(mosaic, "block_tiling", "operand x: inner tile (128, 4)"));
    // TPU: an emit_pipeline tile of (8, 100) breaks the (8, 128) rule; held whole it is a slice.
    const std::string tpu = R"js({"tilelens": 2, "name": "e", "grid": [1], "operands": [
        {"name": "x", "role": "input", "shape": [256, 512], "dtype": "float32",
         "memory_space": "pl.ANY", "inner": {"tile": [8, 100], "buffers": 2}},
        {"name": "o", "role": "output", "shape": [256, 512], "dtype": "float32",
         "memory_space": "pl.ANY"}], "target": "tpu-v5e"})js";
    const auto r = contract_of(tpu);
    EXPECT_TRUE(has_rule(r, "block_tiling", "operand x: inner tile (8, 100)"));
    EXPECT_TRUE(std::any_of(r.advice.begin(), r.advice.end(), [](const std::string& a) {
        return a.find("the inner tile 100 does not divide the block's 512") != std::string::npos;
    }));
    EXPECT_EQ(r.vmem_bytes, 2 * 8 * 128 * 4);  // lanes padded to 128
}

TEST(InnerTiles, TritonTilesArePowersOfTwoAndTheirStagesAreAdvice) {
    const auto bad = contract_of(
        gpu_matmul("gpu-triton", R"js(, "inner": {"tile": [null, 96], "buffers": 3})js", ""));
    EXPECT_TRUE(has_rule(bad, "block_tiling", "dimension 1 is 96"));
    EXPECT_TRUE(has_rule(bad, "block_tiling", "nearest valid: 64 or 128"));
    const auto good = contract_of(gpu_matmul("gpu-triton", kXStream, kYStream));
    EXPECT_FALSE(good.rejected());
    // Only the staged tiles count: Triton's blocks stay in global memory.
    EXPECT_EQ(good.vmem_bytes, 2 * 4 * 128 * 64 * 2);
    EXPECT_TRUE(good.advice.empty());
    // Past shared memory they are advice: Triton keeps fewer stages in flight (tune-jax runs
    // 128 x 512 bfloat16 key and value tiles at two stages).
    const auto big = contract_of(
        gpu_matmul("gpu-triton", R"js(, "inner": {"tile": [null, 1024], "buffers": 4})js", ""));
    EXPECT_FALSE(big.rejected());
    EXPECT_TRUE(std::any_of(big.advice.begin(), big.advice.end(), [](const std::string& a) {
        return a.find("Triton will keep fewer stages in flight") != std::string::npos;
    }));
}

const PlanCandidate* own_tiling(const TilePlan& plan) {
    for (const auto& c : plan.candidates)
        if (c.is_spec) return &c;
    return nullptr;
}

TEST(InnerTiles, ThePlannerVariesTheTileAndRefusesTilesOverBudget) {
    const auto out = plan_tiles(load_ok(gpu_matmul("gpu-h100", kXStream, kYStream)));
    ASSERT_TRUE(out.plan) << join(out.errors);
    const auto& params = out.plan->tile_params;
    EXPECT_TRUE(std::any_of(params.begin(), params.end(),
                            [](const TileParam& p) { return p.name == "tk"; }));
    // Tiles of the whole K (4096) do not fit four buffers in shared memory.
    EXPECT_TRUE(std::any_of(
        out.plan->rejected.begin(), out.plan->rejected.end(),
        [](const PlanRejection& r) { return r.params.at("tk") == 4096 && r.rule == "vmem"; }));
    std::set<std::int64_t> tiles;
    for (const auto& c : out.plan->candidates) tiles.insert(c.params.at("tk"));
    EXPECT_GE(tiles.size(), 3u);
    ASSERT_NE(own_tiling(*out.plan), nullptr);
    EXPECT_TRUE(own_tiling(*out.plan)->modelled_s);
}

TEST(InnerTiles, StreamedTilesCostPipelineStepsAndReplaceTheBlockInTheFill) {
    // One TPU program streaming x through 8 x 512 tiles: 8 pipeline steps, not 1.
    const std::string text = R"js({"tilelens": 2, "name": "e", "grid": [1],
      "params": {"R": 64, "C": 512, "tr": 8},
      "operands": [
        {"name": "x", "role": "input", "shape": ["R", "C"], "dtype": "float32",
         "memory_space": "pl.ANY", "inner": {"tile": ["tr", null], "buffers": 2}},
        {"name": "o", "role": "output", "shape": ["R", "C"], "dtype": "float32",
         "memory_space": "pl.ANY", "inner": {"tile": ["tr", null], "buffers": 2}}],
      "target": "tpu-v5e"})js";
    const auto inst = inst_of(load_ok(text));
    const auto& target = *builtin_targets().find("tpu-v5e");
    const auto m = model_time(target, inst, nullptr, std::nullopt, std::nullopt, 0);
    ASSERT_TRUE(m);
    EXPECT_DOUBLE_EQ(m->steps_s, 8 * *target.grid_step_s);
    EXPECT_DOUBLE_EQ(m->fill_drain_s, 2.0 * 8 * 512 * 4 / *target.hbm_bytes_per_s);
}

TEST(InnerTiles, AttentionOnAGpuPaysForItsExponentials) {
    // One program per 128 queries walks 1024 keys 64 at a time: 16 x 1024 x 1024 exps.
    const std::string text = R"js({"tilelens": 2, "name": "fa",
      "params": {"B": 16, "S": 1024, "T": 1024, "D": 64, "bq": 128, "tk": 64},
      "grid": ["B", "cdiv(S, bq)"], "dimension_semantics": ["parallel", "parallel"],
      "operands": [
        {"name": "q", "role": "input", "shape": ["B", "S", "D"], "dtype": "bfloat16",
         "block_shape": [null, "bq", "D"], "index_map": "lambda b, i: (b, i, 0)"},
        {"name": "k", "role": "input", "shape": ["B", "T", "D"], "dtype": "bfloat16",
         "block_shape": [null, "T", "D"], "index_map": "lambda b, i: (b, 0, 0)",
         "inner": {"tile": [null, "tk", null], "buffers": 2}},
        {"name": "v", "role": "input", "shape": ["B", "T", "D"], "dtype": "bfloat16",
         "block_shape": [null, "T", "D"], "index_map": "lambda b, i: (b, 0, 0)",
         "inner": {"tile": [null, "tk", null], "buffers": 2}},
        {"name": "o", "role": "output", "shape": ["B", "S", "D"], "dtype": "bfloat16",
         "block_shape": [null, "bq", "D"], "index_map": "lambda b, i: (b, i, 0)"}],
      "kernel": {"body": "attention"}, "target": "gpu-h100"})js";
    const auto spec = load_ok(text);
    const auto inst = inst_of(spec);
    const auto& target = *builtin_targets().find("gpu-h100");
    const double flops = 4.0 * 16 * 1024 * 1024 * 64;
    const auto m = model_time(target, inst, &*spec.kernel, flops, 989e12, 1 << 20);
    ASSERT_TRUE(m);
    EXPECT_DOUBLE_EQ(m->transcendental_s, 16.0 * 1024 * 1024 / *target.transcendentals_per_s);
    // At D = 64 the exponentials take about as long as the matmuls (FlashAttention-3's figure).
    EXPECT_NEAR(m->transcendental_s / m->compute_s, 0.99, 0.01);
    EXPECT_NEAR(m->modelled_s, m->compute_s + m->transcendental_s + m->fill_drain_s, 1e-12);
    // Without the figure the term is left out.
    auto bare = target;
    bare.transcendentals_per_s.reset();
    EXPECT_EQ(model_time(bare, inst, &*spec.kernel, flops, 989e12, 1 << 20)->transcendental_s, 0);
}

TEST(InnerTiles, OnAGpuSharedBlocksComeFromL2AndEachWaveFillsItsPipelines) {
    const auto inst = inst_of(load_ok(gpu_matmul("gpu-h100", kXStream, kYStream)));
    const auto& target = *builtin_targets().find("gpu-h100");
    const double bw = *target.hbm_bytes_per_s;
    // x, y (8 MiB each) and o (2 MiB) fit the 50 MB L2: each is read from HBM once, however
    // often the BlockSpecs fetch their blocks.
    const std::int64_t arrays = 2 * (1024 * 4096 + 4096 * 1024 + 1024 * 1024);
    const auto m = model_time(target, inst, nullptr, std::nullopt, std::nullopt, 20 * arrays);
    ASSERT_TRUE(m);
    EXPECT_DOUBLE_EQ(m->memory_s, arrays / bw);
    // 64 programs are one wave on 132 SMs: each of 64 SMs fills one program's first tiles and
    // its output block.
    EXPECT_DOUBLE_EQ(m->fill_drain_s, (128 * 64 + 64 * 128 + 128 * 128) * 2.0 * 64 / bw);
    // Without an L2 figure the BlockSpecs' traffic stands.
    auto no_l2 = target;
    no_l2.l2_bytes.reset();
    EXPECT_DOUBLE_EQ(
        model_time(no_l2, inst, nullptr, std::nullopt, std::nullopt, 20 * arrays)->memory_s,
        20 * arrays / bw);
}

TEST(InnerTiles, SmallTilesWaitOnSharedMemoryOnAGpu) {
    const auto spec = load_ok(gpu_matmul("gpu-h100", kXStream, kYStream));
    const auto& target = *builtin_targets().find("gpu-h100");
    const double flops = 2.0 * 1024 * 1024 * 4096;
    // 128 x 128 output tiles read (128 + 128) x 2 bytes per 2 x 128 x 128 FLOPs: hidden under
    // the tensor cores.
    const auto big = model_time(target, inst_of(spec), &*spec.kernel, flops, 989e12, 0);
    ASSERT_TRUE(big);
    EXPECT_DOUBLE_EQ(big->smem_s, flops * (256.0 * 2 / (2 * 128 * 128)) / 30.9e12);
    EXPECT_LT(big->smem_s, big->compute_s);
    // 128 x 8 tiles read 17 times as much per FLOP: shared memory sets the pace.
    const auto narrow = resolve(spec, {{"bn", 8}});
    ASSERT_TRUE(narrow.instance) << join(narrow.errors);
    const auto small = model_time(target, *narrow.instance, &*spec.kernel, flops, 989e12, 0);
    ASSERT_TRUE(small);
    EXPECT_DOUBLE_EQ(small->smem_s, flops * (136.0 * 2 / (2 * 128 * 8)) / 30.9e12);
    EXPECT_EQ(small->limited_by, "shared_memory");
    EXPECT_GT(small->modelled_s, big->modelled_s);
}

}  // namespace inner_tiles_test
}  // namespace tl
