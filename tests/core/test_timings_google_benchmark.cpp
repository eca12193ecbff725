// Google Benchmark JSON (tests/golden/timings/google-benchmark/).
#include "test_timings_util.h"

namespace tl {
namespace {

using testing::all_warnings;
using testing::find_warning;
using testing::import_fixture;

TEST(GoogleBenchmark, FoldsRepetitionsAndIgnoresTheirAggregates) {
    const auto r = import_fixture("google-benchmark", "google-benchmark/repetitions.json");
    ASSERT_TRUE(r.complete) << all_warnings(r);
    ASSERT_EQ(r.records.size(), 3u) << all_warnings(r);
    const auto& a = r.records[0];
    EXPECT_EQ(a.line, 16);
    EXPECT_EQ(a.format, "google-benchmark");
    EXPECT_EQ(a.kernel, "matmul");
    EXPECT_EQ(a.params.dump(), R"({"bm":128,"bn":256})");
    EXPECT_EQ(a.target, "tpu-v5e");  // from the custom context
    EXPECT_EQ(a.verified, true);
    EXPECT_EQ(a.source, TimingSource::Measured);
    // Repetitions of 1.2, 1.0, 1.4 ms (real_time in us): median 1.2, min 1.0, max 1.4,
    // mean 1.2, sample std sqrt((0.04+0+0.04)/2) = 0.2 ms, p20 1.0+0.4*0.2 = 1.08 ms,
    // p80 1.2+0.6*0.2 = 1.32 ms.
    EXPECT_EQ(a.n, 3);
    EXPECT_NEAR(*a.median_s, 1.2e-3, 1e-15);
    EXPECT_NEAR(*a.min_s, 1.0e-3, 1e-15);
    EXPECT_NEAR(*a.max_s, 1.4e-3, 1e-15);
    EXPECT_NEAR(*a.mean_s, 1.2e-3, 1e-15);
    EXPECT_NEAR(*a.std_s, 0.2e-3, 1e-15);
    EXPECT_NEAR(*a.p20_s, 1.08e-3, 1e-15);
    EXPECT_NEAR(*a.p80_s, 1.32e-3, 1e-15);
    EXPECT_DOUBLE_EQ(*a.flops, 1e9);  // the FLOPs user counter
    EXPECT_FALSE(a.share);

    EXPECT_EQ(r.records[1].params["bm"], 256);
    EXPECT_EQ(r.records[1].n, 1);
    EXPECT_NEAR(*r.records[1].median_s, 0.9e-3, 1e-15);
    // error_occurred: a failed point.
    EXPECT_EQ(r.records[2].line, 23);
    EXPECT_EQ(r.records[2].status, TimingStatus::Failed);
    EXPECT_FALSE(r.records[2].median_s);

    // Only the note on the method: the cv aggregate is not needed when iterations exist.
    ASSERT_EQ(r.warnings.size(), 1u) << all_warnings(r);
    EXPECT_TRUE(find_warning(r, 16, "2 records do not say how they were timed"));
}

TEST(GoogleBenchmark, UsesAggregatesWhenThereAreNoIterationsAndSkipsBigO) {
    const auto r = import_fixture("google-benchmark", "google-benchmark/aggregates_only.json");
    ASSERT_EQ(r.records.size(), 3u) << all_warnings(r);
    const auto& a = r.records[0];
    EXPECT_EQ(a.line, 4);
    EXPECT_EQ(a.params.dump(), R"({"bm":128})");
    EXPECT_EQ(a.n, 5);  // repetitions
    EXPECT_NEAR(*a.median_s, 2.4e-3, 1e-15);
    EXPECT_NEAR(*a.mean_s, 2.5e-3, 1e-15);
    EXPECT_NEAR(*a.std_s, 0.3e-3, 1e-15);
    EXPECT_FALSE(a.min_s);  // not in the file
    EXPECT_FALSE(a.max_s);
    EXPECT_TRUE(find_warning(r, 7, "aggregate row 'cv' has no time: skipped")) << all_warnings(r);
    // BM_scan/1024: the BM_ prefix dropped, a positional argument kept as arg0.
    EXPECT_EQ(r.records[1].kernel, "scan");
    EXPECT_EQ(r.records[1].params.dump(), R"({"arg0":1024})");
    EXPECT_NEAR(*r.records[1].median_s, 5e-6, 1e-18);
    EXPECT_EQ(r.records[2].params.dump(), R"({"arg0":2048})");
    EXPECT_TRUE(find_warning(r, 8, "have no names: kept as arg0"));
    EXPECT_TRUE(find_warning(r, 10, "BigO row 'BM_scan_BigO' has no time: skipped"));
    EXPECT_TRUE(find_warning(r, 11, "RMS row 'BM_scan_RMS' has no time: skipped"));
    EXPECT_TRUE(find_warning(r, 4, "3 records do not say how they were timed"));
    EXPECT_EQ(r.warnings.size(), 5u) << all_warnings(r);
}

TEST(GoogleBenchmark, AggregateRowsWithoutAggregateNameAreNamedByTheirSuffix) {
    // Google Benchmark wrote run_type before it wrote aggregate_name: such a row says what it
    // is only in its name ("BM_copy/64_median").
    const auto r = testing::import_text("google-benchmark", R"js({"benchmarks": [
      {"name": "BM_copy/64_mean", "run_name": "BM_copy/64", "run_type": "aggregate",
       "iterations": 3, "real_time": 2.5e+03, "cpu_time": 2.4e+03, "time_unit": "ns"},
      {"name": "BM_copy/64_median", "run_name": "BM_copy/64", "run_type": "aggregate",
       "iterations": 3, "real_time": 2.0e+03, "cpu_time": 1.9e+03, "time_unit": "ns"},
      {"name": "BM_copy/64_stddev", "run_name": "BM_copy/64", "run_type": "aggregate",
       "iterations": 3, "real_time": 1.0e+02, "cpu_time": 1.0e+02, "time_unit": "ns"}]})js");
    ASSERT_EQ(r.records.size(), 1u) << all_warnings(r);
    EXPECT_EQ(r.records[0].kernel, "copy");
    EXPECT_NEAR(*r.records[0].median_s, 2.0e-6, 1e-18);
    EXPECT_NEAR(*r.records[0].mean_s, 2.5e-6, 1e-18);
    EXPECT_NEAR(*r.records[0].std_s, 1.0e-7, 1e-18);
    for (const auto& w : r.warnings)
        EXPECT_EQ(w.message.find("has no time"), std::string::npos) << w.message;
}

