// Roofline, end-to-end speedup and the decision, against figures computed by hand.
#include <gtest/gtest.h>

#include <cmath>

#include "core/base/format.h"
#include "core/target/roofline.h"
#include "core/timings/decision.h"
#include "test_timings_util.h"

namespace tl {
namespace {

TEST(Roofline, ComputeBoundMatmulOnTpuV5e) {
    // 4096^3 matmul: 2 * 4096^3 = 137438953472 FLOP, 402653184 HBM bytes (256x256x512 tiles,
    // the contract's plan example). Peak 197e12 FLOP/s, 819e9 B/s.
    // intensity = 137438953472 / 402653184 = 341.33 FLOP/B; ridge = 197e12 / 819e9 = 240.54,
    // so compute-bound and attainable = 197e12. roofline_s = max(137438953472 / 197e12,
    // 402653184 / 819e9) = max(6.9766e-4, 4.9164e-4) = 6.9766e-4 (the contract's 0.000698).
    // At 1.12 ms: achieved 137438953472 / 1.12e-3 = 1.22713e14, 1.22713e14 / 1.97e14 = 62.29%.
    const auto p = roofline_point(137438953472.0, 402653184.0, 197e12, 819e9, 1.12e-3);
    ASSERT_TRUE(p);
    EXPECT_NEAR(p->intensity, 341.3333, 1e-4);
    EXPECT_TRUE(p->compute_bound);
    EXPECT_DOUBLE_EQ(p->attainable_flops, 197e12);
    EXPECT_NEAR(p->roofline_s, 6.9766e-4, 1e-8);
    EXPECT_NEAR(*p->achieved_flops, 1.22713e14, 1e9);
    EXPECT_NEAR(*p->fraction_of_roof, 0.62291, 1e-5);
    EXPECT_NEAR(ridge_intensity(197e12, 819e9), 240.537, 1e-3);
}

TEST(Roofline, MemoryBoundKernel) {
    // 1e9 FLOP over 1e8 B: intensity 10, attainable 10 * 819e9 = 8.19e12 (below the peak).
    // At 0.25 ms: achieved 1e9 / 2.5e-4 = 4e12, 4e12 / 8.19e12 = 48.840%.
    // roofline_s = max(1e9 / 197e12, 1e8 / 819e9) = 1.22100e-4.
    const auto p = roofline_point(1e9, 1e8, 197e12, 819e9, 2.5e-4);
    ASSERT_TRUE(p);
    EXPECT_DOUBLE_EQ(p->intensity, 10);
    EXPECT_FALSE(p->compute_bound);
    EXPECT_DOUBLE_EQ(p->attainable_flops, 8.19e12);
    EXPECT_NEAR(p->roofline_s, 1.22100e-4, 1e-9);
    EXPECT_DOUBLE_EQ(*p->achieved_flops, 4e12);
    EXPECT_NEAR(*p->fraction_of_roof, 0.488400, 1e-6);
}

TEST(Roofline, RefusesWhatHasNoPoint) {
    EXPECT_FALSE(roofline_point(0, 1, 1, 1));
    EXPECT_FALSE(roofline_point(1, -1, 1, 1));
    EXPECT_FALSE(roofline_point(1, 1, 0, 1));
    EXPECT_FALSE(roofline_point(1, 1, 1, 0));
    EXPECT_FALSE(roofline_point(NAN, 1, 1, 1));
    const auto no_time = roofline_point(1e9, 1e8, 197e12, 819e9, 0.0);
    ASSERT_TRUE(no_time);
    EXPECT_FALSE(no_time->achieved_flops);
    // No HBM traffic: infinite intensity sits on the compute roof.
    const auto no_bytes = roofline_point(1e9, 0, 197e12, 819e9);
    EXPECT_TRUE(std::isinf(no_bytes->intensity));
    EXPECT_DOUBLE_EQ(no_bytes->attainable_flops, 197e12);
    EXPECT_DOUBLE_EQ(attainable_flops(-1, 1, 1), 0);
}

TEST(EndToEnd, AmdahlByHand) {
    // p 0.5, s 2: 1 / (0.5 + 0.25) = 4/3. p 1, s 3: 3. p 0: 1.
    EXPECT_DOUBLE_EQ(*end_to_end_speedup(0.5, 2), 4.0 / 3.0);
    EXPECT_DOUBLE_EQ(*end_to_end_speedup(1, 3), 3);
    EXPECT_DOUBLE_EQ(*end_to_end_speedup(0, 5), 1);
    // p 0.03, s 1.17: 1 / (0.97 + 0.0256410) = 1 / 0.9956410 = 1.004378, which saves 0.4% of
    // the step (docs/timings.md, "The decision").
    EXPECT_NEAR(*end_to_end_speedup(0.03, 1.17), 1.004378, 1e-6);
    EXPECT_FALSE(end_to_end_speedup(1.5, 2));
    EXPECT_FALSE(end_to_end_speedup(-0.1, 2));
    EXPECT_FALSE(end_to_end_speedup(0.5, 0));
    EXPECT_FALSE(end_to_end_speedup(0.5, INFINITY));
}

TEST(Formatting, PercentsAndTimes) {
    EXPECT_EQ(format_percent(0.03), "3%");
    EXPECT_EQ(format_percent(0.027), "2.7%");
    EXPECT_EQ(format_percent(0.0043), "0.4%");
    EXPECT_EQ(format_percent(0.02), "2%");
    EXPECT_EQ(format_percent(0.37), "37%");
    EXPECT_EQ(format_percent(0.0004), "0.04%");
    EXPECT_EQ(format_percent(0), "0%");
    EXPECT_EQ(format_seconds(0.00112), "1.12 ms");
    EXPECT_EQ(format_seconds(850e-9), "850 ns");
    EXPECT_EQ(format_seconds(2.5), "2.50 s");
    EXPECT_EQ(format_seconds(12.5e-6), "12.5 \xc2\xb5s");
}

TimingRecord rec(const char* impl, Json params, double median, double lo, double hi,
                 std::optional<double> step = std::nullopt) {
    TimingRecord r;
    r.kernel = "matmul";
    r.impl = impl;
    r.target = "tpu-v5e";
    r.params = std::move(params);
    r.n = 50;
    r.median_s = median;
    r.min_s = lo;
    r.max_s = hi;
    r.method = TimingMethod::DeviceProfiler;
    r.source = TimingSource::Measured;
    r.verified = true;
    if (step) r.share = median / *step;
    r.line = 1;
    return r;
}

TEST(Decision, TheExampleOfTimingsMd) {
    // The TileLens CSV example: pallas 1.12 ms vs xla 1.31 ms, step 41.2 ms.
    // speedup 1.31 / 1.12 = 1.169643; share 1.12 / 41.2 = 0.0271845 (the contract's 0.027);
    // end to end 1 / (0.9728155 + 0.0271845 / 1.169643) = 1 / 0.9960572 = 1.003958
    // (the contract's 1.004); saved 1 - 0.9960572 = 0.39% -> "0.4%", below 2%.
    const auto imported = testing::import_fixture("tilelens-csv", "tilelens-csv/example.csv");
    const Decision d = decide(imported.records);
    EXPECT_EQ(d.kernel, "matmul");
    EXPECT_EQ(d.target, "tpu-v5e");
    ASSERT_TRUE(d.best);
    EXPECT_EQ(*d.best, 0u);
    EXPECT_EQ(d.baseline, 1u);
    EXPECT_EQ(d.baseline_impl, "xla");
    EXPECT_NEAR(*d.speedup, 1.169643, 1e-6);
    EXPECT_NEAR(*d.share, 0.0271845, 1e-7);
    EXPECT_NEAR(*d.end_to_end_speedup, 1.003958, 1e-6);
    EXPECT_NEAR(*d.saving, 0.0039428, 1e-7);
    EXPECT_EQ(d.earns_complexity, false);
    EXPECT_FALSE(d.tie);
    EXPECT_TRUE(d.excluded.empty());
    EXPECT_EQ(d.sentence,
              "the kernel is 1.17\xc3\x97 faster than xla on tpu-v5e (50 runs, verified); at 2.7% "
              "of the step that saves 0.4% end to end: below the 2% threshold \xe2\x80\x94 does "
              "not earn its complexity");
}

TEST(Decision, ThresholdIsASetting) {
    // Share 0.2 (step 5.6 ms), speedup 1.169643: saved 0.2 * (1 - 1/1.169643) = 2.90%.
    std::vector<TimingRecord> rs{rec("pallas", {{"bm", 512}}, 1.12e-3, 1.09e-3, 1.21e-3, 5.6e-3),
                                 rec("xla", {}, 1.31e-3, 1.28e-3, 1.40e-3)};
    Decision d = decide(rs);
    EXPECT_NEAR(*d.saving, 0.0290076, 1e-6);
    EXPECT_EQ(d.earns_complexity, true);
    EXPECT_NE(d.sentence.find("at 20% of the step that saves 2.9% end to end: at or above the "
                              "2% threshold \xe2\x80\x94 earns its complexity"),
              std::string::npos)
        << d.sentence;
    DecisionConfig strict;
    strict.threshold = 0.05;
    d = decide(rs, strict);
    EXPECT_EQ(d.earns_complexity, false);
    EXPECT_NE(d.sentence.find("below the 5% threshold"), std::string::npos) << d.sentence;
}

TEST(Decision, TieWhenTheBestTwoOverlap) {
    std::vector<TimingRecord> rs{rec("pallas", {{"bm", 256}}, 1.05e-3, 1.02e-3, 1.20e-3),
                                 rec("pallas", {{"bm", 512}}, 1.00e-3, 0.95e-3, 1.10e-3),
                                 rec("xla", {}, 1.50e-3, 1.40e-3, 1.60e-3)};
    const Decision d = decide(rs);
    EXPECT_EQ(*d.best, 1u);
    EXPECT_EQ(*d.runner_up, 0u);
    EXPECT_TRUE(d.tie);
    EXPECT_EQ(d.tie_note,
              "bm=512 and bm=256 are a tie: their min\xe2\x80\x93max ranges overlap (950 "
              "\xc2\xb5s\xe2\x80\x93"
              "1.10 ms and 1.02 ms\xe2\x80\x93"
              "1.20 ms)");
    EXPECT_NE(d.sentence.find(d.tie_note), std::string::npos);
    EXPECT_NEAR(*d.speedup, 1.5, 1e-12);
    // Apart: bm=256 from 1.11 ms on does not overlap 0.95-1.10 ms.
    rs[0].min_s = 1.11e-3;
    EXPECT_FALSE(decide(rs).tie);
}

TEST(Decision, ExcludedRecordsAreListedWithTheReason) {
    auto interp = rec("pallas", {{"bm", 64}}, 1e-4, 1e-4, 1e-4);
    interp.source = TimingSource::Interpret;
    auto unverified = rec("pallas", {{"bm", 32}}, 1e-4, 1e-4, 1e-4);
    unverified.verified.reset();
    auto failed = rec("pallas", {{"bm", 4096}}, 1e-4, 1e-4, 1e-4);
    failed.status = TimingStatus::Failed;
    auto estimated = rec("pallas", {{"bm", 16}}, 1e-4, 1e-4, 1e-4);
    estimated.source = TimingSource::Estimated;
    auto elsewhere = rec("xla", {}, 1e-4, 1e-4, 1e-4);
    elsewhere.target = "tpu-v4";
    auto other_kernel = rec("pallas", {}, 1e-5, 1e-5, 1e-5);
    other_kernel.kernel = "softmax";
    std::vector<TimingRecord> rs{interp,
                                 unverified,
                                 failed,
                                 estimated,
                                 elsewhere,
                                 other_kernel,
                                 rec("pallas", {{"bm", 512}}, 1.2e-3, 1.1e-3, 1.3e-3),
                                 rec("xla", {}, 1.5e-3, 1.4e-3, 1.6e-3)};
    DecisionConfig config;
    config.kernel = "matmul";
    config.target = "tpu-v5e";
    const Decision d = decide(rs, config);
    EXPECT_EQ(*d.best, 6u);
    EXPECT_EQ(*d.baseline, 7u);
    ASSERT_EQ(d.excluded.size(), 5u);
    EXPECT_EQ(d.excluded[0].index, 0u);
    EXPECT_NE(d.excluded[0].reason.find("interpret timing"), std::string::npos);
    EXPECT_NE(d.excluded[1].reason.find("unverified"), std::string::npos);
    EXPECT_NE(d.excluded[2].reason.find("failed candidate"), std::string::npos);
    EXPECT_NE(d.excluded[3].reason.find("estimated"), std::string::npos);
    EXPECT_EQ(d.excluded[4].reason, "measured on tpu-v4, not tpu-v5e");
    // No share anywhere: the end-to-end gain cannot be judged.
    EXPECT_FALSE(d.earns_complexity);
    EXPECT_NE(d.sentence.find("its share of the step is unknown"), std::string::npos);
}

TEST(Decision, ShareFromATraceOrTypedIn) {
    auto trace = rec("pallas", {}, 24e-6, 20e-6, 30e-6);
    trace.impl.reset();
    trace.target.reset();
    trace.verified.reset();
    trace.share = 0.37;
    std::vector<TimingRecord> rs{rec("pallas", {{"bm", 512}}, 1.0e-3, 0.9e-3, 1.1e-3),
                                 rec("xla", {}, 2.0e-3, 1.9e-3, 2.1e-3), trace};
    Decision d = decide(rs);
    // 1 / (0.63 + 0.37 / 2) = 1 / 0.815 = 1.226994; saved 0.185.
    EXPECT_NEAR(*d.share, 0.37, 1e-12);
    EXPECT_NEAR(*d.end_to_end_speedup, 1.226994, 1e-6);
    EXPECT_EQ(d.earns_complexity, true);
    ASSERT_EQ(d.excluded.size(), 1u);  // the trace record: unverified, but its share counts
    DecisionConfig typed;
    typed.share = 0.01;
    d = decide(rs, typed);
    // 1 / (0.99 + 0.005) = 1.005025; saved 0.5%.
    EXPECT_NEAR(*d.end_to_end_speedup, 1.005025, 1e-6);
    EXPECT_EQ(d.earns_complexity, false);
}

TEST(Decision, SlowerKernelNoBaselineOrNothingToDecide) {
    std::vector<TimingRecord> slow{rec("pallas", {{"bm", 8}}, 1.5e-3, 1.4e-3, 1.6e-3, 15e-3),
                                   rec("xla", {}, 1.2e-3, 1.1e-3, 1.3e-3)};
    // speedup 1.2 / 1.5 = 0.8 -> 1.25x slower; share 0.1: 1 / (0.9 + 0.125) = 0.97561; the
    // step gets 1 - 1/0.97561 = -2.5% shorter, i.e. 2.5% longer.
    Decision d = decide(slow);
    EXPECT_NEAR(*d.speedup, 0.8, 1e-12);
    EXPECT_NEAR(*d.saving, -0.025, 1e-12);
    EXPECT_EQ(d.earns_complexity, false);
    EXPECT_EQ(d.sentence,
              "the kernel is 1.25\xc3\x97 slower than xla on tpu-v5e (50 runs, verified); at 10% "
              "of the step that costs 2.5% end to end \xe2\x80\x94 does not earn its complexity");

    d = decide({slow[0]});
    EXPECT_FALSE(d.speedup);
    EXPECT_EQ(d.sentence,
              "the best candidate (bm=8) takes 1.50 ms on tpu-v5e (50 runs, verified); no "
              "baseline was measured there, so there is no speedup to judge");

    auto two = slow;
    two[1].target = "tpu-v4";
    two[1].impl = "pallas";
    d = decide(two);
    EXPECT_FALSE(d.best);
    EXPECT_NE(d.sentence.find("several targets (tpu-v4, tpu-v5e)"), std::string::npos);

    EXPECT_EQ(decide({}).sentence, "no pallas timings: nothing to decide");
}

TEST(Decision, TheBaselineTimesTheBestCandidatesProblemNotAFasterSmallerOne) {
    // The best candidate runs N=500 in 0.6 ms. XLA at N=250 (0.2 ms) is faster only because
    // its problem is smaller: the baseline is XLA at N=500 (0.8 ms), speedup 0.8 / 0.6.
    std::vector<TimingRecord> rs{rec("pallas", {{"N", 1000}, {"bm", 128}}, 2.0e-3, 1.9e-3, 2.1e-3),
                                 rec("pallas", {{"N", 500}, {"bm", 128}}, 0.6e-3, 0.5e-3, 0.7e-3),
                                 rec("xla", {{"N", 250}}, 0.2e-3, 0.2e-3, 0.2e-3),
                                 rec("xla", {{"N", 500}}, 0.8e-3, 0.7e-3, 0.9e-3),
                                 rec("xla", {{"N", 1000}}, 2.5e-3, 2.4e-3, 2.6e-3)};
    Decision d = decide(rs);
    ASSERT_TRUE(d.best && d.baseline);
    EXPECT_EQ(*d.best, 1u);
    EXPECT_EQ(*d.baseline, 3u);
    EXPECT_NEAR(*d.speedup, 0.8 / 0.6, 1e-12);
    EXPECT_FALSE(d.baseline_at_other_sizes);

    // A baseline in another dtype times another problem too.
    rs[3].dtype = "float32";
    rs[1].dtype = "bfloat16";
    d = decide(rs);
    EXPECT_FALSE(d.baseline);
    EXPECT_TRUE(d.baseline_at_other_sizes);
    EXPECT_NE(d.sentence.find("baselines were measured there only at other problem sizes"),
              std::string::npos)
        << d.sentence;

    // A baseline without params (one problem, not written down) still compares.
    rs.push_back(rec("xla", {}, 0.9e-3, 0.8e-3, 1.0e-3));
    d = decide(rs);
    EXPECT_EQ(d.baseline, 5u);
    EXPECT_TRUE(same_problem(rs[1], rs[5]));
    EXPECT_FALSE(same_problem(rs[1], rs[2]));
}

TEST(Decision, NothingToDecideCountsTheRecordsOfOtherKernels) {
    // Three records of other kernels were imported: "0 record(s) excluded" alone would read as
    // an empty import.
    auto unverified = rec("pallas", {{"bm", 8}}, 1.5e-3, 1.4e-3, 1.6e-3);
    unverified.verified = false;
    std::vector<TimingRecord> records{unverified, rec("xla", {}, 1e-3, 1e-3, 1e-3),
                                      rec("xla", {}, 2e-3, 2e-3, 2e-3),
                                      rec("pallas", {}, 3e-3, 3e-3, 3e-3)};
    records[1].kernel = "softmax";
    records[2].kernel = "attention";
    records[3].kernel = "attention";
    DecisionConfig config;
    config.kernel = "matmul";
    const Decision d = decide(records, config);
    EXPECT_FALSE(d.best);
    EXPECT_NE(d.sentence.find("(1 record(s) of matmul excluded; 3 record(s) of other kernels: "
                              "attention, softmax)"),
              std::string::npos)
        << d.sentence;
}

}  // namespace
}  // namespace tl
