// Devices and targets from the files people have (docs/timings.md, "Devices and targets"): a
// PyTorch trace's deviceProperties, a jax trace's process names, --target for the rest, and
// the B200 and MI300X profiles. The figures of the fixtures are those of real traces: Kineto
// names GPU kernels' processes after the program ("python3") and labels them "GPU N", with
// args.device and pid the device id (HolisticTraceAnalysis tests/data traces).
#include <gtest/gtest.h>

#include "core/target/target.h"
#include "core/timings/io/device_target.h"
#include "test_timings_util.h"

namespace tl {
namespace {

using testing::all_warnings;
using testing::import_text;
using testing::warns;

// Two GPUs, each kernel on the process of its device id, named after the program.
std::string kineto_trace(const std::string& gpu0, const std::string& gpu1) {
    return R"({"schemaVersion": 1,
  "deviceProperties": [)" +
           gpu0 + ",\n" + gpu1 + R"(],
  "traceEvents": [
  {"ph": "M", "name": "process_name", "pid": 0, "tid": 0, "args": {"name": "python3"}},
  {"ph": "M", "name": "process_labels", "pid": 0, "tid": 0, "args": {"labels": "GPU 0"}},
  {"ph": "M", "name": "process_name", "pid": 1, "tid": 0, "args": {"name": "python3"}},
  {"ph": "X", "cat": "kernel", "name": "gemm", "pid": 0, "tid": 7, "ts": 10, "dur": 40,
   "args": {"device": 0, "stream": 7, "grid": [132, 1, 1]}},
  {"ph": "X", "cat": "kernel", "name": "gemm", "pid": 1, "tid": 7, "ts": 10, "dur": 50,
   "args": {"External id": 3, "device": 1, "stream": 7}}
  ]})";
}

const std::string kH100 =
    R"({"id": 0, "name": "NVIDIA H100 80GB HBM3", "totalGlobalMem": 85031714816,
        "computeMajor": 9, "computeMinor": 0, "numSms": 132, "sharedMemPerBlock": 49152})";
const std::string kH100Pcie =
    R"({"id": 1, "name": "NVIDIA H100 PCIe", "totalGlobalMem": 85520809984,
        "computeMajor": 9, "computeMinor": 0, "numSms": 114})";

TEST(Devices, KinetoKernelsNameTheirGpuAndItsTarget) {
    ImportConfig config;
    config.file = "rank0.pt.trace.json";
    const auto r = import_text("chrome-trace", kineto_trace(kH100, kH100Pcie), config);
    ASSERT_EQ(r.records.size(), 2u) << all_warnings(r);
    EXPECT_EQ(r.records[0].device, "NVIDIA H100 80GB HBM3");
    EXPECT_EQ(r.records[0].target, "gpu-h100");
    EXPECT_NEAR(*r.records[0].median_s, 40e-6, 1e-15);
    // The PCIe card has 114 SMs and slower memory: not the SXM profile, and a warning says so.
    EXPECT_EQ(r.records[1].device, "NVIDIA H100 PCIe");
    EXPECT_FALSE(r.records[1].target);
    EXPECT_TRUE(warns(r,
                      "the GPU 'NVIDIA H100 PCIe' is a PCIe or NVL card, slower than the "
                      "SXM profile gpu-h100"))
        << all_warnings(r);
    EXPECT_FALSE(warns(r, "python3")) << all_warnings(r);
}

TEST(Devices, ArgsDeviceWinsOverThePid) {
    // A merged trace renumbers processes; args.device still names the GPU.
    std::string text = kineto_trace(kH100, kH100Pcie);
    const std::string pid1 = R"("pid": 1, "tid": 7)";
    text.replace(text.find(pid1), pid1.size(), R"("pid": 9, "tid": 7)");
    const auto r = import_text("chrome-trace", text);
    ASSERT_EQ(r.records.size(), 2u) << all_warnings(r);
    EXPECT_EQ(r.records[1].device, "NVIDIA H100 PCIe");
}

TEST(Devices, AGpuWithAnotherSmCountIsAnotherVariant) {
    // Named H100 but with the PCIe card's 114 SMs: the figures decide.
    GpuIdentity g;
    g.name = "NVIDIA H100";
    g.cores = 114;
    const GpuTarget t = target_of_gpu(g);
    EXPECT_FALSE(t.target);
    EXPECT_NE(t.why.find("114 SMs or CUs where gpu-h100 has 132"), std::string::npos) << t.why;
    g.cores = 132;
    EXPECT_EQ(target_of_gpu(g).target, "gpu-h100");
}

