// Runs the built `tilelens-audit timings` and `plan --timings` on real timing files and small
// ones of its own: the device and target a PyTorch trace's deviceProperties give, --target for
// records that name none, and the records whose params do not fit the spec
// (docs/timings.md, "Devices and targets" and "The roofline").
#include "audit_run_util.h"

namespace {

using namespace audit_run;

const fs::path kTimings = fs::path(TILELENS_SOURCE_DIR) / "tests" / "golden" / "timings";

std::string q(const fs::path& p) {
    return quote(p.string());
}

fs::path write(const std::string& name, const std::string& text) {
    const fs::path p = scratch_dir() / name;
    std::ofstream(p) << text;
    return p;
}

TEST(DevicesE2e, APyTorchTraceNamesItsGpuAndTarget) {
    const RunResult r =
        audit("timings --json - " + q(kTimings / "real" / "pytorch-h100.trace.json"));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const Json j = Json::parse(r.out);
    ASSERT_EQ(j["records"].size(), 2u);
    for (const auto& rec : j["records"]) {
        EXPECT_EQ(rec["device"], "NVIDIA H100");  // not the process's "python3"
        EXPECT_EQ(rec["target"], "gpu-h100");
    }
}

TEST(DevicesE2e, TargetFillsTheRecordsThatNameNoneAndSaysHowMany) {
    const RunResult r =
        audit("timings --target tpu-v5e " + q(kTimings / "chrome-trace" / "step.trace.json"));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("--target tpu-v5e given to 3 records of 3 that name no target"),
              std::string::npos)
        << r.out;
    EXPECT_EQ(r.out.find("does not name the TPU kind"), std::string::npos) << r.out;
    const RunResult without = audit("timings " + q(kTimings / "chrome-trace" / "step.trace.json"));
    EXPECT_NE(without.out.find("does not name the TPU kind of /device:TPU:0"), std::string::npos)
        << without.out;
}

const char* kFloorSpec = R"spec({
  "tilelens": 1, "name": "matmul",
  "params": {"M": 300, "N": 512, "K": 256, "bm": 128, "bn": 128, "bk": 128},
  "grid": ["M // bm", "N // bn", "K // bk"],
  "dimension_semantics": ["parallel", "parallel", "arbitrary"],
  "operands": [
    {"name": "x", "role": "input", "shape": ["M", "K"], "dtype": "float32",
     "block_shape": ["bm", "bk"], "index_map": "lambda i, j, k: (i, k)"},
    {"name": "y", "role": "input", "shape": ["K", "N"], "dtype": "float32",
     "block_shape": ["bk", "bn"], "index_map": "lambda i, j, k: (k, j)"},
    {"name": "o", "role": "output", "shape": ["M", "N"], "dtype": "float32",
     "block_shape": ["bm", "bn"], "index_map": "lambda i, j, k: (i, j)"}],
  "kernel": {"body": "matmul", "reduction_axis": 2}, "target": "tpu-v5e"})spec";

const char* kRuns =
    "# tilelens-timings/1\n"
    "kernel,impl,target,params,dtype,n,median_s,min_s,max_s,method,source,verified\n"
    "matmul,pallas,tpu-v5e,M=300;N=512;K=256;bm=128;bn=128;bk=128,float32,5,1.2e-4,1.1e-4,"
    "1.3e-4,device-profiler,measured,true\n"
    "matmul,pallas,tpu-v5e,M=300;N=512;K=256;bm=512;bn=128;bk=128,float32,5,1.0e-4,0.9e-4,"
    "1.1e-4,device-profiler,measured,true\n";

TEST(DevicesE2e, ARecordWhoseParamsEmptyTheGridHasNoRooflineAndAWarning) {
    const fs::path spec = write("matmul.tilelens.json", kFloorSpec);
    const fs::path runs = write("runs.csv", kRuns);
    const RunResult r = audit("timings --json - --spec " + q(spec) + " " + q(runs));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const Json j = Json::parse(r.out);
    ASSERT_EQ(j["records"].size(), 2u);
    EXPECT_TRUE(j["records"][0]["roofline"].contains("roofline_s"));
    EXPECT_FALSE(j["records"][1]["roofline"].contains("roofline_s"));
    bool warned = false;
    for (const auto& w : j["warnings"])
        warned = warned || (w["line"] == 4 && w["message"].get<std::string>().find(
                                                  "with bm=512, they make the spec's grid empty") !=
                                                  std::string::npos);
    EXPECT_TRUE(warned) << j["warnings"].dump(2);

    const RunResult plan = audit("plan --timings " + q(runs) + " " + q(spec));
    EXPECT_NE(plan.out.find("runs.csv: 4: the params of matmul"), std::string::npos) << plan.out;
}

}  // namespace
