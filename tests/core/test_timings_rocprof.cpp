// rocprofv3 CSVs (docs/timings.md, "Formats"): the kernel trace, one run per dispatch, and the
// kernel statistics, an average per kernel; the ROCm runtime's copies and fills are left out.
// The fixtures are what rocprofv3 wrote for AMD's HIP Jacobi exercise (their .source.md).
#include <gtest/gtest.h>

#include "test_timings_util.h"

namespace tl {
namespace {

using testing::all_warnings;
using testing::warns;

TEST(Rocprof, KernelStatsGiveEachKernelsAverageAndShare) {
    const std::string rel = "real/jacobi_kernel_stats.csv";
    EXPECT_EQ(testing::detected_format("12345_kernel_stats.csv", rel), "rocprofv3-csv");
    // The HIP API statistics share the header: only a kernel_stats file is claimed.
    EXPECT_EQ(testing::detected_format("12345_hip_api_stats.csv", rel), "none");
    const auto r = testing::import_fixture("rocprofv3-csv", rel);
    ASSERT_EQ(r.records.size(), 5u) << all_warnings(r);  // seven, less the runtime's two
    const auto& jacobi = r.records[0];
    EXPECT_EQ(jacobi.kernel,
              "JacobiIterationKernel(int, double, double, double const*, double const*, "
              "double*, double*)");
    EXPECT_EQ(jacobi.line, 2);
    EXPECT_EQ(jacobi.n, 1000);
    EXPECT_NEAR(*jacobi.median_s, 545275.48e-9, 1e-15);
    EXPECT_NEAR(*jacobi.min_s, 526082e-9, 1e-15);
    EXPECT_NEAR(*jacobi.max_s, 709763e-9, 1e-15);
    EXPECT_NEAR(*jacobi.std_s, 8821.418627e-9, 1e-15);
    EXPECT_NEAR(*jacobi.share, 0.4303, 1e-12);
    EXPECT_EQ(r.records[4].kernel, "NormKernel2(int, double const*, double*)");
    EXPECT_EQ(r.records[4].n, 1001);
    for (const auto& rec : r.records) EXPECT_FALSE(rec.kernel->starts_with("__amd_rocclr"));
    EXPECT_TRUE(warns(r, "the average stands in for the median")) << all_warnings(r);
    EXPECT_TRUE(warns(r, "give one with --target")) << all_warnings(r);
}

TEST(Rocprof, KernelTraceGivesEveryDispatchOnItsAgent) {
    const std::string rel = "real/jacobi_kernel_trace.csv";
    EXPECT_EQ(testing::detected_format("12345_kernel_trace.csv", rel), "rocprofv3-csv");
    ImportConfig config;
    config.target = "gpu-mi300x";
    const auto r = testing::import_fixture("rocprofv3-csv", rel, config);
    ASSERT_EQ(r.records.size(), 2u) << all_warnings(r);
    const auto& norm1 = r.records[0];
    EXPECT_EQ(norm1.kernel, "NormKernel1(int, double, double, double const*, double*)");
    EXPECT_EQ(norm1.line, 3);
    EXPECT_EQ(norm1.device, "Agent 8");
    EXPECT_EQ(norm1.target, "gpu-mi300x");
    EXPECT_EQ(norm1.n, 1);
    EXPECT_NEAR(*norm1.median_s, (4484384528106260.0 - 4484384527705139.0) * 1e-9, 1e-12);
    EXPECT_NEAR(*r.records[1].median_s, 3520e-9, 1e-12);
    EXPECT_EQ(norm1.method, TimingMethod::DeviceProfiler);
    EXPECT_FALSE(warns(r, "give one with --target")) << all_warnings(r);
}

TEST(Rocprof, RepeatedDispatchesFoldAndBadRowsAreSaid) {
    ImportConfig config;
    config.file = "1_kernel_trace.csv";
    const auto r = testing::import_text("rocprofv3-csv",
                                        "\"Kind\",\"Agent_Id\",\"Kernel_Name\",\"Start_Timestamp\","
                                        "\"End_Timestamp\"\n"
                                        "\"KERNEL_DISPATCH\",\"Agent 2\",\"k\",100,300\n"
                                        "\"KERNEL_DISPATCH\",\"Agent 2\",\"k\",400,800\n"
                                        "\"KERNEL_DISPATCH\",\"Agent 2\",\"k\",900,1000\n"
                                        "\"KERNEL_DISPATCH\",\"Agent 2\",\"k\",500,400\n"
                                        "\"KERNEL_DISPATCH\",\"Agent 2\"\n",
                                        config);
    ASSERT_EQ(r.records.size(), 1u) << all_warnings(r);
    EXPECT_EQ(r.records[0].n, 3);
    EXPECT_NEAR(*r.records[0].median_s, 200e-9, 1e-18);
    EXPECT_NEAR(*r.records[0].max_s, 400e-9, 1e-18);
    EXPECT_TRUE(warns(r,
                      "1_kernel_trace.csv: 5: a dispatch without a kernel name or with its end "
                      "before its start"))
        << all_warnings(r);
    EXPECT_TRUE(warns(r, "1_kernel_trace.csv: 6: the row has 2 fields")) << all_warnings(r);
}

}  // namespace
}  // namespace tl