TEST(Devices, ModelsByNameAndByFacts) {
    const auto by_name = [](const std::string& name) {
        GpuIdentity g;
        g.name = name;
        return target_of_gpu(g).target.value_or("-");
    };
    EXPECT_EQ(by_name("NVIDIA B200"), "gpu-b200");
    EXPECT_EQ(by_name("NVIDIA H200"), "gpu-h200");
    EXPECT_EQ(by_name("AMD Instinct MI300X"), "gpu-mi300x");
    EXPECT_EQ(by_name("NVIDIA GH200 480GB"), "-");
    EXPECT_EQ(by_name("NVIDIA A100-SXM4-40GB"), "-");
    // ROCm's PyTorch names every GPU "AMD Radeon Graphics": gfx942, 304 CUs, 192 GiB is an
    // MI300X; the same with 256 GiB is an MI325X, which has no profile.
    GpuIdentity amd;
    amd.name = "AMD Radeon Graphics";
    amd.major = 9;
    amd.minor = 4;
    amd.cores = 304;
    amd.memory = std::int64_t{192} << 30;
    EXPECT_EQ(target_of_gpu(amd).target, "gpu-mi300x");
    amd.memory = std::int64_t{256} << 30;
    EXPECT_FALSE(target_of_gpu(amd).target);
    // An MI250 (gfx90a, 104 CUs per die), as HTA's ROCm 6.2 trace gives it: no profile.
    amd.minor = 0;
    amd.cores = 104;
    amd.memory = 68702699520;
    EXPECT_FALSE(target_of_gpu(amd).target);
    // An XSpace GPU plane names no model: vendor, capability, SMs and memory.
    GpuIdentity plane;
    plane.vendor = "NVIDIA";
    plane.major = 10;
    plane.minor = 0;
    plane.cores = 148;
    EXPECT_EQ(target_of_gpu(plane).target, "gpu-b200");
    plane.major = 9;
    plane.cores = 132;
    plane.memory = std::int64_t{80} << 30;
    EXPECT_EQ(target_of_gpu(plane).target, "gpu-h100");
    plane.memory = std::int64_t{141} << 30;
    EXPECT_EQ(target_of_gpu(plane).target, "gpu-h200");
}

TEST(Devices, JaxTraceProcessNamesGiveTheTpuKind) {
    EXPECT_EQ(tpu_type_in("/device:TPU:0 (TPU v5 lite)"), "TPU v5 lite");
    EXPECT_EQ(tpu_type_in("/device:TPU:3 TPU7x"), "TPU7x");
    EXPECT_EQ(tpu_type_in("/device:TPU:0"), "");
    const std::string trace = R"js({"traceEvents": [
      {"ph": "M", "pid": 1, "name": "process_name", "args": {"name": "/device:TPU:0 (TPU v6 lite)"}},
      {"ph": "M", "pid": 1, "tid": 2, "name": "thread_name", "args": {"name": "XLA Ops"}},
      {"ph": "X", "pid": 1, "tid": 2, "name": "fusion.1", "ts": 0, "dur": 5},
      {"ph": "M", "pid": 2, "name": "process_name", "args": {"name": "/device:TPU:1 (TPU v9)"}},
      {"ph": "M", "pid": 2, "tid": 2, "name": "thread_name", "args": {"name": "XLA Ops"}},
      {"ph": "X", "pid": 2, "tid": 2, "name": "fusion.1", "ts": 0, "dur": 6}]})js";
    const auto r = import_text("chrome-trace", trace);
    ASSERT_EQ(r.records.size(), 2u) << all_warnings(r);
    EXPECT_EQ(r.records[0].target, "tpu-v6e");
    EXPECT_FALSE(r.records[1].target);
    EXPECT_TRUE(warns(r,
                      "the TPU kind 'TPU v9' of /device:TPU:1 (TPU v9) is not one TileLens "
                      "has a target for"))
        << all_warnings(r);
}

