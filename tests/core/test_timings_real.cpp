// Timing files from public projects (tests/golden/timings/real/, each with a .source.md naming
// where it came from): every figure below was recomputed from the original file.
#include "test_timings_util.h"

namespace tl {
namespace {

using testing::all_warnings;
using testing::find_warning;
using testing::import_fixture;

const TimingRecord* find_record(const ImportResult& r, const std::string& impl, double size) {
    for (const auto& rec : r.records) {
        const auto it = rec.params.find("input_size");
        if (rec.impl == impl && it != rec.params.end() && it->get<double>() == size) return &rec;
    }
    return nullptr;
}

TEST(RealTimings, PytestBenchmarkGroupsAreDifferentCandidatesOnTheRecordedGpu) {
    const auto r = import_fixture("pytest-benchmark", "real/pytest-benchmark-groups.json");
    ASSERT_TRUE(r.complete) << all_warnings(r);
    ASSERT_EQ(r.records.size(), 4u) << all_warnings(r);
    // The same test names in groups cupy and millipyde: four candidates, never two merged ones.
    const TimingRecord* cupy = find_record(r, "cupy", 4000);
    const TimingRecord* milli = find_record(r, "millipyde", 4000);
    ASSERT_TRUE(cupy && milli) << all_warnings(r);
    EXPECT_EQ(cupy->kernel, "benchmark_transpose");
    EXPECT_EQ(milli->kernel, "benchmark_transpose");
    EXPECT_EQ(cupy->n, 100);
    EXPECT_NEAR(*cupy->median_s, 2.2076999812270515e-05, 1e-18);
    EXPECT_NEAR(*cupy->min_s, 1.921700004459126e-05, 1e-18);
    EXPECT_NEAR(*milli->median_s, 0.0009036159999595839, 1e-15);
    EXPECT_NEAR(*milli->max_s, 0.0016396139999415027, 1e-15);
    const TimingRecord* small = find_record(r, "millipyde", 500);
    ASSERT_TRUE(small);
    EXPECT_NEAR(*small->median_s, 8.942949989432236e-05, 1e-18);
    // The GPU a machine_info hook recorded, unwrapped from pytest-benchmark's serialisation.
    for (const auto& rec : r.records) EXPECT_EQ(rec.device, "NVIDIA GeForce RTX 3070");
    EXPECT_FALSE(find_warning(r, 0, "same candidate")) << all_warnings(r);
}

TEST(RealTimings, GoogleBenchmarkTemplatedFixturesKeepFixtureAndMethod) {
    const auto r = import_fixture("google-benchmark", "real/google-benchmark-fixture.json");
    ASSERT_TRUE(r.complete) << all_warnings(r);
    ASSERT_EQ(r.records.size(), 2u) << all_warnings(r);
    const auto& row = r.records[0];
    EXPECT_EQ(row.kernel,
              "Int8RowMajorTensorConversionFixture<Int32Type>/ConvertToSparseCOOTensorInt32");
    EXPECT_TRUE(row.params.empty());
    // Three repetitions folded; the mean/median/stddev/cv rows are not runs.
    EXPECT_EQ(row.n, 3);
    EXPECT_NEAR(*row.median_s, 88572.83803106814e-9, 1e-15);
    EXPECT_NEAR(*row.min_s, 87653.01273132746e-9, 1e-15);
    EXPECT_NEAR(*row.max_s, 89332.75062069818e-9, 1e-15);
    const auto& col = r.records[1];
    EXPECT_EQ(col.kernel,
              "Int8ColumnMajorTensorConversionFixture<Int32Type>/ConvertToSparseCOOTensorInt32");
    EXPECT_EQ(col.n, 3);
    EXPECT_NEAR(*col.median_s, 90967.36529355316e-9, 1e-15);
    // A warning names its line alone when the column is unknown: no "LINE:0".
    ASSERT_FALSE(r.warnings.empty());
    for (const auto& w : r.warnings) {
        EXPECT_GT(w.line, 0) << w.to_string();
        EXPECT_EQ(w.to_string().find(":0:"), std::string::npos) << w.to_string();
    }
}

TEST(RealTimings, PyTorchProfilerKernelsOnTheHostThreadInMicrosecondsDespiteMs) {
    const auto r = import_fixture("chrome-trace", "real/pytorch-h100.trace.json");
    ASSERT_TRUE(r.complete) << all_warnings(r);
    ASSERT_EQ(r.records.size(), 2u) << all_warnings(r);
    // displayTimeUnit "ms" does not rescale dur: the addmm kernel took 251.130 us.
    EXPECT_EQ(r.records[0].kernel, "void cutlass_addmm");
    EXPECT_NEAR(*r.records[0].median_s, 251.130e-6, 1e-15);
    EXPECT_EQ(r.records[1].kernel, "void convolution_kernel");
    EXPECT_NEAR(*r.records[1].median_s, 200.130e-6, 1e-15);
    for (const auto& rec : r.records) {
        EXPECT_EQ(rec.kernel.value_or("").find("aten::"), std::string::npos);
        EXPECT_EQ(rec.method, TimingMethod::DeviceProfiler);
        EXPECT_FALSE(rec.share);
    }
    EXPECT_TRUE(find_warning(r, 0, "no step time")) << all_warnings(r);
}

TEST(RealTimings, AnNcuRunThatProfiledNothingIsDetectedAndQuotesTheProfiler) {
    // Two real runs that printed only ncu's own lines: detected as Nsight Compute output by
    // their content, and the warning quotes the first error and ncu's advice.
    EXPECT_EQ(testing::detected_format("ncu.log", "real/ncu-h100-failed.txt"), "ncu-csv");
    EXPECT_EQ(testing::detected_format("ncu.log", "real/ncu-child-processes.txt"), "ncu-csv");

    const auto h100 = import_fixture("ncu-csv", "real/ncu-h100-failed.txt");
    EXPECT_FALSE(h100.complete);
    EXPECT_TRUE(h100.records.empty());
    EXPECT_TRUE(find_warning(h100, 1,
                             "no kernel was profiled; the profiler said: ==ERROR== Failed to "
                             "prepare kernel for profiling"))
        << all_warnings(h100);

    const auto child = import_fixture("ncu-csv", "real/ncu-child-processes.txt");
    EXPECT_FALSE(child.complete);
    EXPECT_TRUE(find_warning(child, 1,
                             "the profiler said: ==ERROR== The application returned an error "
                             "code (1).; ==WARNING== Profiling kernels launched by child "
                             "processes requires the --target-processes all option."))
        << all_warnings(child);
    // Neither is told to run ncu with --csv: the table is missing because nothing ran.
    for (const auto& w : h100.warnings) EXPECT_EQ(w.message.find("--csv"), std::string::npos);
    for (const auto& w : child.warnings) EXPECT_EQ(w.message.find("--csv"), std::string::npos);
}

TEST(RealTimings, OnlyNcusNoKernelsWarningStillSaysNothingWasProfiled) {
    // The no-kernels warning after the program's own output (no ==ERROR== line), as ncu
    // prints it for a program whose kernels run in a child process.
    const auto r = testing::import_text("ncu-csv",
                                        "measuring 12 programs\n"
                                        "==WARNING== No kernels were profiled.\n");
    EXPECT_TRUE(find_warning(r, 2,
                             "no kernel was profiled; the profiler said: ==WARNING== No kernels "
                             "were profiled."))
        << all_warnings(r);
    const TimingImporter* d =
        detect_timing_format("run.txt",
                             "measuring 12 programs\n==WARNING== No kernels were "
                             "profiled.\n");
    ASSERT_NE(d, nullptr);
    EXPECT_EQ(d->format_id(), "ncu-csv");
}

TEST(RealTimings, XprofFrameworkOpStatsJsonReadsTheFirstTablesDeviceOps) {
    const std::string rel = "real/xprof-framework-op-stats-tpu-v4.json";
    EXPECT_EQ(testing::detected_format("framework_op_stats.json", rel), "xprof-op-stats-json");

    const auto r = import_fixture("xprof-op-stats-json", rel);
    ASSERT_TRUE(r.complete) << all_warnings(r);
    // The first table's device ops; not its IDLE rows or host rows, not the second table.
    ASSERT_EQ(r.records.size(), 4u) << all_warnings(r);
    const auto& mm = r.records[0];
    EXPECT_EQ(mm.kernel, "jit(step)/shard_map/layer_1/dot_general");
    EXPECT_EQ(mm.n, 40);
    EXPECT_NEAR(*mm.median_s, 271.40292854999996e-6, 1e-15);  // Avg. self-time (us)
    EXPECT_NEAR(*mm.share, 0.15432967941000378, 1e-15);       // a fraction, as written
    EXPECT_EQ(mm.method, TimingMethod::DeviceProfiler);
    EXPECT_EQ(r.records[1].kernel, "jit(step)/shard_map/layer_0/dot_general");
    EXPECT_EQ(r.records[2].kernel, "copy-done");
    EXPECT_NEAR(*r.records[3].median_s, 17.482357099999998e-6, 1e-15);
    for (const auto& rec : r.records) {
        EXPECT_NE(rec.kernel, "IDLE");
        EXPECT_NE(rec.kernel, "dummy");
        EXPECT_GT(rec.line, 0);
    }
    EXPECT_TRUE(find_warning(r, 0, "average stands in for the median")) << all_warnings(r);
}

TEST(RealTimings, XprofOpProfileReadsTheOpsUnderTheirCategories) {
    const std::string rel = "real/xprof-op-profile-tpu-v4.json";
    EXPECT_EQ(testing::detected_format("op_profile.json", rel), "xprof-op-profile-json");

    const auto r = import_fixture("xprof-op-profile-json", rel);
    ASSERT_TRUE(r.complete) << all_warnings(r);
    // The ops under the categories, a duplicates group's members one by one; not the group,
    // not the ops fused inside an op.
    std::vector<std::string> names;
    for (const auto& rec : r.records) names.push_back(rec.kernel.value_or(""));
    EXPECT_EQ(names, (std::vector<std::string>{"convert_reduce_fusion.4", "psum_invariant.42",
                                               "psum_invariant.46", "broadcast_divide_fusion"}));
    ASSERT_EQ(r.records.size(), 4u);
    // Picoseconds: 10856117142 ps over 40 runs; the same op's row in the framework op stats of
    // this capture says 271.40292854999996 us and a device share of 0.15432967941000378.
    const auto& mm = r.records[0];
    EXPECT_EQ(mm.n, 40);
    EXPECT_NEAR(*mm.median_s, 271.40292855e-6, 1e-15);
    EXPECT_NEAR(*mm.share, 0.15432967941000378, 1e-12);
    EXPECT_NEAR(*r.records[1].median_s, 14.386892875e-6, 1e-15);
    EXPECT_NEAR(*r.records[3].median_s, 17.4823571e-6, 1e-15);
    EXPECT_TRUE(find_warning(r, 0, "average stands in for the median")) << all_warnings(r);
}

TEST(RealTimings, TokamaxAutotuningCacheGivesEachTimedConfigOnItsDevice) {
    const std::string rel = "real/tpu_v5_lite/pallas_mosaic_tpu_ragged_dot.json";
    EXPECT_EQ(testing::detected_format("pallas_mosaic_tpu_ragged_dot.json", rel),
              "tokamax-autotuning-json");

    const auto r = import_fixture("tokamax-autotuning-json", rel);
    ASSERT_TRUE(r.complete) << all_warnings(r);
    ASSERT_EQ(r.records.size(), 3u) << all_warnings(r);
    for (const auto& rec : r.records) {
        EXPECT_EQ(rec.kernel, "pallas_mosaic_tpu_ragged_dot");  // the file's name
        EXPECT_EQ(rec.impl, "pallas");
        EXPECT_EQ(rec.device, "tpu_v5_lite");  // its folder's
        EXPECT_EQ(rec.target, "tpu-v5e");
        EXPECT_EQ(rec.n, 5);
        EXPECT_EQ(rec.method, TimingMethod::DeviceProfiler);
        EXPECT_EQ(rec.params["input_buffer_count"], 2);
    }
    // The dense 4096^3 row: tiles (1024, 512, 1024), five device times of 0.763-0.764 ms.
    const auto& dense = r.records[0];
    EXPECT_EQ(dense.params["lhs"], "bf16[4096,4096]");
    EXPECT_EQ(dense.params["return_residuals"], "false");
    EXPECT_EQ(dense.params["tile_m"], 1024);
    EXPECT_EQ(dense.params["tile_k"], 512);
    EXPECT_NEAR(*dense.median_s, 0.763e-3, 1e-12);
    EXPECT_NEAR(*dense.max_s, 0.764e-3, 1e-12);
    EXPECT_EQ(r.records[1].params["tile_n"], 512);
    EXPECT_NEAR(*r.records[1].median_s, 0.859e-3, 1e-12);
    EXPECT_NEAR(*r.records[2].median_s, 5.255e-3, 1e-12);  // of 5.254 .. 5.256
    EXPECT_TRUE(r.warnings.empty()) << all_warnings(r);

    // Keys that are not JSON objects, or nest past any spec, are skipped with the path named.
    const std::string deep = std::string(300, '[') + std::string(300, ']');
    const auto odd =
        testing::import_text("tokamax-autotuning-json",
                             "{\"x\": {\"{}\": {\"evaluation_times_ms\": [1]}}, " +
                                 Json(deep).dump() + ": {\"{}\": {\"evaluation_times_ms\": [1]}}}");
    EXPECT_TRUE(odd.records.empty());
    EXPECT_EQ(odd.warnings.size(), 3u) << all_warnings(odd);  // two keys and the unknown folder
}

}  // namespace
}  // namespace tl
