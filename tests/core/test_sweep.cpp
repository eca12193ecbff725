// The hostile-shape sweep planner and the indexing proof over whole size ranges.
#include <set>

#include "core/audit/audit.h"
#include "core/audit/range_proof.h"
#include "core/audit/sweep.h"
#include "test_interp_util.h"

namespace tl {
namespace {

using test::load;
using test::matmul_spec;
using test::operand;
using test::resolve_or_fail;

const SweepCase* find_case(const SweepPlan& p, const std::string& label) {
    for (const auto& c : p.cases)
        if (c.label == label) return &c;
    return nullptr;
}

// A 1-D copy over N in blocks of b whose index map is `map`.
Json copy_1d(const std::string& grid, const std::string& map, std::int64_t n = 20) {
    Json j = {{"tilelens", 1},
              {"name", "c"},
              {"params", {{"N", n}, {"b", 8}}},
              {"grid", {grid}},
              {"kernel", {{"body", "copy"}}}};
    j["operands"] = Json::array({operand("x", "input", {"N"}, "float32", {"b"}, map),
                                 operand("o", "output", {"N"}, "float32", {"b"}, map)});
    return j;
}

TEST(Sweep, HostileValuesAroundTheBlock) {
    EXPECT_EQ(hostile_values(128), (std::vector<std::int64_t>{1, 127, 128, 129, 257, 263}));
    // b - 1 = 0 is no size; no prime lies in (3, 3], the largest in (1, 3] is 3 = 2b + 1.
    EXPECT_EQ(hostile_values(1), (std::vector<std::int64_t>{1, 2, 3}));
    EXPECT_EQ(hostile_values(2), (std::vector<std::int64_t>{1, 2, 3, 5}));
    for (std::int64_t b : {8, 100, 1000}) {
        const auto v = hostile_values(b);
        EXPECT_GT(v.back(), 2 * b + 1);
        EXPECT_LE(v.back(), 3 * b);
    }
}

TEST(Sweep, AutoVariesEveryDimensionParamWithItsBlock) {
    const Spec s = load(matmul_spec(300, 500, 256, 128, 64, 32));
    const SweepPlan p = plan_sweep(s, resolve_or_fail(s), true);
    ASSERT_EQ(p.swept.size(), 3u);  // in order of first appearance: x (M, K), then y's N
    EXPECT_EQ(p.swept[0].name, "M");
    EXPECT_EQ(p.swept[0].block, 128);
    EXPECT_EQ(p.swept[1].name, "K");
    EXPECT_EQ(p.swept[1].block, 32);
    EXPECT_EQ(p.swept[2].name, "N");
    EXPECT_EQ(p.swept[2].block, 64);

    ASSERT_FALSE(p.cases.empty());
    EXPECT_EQ(p.cases[0].label, "spec");
    EXPECT_TRUE(p.cases[0].overrides.empty());
    std::set<std::map<std::string, std::int64_t>> seen;
    for (const auto& c : p.cases) EXPECT_TRUE(seen.insert(c.overrides).second) << c.label;

    const SweepCase* prime = find_case(p, "K = prime (67)");
    ASSERT_NE(prime, nullptr);
    EXPECT_EQ(prime->overrides, (std::map<std::string, std::int64_t>{{"K", 67}}));
    const SweepCase* tall = find_case(p, "tall x");
    ASSERT_NE(tall, nullptr);
    EXPECT_EQ(tall->overrides, (std::map<std::string, std::int64_t>{{"M", 1025}, {"K", 1}}));
    const SweepCase* wide = find_case(p, "wide o");
    ASSERT_NE(wide, nullptr);
    EXPECT_EQ(wide->overrides, (std::map<std::string, std::int64_t>{{"M", 1}, {"N", 513}}));
    // Rectangular: all different and none divisible by its block.
    const SweepCase* rect = find_case(p, "rectangular");
    ASSERT_NE(rect, nullptr);
    EXPECT_EQ(rect->overrides,
              (std::map<std::string, std::int64_t>{{"M", 129}, {"K", 67}, {"N", 197}}));
    const SweepCase* square = find_case(p, "square");
    ASSERT_NE(square, nullptr);
    // Every dimension 256; K = 256 as written is no override.
    EXPECT_EQ(square->overrides, (std::map<std::string, std::int64_t>{{"M", 256}, {"N", 256}}));
    // The spec's own M = 300 is no override of a case that sets only M = 1.
    EXPECT_NE(find_case(p, "M = 1 (1)"), nullptr);
}

TEST(Sweep, BigDimensionsNotUnderTestKeepAFewBlocksAndTheirRemainder) {
    // M = 65536 and K = 8192 are past 8 blocks of 128; N = 1000 is not.
    const Spec s = load(matmul_spec(65536, 1000, 8192 + 5, 128, 128, 128));
    const SweepPlan p = plan_sweep(s, resolve_or_fail(s), true);
    EXPECT_TRUE(p.cases[0].overrides.empty());  // the spec's own case stays whole
    const SweepCase* n1 = find_case(p, "N = 1 (1)");
    ASSERT_NE(n1, nullptr);
    EXPECT_EQ(n1->overrides,
              (std::map<std::string, std::int64_t>{{"M", 512}, {"K", 517}, {"N", 1}}));
    const SweepCase* m1 = find_case(p, "M = 1 (1)");
    ASSERT_NE(m1, nullptr);
    EXPECT_EQ(m1->overrides, (std::map<std::string, std::int64_t>{{"M", 1}, {"K", 517}}));
    const SweepCase* rect = find_case(p, "rectangular");  // sets every dimension itself
    ASSERT_NE(rect, nullptr);
    EXPECT_EQ(rect->overrides.at("M"), 129);
    bool noted = false;
    for (const auto& n : p.notes)
        noted = noted || n.find("M = 65536 to 512, K = 8197 to 517") != std::string::npos;
    EXPECT_TRUE(noted);
    // A size the spec's preconditions forbid is not used: M stays whole there.
    Json j = matmul_spec(65536, 1000, 256, 128, 128, 128);
    j["tilelens"] = 2;
    j["requires"] = Json::array({"M % 4096 == 0"});
    const Spec r = load(j);
    const SweepPlan q = plan_sweep(r, resolve_or_fail(r), true);
    const SweepCase* n1r = find_case(q, "N = 1 (1)");
    ASSERT_NE(n1r, nullptr);
    EXPECT_EQ(n1r->overrides, (std::map<std::string, std::int64_t>{{"N", 1}}));
}

TEST(Sweep, OffOrWithScalarPrefetchKeepsOnlyTheSpecsOwnCase) {
    const Spec s = load(matmul_spec(300, 500, 256, 128, 128, 128));
    EXPECT_EQ(plan_sweep(s, resolve_or_fail(s), false).cases.size(), 1u);
    Json j = matmul_spec(256, 256, 256, 128, 128, 128);
    j["scalar_prefetch"] = Json::array({{{"name", "cols"}, {"values", {0, 1}}}});
    j["operands"][0]["index_map"] = "lambda i, j, k, c: (i, c[k % 2])";
    j["operands"][1]["index_map"] = "lambda i, j, k, c: (k, j)";
    j["operands"][2]["index_map"] = "lambda i, j, k, c: (i, j)";
    const Spec p = load(j);
    const SweepPlan plan = plan_sweep(p, resolve_or_fail(p), true);
    EXPECT_EQ(plan.cases.size(), 1u);
    ASSERT_FALSE(plan.notes.empty());
    EXPECT_NE(plan.notes[0].find("sweep.params"), std::string::npos);
}

TEST(Sweep, ABlockThatFollowsItsDimensionIsNotSwept) {
    Json j = matmul_spec(300, 500, 256, 128, 128, 128);
    j["operands"][0]["block_shape"] = {"bm", "K"};  // the whole K
    j["operands"][1]["block_shape"] = {"K", "bn"};
    j["grid"] = {"cdiv(M, bm)", "cdiv(N, bn)", 1};
    const Spec s = load(j);
    const auto swept = swept_params(s, resolve_or_fail(s));
    ASSERT_EQ(swept.size(), 2u);
    EXPECT_EQ(swept[0].name, "M");
    EXPECT_EQ(swept[1].name, "N");
}

TEST(Sweep, ExplicitProductAndZip) {
    Json j = matmul_spec(300, 500, 256, 128, 128, 128);
    j["sweep"] = {{"params", {{"M", {1, 300}}, {"N", {7, 9, 11}}}}, {"mode", "product"}};
    const Spec prod = load(j);
    const SweepPlan p = plan_sweep(prod, resolve_or_fail(prod), true);
    EXPECT_EQ(p.cases.size(), 1u + 6u);  // (300, 500) is not among the six
    j["sweep"] = {{"params", {{"M", {1, 300, 5}}, {"N", {7, 500, 11}}}}, {"mode", "zip"}};
    const Spec zip = load(j);
    const SweepPlan z = plan_sweep(zip, resolve_or_fail(zip), true);
    ASSERT_EQ(z.cases.size(), 3u);  // (300, 500) is the spec's own case
    EXPECT_EQ(z.cases[1].overrides, (std::map<std::string, std::int64_t>{{"M", 1}, {"N", 7}}));
    EXPECT_EQ(z.cases[2].overrides, (std::map<std::string, std::int64_t>{{"M", 5}, {"N", 11}}));
}

TEST(RangeProof, SeparableMeansOneGridAxisPerBlockIndex) {
    EXPECT_TRUE(separable_index_maps(resolve_or_fail(load(matmul_spec(8, 8, 8, 8, 8, 8)))));
    Json diag = matmul_spec(8, 8, 8, 8, 8, 8);
    diag["operands"][0]["index_map"] = "lambda i, j, k: (i + k, k)";
    EXPECT_FALSE(separable_index_maps(resolve_or_fail(load(diag))));
}

TEST(RangeProof, FindsTheFirstSizeThatSamplingMisses) {
    // The map clamps at block 3: sizes up to 4 blocks (32) are fine, 33 leaves a tail
    // unwritten. The sweep's hostile values for b = 8 stop at 19, so only the proof sees it.
    const Spec s = load(copy_1d("cdiv(N, b)", "lambda i: (min(i, 3),)"));
    const auto swept = swept_params(s, resolve_or_fail(s));
    ASSERT_EQ(swept.size(), 1u);
    for (std::int64_t v : hostile_values(swept[0].block)) EXPECT_LE(v, 32);
    RangeProofOptions opt;
    opt.bound = 200;
    const auto proofs = prove_ranges(s, swept, opt);
    ASSERT_EQ(proofs.size(), 1u);
    ASSERT_TRUE(proofs[0].first_failure.has_value());
    EXPECT_EQ(*proofs[0].first_failure, 33);
    EXPECT_EQ(proofs[0].to, 33);
    std::set<FindingKind> kinds;
    for (const auto& f : proofs[0].findings) kinds.insert(f.kind);
    EXPECT_TRUE(kinds.count(FindingKind::UncoveredOutput));
    EXPECT_EQ(proofs[0].findings[0].case_params, (std::map<std::string, std::int64_t>{{"N", 33}}));
}

TEST(RangeProof, CdivGridHoldsOverTheWholeRangeFloorGridFailsAtOne) {
    RangeProofOptions opt;
    opt.bound = 300;
    const Spec good = load(copy_1d("cdiv(N, b)", "lambda i: (i,)"));
    const auto ok = prove_ranges(good, swept_params(good, resolve_or_fail(good)), opt);
    ASSERT_EQ(ok.size(), 1u);
    EXPECT_FALSE(ok[0].first_failure.has_value());
    EXPECT_EQ(ok[0].to, 300);
    const Spec floor = load(copy_1d("N // b", "lambda i: (i,)"));
    const auto bad = prove_ranges(floor, swept_params(floor, resolve_or_fail(floor)), opt);
    ASSERT_EQ(bad.size(), 1u);
    EXPECT_EQ(bad[0].first_failure, 1);  // N = 1: a grid of 0 programs writes nothing
}

TEST(RangeProof, AWorkBudgetStopsTheRangeEarlyAndSaysSo) {
    const Spec s = load(copy_1d("cdiv(N, b)", "lambda i: (i,)"));
    RangeProofOptions opt;
    opt.bound = 4096;
    opt.program_budget = 1000;  // sum of cdiv(N, 8) passes 1000 near N = 126
    const auto p = prove_ranges(s, swept_params(s, resolve_or_fail(s)), opt);
    ASSERT_EQ(p.size(), 1u);
    EXPECT_FALSE(p[0].first_failure.has_value());
    EXPECT_LT(p[0].to, 200);
    EXPECT_GT(p[0].to, 100);
    EXPECT_EQ(p[0].requested_to, 4096);
}

TEST(AuditSweep, FailingCasesTagTheirFindingsAndFailTheVerdict) {
    // Square and divisible on its own params; the K tail is not masked, so the sweep's
    // non-divisible K cases read padding into valid outputs.
    const Spec s = load(matmul_spec(256, 256, 256, 128, 128, 128));
    AuditOptions opt;
    opt.jobs = 2;
    int calls = 0, last_total = 0;
    opt.progress = [&](int done, int total) {
        ++calls;
        last_total = total;
        EXPECT_LE(done, total);
    };
    const AuditResult r = run_audit(s, opt);
    EXPECT_EQ(r.verdict, Verdict::Fail);
    EXPECT_EQ(r.numerics, StageStatus::Fail);
    ASSERT_GT(r.cases.size(), 10u);
    EXPECT_EQ(r.cases[0].verdict, Verdict::Pass);
    EXPECT_EQ(calls, static_cast<int>(r.cases.size()));
    EXPECT_EQ(last_total, static_cast<int>(r.cases.size()));
    bool tagged = false;
    for (const auto& f : r.findings) {
        if (f.kind != FindingKind::NumericalMismatch) continue;
        ASSERT_FALSE(f.case_params.empty());  // never on the spec's own params
        EXPECT_NE(f.case_params.at("K") % 128, 0);
        EXPECT_EQ(f.cause, "padding");
        tagged = true;
    }
    EXPECT_TRUE(tagged);
}

TEST(AuditSweep, CancelStopsBeforeTheCases) {
    const Spec s = load(matmul_spec(256, 256, 256, 128, 128, 128));
    std::atomic<bool> cancel{true};
    AuditOptions opt;
    opt.cancel = &cancel;
    const AuditResult r = run_audit(s, opt);
    EXPECT_TRUE(r.cancelled);
    EXPECT_TRUE(r.cases.empty());
}

}  // namespace
}  // namespace tl
