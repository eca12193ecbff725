// Chrome trace JSON (tests/golden/timings/chrome-trace/).
#include <fstream>
#include <iterator>

#include "core/timings/io/chrome_trace.h"
#include "test_timings_util.h"

namespace tl {
namespace {

using testing::all_warnings;
using testing::find_warning;
using testing::import_fixture;
using testing::import_text;

TEST(ChromeTrace, KernelNamesDropXlasInstructionNumber) {
    EXPECT_EQ(trace_kernel_name("matmul.1"), "matmul");
    EXPECT_EQ(trace_kernel_name("fusion.12"), "fusion");
    EXPECT_EQ(trace_kernel_name("matmul"), "matmul");
    EXPECT_EQ(trace_kernel_name("v1.5b"), "v1.5b");
    EXPECT_EQ(trace_kernel_name("x."), "x.");
}

TEST(ChromeTrace, OutermostSumCountsNestedEventsOnce) {
    // [0,10] holds [2,5] and [5,10]; [12,15] stands alone; [14,20] overlaps it partly.
    std::vector<double> counted;
    const double sum = outermost_sum({{5, 5}, {0, 10}, {2, 3}, {12, 3}, {14, 6}}, &counted);
    EXPECT_DOUBLE_EQ(sum, 10 + 3 + 6);
    EXPECT_EQ(counted, (std::vector<double>{10, 3, 6}));
}

TEST(ChromeTrace, DeviceOpsFoldIntoKernelsWithTheirShareOfTheStep) {
    const auto r = import_fixture("chrome-trace", "chrome-trace/step.trace.json");
    ASSERT_TRUE(r.complete) << all_warnings(r);
    // A jax trace's process names no TPU kind: the only warning says how to give the target.
    ASSERT_EQ(r.warnings.size(), 1u) << all_warnings(r);
    EXPECT_TRUE(find_warning(r, 0, "the trace does not name the TPU kind of /device:TPU:0"));
    ASSERT_EQ(r.records.size(), 3u);
    // XLA Modules: two steps of 100 us; the nested jit_inner (50 us) is not counted: 200 us.
    // matmul.1 (20, 24 us) and matmul.2 (30 us) are runs of matmul; the matmul.2 nested in
    // matmul.2 (10 us) is not. n 3, sum 74 us, share 74/200 = 0.37. Sorted 20, 24, 30:
    // median 24, mean 74/3, p20 20+0.4*4 = 21.6, p80 24+0.6*6 = 27.6 us.
    const auto& mm = r.records[0];
    EXPECT_EQ(mm.kernel, "matmul");
    EXPECT_EQ(mm.label, "matmul.1");
    EXPECT_EQ(mm.line, 11);
    EXPECT_EQ(mm.device, "/device:TPU:0");
    EXPECT_EQ(mm.method, TimingMethod::DeviceProfiler);
    EXPECT_EQ(mm.source, TimingSource::Measured);
    EXPECT_FALSE(mm.impl);
    EXPECT_FALSE(mm.verified);
    EXPECT_EQ(mm.n, 3);
    EXPECT_NEAR(*mm.median_s, 24e-6, 1e-15);
    EXPECT_NEAR(*mm.min_s, 20e-6, 1e-15);
    EXPECT_NEAR(*mm.max_s, 30e-6, 1e-15);
    EXPECT_NEAR(*mm.mean_s, 74e-6 / 3, 1e-15);
    EXPECT_NEAR(*mm.p20_s, 21.6e-6, 1e-15);
    EXPECT_NEAR(*mm.p80_s, 27.6e-6, 1e-15);
    EXPECT_NEAR(*mm.share, 0.37, 1e-12);
    // fusion.3: 10 and 12 us, share 22/200; copy.1 (5 us) nested in matmul.2 is its own op.
    EXPECT_EQ(r.records[1].kernel, "fusion");
    EXPECT_EQ(r.records[1].n, 2);
    EXPECT_NEAR(*r.records[1].median_s, 11e-6, 1e-15);
    EXPECT_NEAR(*r.records[1].share, 0.11, 1e-12);
    EXPECT_EQ(r.records[2].kernel, "copy");
    EXPECT_NEAR(*r.records[2].share, 0.025, 1e-12);
}

TEST(ChromeTrace, PyTorchProfilerKernelsAreReadByCategory) {
    const auto r = import_fixture("chrome-trace", "chrome-trace/pytorch-kineto.trace.json");
    ASSERT_TRUE(r.complete) << all_warnings(r);
    ASSERT_EQ(r.records.size(), 2u) << all_warnings(r);
    // The GEMM ran 251.130, 248.870 and 250.000 us: displayTimeUnit "ns" does not rescale dur.
    const auto& gemm = r.records[0];
    EXPECT_EQ(gemm.kernel, "ampere_sgemm_128x64_tn");
    // The process is named after the program; the GPU is the one deviceProperties names.
    EXPECT_EQ(gemm.device, "NVIDIA A100-SXM4-40GB");
    EXPECT_FALSE(gemm.target);  // TileLens has no A100 profile
    EXPECT_EQ(gemm.method, TimingMethod::DeviceProfiler);
    EXPECT_EQ(gemm.n, 3);
    EXPECT_NEAR(*gemm.median_s, 250e-6, 1e-15);
    EXPECT_NEAR(*gemm.min_s, 248.870e-6, 1e-15);
    EXPECT_FALSE(gemm.share);
    const auto& add = r.records[1];
    ASSERT_TRUE(add.kernel);
    EXPECT_NE(add.kernel->find("CUDAFunctor_add<float>"), std::string::npos) << *add.kernel;
    EXPECT_EQ(add.n, 1);
    EXPECT_NEAR(*add.median_s, 12.416e-6, 1e-15);
    // The host's aten::mm and cudaLaunchKernel and the stream's memcpy are not kernels.
    for (const auto& rec : r.records) {
        EXPECT_EQ(rec.kernel.value_or("").find("aten::"), std::string::npos);
        EXPECT_EQ(rec.kernel.value_or("").find("Memcpy"), std::string::npos);
    }
    EXPECT_TRUE(find_warning(r, 0, "a PyTorch profiler trace has no step time on GPU 0"))
        << all_warnings(r);
}

TEST(ChromeTrace, TheRocmRuntimesCopyAndFillKernelsAreNotKernels) {
    // A JAX trace on an AMD GPU: the ROCm runtime copies and fills buffers with kernels of its
    // own on the compute stream, beside the program's.
    const std::string trace = R"json({"traceEvents": [
      {"ph": "M", "pid": 1, "name": "process_name", "args": {"name": "/device:GPU:0"}},
      {"ph": "M", "pid": 1, "tid": 2, "name": "thread_name",
       "args": {"name": "Stream #2(Kernel)"}},
      {"ph": "X", "pid": 1, "tid": 2, "ts": 0, "dur": 16, "name": "__amd_rocclr_copyBuffer"},
      {"ph": "X", "pid": 1, "tid": 2, "ts": 20, "dur": 4, "name": "__amd_rocclr_fillBufferAligned"},
      {"ph": "X", "pid": 1, "tid": 2, "ts": 30, "dur": 300, "name": "input_transpose_fusion"},
      {"ph": "X", "pid": 1, "tid": 2, "ts": 400, "dur": 302, "name": "input_transpose_fusion"}
    ]})json";
    const auto r = import_text("chrome-trace", trace);
    ASSERT_EQ(r.records.size(), 1u) << all_warnings(r);
    EXPECT_EQ(r.records[0].kernel, "input_transpose_fusion");
    EXPECT_EQ(r.records[0].n, 2);
    EXPECT_EQ(all_warnings(r).find("rocclr"), std::string::npos) << all_warnings(r);
}

