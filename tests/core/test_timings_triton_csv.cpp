// Triton perf_report CSVs (docs/timings.md, "Formats"): x columns as params, one record per
// provider, the unit from the header or milliseconds, throughput skipped.
#include <gtest/gtest.h>

#include "test_timings_util.h"

namespace tl {
namespace {

using testing::all_warnings;
using testing::import_text;
using testing::warns;

ImportResult import_named(const std::string& name, const std::string& text) {
    ImportConfig config;
    config.file = name;
    return import_text("triton-perf-report-csv", text, config);
}

TEST(TritonCsv, OneRecordPerSizeAndProviderInTheHeadersUnit) {
    const auto r =
        import_named("results/attention.csv",
                     "N_CTX,BLOCK,Triton (us),Torch (us),Triton-min (us),Triton-max (us)\n"
                     "1024,64,12.5,20.0,12.0,13.5\n"
                     "2048,64,40.0,75.5,39.0,41.0\n");
    ASSERT_EQ(r.records.size(), 4u) << all_warnings(r);
    const auto& t = r.records[0];
    EXPECT_EQ(t.kernel, "attention");  // the plot's name, which is the file's
    EXPECT_EQ(t.impl, "Triton");
    EXPECT_EQ(t.params["N_CTX"], 1024);
    EXPECT_EQ(t.params["BLOCK"], 64);
    EXPECT_EQ(t.line, 2);
    EXPECT_NEAR(*t.median_s, 12.5e-6, 1e-15);
    EXPECT_NEAR(*t.min_s, 12.0e-6, 1e-15);
    EXPECT_NEAR(*t.max_s, 13.5e-6, 1e-15);
    EXPECT_FALSE(t.n);  // how many runs the figure sums up, the file does not say
    EXPECT_EQ(r.records[1].impl, "Torch");
    EXPECT_FALSE(r.records[1].min_s);
    EXPECT_EQ(r.records[3].params["N_CTX"], 2048);
    EXPECT_NEAR(*r.records[3].median_s, 75.5e-6, 1e-15);
    EXPECT_TRUE(r.warnings.empty()) << all_warnings(r);
}

TEST(TritonCsv, WithoutAUnitValuesAreMillisecondsAndSaidSo) {
    const auto r = import_named("softmax.csv", "N,Triton,Torch\n256.0,0.5,0.7\n512.0,1.5,2.0\n");
    ASSERT_EQ(r.records.size(), 4u) << all_warnings(r);
    EXPECT_EQ(r.records[0].params["N"], 256);  // a size written as a float is still whole
    EXPECT_NEAR(*r.records[0].median_s, 0.5e-3, 1e-15);
    EXPECT_TRUE(warns(r, "the CSV does not say its unit: values read as milliseconds"))
        << all_warnings(r);
}

TEST(TritonCsv, ThroughputIsNotATime) {
    const auto r = import_named("bw.csv", "size,Triton (GB/s),Torch (ms)\n4096,80.5,0.01\n");
    ASSERT_EQ(r.records.size(), 1u) << all_warnings(r);
    EXPECT_EQ(r.records[0].impl, "Torch");
    EXPECT_TRUE(warns(r, "column 'Triton (GB/s)' holds throughput, not times: skipped"))
        << all_warnings(r);
}

TEST(TritonCsv, TheTutorialsPerformanceReportIsSkippedAsThroughput) {
    // The matmul tutorial's report: TFLOPS, with no unit in the header.
    const std::string rel = "real/matmul-performance-fp16.csv";
    EXPECT_EQ(testing::detected_format("matmul-performance-fp16.csv", rel),
              "triton-perf-report-csv");
    const auto r = testing::import_fixture("triton-perf-report-csv", rel);
    EXPECT_TRUE(r.records.empty());
    EXPECT_TRUE(warns(r,
                      "named as the Triton tutorials name their reports, which hold GB/s or "
                      "TFLOPS"))
        << all_warnings(r);
    // The same numbers under a name of its own are read as milliseconds, with the warning.
    std::ifstream in(testing::timing_fixture(rel));
    const std::string text{std::istreambuf_iterator<char>(in), {}};
    const auto renamed = import_named("matmul-fp16.csv", text);
    ASSERT_EQ(renamed.records.size(), 6u) << all_warnings(renamed);
    EXPECT_EQ(renamed.records[0].params, (Json{{"M", 256}, {"N", 256}, {"K", 256}}));
    EXPECT_EQ(renamed.records[1].impl, "Triton");
    EXPECT_NEAR(*renamed.records[1].median_s, 5.269226e-3, 1e-12);
}

TEST(TritonCsv, DetectionLeavesOtherCsvsAlone) {
    const TimingImporter* imp = find_timing_importer("triton-perf-report-csv");
    ASSERT_NE(imp, nullptr);
    EXPECT_TRUE(imp->supports("a.csv", "M,Triton\n128,0.5\n"));
    EXPECT_FALSE(imp->supports("a.csv", "name,Triton\nmatmul,0.5\n"));  // a name, not a size
    EXPECT_FALSE(imp->supports("a.json", "M,Triton\n128,0.5\n"));
    EXPECT_FALSE(imp->supports("a.csv", "M\n128\n"));
    EXPECT_FALSE(imp->supports("a.csv", "128,256\n1,2\n"));  // no header
}

TEST(TritonCsv, RaggedRowsAndEmptyValuesAreSkippedWithTheirLine) {
    const auto r = import_named("k.csv", "M,Triton (ms)\n128,0.5\n256\n512,\n");
    ASSERT_EQ(r.records.size(), 1u) << all_warnings(r);
    EXPECT_TRUE(warns(r, "k.csv: 3: the row has 1 fields but the header has 2")) << all_warnings(r);
    EXPECT_TRUE(warns(r, "k.csv: 4: 'Triton' has no time in this row")) << all_warnings(r);
}

}  // namespace
}  // namespace tl
