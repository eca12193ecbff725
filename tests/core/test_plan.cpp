// The measurement plan: tile params, candidates that pass the contract and indexing checks,
// their modelled traffic and roofline bound, rejections with their rule, and measurements
// matched from timing records.
#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdio>

#include "core/audit/audit.h"
#include "core/plan/plan_model.h"
#include "core/plan/tile_plan.h"
#include "core/spec/spec_io.h"
#include "core/target/target.h"
#include "example_specs.h"
#include "test_interp_util.h"
#include "test_plan_util.h"

namespace tl {
namespace {

using test::load;
using test::matmul_spec;
using test::resolve_or_fail;

Json on_target(Json j, const std::string& target) {
    j["target"] = target;
    return j;
}

TilePlan plan_or_fail(const Spec& spec, PlanOptions options = {}) {
    PlanOutcome out = plan_tiles(spec, options);
    if (!out.plan) {
        ADD_FAILURE() << join(out.errors);
        return {};
    }
    return *out.plan;
}

const PlanCandidate* find(const TilePlan& plan, const ParamMap& params) {
    for (const auto& c : plan.candidates)
        if (c.params == params) return &c;
    return nullptr;
}

const PlanRejection* find_rejection(const TilePlan& plan, const ParamMap& params) {
    for (const auto& r : plan.rejected)
        if (r.params == params) return &r;
    return nullptr;
}

TEST(TileParams, BlockSizesThatSizeNoShape) {
    const Spec s = load(matmul_spec(300, 500, 256, 128, 128, 128));
    const auto params = tile_params(s);
    ASSERT_EQ(params.size(), 3u);
    EXPECT_EQ(params[0].name, "bm");
    EXPECT_EQ(params[0].largest_dim, 300);
    // Powers of two from 8 below the dimension, the dimension, the spec's own value.
    EXPECT_EQ(params[0].values, (std::vector<std::int64_t>{8, 16, 32, 64, 128, 256, 300}));
    EXPECT_EQ(params[1].name, "bn");
    EXPECT_EQ(params[1].values.back(), 500);
    EXPECT_EQ(params[2].name, "bk");  // sizes x's columns and y's rows: K = 256
    EXPECT_EQ(params[2].values, (std::vector<std::int64_t>{8, 16, 32, 64, 128, 256}));
}

TEST(TileParams, ASpecValueOffTheLadderIsKept) {
    const Spec s = load(matmul_spec(300, 500, 256, 96, 128, 128));
    const auto params = tile_params(s);
    ASSERT_FALSE(params.empty());
    EXPECT_TRUE(std::count(params[0].values.begin(), params[0].values.end(), 96));
}

TEST(Plan, EveryCandidatePassesTheContractAndItsFiguresAreTheModels) {
    const Spec s = load(on_target(matmul_spec(300, 500, 256, 128, 128, 128), "tpu-v5e"));
    const TilePlan plan = plan_or_fail(s);
    ASSERT_FALSE(plan.candidates.empty());
    EXPECT_EQ(plan.fixed, (ParamMap{{"K", 256}, {"M", 300}, {"N", 500}}));
    const TargetProfile& tpu = *builtin_targets().find("tpu-v5e");
    for (const auto& c : plan.candidates) {
        // The TPU tiling rule on f32: rows a multiple of 8, lanes of 128, or the whole dim.
        const auto bm = c.params.at("bm"), bn = c.params.at("bn"), bk = c.params.at("bk");
        EXPECT_TRUE(bm % 8 == 0 || bm == 300) << bm;
        EXPECT_TRUE(bn % 128 == 0 || bn == 500) << bn;
        EXPECT_TRUE(bk % 128 == 0 || bk == 256) << bk;
        ASSERT_TRUE(c.flops && c.roofline_s);
        EXPECT_EQ(*c.flops, 2.0 * 300 * 500 * 256);
        ASSERT_TRUE(plan.peak_flops && plan.hbm_bytes_per_s);
        const double by_hand =
            std::max(*c.flops / *plan.peak_flops, double(c.hbm_bytes) / *plan.hbm_bytes_per_s);
        EXPECT_DOUBLE_EQ(*c.roofline_s, by_hand);
        EXPECT_LE(c.vmem_bytes, *tpu.vmem_limit_bytes);
        EXPECT_FALSE(c.measured());
    }
    // Fastest modelled time first (at least the bound); among equal times, the least traffic.
    for (const auto& c : plan.candidates) {
        ASSERT_TRUE(c.modelled_s);
        EXPECT_GE(*c.modelled_s, *c.roofline_s);
    }
    EXPECT_TRUE(std::is_sorted(plan.candidates.begin(), plan.candidates.end(),
                               [](const PlanCandidate& a, const PlanCandidate& b) {
                                   return *a.modelled_s < *b.modelled_s ||
                                          (*a.modelled_s == *b.modelled_s &&
                                           a.hbm_bytes < b.hbm_bytes);
                               }));
}

TEST(Plan, TheSpecsOwnTilingMatchesTheAudit) {
    const Spec s = load(on_target(matmul_spec(300, 500, 256, 128, 128, 128), "tpu-v5e"));
    const TilePlan plan = plan_or_fail(s);
    const PlanCandidate* own = find(plan, {{"bm", 128}, {"bn", 128}, {"bk", 128}});
    ASSERT_NE(own, nullptr);
    EXPECT_TRUE(own->is_spec);
    AuditOptions opt;
    opt.stage = AuditStage::Indexing;
    opt.sweep = SweepMode::Off;
    const AuditResult audit = run_audit(s, opt);
    EXPECT_EQ(own->hbm_bytes, audit.hbm_bytes);
    EXPECT_EQ(own->vmem_bytes, audit.vmem_bytes);
    EXPECT_EQ(own->programs, audit.programs);
    EXPECT_EQ(std::count_if(plan.candidates.begin(), plan.candidates.end(),
                            [](const PlanCandidate& c) { return c.is_spec; }),
              1);
}

TEST(Plan, TilingAndVmemRejectionsNameTheirRule) {
    Json j = on_target(matmul_spec(2048, 2048, 2048, 256, 256, 256), "tpu-v5e");
    j["target_overrides"] = {{"vmem_limit_bytes", 4 << 20}};
    const TilePlan plan = plan_or_fail(load(j));
    const PlanRejection* lanes = find_rejection(plan, {{"bm", 256}, {"bn", 64}, {"bk", 256}});
    ASSERT_NE(lanes, nullptr);
    EXPECT_EQ(lanes->rule, "block_tiling");
    EXPECT_NE(lanes->message.find("128"), std::string::npos) << lanes->message;
    const PlanRejection* big = find_rejection(plan, {{"bm", 2048}, {"bn", 2048}, {"bk", 2048}});
    ASSERT_NE(big, nullptr);
    EXPECT_EQ(big->rule, "vmem");
    for (const auto& c : plan.candidates) EXPECT_LE(c.vmem_bytes, 4 << 20);
    // Raising the budget admits more candidates.
    j["target_overrides"] = {{"vmem_limit_bytes", 64 << 20}};
    EXPECT_GT(plan_or_fail(load(j)).candidates.size(), plan.candidates.size());
}

TEST(Plan, IndexingErrorsRejectACandidate) {
    // A floor-divided grid leaves the tail of M unwritten whenever bm does not divide it.
    Json j = on_target(matmul_spec(384, 256, 256, 128, 128, 128), "tpu-v5e");
    j["grid"] = {"M // bm", "cdiv(N, bn)", "cdiv(K, bk)"};
    const TilePlan plan = plan_or_fail(load(j));
    const PlanRejection* tail = find_rejection(plan, {{"bm", 256}, {"bn", 128}, {"bk", 128}});
    ASSERT_NE(tail, nullptr);
    EXPECT_EQ(tail->rule, "uncovered_output");
    EXPECT_NE(find(plan, {{"bm", 128}, {"bn", 128}, {"bk", 128}}), nullptr);
    for (const auto& c : plan.candidates) EXPECT_EQ(384 % c.params.at("bm"), 0);
}

TEST(Plan, TheClosedFormGivesThePlanOfThePerProgramPass) {
    int planned = 0;
    for (const std::string& path : test::example_spec_paths()) {
        const auto loaded = load_spec_file(path);
        if (!loaded.spec) continue;
        PlanOptions slow;
        slow.closed_form = false;
        slow.max_combinations = 400;
        PlanOptions fast = slow;
        fast.closed_form = true;
        if (loaded.spec->target_id() == "interpret") slow.target = fast.target = "tpu-v5e";
        const PlanOutcome a = plan_tiles(*loaded.spec, slow), b = plan_tiles(*loaded.spec, fast);
        ASSERT_EQ(a.plan.has_value(), b.plan.has_value()) << path;
        if (!a.plan) continue;
        ++planned;
        EXPECT_EQ(plan_json(*a.plan).dump(1), plan_json(*b.plan).dump(1)) << path;
    }
    EXPECT_GT(planned, 20);
}

// Published v5e times of the Pallas TPU matmul guide's kernel (docs/pallas/tpu/matmul.ipynb
// in the JAX repository, bfloat16 x bfloat16): the model must predict each within 1.5x and
// order them as measured. Its grid-step cost is fitted to the 128-block rows; the
// 512 x 1024 x 1024 rows are predictions. The 1024^3 rows carry ~0.1 ms of dispatch (the
// guide's XLA row), which the model leaves out, so they are not used.
TEST(PlanModel, PredictsThePublishedV5eMatmulTimesWithinOneAndAHalf) {
    struct Row {
        std::int64_t n, bm, bn, bk;
        double measured_s;
    };
    // The guide's kernel, then the same kernel with a transposed right-hand side and with a
    // fused activation, which the guide times again: the same FLOPs and bytes.
    const Row rows[] = {{4096, 128, 128, 128, 0.011771515},   {8192, 128, 128, 128, 0.091835771},
                        {4096, 512, 1024, 1024, 0.000889088}, {8192, 512, 1024, 1024, 0.006099434},
                        {4096, 128, 128, 128, 0.012017967},   {8192, 128, 128, 128, 0.095009200},
                        {4096, 512, 1024, 1024, 0.000879062}, {8192, 512, 1024, 1024, 0.006107717},
                        {4096, 128, 128, 128, 0.011807117},   {8192, 128, 128, 128, 0.091818611},
                        {4096, 512, 1024, 1024, 0.000896633}, {8192, 512, 1024, 1024, 0.006130606}};
    std::vector<std::pair<double, double>> pairs;  // modelled, measured
    for (const Row& r : rows) {
        const auto own = test::own_candidate(
            load(on_target(matmul_spec(r.n, r.n, r.n, r.bm, r.bn, r.bk, "bfloat16"), "tpu-v5e")));
        ASSERT_TRUE(own) << r.n << " " << r.bm;
        test::expect_within_one_and_a_half(test::matmul_row("v5e", r.n, r.n, r.n, r.bm, r.bn, r.bk),
                                           *own->modelled_s, r.measured_s);
        pairs.emplace_back(*own->modelled_s, r.measured_s);
        EXPECT_EQ(own->limited_by, r.bm == 128 ? "grid_steps" : "compute");
    }
    // Measured in the same order as modelled, across sizes and blocks (the three variants of
    // one size and block are within their noise of each other, so only different
    // configurations are compared).
    for (std::size_t a = 0; a < pairs.size(); ++a)
        for (std::size_t b = 0; b < pairs.size(); ++b)
            if (rows[a].n != rows[b].n || rows[a].bm != rows[b].bm) {
                EXPECT_EQ(pairs[a].first < pairs[b].first, pairs[a].second < pairs[b].second);
            }
}

// Other published v5e times of bfloat16 matmuls, none of which the model was fitted to:
// - an independent re-run of the guide's kernel (sqtian/PALLAS_TPU_KERNEL_MATMUL,
//   plots/benchmark_results_20250430_161137.json; its dtype is not recorded there, its numbers
//   match the guide's bfloat16 rows), with a 2048^3 size the guide lacks. Its 2048^3 row with
//   big blocks (0.205 ms, of which ~0.1 ms dispatch by its own XLA row) is left out like the
//   guide's 1024^3 rows;
// - tokamax's autotuning cache for its Pallas ragged_dot on v5e
//   (tokamax/data/autotuning/tpu_v5_lite/pallas_mosaic_tpu_ragged_dot.json): device times, no
//   dispatch. One group holding all 4096 rows is a 4096^3 matmul with tiles (1024, 512, 1024);
//   eight groups of 1024 rows into 14336 columns are eight 1024 x 4096 x 14336 matmuls, modelled
//   as eight runs of one (its pipeline fill counted eight times: 40 us of 5.3 ms).
TEST(PlanModel, PredictsOtherPublishedV5eMatmulTimesWithinOneAndAHalf) {
    struct Row {
        int source;  // 0: the re-run (wall clock with dispatch), 1: tokamax (device time)
        std::int64_t m, n, k, bm, bn, bk, runs;
        double measured_s;
    };
    const Row rows[] = {
        {0, 2048, 2048, 2048, 128, 128, 128, 1, 1.5037150700e-3},
        {0, 4096, 4096, 4096, 128, 128, 128, 1, 11.583154940e-3},
        {0, 8192, 8192, 8192, 128, 128, 128, 1, 90.399176270e-3},
        {0, 4096, 4096, 4096, 512, 1024, 1024, 1, 0.8680527300e-3},
        {0, 8192, 8192, 8192, 512, 1024, 1024, 1, 6.0407287000e-3},
        {1, 4096, 4096, 4096, 1024, 1024, 512, 1, 0.763e-3},
        {1, 1024, 14336, 4096, 1024, 1024, 512, 8, 5.255e-3},
    };
    std::vector<std::pair<double, double>> pairs;  // modelled, measured
    for (const Row& r : rows) {
        const auto own = test::own_candidate(
            load(on_target(matmul_spec(r.m, r.n, r.k, r.bm, r.bn, r.bk, "bfloat16"), "tpu-v5e")));
        ASSERT_TRUE(own) << r.m << " " << r.bm;
        const double modelled = *own->modelled_s * static_cast<double>(r.runs);
        test::expect_within_one_and_a_half(
            test::matmul_row("v5e", r.m, r.n, r.k, r.bm, r.bn, r.bk, r.runs), modelled,
            r.measured_s);
        pairs.emplace_back(modelled, r.measured_s);
    }
    // Ordered as measured wherever one source's measurements differ by more than their noise
    // (5 %); the two sources time differently (with and without dispatch), so not across them.
    for (std::size_t a = 0; a < pairs.size(); ++a)
        for (std::size_t b = 0; b < pairs.size(); ++b)
            if (rows[a].source == rows[b].source && pairs[a].second < 0.95 * pairs[b].second) {
                EXPECT_LT(pairs[a].first, pairs[b].first) << a << " " << b;
            }
}

TEST(PlanModel, BlocksThatLeaveTheMxuIdleCostTheirShare) {
    // 8-row blocks keep 8 of v5e's 128 MXU rows busy: 16x the compute time, which here, with
    // few grid steps and the traffic left out, is the largest term.
    const Spec spec = load(matmul_spec(1024, 1024, 1024, 8, 1024, 1024, "bfloat16"));
    const Instance inst = resolve_or_fail(spec);
    const TargetProfile& v5e = *builtin_targets().find("tpu-v5e");
    const double flops = 2.0 * 1024 * 1024 * 1024, peak = *v5e.peak(DType::BFloat16);
    const auto m = model_time(v5e, inst, &*spec.kernel, flops, peak, 0);
    ASSERT_TRUE(m);
    EXPECT_DOUBLE_EQ(m->compute_s, flops / peak);
    EXPECT_NEAR(m->mxu_loss_s, 15 * m->compute_s, 1e-12);
    EXPECT_DOUBLE_EQ(m->steps_s, 128 * *v5e.grid_step_s);
    EXPECT_EQ(m->limited_by, "mxu_shape");
    // On v6e the MXU is 256 wide: the same blocks leave even more of it idle.
    const auto v6e =
        model_time(*builtin_targets().find("tpu-v6e"), inst, &*spec.kernel, flops, peak, 0);
    ASSERT_TRUE(v6e);
    EXPECT_NEAR(v6e->mxu_loss_s, 31 * m->compute_s, 1e-12);
}

// Flash attention over [batch x heads, S, D] with the keys innermost, as tokamax's TPU kernel
// walks them.
Json attention_spec(std::int64_t d, std::int64_t bq, std::int64_t bk) {
    const auto op = [](const char* name, const char* role, Json shape, Json block,
                       const char* map) {
        return Json{{"name", name},        {"role", role},         {"shape", shape},
                    {"dtype", "bfloat16"}, {"block_shape", block}, {"index_map", map}};
    };
    return Json{{"tilelens", 1},
                {"name", "attention"},
                {"params", {{"B", 8}, {"S", 2048}, {"T", 2048}, {"D", d}, {"bq", bq}, {"bk", bk}}},
                {"grid", {"B", "cdiv(S, bq)", "cdiv(T, bk)"}},
                {"operands",
                 {op("q", "input", {"B", "S", "D"}, {1, "bq", "D"}, "lambda b, i, t: (b, i, 0)"),
                  op("k", "input", {"B", "T", "D"}, {1, "bk", "D"}, "lambda b, i, t: (b, t, 0)"),
                  op("v", "input", {"B", "T", "D"}, {1, "bk", "D"}, "lambda b, i, t: (b, t, 0)"),
                  op("o", "output", {"B", "S", "D"}, {1, "bq", "D"}, "lambda b, i, t: (b, i, 0)")}},
                {"kernel", {{"body", "attention"}, {"reduction_axis", 2}}}};
}

TEST(PlanModel, AnAttentionHeadNarrowerThanTheMxuCostsItsShare) {
    // QKᵀ and PV are products of bq, bk and D: a 64-wide head fills a quarter of v6e's
    // 256-wide MXU, so three quarters of the compute time is lost to the shape.
    const TargetProfile& v6e = *builtin_targets().find("tpu-v6e");
    const double peak = *v6e.peak(DType::BFloat16);
    const auto modelled = [&](std::int64_t d, std::int64_t bq) {
        const Spec spec = load(attention_spec(d, bq, 2048));
        const double flops = 4.0 * 8 * 2048 * 2048 * static_cast<double>(d);
        return model_time(v6e, resolve_or_fail(spec), &*spec.kernel, flops, peak, 0);
    };
    const auto narrow = modelled(64, 2048);
    ASSERT_TRUE(narrow);
    EXPECT_NEAR(narrow->mxu_loss_s, 3 * narrow->compute_s, 1e-12);
    EXPECT_EQ(narrow->limited_by, "mxu_shape");
    const auto full = modelled(256, 2048);
    ASSERT_TRUE(full);
    EXPECT_DOUBLE_EQ(full->mxu_loss_s, 0);
    // A 128-row query block leaves half the MXU idle too.
    const auto short_q = modelled(256, 128);
    ASSERT_TRUE(short_q);
    EXPECT_NEAR(short_q->mxu_loss_s, short_q->compute_s, 1e-12);
}

TEST(PlanModel, TheMatmulResultCountsInVmem) {
    // Blocks of 12 MiB fit the 16 MiB limit; with the (2048, 1024) float32 result (8 MiB) they
    // do not.
    const Spec spec =
        load(on_target(matmul_spec(4096, 4096, 4096, 2048, 1024, 256, "bfloat16"), "tpu-v5e"));
    const TilePlan plan = plan_or_fail(spec);
    const PlanRejection* r = find_rejection(plan, {{"bm", 2048}, {"bn", 1024}, {"bk", 256}});
    ASSERT_NE(r, nullptr);
    EXPECT_EQ(r->rule, "vmem");
    EXPECT_NE(r->message.find("float32 matmul result"), std::string::npos) << r->message;
}

TEST(Plan, ALimitTheKernelComputesFromItsTilesIsEachTilingsOwn) {
    // The kernel sets vmem_limit_bytes from its blocks (double-buffered bf16 blocks plus the
    // float32 result): a fixed number taken at one tiling must not judge the others.
    const std::string computed = "2 * 2 * (bm * bk + bk * bn + bm * bn) + 4 * bm * bn";
    Json fixed = on_target(matmul_spec(4096, 4096, 4096, 512, 512, 256, "bfloat16"), "tpu-v5e");
    // The expression's value at (512, 512, 256): 4 * (131072 * 2 + 262144) + 1048576 bytes.
    fixed["target_overrides"] = {{"vmem_limit_bytes", 3 * 1024 * 1024}};
    Json own = fixed;
    own["target_overrides"] = {{"vmem_limit_bytes", computed}};
    const ParamMap big{{"bm", 2048}, {"bn", 1024}, {"bk", 256}};

    const TilePlan at_fixed = plan_or_fail(load(fixed));
    const PlanRejection* rejected = find_rejection(at_fixed, big);
    ASSERT_NE(rejected, nullptr);
    EXPECT_EQ(rejected->rule, "vmem");

    const TilePlan per_tiling = plan_or_fail(load(own));
    EXPECT_NE(find(per_tiling, big), nullptr);
    EXPECT_GT(per_tiling.candidates.size(), at_fixed.candidates.size());

    // An expression that cannot be evaluated, or that asks for more than the chip has, is a
    // vmem rejection naming the override.
    Json broken = fixed;
    broken["target_overrides"] = {{"vmem_limit_bytes", "2 * bq"}};
    const PlanOutcome out = plan_tiles(load(broken), {});
    ASSERT_TRUE(out.plan) << join(out.errors);
    EXPECT_TRUE(out.plan->candidates.empty());
    const PlanRejection* unknown = find_rejection(*out.plan, big);
    ASSERT_NE(unknown, nullptr);
    EXPECT_EQ(unknown->rule, "vmem");
    EXPECT_NE(unknown->message.find("target_overrides.vmem_limit_bytes '2 * bq'"),
              std::string::npos)
        << unknown->message;
    Json huge = fixed;
    huge["target_overrides"] = {{"vmem_limit_bytes", "1024 * bm * bn"}};
    const TilePlan too_big = plan_or_fail(load(huge));
    const PlanRejection* over = find_rejection(too_big, big);
    ASSERT_NE(over, nullptr);
    EXPECT_NE(over->message.find("above the physical VMEM"), std::string::npos) << over->message;
}

TEST(Plan, TilingsThatNeedOtherPrefetchTablesAreNotModelled) {
    // The block-sparse example's table lists K blocks of its own bk: other tilings would need
    // other tables, so they are listed as not modelled, never rejected for what they break.
    const auto loaded = load_spec_file(std::string(TILELENS_SOURCE_DIR) +
                                       "/resources/examples/block-sparse.tilelens.json");
    ASSERT_TRUE(loaded.spec) << join(loaded.errors);
    const TilePlan plan = plan_or_fail(*loaded.spec);
    ASSERT_EQ(plan.candidates.size(), 1u);
    EXPECT_TRUE(plan.candidates[0].is_spec);
    EXPECT_TRUE(plan.rejected.empty());
    ASSERT_FALSE(plan.not_modelled.empty());
    for (const auto& r : plan.not_modelled) EXPECT_EQ(r.rule, "prefetch_tables");
}

TEST(Plan, GridsPastTheProgramBudgetAreRejected) {
    const Spec s = load(on_target(matmul_spec(4096, 4096, 4096, 512, 512, 512), "tpu-v5e"));
    PlanOptions opt;
    opt.max_programs = 4096;
    const TilePlan plan = plan_or_fail(s, opt);
    const PlanRejection* small = find_rejection(plan, {{"bm", 8}, {"bn", 128}, {"bk", 128}});
    ASSERT_NE(small, nullptr);
    EXPECT_EQ(small->rule, "programs");
    for (const auto& c : plan.candidates) EXPECT_LE(c.programs, 4096);
    // Past the resolver's own limit too: still the planner's budget that refuses it.
    const PlanRejection* tiny = find_rejection(plan, {{"bm", 8}, {"bn", 8}, {"bk", 8}});
    ASSERT_NE(tiny, nullptr);
    EXPECT_EQ(tiny->rule, "programs");
}

TEST(Plan, TheInterpretTargetHasNothingToPlanFor) {
    const PlanOutcome out = plan_tiles(load(matmul_spec(64, 64, 64, 32, 32, 32)));
    EXPECT_FALSE(out.plan);
    ASSERT_FALSE(out.errors.empty());
    EXPECT_NE(out.errors.front().message.find("tpu-v5e"), std::string::npos);
    PlanOptions opt;
    opt.target = "tpu-v5e";
    EXPECT_TRUE(plan_tiles(load(matmul_spec(64, 64, 64, 32, 32, 32)), opt).plan);
    opt.target = "tpu-v5";
    const PlanOutcome unknown = plan_tiles(load(matmul_spec(64, 64, 64, 32, 32, 32)), opt);
    EXPECT_FALSE(unknown.plan);
    EXPECT_EQ(unknown.errors.front().path, "--target");
}

TEST(Plan, WithoutTileParamsOnlyTheSpecsTilingIsListed) {
    Json j = on_target(matmul_spec(256, 256, 256, 128, 128, 128), "tpu-v5e");
    for (auto& op : j["operands"]) op["block_shape"] = {128, 128};
    const TilePlan plan = plan_or_fail(load(j));
    EXPECT_TRUE(plan.tile_params.empty());
    ASSERT_EQ(plan.candidates.size(), 1u);
    EXPECT_TRUE(plan.candidates[0].is_spec);
    EXPECT_FALSE(plan.notes.empty());
}

TEST(Plan, TheCombinationBudgetIsReported) {
    const Spec s = load(on_target(matmul_spec(2048, 2048, 2048, 256, 256, 256), "tpu-v5e"));
    PlanOptions opt;
    opt.max_combinations = 10;
    const TilePlan plan = plan_or_fail(s, opt);
    // Ten combinations, and the spec's own tiling, which lies past them.
    EXPECT_EQ(plan.candidates.size() + plan.rejected.size(), 11u);
    EXPECT_EQ(std::count_if(plan.candidates.begin(), plan.candidates.end(),
                            [](const PlanCandidate& c) { return c.is_spec; }),
              1);
    ASSERT_FALSE(plan.notes.empty());
    EXPECT_NE(plan.notes.back().find("not examined"), std::string::npos);
}

TEST(Plan, ACancelledPlanStopsWithNoPlanAndNoError) {
    const Spec s = load(on_target(matmul_spec(2048, 2048, 2048, 256, 256, 256), "tpu-v5e"));
    std::atomic<bool> cancel{true};
    PlanOptions opt;
    opt.cancel = &cancel;
    const PlanOutcome out = plan_tiles(s, opt);
    EXPECT_TRUE(out.cancelled);
    EXPECT_FALSE(out.plan);
    EXPECT_TRUE(out.errors.empty()) << join(out.errors);
    cancel = false;
    const PlanOutcome again = plan_tiles(s, opt);
    EXPECT_FALSE(again.cancelled);
    ASSERT_TRUE(again.plan);
    EXPECT_FALSE(again.plan->candidates.empty());
}

TEST(Plan, ProgressCountsEveryCombinationUpToTheBudget) {
    const Spec s = load(on_target(matmul_spec(2048, 2048, 2048, 256, 256, 256), "tpu-v5e"));
    std::vector<std::pair<int, int>> calls;
    PlanOptions opt;
    opt.max_combinations = 40;
    opt.progress = [&](int done, int total) { calls.emplace_back(done, total); };
    const TilePlan plan = plan_or_fail(s, opt);
    ASSERT_EQ(calls.size(), 40u);
    for (std::size_t i = 0; i < calls.size(); ++i)
        EXPECT_EQ(calls[i], std::make_pair(static_cast<int>(i) + 1, 40));
    EXPECT_EQ(plan.candidates.size() + plan.rejected.size(), 41u);  // and the spec's own
}

TimingRecord measured(const std::string& params_json, double median, bool verified = true) {
    TimingRecord r;
    r.file = "t.csv";
    r.line = 3;
    r.kernel = "matmul";
    r.impl = "pallas";
    r.target = "tpu-v5e";
    r.params = Json::parse(params_json);
    r.source = TimingSource::Measured;
    r.verified = verified;
    r.median_s = median;
    return r;
}

TEST(PlanMeasurements, AVerifiedMeasurementFillsItsCandidate) {
    const Spec s = load(on_target(matmul_spec(300, 500, 256, 128, 128, 128), "tpu-v5e"));
    TilePlan plan = plan_or_fail(s);
    const auto notes = attach_measurements(
        plan, s,
        {measured(R"({"M": 300, "N": 500, "K": 256, "bm": 128, "bn": 128, "bk": 128})", 2e-5)});
    EXPECT_TRUE(notes.empty());
    const PlanCandidate* c = find(plan, {{"bm", 128}, {"bn", 128}, {"bk", 128}});
    ASSERT_TRUE(c && c->measured());
    EXPECT_EQ(*c->measured_s, 2e-5);
    ASSERT_TRUE(c->fraction_of_roof);
    EXPECT_DOUBLE_EQ(*c->fraction_of_roof, *c->roofline_s / 2e-5);
    EXPECT_EQ(c->measured_from, "t.csv:3");
    EXPECT_EQ(plan_json(plan)["candidates"][std::size_t(c - plan.candidates.data())]["status"],
              "measured");
}

TEST(PlanMeasurements, RecordsThatCannotCountSayWhy) {
    const Spec s = load(on_target(matmul_spec(300, 500, 256, 128, 128, 128), "tpu-v5e"));
    TilePlan plan = plan_or_fail(s);
    TimingRecord other_target = measured(R"({"bm": 128, "bn": 128, "bk": 128})", 1e-5);
    other_target.target = "tpu-v4";
    TimingRecord interpret = measured(R"({"bm": 128, "bn": 128, "bk": 128})", 1e-5);
    interpret.source = TimingSource::Interpret;
    TimingRecord baseline = measured(R"({"M": 300})", 1e-5);
    baseline.impl = "xla";
    const auto notes = attach_measurements(
        plan, s,
        {measured(R"({"bm": 128, "bn": 128, "bk": 128})", 1e-5, false), other_target, interpret,
         measured(R"({"M": 512, "bm": 128, "bn": 128, "bk": 128})", 1e-5),
         measured(R"({"bm": 24, "bn": 128, "bk": 128})", 1e-5), baseline});
    ASSERT_EQ(notes.size(), 5u);  // the baseline is not a candidate and needs no note
    EXPECT_NE(notes[0].find("unverified"), std::string::npos);
    EXPECT_NE(notes[1].find("tpu-v4"), std::string::npos);
    EXPECT_NE(notes[2].find("interpret"), std::string::npos);
    EXPECT_NE(notes[3].find("M = 512"), std::string::npos);
    EXPECT_NE(notes[4].find("not a candidate"), std::string::npos);
    for (const auto& c : plan.candidates) EXPECT_FALSE(c.measured());
}

TEST(PlanMeasurements, TheFasterOfTwoMeasurementsStands) {
    const Spec s = load(on_target(matmul_spec(300, 500, 256, 128, 128, 128), "tpu-v5e"));
    TilePlan plan = plan_or_fail(s);
    const auto notes =
        attach_measurements(plan, s,
                            {measured(R"({"bm": 128, "bn": 128, "bk": 128})", 3e-5),
                             measured(R"({"bm": 128, "bn": 128, "bk": 128})", 2e-5),
                             measured(R"({"bm": 128, "bn": 128, "bk": 128})", 4e-5)});
    EXPECT_EQ(notes.size(), 1u);
    EXPECT_EQ(*find(plan, {{"bm", 128}, {"bn", 128}, {"bk", 128}})->measured_s, 2e-5);
}

TEST(PlanJson, CarriesTheContractsKeys) {
    const Spec s = load(on_target(matmul_spec(300, 500, 256, 128, 128, 128), "tpu-v5e"));
    const Json j = plan_json(plan_or_fail(s));
    EXPECT_EQ(j["tilelens_plan"], 1);
    EXPECT_EQ(j["spec"], "mm");
    EXPECT_EQ(j["target"], "tpu-v5e");
    ASSERT_FALSE(j["candidates"].empty());
    for (const char* key :
         {"params", "flops", "hbm_bytes", "vmem_bytes", "roofline_s", "bound", "status"})
        EXPECT_TRUE(j["candidates"][0].contains(key)) << key;
    EXPECT_TRUE(j["candidates"][0]["flops"].is_number_integer());
    EXPECT_EQ(j["candidates"][0]["status"], "unmeasured");
    ASSERT_FALSE(j["rejected"].empty());
    for (const char* key : {"params", "rule", "message"})
        EXPECT_TRUE(j["rejected"][0].contains(key)) << key;
}

}  // namespace
}  // namespace tl