TEST(GoogleBenchmark, NamesUnitsCountersAndBadRows) {
    const auto r = import_fixture("google-benchmark", "google-benchmark/names.json");
    ASSERT_EQ(r.records.size(), 4u) << all_warnings(r);
    const auto& f32 = r.records[0];
    EXPECT_EQ(f32.kernel, "matmul");
    EXPECT_EQ(f32.dtype, "float32");
    EXPECT_EQ(f32.params.dump(), R"({"m":1024,"n":1024,"tile_m":128})");
    EXPECT_NEAR(*f32.median_s, 0.0021, 1e-15);  // time_unit s
    EXPECT_EQ(f32.impl, "pallas");              // from the context
    EXPECT_EQ(f32.method, TimingMethod::WallclockSynced);

    const auto& semi = r.records[1];
    EXPECT_FALSE(semi.kernel);  // the name has no kernel part
    EXPECT_EQ(semi.params.dump(), R"({"M":4096,"N":4096,"bm":512})");
    EXPECT_NEAR(*semi.median_s, 3e-3, 1e-15);  // 3,000,000 ns
    EXPECT_DOUBLE_EQ(*semi.flops, 1.37e11);
    EXPECT_DOUBLE_EQ(*semi.bytes, 4e8);

    const auto& xla = r.records[2];
    EXPECT_EQ(xla.impl, "xla");  // the name's impl wins over the context
    EXPECT_EQ(xla.dtype, "bfloat16");
    EXPECT_EQ(xla.params.dump(), R"({"bm":64})");
    EXPECT_NEAR(*xla.median_s, 7.5e-3, 1e-15);

    EXPECT_EQ(r.records[3].params["bm"], 8);  // real_time Infinity: failed
    EXPECT_EQ(r.records[3].status, TimingStatus::Failed);

    EXPECT_TRUE(find_warning(r, 9, "non-standard JSON numbers")) << all_warnings(r);
    EXPECT_TRUE(find_warning(r, 7, "unknown time_unit 'fortnights'"));
    EXPECT_TRUE(find_warning(r, 8, "no numeric real_time: skipped"));
    // An array has no line of its own here: the warning names its JSON path.
    const auto* arr = find_warning(r, 0, "not an object with a name");
    ASSERT_TRUE(arr) << all_warnings(r);
    EXPECT_EQ(arr->path, "benchmarks[6]");
    EXPECT_EQ(r.warnings.size(), 4u) << all_warnings(r);
}

TEST(GoogleBenchmark, TruncatedJsonIsAWarningWithItsLine) {
    const auto r = import_fixture("google-benchmark", "google-benchmark/truncated.json");
    EXPECT_FALSE(r.complete);
    EXPECT_TRUE(r.records.empty());
    ASSERT_EQ(r.warnings.size(), 1u);
    EXPECT_EQ(r.warnings[0].line, 5);
    EXPECT_NE(r.warnings[0].message.find("not valid JSON (line 5"), std::string::npos)
        << r.warnings[0].message;
}

TEST(GoogleBenchmark, NotAnObjectWithBenchmarks) {
    const auto r = testing::import_text("google-benchmark", R"({"context": {}, "benchmarks": 3})");
    EXPECT_FALSE(r.complete);
    ASSERT_EQ(r.warnings.size(), 1u);
    EXPECT_EQ(r.warnings[0].path, "benchmarks");
}

}  // namespace
}  // namespace tl
