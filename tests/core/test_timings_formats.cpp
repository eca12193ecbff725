// Parameters from benchmark names, time units, run statistics and folding.
#include <gtest/gtest.h>

#include <cmath>

#include "core/timings/io/fold.h"
#include "core/timings/io/params_from_name.h"

namespace tl {
namespace {

TEST(ParamsFromName, SlashSeparatedKeyColonValue) {
    const auto p = params_from_name("matmul/bm:128/bn:256");
    EXPECT_EQ(p.kernel, "matmul");
    EXPECT_EQ(p.params.dump(), R"({"bm":128,"bn":256})");
    EXPECT_TRUE(p.unnamed.empty());
    EXPECT_FALSE(p.dtype);
}

TEST(ParamsFromName, UnderscoreKernelThenCommaPairs) {
    // The first key is the last "_" word before "=": kernel f32_matmul, key m.
    const auto p = params_from_name("f32_matmul_m=1024,n=1024,tile_m=128");
    EXPECT_EQ(p.kernel, "matmul");
    EXPECT_EQ(p.dtype, "float32");
    EXPECT_EQ(p.params.dump(), R"({"m":1024,"n":1024,"tile_m":128})");
}

TEST(ParamsFromName, SemicolonPairsWithoutAKernel) {
    const auto p = params_from_name("M=4096;N=4096;bm=512");
    EXPECT_EQ(p.kernel, "");
    EXPECT_EQ(p.params.dump(), R"({"M":4096,"N":4096,"bm":512})");
}

TEST(ParamsFromName, GoogleBenchmarkPrefixAndRunModifiersAreNotParameters) {
    const auto p = params_from_name("BM_matmul/bm:64/iterations:100/repeats:3/real_time/threads:1");
    EXPECT_EQ(p.kernel, "matmul");
    EXPECT_EQ(p.params.dump(), R"({"bm":64})");
    const auto threads = params_from_name("BM_matmul/threads:8");
    EXPECT_EQ(threads.params.dump(), R"({"threads":8})");
}

TEST(ParamsFromName, FixtureBenchmarksKeepTheirMethodInTheKernelName) {
    // BENCHMARK_F(Conv, Forward)->Arg(64) is reported as "Conv/Forward/64".
    const auto p = params_from_name("Conv/Forward/64");
    EXPECT_EQ(p.kernel, "Conv/Forward");
    EXPECT_EQ(p.unnamed, (std::vector<std::string>{"64"}));
    const auto bm = params_from_name("BM_Conv/BM_Backward/bm:64");
    EXPECT_EQ(bm.kernel, "Conv/Backward");
    EXPECT_EQ(bm.params.dump(), R"({"bm":64})");
    // A dtype or a number right after the head is still an argument, not a method.
    EXPECT_EQ(params_from_name("BM_matmul/bf16/128").kernel, "matmul");
    EXPECT_EQ(params_from_name("BM_matmul/128").unnamed, (std::vector<std::string>{"128"}));
}

TEST(ParamsFromName, PositionalArgumentsAreKeptUnnamed) {
    const auto p = params_from_name("BM_matmul/128/256");
    EXPECT_EQ(p.kernel, "matmul");
    EXPECT_TRUE(p.params.empty());
    ASSERT_EQ(p.unnamed.size(), 2u);
    EXPECT_EQ(p.unnamed[1], "256");
}

TEST(ParamsFromName, ValuesKeepTheirType) {
    EXPECT_EQ(param_value("128"), 128);
    EXPECT_EQ(param_value("-3"), -3);
    EXPECT_DOUBLE_EQ(param_value("0.5").get<double>(), 0.5);
    EXPECT_EQ(param_value("bf16"), "bf16");
    EXPECT_EQ(param_value(""), "");
    EXPECT_FALSE(parse_param_list("M=1;oops"));
    EXPECT_EQ(parse_param_list("")->dump(), "{}");
}

TEST(ParamsFromName, LiftsRecordFieldsOutOfParams) {
    TimingRecord r;
    r.params = Json{{"bm", 64}, {"impl", "xla"}, {"dtype", "bf16"}, {"target", "tpu-v5e"}};
    lift_record_fields(r);
    EXPECT_EQ(r.params.dump(), R"({"bm":64})");
    EXPECT_EQ(r.impl, "xla");
    EXPECT_EQ(r.dtype, "bfloat16");
    EXPECT_EQ(r.target, "tpu-v5e");
}

TEST(TimeUnits, ScaledSpellings) {
    EXPECT_DOUBLE_EQ(*seconds_per_unit("ns"), 1e-9);
    EXPECT_DOUBLE_EQ(*seconds_per_unit("nsecond"), 1e-9);
    EXPECT_DOUBLE_EQ(*seconds_per_unit("usecond"), 1e-6);
    EXPECT_DOUBLE_EQ(*seconds_per_unit("us"), 1e-6);
    EXPECT_DOUBLE_EQ(*seconds_per_unit("\xc2\xb5s"), 1e-6);
    EXPECT_DOUBLE_EQ(*seconds_per_unit("msecond"), 1e-3);
    EXPECT_DOUBLE_EQ(*seconds_per_unit("MS"), 1e-3);
    EXPECT_DOUBLE_EQ(*seconds_per_unit("second"), 1.0);
    EXPECT_DOUBLE_EQ(*seconds_per_unit("seconds"), 1.0);
    EXPECT_FALSE(seconds_per_unit("cycle"));
    EXPECT_FALSE(seconds_per_unit(""));
}

TEST(RunStats, MedianPercentilesAndSampleDeviation) {
    // Sorted 1 2 3 4: median (2+3)/2 = 2.5; p20 at position 0.6 -> 1.6; p80 at 2.4 -> 3.4;
    // mean 2.5; sample variance (2.25+0.25+0.25+2.25)/3 = 5/3.
    const auto s = run_stats({4, 1, 3, 2});
    ASSERT_TRUE(s);
    EXPECT_DOUBLE_EQ(s->median, 2.5);
    EXPECT_DOUBLE_EQ(s->min, 1);
    EXPECT_DOUBLE_EQ(s->max, 4);
    EXPECT_DOUBLE_EQ(s->p20, 1.6);
    EXPECT_DOUBLE_EQ(s->p80, 3.4);
    EXPECT_DOUBLE_EQ(s->mean, 2.5);
    EXPECT_DOUBLE_EQ(*s->std, std::sqrt(5.0 / 3.0));
    EXPECT_FALSE(run_stats({7})->std);
    EXPECT_FALSE(run_stats({}));
}

TimingRecord aggregated(double median, double lo, double hi, std::int64_t n, int line) {
    TimingRecord r;
    r.kernel = "mm";
    r.line = line;
    r.median_s = median;
    r.min_s = lo;
    r.max_s = hi;
    r.mean_s = median;
    r.n = n;
    return r;
}

TEST(Fold, AggregatedRowsCombineApproximatelyWithAWarning) {
    // Medians 1, 3, 2 -> median 2; n 10+30+20 = 60; mean (1*10+3*30+2*20)/60 = 140/60.
    std::vector<TimingRecord> rows{aggregated(1, 0.5, 1.5, 10, 3), aggregated(3, 2, 4, 30, 4),
                                   aggregated(2, 1, 3, 20, 5)};
    Diagnostics warnings;
    const auto out = fold_runs(rows, {}, &warnings);
    ASSERT_EQ(out.size(), 1u);
    EXPECT_EQ(out[0].n, 60);
    EXPECT_DOUBLE_EQ(*out[0].median_s, 2);
    EXPECT_DOUBLE_EQ(*out[0].min_s, 0.5);
    EXPECT_DOUBLE_EQ(*out[0].max_s, 4);
    EXPECT_DOUBLE_EQ(*out[0].mean_s, 140.0 / 60.0);
    EXPECT_FALSE(out[0].std_s);
    ASSERT_EQ(warnings.size(), 1u);
    EXPECT_EQ(warnings[0].line, 4);
    EXPECT_NE(warnings[0].message.find("median of their medians"), std::string::npos);
}

TEST(Fold, DifferentParamsOrTargetsStayApart) {
    TimingRecord a, b, c;
    for (auto* r : {&a, &b, &c}) {
        r->kernel = "mm";
        set_single_run(*r, 1.0);
    }
    a.params = Json{{"bm", 8}, {"bn", 4}};
    b.params = Json{{"bn", 4}, {"bm", 8}};  // same candidate, other key order
    c.params = Json{{"bm", 8}, {"bn", 4}};
    c.target = "tpu-v4";
    const auto out = fold_runs({a, b, c}, {}, nullptr);
    ASSERT_EQ(out.size(), 2u);
    EXPECT_EQ(out[0].n, 2);
    EXPECT_EQ(out[1].target, "tpu-v4");
}

}  // namespace
}  // namespace tl