TEST(ChromeTrace, JaxGpuTraceKernelsAreReadOnTheComputeStreams) {
    const auto r = import_fixture("chrome-trace", "chrome-trace/jax-gpu.trace.json");
    ASSERT_TRUE(r.complete) << all_warnings(r);
    ASSERT_EQ(r.records.size(), 2u) << all_warnings(r);
    // matmul_kernel ran on two compute streams: 412.75, 408.25 and 410.5 us.
    const auto& mm = r.records[0];
    EXPECT_EQ(mm.kernel, "matmul_kernel");
    EXPECT_EQ(mm.device, "/device:GPU:0");
    EXPECT_EQ(mm.n, 3);
    EXPECT_NEAR(*mm.median_s, 410.5e-6, 1e-15);
    EXPECT_NEAR(*mm.min_s, 408.25e-6, 1e-15);
    EXPECT_EQ(r.records[1].kernel, "loop_add_fusion");
    // Copies and fills on the streams and the host's dispatch are not kernels.
    for (const auto& rec : r.records) {
        EXPECT_EQ(rec.kernel.value_or("").find("Memcpy"), std::string::npos);
        EXPECT_EQ(rec.kernel.value_or("").find("Memset"), std::string::npos);
        EXPECT_EQ(rec.kernel.value_or("").find("Pjit"), std::string::npos);
    }
    EXPECT_TRUE(find_warning(r, 0, "no 'XLA Modules' time on /device:GPU:0")) << all_warnings(r);
    // The trace's closing empty event is jax.profiler's, not a fault to report.
    EXPECT_EQ(all_warnings(r).find("without ph"), std::string::npos) << all_warnings(r);
}