TEST(Devices, TargetFillsOnlyRecordsThatNameNone) {
    ImportConfig config;
    config.file = "t.json";
    config.target = "tpu-v5e";
    const std::string trace = R"js({"traceEvents": [
      {"ph": "M", "pid": 1, "name": "process_name", "args": {"name": "/device:TPU:0"}},
      {"ph": "M", "pid": 1, "tid": 2, "name": "thread_name", "args": {"name": "XLA Ops"}},
      {"ph": "X", "pid": 1, "tid": 2, "name": "fusion.1", "ts": 0, "dur": 5},
      {"ph": "X", "pid": 1, "tid": 2, "name": "dot.1", "ts": 9, "dur": 5},
      {"ph": "M", "pid": 2, "name": "process_name", "args": {"name": "/device:TPU:1 (TPU v6 lite)"}},
      {"ph": "M", "pid": 2, "tid": 2, "name": "thread_name", "args": {"name": "XLA Ops"}},
      {"ph": "X", "pid": 2, "tid": 2, "name": "fusion.1", "ts": 0, "dur": 6}]})js";
    const auto r = import_text("chrome-trace", trace, config);
    ASSERT_EQ(r.records.size(), 3u) << all_warnings(r);
    EXPECT_EQ(r.records[0].target, "tpu-v5e");
    EXPECT_EQ(r.records[1].target, "tpu-v5e");
    EXPECT_EQ(r.records[2].target, "tpu-v6e");  // the file's own wins
    EXPECT_TRUE(warns(r, "--target tpu-v5e given to 2 records of 3 that name no target"))
        << all_warnings(r);
    EXPECT_TRUE(warns(r,
                      "1 record keep the target the file names (tpu-v6e), not --target "
                      "tpu-v5e"))
        << all_warnings(r);
    // Given a target, the trace's missing TPU kind is no longer worth a warning.
    EXPECT_FALSE(warns(r, "does not name the TPU kind")) << all_warnings(r);
}

TEST(Devices, AnUnknownTargetFillsNothingAndSaysWhatItMeant) {
    ImportConfig config;
    config.target = "tpu-v5";
    const auto r = import_text("chrome-trace", R"({"traceEvents": [
      {"ph": "M", "pid": 1, "name": "process_name", "args": {"name": "/device:TPU:0"}},
      {"ph": "M", "pid": 1, "tid": 2, "name": "thread_name", "args": {"name": "XLA Ops"}},
      {"ph": "X", "pid": 1, "tid": 2, "name": "fusion.1", "ts": 0, "dur": 5}]})",
                               config);
    ASSERT_EQ(r.records.size(), 1u) << all_warnings(r);
    EXPECT_FALSE(r.records[0].target);
    EXPECT_TRUE(warns(r, "--target: unknown target 'tpu-v5'")) << all_warnings(r);
    EXPECT_TRUE(warns(r, "did you mean")) << all_warnings(r);
}

TEST(Devices, TargetFillsEveryImporter) {
    ImportConfig config;
    config.target = "gpu-b200";
    const auto r = import_text("google-benchmark", R"({"benchmarks": [
      {"name": "BM_gemm/1024", "run_type": "iteration", "iterations": 10,
       "real_time": 5.0, "cpu_time": 5.0, "time_unit": "us"}]})",
                               config);
    ASSERT_EQ(r.records.size(), 1u) << all_warnings(r);
    EXPECT_EQ(r.records[0].target, "gpu-b200");
    EXPECT_TRUE(warns(r, "--target gpu-b200 given to 1 record of 1")) << all_warnings(r);
}

// The figures below are typed from the datasheets the profiles' sources name.
TEST(Devices, B200AndMi300xProfiles) {
    const TargetProfile* b200 = builtin_targets().find("gpu-b200");
    ASSERT_NE(b200, nullptr);
    EXPECT_EQ(b200->kind, TargetKind::Gpu);
    EXPECT_DOUBLE_EQ(*b200->peak(DType::BFloat16), 2.25e15);
    EXPECT_DOUBLE_EQ(*b200->hbm_bytes_per_s, 8e12);
    EXPECT_EQ(b200->compute_units, 148);
    EXPECT_EQ(b200->vmem_bytes, 228 * 1024);
    EXPECT_FALSE(b200->sources.at("compute").empty());
    const TargetProfile* mi = builtin_targets().find("gpu-mi300x");
    ASSERT_NE(mi, nullptr);
    EXPECT_EQ(mi->backend, GpuBackend::Triton);
    EXPECT_DOUBLE_EQ(*mi->peak(DType::BFloat16), 1307.4e12);
    EXPECT_DOUBLE_EQ(*mi->hbm_bytes_per_s, 5.3e12);
    EXPECT_EQ(mi->vmem_bytes, 64 * 1024);  // LDS per compute unit
    EXPECT_EQ(mi->compute_units, 304);
    EXPECT_EQ(mi->memory_bytes, std::int64_t{192} << 30);
    EXPECT_FALSE(mi->supports(DType::Float8E4M3FN));
}

