// Excerpts of real jax.profiler captures on AMD GPUs (tests/golden/timings/real/*.xplane.pb,
// each with a .source.md naming where it came from and how it was cut). The MI300X figures are
// those of an independent report of the same capture; the others were recomputed from the
// original file.
#include <set>

#include "test_timings_util.h"

namespace tl {
namespace {

using testing::all_warnings;
using testing::detected_format;
using testing::import_fixture;

const std::string kMi300x = " (AMD gfx94x, 304 CUs, 192 GiB)";
const std::string kGemm = "Cijk_Ailk_Bljk_BBS_BH_MT256x128x64_MI16x16x16x1_SN_1LDSB0_APM1_";

// The record of `kernel` on `device`; a name that ends in "_" or "<" names the one that starts
// with it (the long GEMM and attention kernels).
const TimingRecord* find(const ImportResult& r, const std::string& kernel,
                         const std::string& device) {
    const bool prefix = kernel.ends_with("_") || kernel.ends_with("<");
    for (const auto& rec : r.records)
        if (rec.device == device && rec.kernel &&
            (prefix ? rec.kernel->starts_with(kernel) : *rec.kernel == kernel))
            return &rec;
    return nullptr;
}

// One kernel's runs: n, then mean, median, min and max in microseconds.
void expect_runs(const TimingRecord* r, std::int64_t n, double mean, double median, double min,
                 double max) {
    ASSERT_NE(r, nullptr);
    EXPECT_EQ(r->n, n) << *r->kernel;
    // The figures are printed to the nanosecond; picoseconds add no rounding of their own.
    EXPECT_NEAR(*r->mean_s * 1e6, mean, 1e-6) << *r->kernel;
    EXPECT_NEAR(*r->median_s * 1e6, median, 1e-6) << *r->kernel;
    EXPECT_NEAR(*r->min_s * 1e6, min, 1e-6) << *r->kernel;
    EXPECT_NEAR(*r->max_s * 1e6, max, 1e-6) << *r->kernel;
    EXPECT_EQ(r->method, TimingMethod::DeviceProfiler);
    EXPECT_EQ(r->source, TimingSource::Measured);
    // An MI300X plane (gfx94x, 304 CUs, 192 GiB) is gpu-mi300x; no profile fits a gfx950.
    const bool mi300x =
        r->device && r->device->find("gfx94x, 304 CUs, 192 GiB") != std::string::npos;
    EXPECT_EQ(r->target, mi300x ? std::optional<std::string>("gpu-mi300x") : std::nullopt);
    EXPECT_FALSE(r->share);  // no XLA Modules line on a ROCm GPU plane
}

bool warns_of(const ImportResult& r, const std::string& text) {
    return all_warnings(r).find(text) != std::string::npos;
}

TEST(RealTimings, XplaneMi300xKernelsAreTheIndependentReportOnes) {
    const auto r = import_fixture("xprof-xplane", "real/jax-mi300x-legacy.xplane.pb");
    ASSERT_TRUE(r.complete) << all_warnings(r);
    // GPU:7 ran the five kernels; GPU:0's MemcpyOther streams hold copies only.
    ASSERT_EQ(r.records.size(), 5u) << all_warnings(r);
    const std::string gpu = "/device:GPU:7" + kMi300x;
    // The report's per-kernel total over 5 runs (the mean is a fifth of it) and its per-run
    // durations (median, min, max), in microseconds.
    expect_runs(find(r, "input_transpose_fusion", gpu), 5, 1950.96 / 5, 369.545, 366.06, 475.582);
    expect_runs(find(r, kGemm, gpu), 5, 1458.753 / 5, 292.752, 288.466, 293.593);
    expect_runs(find(r, "Im3d2Col", gpu), 5, 81.079 / 5, 16.144, 16.104, 16.424);
    expect_runs(find(r, "input_transpose_fusion_1", gpu), 5, 69.261 / 5, 6.689, 6.329, 42.983);
    expect_runs(find(r, "loop_transpose_fusion", gpu), 5, 26.44 / 5, 4.968, 4.727, 6.89);
    const auto* gemm = find(r, kGemm, gpu);
    ASSERT_NE(gemm, nullptr);
    EXPECT_EQ(gemm->kernel->size(), 634u);  // the whole name, as the report gives it
    EXPECT_TRUE(gemm->kernel->ends_with("_WG64_4_1_WGM1"));
    EXPECT_EQ(gemm->label, *gemm->kernel);
    EXPECT_FALSE(warns_of(r, "target")) << all_warnings(r);
}

TEST(RealTimings, XplaneCapturesAreDetectedByTheirFirstBytes) {
    for (const auto* rel : {"real/jax-mi300x-legacy.xplane.pb", "real/jax08-mi300x.xplane.pb",
                            "real/jax-te-gfx950.xplane.pb"}) {
        EXPECT_EQ(detected_format("capture.xplane.pb", rel), "xprof-xplane") << rel;
        EXPECT_EQ(detected_format("capture.pb", rel), "xprof-xplane") << rel;
    }
}

TEST(RealTimings, XplaneJax08KernelsLoseTheirKdSuffixAndRuntimeCopies) {
    const auto r = import_fixture("xprof-xplane", "real/jax08-mi300x.xplane.pb");
    ASSERT_TRUE(r.complete) << all_warnings(r);
    // Eight GPUs, each the same five kernels under the names the older capture gives them;
    // GPU:0's 35 __amd_rocclr_copyBuffer.kd runs are copies, not kernels.
    ASSERT_EQ(r.records.size(), 40u) << all_warnings(r);
    std::set<std::string> devices;
    for (const auto& rec : r.records) {
        devices.insert(*rec.device);
        EXPECT_FALSE(rec.kernel->ends_with(".kd")) << *rec.kernel;
        EXPECT_FALSE(rec.kernel->starts_with("__amd_rocclr")) << *rec.kernel;
        EXPECT_EQ(rec.label, *rec.kernel + ".kd");  // the name as written
        EXPECT_EQ(rec.n, 5);
    }
    EXPECT_EQ(devices.size(), 8u);
    const std::string gpu0 = "/device:GPU:0" + kMi300x;
    expect_runs(find(r, "input_transpose_fusion", gpu0), 5, 1796.162 / 5, 354.72, 343.601, 381.361);
    expect_runs(find(r, kGemm, gpu0), 5, 1498.202 / 5, 300.321, 295.96, 301.161);
    expect_runs(find(r, "Im3d2Col", gpu0), 5, 84.6 / 5, 16.88, 16.08, 17.56);
    expect_runs(find(r, "loop_transpose_fusion", gpu0), 5, 19.12 / 5, 3.96, 3.0, 4.28);
    const std::string gpu7 = "/device:GPU:7" + kMi300x;
    expect_runs(find(r, "input_transpose_fusion", gpu7), 5, 1831.282 / 5, 372.041, 355.681, 373.12);
    // The same GEMM as in the older capture, by name.
    const auto legacy = import_fixture("xprof-xplane", "real/jax-mi300x-legacy.xplane.pb");
    const auto* old_gemm = find(legacy, kGemm, "/device:GPU:7" + kMi300x);
    ASSERT_NE(old_gemm, nullptr);
    EXPECT_EQ(find(r, kGemm, gpu7)->kernel, old_gemm->kernel);
    EXPECT_FALSE(warns_of(r, "rocclr")) << all_warnings(r);
    EXPECT_FALSE(warns_of(r, "target")) << all_warnings(r);
    // No device has an XLA Modules line: one warning says so for all eight.
    int no_step = 0;
    for (const auto& w : r.warnings)
        no_step += w.message.find("no 'XLA Modules' time") != std::string::npos;
    EXPECT_EQ(no_step, 1) << all_warnings(r);
    EXPECT_TRUE(warns_of(r, "GPU:2 (AMD gfx94x, 304 CUs, 192 GiB) and 5 more devices"))
        << all_warnings(r);
}

TEST(RealTimings, XplaneDemangledKdClonesAndFillKernelsOnGfx950) {
    const auto r = import_fixture("xprof-xplane", "real/jax-te-gfx950.xplane.pb");
    ASSERT_TRUE(r.complete) << all_warnings(r);
    // 19 kernels on GPU:0, less __amd_rocclr_fillBufferAligned.kd (20 runs).
    ASSERT_EQ(r.records.size(), 18u) << all_warnings(r);
    const std::string gpu = "/device:GPU:0 (AMD gfx95x, 256 CUs, 288 GiB)";
    int clones = 0;
    for (const auto& rec : r.records) {
        EXPECT_EQ(rec.device, gpu);
        EXPECT_FALSE(rec.kernel->starts_with("__amd_rocclr")) << *rec.kernel;
        EXPECT_EQ(rec.kernel->find(".kd"), std::string::npos) << *rec.kernel;
        if (!rec.label.ends_with(" [clone .kd]")) continue;
        ++clones;
        EXPECT_EQ(rec.label, *rec.kernel + " [clone .kd]");
    }
    EXPECT_EQ(clones, 5);  // four ck_tile attention kernels and the RNG state kernel
    const auto* fwd =
        find(r, "void ck_tile::kentry<ck_tile::gfx950_t, 2, ck_tile::FmhaFwdKernel<", gpu);
    ASSERT_NE(fwd, nullptr);
    EXPECT_TRUE(fwd->kernel->ends_with("::FmhaFwdBatchModeKargs)"));
    expect_runs(fwd, 10, 2061.539 / 10, 189.9815, 176.842, 288.043);
    expect_runs(find(r,
                     "transformer_engine::fused_attn_rocm::populate_rng_state_kernel(long*, long "
                     "const*, long)",
                     gpu),
                10, 3.428, 3.64, 0.8, 6.24);
    expect_runs(find(r, "gemm_fusion_dot_6", gpu), 5, 835.887 / 5, 166.721, 163.962, 173.281);
}

}  // namespace
}  // namespace tl