TEST(ChromeTrace, ArrayFormWithMetadataLastAndStrayEvents) {
    const auto r = import_fixture("chrome-trace", "chrome-trace/late_metadata.json");
    ASSERT_TRUE(r.complete) << all_warnings(r);
    ASSERT_EQ(r.records.size(), 1u) << all_warnings(r);
    const auto& mm = r.records[0];
    EXPECT_EQ(mm.kernel, "matmul");
    EXPECT_EQ(mm.device, "/device:TPU:1");
    EXPECT_EQ(mm.n, 2);
    EXPECT_NEAR(*mm.median_s, 2.5e-6, 1e-15);  // (2.25 + 2.75) / 2 us
    EXPECT_FALSE(mm.share);                    // no XLA Modules thread
    EXPECT_TRUE(find_warning(r, 4, "without ts or dur: skipped")) << all_warnings(r);
    EXPECT_TRUE(find_warning(r, 0, "2 begin/end ('B'/'E') events ignored"));
    EXPECT_TRUE(find_warning(r, 0, "no 'XLA Modules' time on /device:TPU:1"));
    EXPECT_TRUE(find_warning(r, 0, "the trace does not name the TPU kind of /device:TPU:1"));
    EXPECT_EQ(r.warnings.size(), 4u) << all_warnings(r);
}

TEST(ChromeTrace, TruncatedTraceKeepsTheEventsBeforeTheCut) {
    std::ifstream in(testing::timing_fixture("chrome-trace/step.trace.json"));
    const std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    // Cut inside the second step's first op: the first step's events are complete.
    const auto cut = text.find("\"ts\": 310");
    ASSERT_NE(cut, std::string::npos);
    const auto r = import_text("chrome-trace", text.substr(0, cut));
    EXPECT_FALSE(r.complete);
    EXPECT_TRUE(find_warning(r, 17, "not valid JSON (line 17")) << all_warnings(r);
    ASSERT_GE(r.records.size(), 1u);
    // First step only: matmul 20 + 30 us over modules 100 + 100 (the second step's module
    // event precedes the cut).
    EXPECT_EQ(r.records[0].n, 2);
    EXPECT_NEAR(*r.records[0].share, 50.0 / 200.0, 1e-12);
}

TEST(ChromeTrace, NotATraceOrBrokenValues) {
    const auto none = import_text("chrome-trace", R"({"displayTimeUnit": "ns"})");
    EXPECT_FALSE(none.complete);
    EXPECT_TRUE(find_warning(none, 0, "no traceEvents array"));

    const auto odd = import_text(
        "chrome-trace",
        R"({"traceEvents": [{"ph": "X", "ts": "soon", "dur": -1, "name": 5, "pid": 1.5},)"
        R"( {"ph": "X", "ts": 1, "dur": -3}, {"name": "no ph"}, 7, [1], null]})");
    EXPECT_TRUE(odd.complete) << all_warnings(odd);
    EXPECT_TRUE(odd.records.empty());
    EXPECT_TRUE(find_warning(odd, 0, "without ts or dur")) << all_warnings(odd);
    EXPECT_TRUE(find_warning(odd, 0, "negative or non-finite time"));
    EXPECT_TRUE(find_warning(odd, 0, "an event without ph"));
    EXPECT_TRUE(find_warning(odd, 0, "no 'XLA Ops' thread, GPU stream or"));
}

TEST(ChromeTrace, ProgressCanCancel) {
    std::ifstream in(testing::timing_fixture("chrome-trace/step.trace.json"));
    ImportConfig config;
    const auto r =
        find_timing_importer("chrome-trace")->import(in, config, [](std::uint64_t, std::uint64_t) {
            return false;
        });
    EXPECT_FALSE(r.complete);
    EXPECT_TRUE(r.records.empty());
    EXPECT_TRUE(find_warning(r, 1, "import cancelled")) << all_warnings(r);
}

}  // namespace
}  // namespace tl