TEST(Devices, TokamaxB200CacheNamesItsTargetAndEachConfigsLine) {
    const std::string rel = "real/nvidia_b200/pallas_mosaic_gpu_ragged_dot.json";
    const auto r = testing::import_fixture("tokamax-autotuning-json", rel);
    ASSERT_EQ(r.records.size(), 3u) << all_warnings(r);
    EXPECT_TRUE(r.warnings.empty()) << all_warnings(r);
    for (const auto& rec : r.records) {
        EXPECT_EQ(rec.device, "nvidia_b200");
        EXPECT_EQ(rec.target, "gpu-b200");
        EXPECT_EQ(rec.impl, "pallas");
        EXPECT_EQ(rec.params["block_m"], 128);
    }
    // Each config's record points at the line its key is written on.
    EXPECT_EQ(r.records[0].line, 3);
    EXPECT_EQ(r.records[1].line, 18);
    EXPECT_EQ(r.records[2].line, 31);
    EXPECT_EQ(r.records[0].params["lhs"], "bf16[262144,7168]");
    EXPECT_NEAR(*r.records[0].median_s, 8.784325e-3, 1e-12);
    EXPECT_EQ(r.records[1].params["split_m"], 1);
    EXPECT_NEAR(*r.records[1].median_s, 5.191131e-3, 1e-12);
    EXPECT_EQ(r.records[2].params["split_m"], 2);
    EXPECT_NEAR(*r.records[2].median_s, 5.162165e-3, 1e-12);
}

TEST(Devices, TokamaxConfigsWrittenAsBlockSizeNamesGiveParams) {
    ImportConfig config;
    config.file = "cache/tpu_v6_lite/splash.json";
    const auto r = import_text("tokamax-autotuning-json", R"({
  "{\"q\": \"bf16[8,2048,128]\"}": {
    "bq_32-bkvp_64": {"evaluation_times_ms": [1.0, 2.0, 3.0], "compile_time_ms": 1},
    "bq-64": {"evaluation_times_ms": [1.0], "compile_time_ms": 1}
  }
})",
                               config);
    ASSERT_EQ(r.records.size(), 1u) << all_warnings(r);
    EXPECT_EQ(r.records[0].params["bq"], 32);
    EXPECT_EQ(r.records[0].params["bkvp"], 64);
    EXPECT_EQ(r.records[0].params["q"], "bf16[8,2048,128]");
    EXPECT_EQ(r.records[0].target, "tpu-v6e");
    EXPECT_EQ(r.records[0].line, 3);
    EXPECT_TRUE(warns(r, "neither a JSON object nor block sizes such as bq_32-bkvp_64"))
        << all_warnings(r);
}

TEST(Devices, TokamaxFolderOfAGpuWithoutProfileIsSaidOnce) {
    ImportConfig config;
    config.file = "autotuning/nvidia_a100-sxm4-40gb/ragged_dot.json";
    const std::string text =
        R"({"{\"m\": 1}": {"{\"tile\": 8}": {"evaluation_times_ms": [1], "compile_time_ms": 1}}})";
    const auto r = import_text("tokamax-autotuning-json", text, config);
    ASSERT_EQ(r.records.size(), 1u);
    EXPECT_FALSE(r.records[0].target);
    EXPECT_TRUE(warns(r,
                      "the device 'nvidia_a100-sxm4-40gb' of the file's folder is not one "
                      "TileLens has a target for"))
        << all_warnings(r);
    config.target = "gpu-h100";  // named by the user: no warning, and the records take it
    const auto given = import_text("tokamax-autotuning-json", text, config);
    EXPECT_EQ(given.records[0].target, "gpu-h100");
    EXPECT_FALSE(warns(given, "not one TileLens has a target for")) << all_warnings(given);
}

}  // namespace
}  // namespace tl
