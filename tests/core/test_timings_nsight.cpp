// Nsight Compute and Nsight Systems CSV (tests/golden/timings/ncu-csv/, nsys-csv/).
#include "test_timings_util.h"

namespace tl {
namespace {

using testing::all_warnings;
using testing::find_warning;
using testing::import_fixture;

TEST(NsightCompute, LongLayoutAfterProfilerOutput) {
    const auto r = import_fixture("ncu-csv", "ncu-csv/long.csv");
    ASSERT_TRUE(r.complete) << all_warnings(r);
    ASSERT_EQ(r.records.size(), 1u) << all_warnings(r);
    const auto& mm = r.records[0];
    EXPECT_EQ(mm.format, "ncu-csv");
    EXPECT_EQ(mm.line, 8);
    EXPECT_EQ(mm.kernel, "matmul_kernel");
    EXPECT_EQ(mm.params.dump(),
              R"j({"template":"128, 256","grid":"(32, 16, 1)","block":"(256, 1, 1)"})j");
    EXPECT_EQ(mm.device, "NVIDIA H100 80GB HBM3");
    EXPECT_EQ(mm.method, TimingMethod::DeviceProfiler);
    // Launches 0, 1, 3: "1,234.50" usecond, "1,300,000" nsecond, and the section's Duration
    // "1,250" usecond: 1.2345, 1.3, 1.25 ms -> median 1.25, min 1.2345, max 1.3 ms.
    EXPECT_EQ(mm.n, 3);
    EXPECT_NEAR(*mm.median_s, 1.25e-3, 1e-15);
    EXPECT_NEAR(*mm.min_s, 1.2345e-3, 1e-15);
    EXPECT_NEAR(*mm.max_s, 1.3e-3, 1e-15);
    EXPECT_DOUBLE_EQ(*mm.bytes, 4194304);  // "4,194,304" byte
    // Launch 2 is n/a: skipped, with its line.
    ASSERT_EQ(r.warnings.size(), 1u) << all_warnings(r);
    EXPECT_TRUE(find_warning(r, 13,
                             "launch 2 of 'reduce_kernel(float*)' has no usable "
                             "duration ('n/a')"));
}

TEST(NsightCompute, RawPageWithAUnitsRow) {
    const auto r = import_fixture("ncu-csv", "ncu-csv/raw.csv");
    ASSERT_EQ(r.records.size(), 2u) << all_warnings(r);
    // Grid (8, 8, 1): 12.5 and 13.5 us -> median 13 us.
    const auto& small = r.records[0];
    EXPECT_EQ(small.line, 5);
    EXPECT_EQ(small.params["grid"], "(8, 8, 1)");
    EXPECT_EQ(small.device, "NVIDIA A100-SXM4-40GB");
    EXPECT_EQ(small.n, 2);
    EXPECT_NEAR(*small.median_s, 13e-6, 1e-15);
    EXPECT_NEAR(*small.min_s, 12.5e-6, 1e-15);
    EXPECT_DOUBLE_EQ(*small.bytes, 1048576);
    const auto& big = r.records[1];
    EXPECT_EQ(big.params["grid"], "(16, 16, 1)");
    EXPECT_NEAR(*big.median_s, 40e-6, 1e-15);
    EXPECT_FALSE(big.bytes);  // n/a
    EXPECT_TRUE(find_warning(r, 8, "the row has 8 fields but the header has 14"));
    EXPECT_EQ(r.warnings.size(), 1u) << all_warnings(r);
}

TEST(NsightCompute, OnlyProgramOutput) {
    const auto r =
        testing::import_text("ncu-csv", "==PROF== Connected\nhello\n==PROF== Disconnected\n");
    EXPECT_FALSE(r.complete);
    EXPECT_TRUE(r.records.empty());
    EXPECT_TRUE(find_warning(r, 3, "no Nsight Compute table header")) << all_warnings(r);
}

TEST(NsightCompute, OnlyProfilerErrorsSayNoKernelWasProfiledAndQuoteTheError) {
    // What ncu prints when the target process launches no kernel it may profile.
    const auto r = testing::import_text(
        "ncu-csv",
        "==PROF== Connected to process 4242 (/usr/bin/python3.10)\n"
        "==ERROR== An error was reported by the driver\n"
        "==ERROR== Profiling failed because a driver resource was unavailable.\n"
        "==PROF== Disconnected from process 4242\n");
    EXPECT_FALSE(r.complete);
    EXPECT_TRUE(r.records.empty());
    EXPECT_TRUE(find_warning(r, 2,
                             "no kernel was profiled; the profiler said: ==ERROR== An error was "
                             "reported by the driver"))
        << all_warnings(r);
}

TEST(NsightSystems, KernelSummaryWithPreamble) {
    const auto r = import_fixture("nsys-csv", "nsys-csv/kern_sum.csv");
    ASSERT_TRUE(r.complete) << all_warnings(r);
    ASSERT_EQ(r.records.size(), 2u) << all_warnings(r);
    const auto& mm = r.records[0];
    EXPECT_EQ(mm.format, "nsys-csv");
    EXPECT_EQ(mm.line, 5);
    EXPECT_EQ(mm.kernel, "matmul_kernel");
    EXPECT_EQ(mm.params["template"], "128, 256");
    EXPECT_NEAR(*mm.share, 0.625, 1e-12);  // Time (%) 62.5
    EXPECT_EQ(mm.n, 1000);
    EXPECT_NEAR(*mm.mean_s, 1250e-9, 1e-18);
    EXPECT_NEAR(*mm.median_s, 1240e-9, 1e-18);
    EXPECT_NEAR(*mm.min_s, 1100e-9, 1e-18);
    EXPECT_NEAR(*mm.max_s, 1500e-9, 1e-18);
    EXPECT_NEAR(*mm.std_s, 50.5e-9, 1e-18);
    EXPECT_EQ(mm.method, TimingMethod::DeviceProfiler);
    const auto& red = r.records[1];
    EXPECT_EQ(red.kernel, "reduce_kernel");
    EXPECT_NEAR(*red.share, 0.30, 1e-12);
    EXPECT_FALSE(red.std_s);  // n/a
    EXPECT_TRUE(find_warning(r, 7, "'abc' is not a number: row skipped"));
    EXPECT_EQ(r.warnings.size(), 1u) << all_warnings(r);
}

TEST(NsightSystems, OlderHeaderWithoutUnits) {
    const auto r = import_fixture("nsys-csv", "nsys-csv/old_kern_sum.csv");
    ASSERT_EQ(r.records.size(), 1u) << all_warnings(r);
    EXPECT_NEAR(*r.records[0].mean_s, 2500e-9, 1e-18);
    EXPECT_NEAR(*r.records[0].max_s, 3000e-9, 1e-18);
    EXPECT_FALSE(r.records[0].median_s);  // this report had no median column
    EXPECT_NEAR(*r.records[0].share, 1.0, 1e-12);
    EXPECT_TRUE(find_warning(r, 1, "read as nanoseconds"));
}

}  // namespace
}  // namespace tl

namespace tl {
namespace {

using testing::all_warnings;
using testing::find_warning;
using testing::import_fixture;

TEST(XprofOpStats, DeviceOpsWithTheirAverageAndShareOfTheDevice) {
    const auto r = import_fixture("xprof-op-stats-csv", "xprof-op-stats/framework_op_stats.csv");
    ASSERT_TRUE(r.complete) << all_warnings(r);
    // IDLE and the host's dispatch are not kernels.
    ASSERT_EQ(r.records.size(), 3u) << all_warnings(r);
    const auto& mm = r.records[0];
    EXPECT_EQ(mm.kernel, "matmul_kernel");
    EXPECT_EQ(mm.line, 3);
    EXPECT_EQ(mm.n, 20);
    EXPECT_NEAR(*mm.median_s, 406.17e-6, 1e-15);
    EXPECT_NEAR(*mm.mean_s, 406.17e-6, 1e-15);
    EXPECT_NEAR(*mm.share, 0.5327, 1e-12);
    EXPECT_FALSE(mm.min_s);
    EXPECT_EQ(mm.method, TimingMethod::DeviceProfiler);
    EXPECT_EQ(r.records[1].kernel, "add_fusion.3");
    EXPECT_EQ(r.records[2].n, 40);
    EXPECT_TRUE(find_warning(r, 3, "average stands in for the median")) << all_warnings(r);
}

TEST(XprofOpStats, NewerColumnLabelsAndAMissingHeader) {
    const auto newer = testing::import_text(
        "xprof-op-stats-csv",
        "Rank,Host/device,Operation Type,Operation Name,#Occurrences,Total time (us),"
        "Avg. time (us),Total self-time (us),Avg. self-time (us),Total self-time on Device (%)\n"
        "1,Device,custom-call,flash_attention,8,800,100,800,100,40\n");
    ASSERT_EQ(newer.records.size(), 1u) << all_warnings(newer);
    EXPECT_EQ(newer.records[0].kernel, "flash_attention");
    EXPECT_NEAR(*newer.records[0].median_s, 100e-6, 1e-15);
    EXPECT_NEAR(*newer.records[0].share, 0.4, 1e-12);

    const auto none = testing::import_text("xprof-op-stats-csv", "a,b,c\n1,2,3\n");
    EXPECT_FALSE(none.complete);
    EXPECT_TRUE(none.records.empty());
    EXPECT_TRUE(find_warning(none, 2, "no Framework Op Stats header")) << all_warnings(none);
}

TEST(XprofOpStats, JsonFormsSkipCountsAndTimesNoRecordCanHold) {
    // Occurrences past any real count, fractional or infinite, and infinite times: each op is
    // skipped with its JSON path, the sane one kept.
    const std::string stats =
        R"([{"cols": [{"id": "host_or_device"}, {"id": "operation"}, {"id": "occurrences"},)"
        R"( {"id": "avg_self_time"}], "rows": [)"
        R"({"c": [{"v": "Device"}, {"v": "huge"}, {"v": 1e300}, {"v": 1}]},)"
        R"({"c": [{"v": "Device"}, {"v": "half"}, {"v": 2.5}, {"v": 1}]},)"
        R"({"c": [{"v": "Device"}, {"v": "forever"}, {"v": 3}, {"v": "inf"}]},)"
        R"({"c": [{"v": "Device"}, {"v": "ok"}, {"v": 4}, {"v": 2}]}]}])";
    const auto s = testing::import_text("xprof-op-stats-json", stats);
    ASSERT_EQ(s.records.size(), 1u) << all_warnings(s);
    EXPECT_EQ(s.records[0].kernel, "ok");
    EXPECT_NE(all_warnings(s).find("[0].rows[0]"), std::string::npos) << all_warnings(s);

    const std::string profile =
        R"({"byProgram": {"metrics": {"rawTime": 100}, "children": [{"children": [)"
        R"({"name": "huge", "xla": {}, "metrics": {"occurrences": 1e300, "rawTime": 5}},)"
        R"({"name": "forever", "xla": {}, "metrics": {"occurrences": 2, "rawTime": "inf"}},)"
        R"({"name": "ok", "xla": {}, "metrics": {"occurrences": 2, "rawTime": 50}}]}]}})";
    const auto p = testing::import_text("xprof-op-profile-json", profile);
    ASSERT_EQ(p.records.size(), 1u) << all_warnings(p);
    EXPECT_EQ(p.records[0].kernel, "ok");
    EXPECT_NEAR(*p.records[0].median_s, 25e-12, 1e-24);
    EXPECT_NEAR(*p.records[0].share, 0.5, 1e-12);
}

}  // namespace
}  // namespace tl
