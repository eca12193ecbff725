// Runs the built `tilelens-audit timings` and `tilelens-audit plan` on the golden timing files,
// on a Google Benchmark JSON that the project's own benchmark writes during the test run, and
// on the examples, checking exit codes, tables and the JSON documents of docs/report-format.md.
#include <cmath>
#include <set>

#include "audit_run_util.h"

namespace {

using namespace audit_run;

const fs::path kTimings = fs::path(TILELENS_SOURCE_DIR) / "tests" / "golden" / "timings";

std::string q(const fs::path& p) {
    return quote(p.string());
}

std::string example(const std::string& name) {
    return q(kExamples / (name + ".tilelens.json"));
}

Json json_of(const RunResult& r) {
    EXPECT_TRUE(Json::accept(r.out)) << r.out.substr(0, 400) << r.err;
    return Json::accept(r.out) ? Json::parse(r.out) : Json::object();
}

// The 4096-cubed bf16 matmul that tilelens-csv/example.csv times on tpu-v5e.
fs::path matmul_4096_spec() {
    Json s = {
        {"tilelens", 1},
        {"name", "matmul-4096"},
        {"params", {{"M", 4096}, {"N", 4096}, {"K", 4096}, {"bm", 512}, {"bn", 512}, {"bk", 512}}},
        {"grid", {"cdiv(M, bm)", "cdiv(N, bn)", "cdiv(K, bk)"}},
        {"dimension_semantics", {"parallel", "parallel", "arbitrary"}},
        {"kernel", {{"body", "matmul"}, {"reduction_axis", 2}}},
        {"target", "tpu-v5e"}};
    s["operands"] = Json::array({{{"name", "x"},
                                  {"role", "input"},
                                  {"shape", {"M", "K"}},
                                  {"dtype", "bfloat16"},
                                  {"block_shape", {"bm", "bk"}},
                                  {"index_map", "lambda i, j, k: (i, k)"}},
                                 {{"name", "y"},
                                  {"role", "input"},
                                  {"shape", {"K", "N"}},
                                  {"dtype", "bfloat16"},
                                  {"block_shape", {"bk", "bn"}},
                                  {"index_map", "lambda i, j, k: (k, j)"}},
                                 {{"name", "o"},
                                  {"role", "output"},
                                  {"shape", {"M", "N"}},
                                  {"dtype", "bfloat16"},
                                  {"block_shape", {"bm", "bn"}},
                                  {"index_map", "lambda i, j, k: (i, j)"}}});
    const fs::path p = scratch_dir() / "matmul-4096.tilelens.json";
    std::ofstream(p) << s.dump(2);
    return p;
}

TEST(TimingsCommand, PrintsOneRowPerCandidate) {
    const RunResult r = audit("timings " + q(kTimings / "tilelens-csv" / "example.csv"));
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("2 records"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("pallas"), std::string::npos);
    EXPECT_NE(r.out.find("xla"), std::string::npos);
    EXPECT_NE(r.out.find("1.12 ms"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("measured (tpu-v5e)"), std::string::npos) << r.out;
    EXPECT_EQ(r.out.find("decision"), std::string::npos) << "a decision needs --spec";
}

TEST(TimingsCommand, JsonFollowsTheContract) {
    const RunResult r = audit("timings --json - " + q(kTimings / "tilelens-csv" / "example.csv"));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const Json j = json_of(r);
    EXPECT_EQ(j["tilelens_timings"], 1);
    ASSERT_EQ(j["records"].size(), 2u);
    EXPECT_EQ(j["records"][0]["format"], "tilelens-csv");
    EXPECT_EQ(j["records"][0]["params"]["bm"], 512);
    EXPECT_DOUBLE_EQ(j["records"][0]["median_s"].get<double>(), 0.00112);
    EXPECT_EQ(j["records"][0]["verified"], true);
    EXPECT_FALSE(j.contains("decision"));
}

TEST(TimingsCommand, WithTheSpecItDecidesAndPlacesTheRoofline) {
    const RunResult r = audit("timings --json - --spec " + q(matmul_4096_spec()) + " " +
                              q(kTimings / "tilelens-csv" / "example.csv"));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const Json j = json_of(r);
    ASSERT_TRUE(j.contains("decision")) << r.out;
    const Json& d = j["decision"];
    const double s = 0.00131 / 0.00112, p = 0.00112 / 0.0412;
    EXPECT_NEAR(d["speedup"].get<double>(), s, 1e-9);
    EXPECT_NEAR(d["share"].get<double>(), p, 1e-9);
    EXPECT_NEAR(d["end_to_end_speedup"].get<double>(), 1 / ((1 - p) + p / s), 1e-9);
    EXPECT_EQ(d["earns_complexity"], (p * (1 - 1 / s)) >= 0.02);
    const Json& roof = j["records"][0]["roofline"];
    EXPECT_DOUBLE_EQ(roof["flops"].get<double>(), 2.0 * 4096 * 4096 * 4096);
    EXPECT_GT(roof["fraction_of_roof"].get<double>(), 0);
    EXPECT_LT(roof["fraction_of_roof"].get<double>(), 1);
    // The typed-in share wins, and the human summary ends with the sentence.
    const RunResult typed = audit("timings --share 0.5 --spec " + q(matmul_4096_spec()) + " " +
                                  q(kTimings / "tilelens-csv" / "example.csv"));
    EXPECT_EQ(typed.exit_code, 0);
    EXPECT_NE(typed.out.find("decision: "), std::string::npos) << typed.out;
    EXPECT_NE(typed.out.find("50%"), std::string::npos) << typed.out;
}

TEST(TimingsCommand, EveryFormatImportsInOneRun) {
    std::string files;
    for (const char* f : {"tilelens-csv/example.csv", "google-benchmark/repetitions.json",
                          "pytest-benchmark/benchmarks.json", "chrome-trace/step.trace.json.gz",
                          "ncu-csv/long.csv", "nsys-csv/kern_sum.csv"})
        files += " " + q(kTimings / f);
    const RunResult r = audit("timings --json -" + files);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    std::set<std::string> formats;
    const Json j = json_of(r);
    for (const auto& rec : j["records"]) formats.insert(rec["format"].get<std::string>());
    EXPECT_EQ(formats,
              (std::set<std::string>{"tilelens-csv", "google-benchmark", "pytest-benchmark",
                                     "chrome-trace", "ncu-csv", "nsys-csv"}));
}

TEST(TimingsCommand, AMalformedFileWarnsWithItsLineAndGoesOn) {
    const RunResult r = audit("timings " + q(kTimings / "tilelens-csv" / "ugly.csv") + " " +
                              q(kTimings / "chrome-trace" / "truncated.trace.json.gz"));
    // The truncated trace yields no record at all: the run goes on, and exits 2 for it.
    EXPECT_EQ(r.exit_code, 2) << r.err;
    EXPECT_NE(r.err.find("truncated.trace.json.gz: no timing record could be imported"),
              std::string::npos)
        << r.err;
    EXPECT_NE(r.out.find("warning: "), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("ugly.csv"), std::string::npos) << r.out;
}

TEST(TimingsCommand, AFileWithNothingToImportExitsTwoAndSaysWhich) {
    // A spec is JSON but no timing file: every reader refuses it.
    const RunResult r = audit("timings " + example("matmul-rect"));
    EXPECT_EQ(r.exit_code, 2) << r.out;
    EXPECT_NE(r.err.find("matmul-rect.tilelens.json: no timing record could be imported"),
              std::string::npos)
        << r.err;
    // With a good file next to it the good one is still reported, and the exit says the other.
    const RunResult mixed = audit("timings " + q(kTimings / "tilelens-csv" / "example.csv") + " " +
                                  example("matmul-rect"));
    EXPECT_EQ(mixed.exit_code, 2);
    EXPECT_NE(mixed.out.find("example.csv"), std::string::npos) << mixed.out;
}

TEST(TimingsCommand, FormatNamesTheReaderForEveryFile) {
    const auto file = q(kTimings / "google-benchmark" / "repetitions.json");
    const RunResult named = audit("timings --format google-benchmark " + file);
    EXPECT_EQ(named.exit_code, 0) << named.err;
    const RunResult wrong = audit("timings --format pytest-benchmark " + file);
    EXPECT_EQ(wrong.exit_code, 2) << wrong.out;
    const RunResult unknown = audit("timings --format excel " + file);
    EXPECT_EQ(unknown.exit_code, 2);
    EXPECT_NE(unknown.err.find("--format 'excel' is not a timing format; use one of: "),
              std::string::npos)
        << unknown.err;
    EXPECT_NE(unknown.err.find("google-benchmark"), std::string::npos) << unknown.err;
}

TEST(TimingsCommand, UsageAndMissingFilesExitTwo) {
    EXPECT_EQ(audit("timings").exit_code, 2);
    const RunResult missing = audit("timings " + q(scratch_dir() / "nope.csv"));
    EXPECT_EQ(missing.exit_code, 2);
    EXPECT_NE(missing.err.find("no such file"), std::string::npos) << missing.err;
    const fs::path broken = scratch_dir() / "broken.tilelens.json";
    std::ofstream(broken) << "{\"tilelens\": 1,";
    const RunResult bad_spec =
        audit("timings --spec " + q(broken) + " " + q(kTimings / "tilelens-csv" / "example.csv"));
    EXPECT_EQ(bad_spec.exit_code, 2);
    EXPECT_NE(bad_spec.err.find("broken.tilelens.json"), std::string::npos) << bad_spec.err;
    EXPECT_EQ(audit("timings --share 2 x.csv").exit_code, 2);
}

TEST(TimingsCommand, ImportsTheProjectsOwnBenchmarkJson) {
    const fs::path out = scratch_dir() / "own-bench.json";
    const std::string bench = quote(TILELENS_BENCH_BIN) +
                              " --benchmark_filter=expr/compile_index_map"
                              " --benchmark_min_time=0.01 --benchmark_repetitions=3"
                              " --benchmark_out_format=json --benchmark_out=" +
                              q(out) + " >/dev/null 2>&1";
    ASSERT_EQ(std::system(bench.c_str()), 0);
    const RunResult r = audit("timings --json - " + q(out));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const Json j = json_of(r);
    ASSERT_EQ(j["records"].size(), 1u) << r.out;  // three repetitions fold into one record
    const Json& rec = j["records"][0];
    EXPECT_EQ(rec["format"], "google-benchmark");
    EXPECT_EQ(rec["n"], 3);
    EXPECT_GT(rec["median_s"].get<double>(), 0);
    EXPECT_LE(rec["min_s"].get<double>(), rec["median_s"].get<double>());
    EXPECT_GE(rec["max_s"].get<double>(), rec["median_s"].get<double>());
}

TEST(PlanCommand, ListsUnmeasuredCandidatesThatPassTheContract) {
    const RunResult r = audit("plan " + example("matmul-rect"));
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("matmul-rect on tpu-v5e"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("unmeasured"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("the spec's tiling"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("block_tiling"), std::string::npos) << r.out;
    const Json j = json_of(audit("plan --json - " + example("matmul-rect")));
    EXPECT_EQ(j["tilelens_plan"], 1);
    EXPECT_EQ(j["spec"], "matmul-rect");
    EXPECT_EQ(j["target"], "tpu-v5e");
    ASSERT_FALSE(j["candidates"].empty());
    for (const auto& c : j["candidates"]) EXPECT_EQ(c["status"], "unmeasured");
}

TEST(PlanCommand, MeasuredCandidatesComeFromTimingFiles) {
    const fs::path csv = scratch_dir() / "measured.csv";
    std::ofstream(csv) << "# tilelens-timings/1\n"
                          "kernel,impl,target,device,params,dtype,n,median_s,min_s,max_s,method,"
                          "source,verified,step_s\n"
                          "matmul-rect,pallas,tpu-v5e,TPU v5 lite,M=300;N=500;K=256;bm=128;bn=128;"
                          "bk=128,float32,50,0.00002,0.000019,0.000021,wallclock-synced,measured,"
                          "true,\n";
    // The file list is greedy: the last word is still the spec.
    const RunResult r = audit("plan --json - --timings " + q(csv) + " " + example("matmul-rect"));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    int measured = 0;
    const Json j = json_of(r);
    for (const auto& c : j["candidates"])
        if (c["status"] == "measured") {
            ++measured;
            EXPECT_EQ(c["params"], Json({{"bm", 128}, {"bn", 128}, {"bk", 128}}));
            EXPECT_DOUBLE_EQ(c["measured_s"].get<double>(), 0.00002);
        }
    EXPECT_EQ(measured, 1);
}

TEST(PlanCommand, ExitCodesForBadTargetsAndRejectedSpecs) {
    const RunResult interpret = audit("plan --target interpret " + example("matmul-rect"));
    EXPECT_EQ(interpret.exit_code, 2);
    EXPECT_NE(interpret.err.find("tpu-v5e"), std::string::npos) << interpret.err;
    EXPECT_EQ(audit("plan").exit_code, 2);
    // float64 has no TPU lowering: every candidate is rejected, nothing could launch.
    Json s = Json::parse(slurp(kExamples / "matmul-rect.tilelens.json"));
    for (auto& op : s["operands"]) op["dtype"] = "float64";
    const fs::path p = scratch_dir() / "f64.tilelens.json";
    std::ofstream(p) << s.dump();
    const RunResult rejected = audit("plan " + q(p));
    EXPECT_EQ(rejected.exit_code, 3) << rejected.out << rejected.err;
    EXPECT_NE(rejected.out.find("dtype"), std::string::npos) << rejected.out;
}

}  // namespace

namespace {

// A small rectangular matmul that the stand-in jax runs in a moment.
fs::path small_matmul_spec() {
    Json s = Json::parse(slurp(kExamples / "matmul-rect.tilelens.json"));
    s["name"] = "small-mm";
    s["params"] = {{"M", 20}, {"N", 12}, {"K", 18}, {"bm", 8}, {"bn", 12}, {"bk", 18}};
    const fs::path p = scratch_dir() / "small-mm.tilelens.json";
    std::ofstream(p) << s.dump(2);
    return p;
}

TEST(PlanCommand, EmittedBenchmarkClosesTheLoopThroughTimingsAndPlan) {
    const fs::path spec = small_matmul_spec(), dir = scratch_dir();
    const fs::path script = dir / "bench.py", csv = dir / "measured.csv";
    const RunResult emitted =
        audit("plan --runs 2 --warmup 1 --emit-bench " + q(script) + " " + q(spec));
    ASSERT_EQ(emitted.exit_code, 0) << emitted.err;
    EXPECT_NE(emitted.out.find("wrote " + script.string()), std::string::npos) << emitted.out;
    const Json plan = json_of(audit("plan --json - " + q(spec)));
    const std::size_t candidates = plan["candidates"].size();
    ASSERT_GT(candidates, 0u);

    // Run it as the target would, with the numpy stand-in for jax.
    const std::string run = "PYTHONDONTWRITEBYTECODE=1 PYTHONPATH=" + quote(TILELENS_FAKE_JAX_DIR) +
                            " TILELENS_FAKE_JAX_LOG=" + q(dir / "calls.json") + " " +
                            quote(TILELENS_NUMPY_PYTHON) + " " + q(script) + " --csv " + q(csv) +
                            " >" + q(dir / "python.out") + " 2>&1";
    ASSERT_EQ(std::system(run.c_str()), 0) << slurp(dir / "python.out");

    // Every candidate is measured and verified there, and the baseline timed.
    const Json timed = json_of(audit("timings --json - --spec " + q(spec) + " " + q(csv)));
    std::size_t pallas = 0, xla = 0;
    for (const auto& r : timed["records"]) {
        EXPECT_EQ(r["verified"], true) << r.dump();
        EXPECT_EQ(r["target"], "tpu-v5e");
        (r["impl"] == "pallas" ? pallas : xla) += 1;
    }
    EXPECT_EQ(pallas, candidates);
    EXPECT_EQ(xla, 1u);
    ASSERT_TRUE(timed.contains("decision"));
    EXPECT_FALSE(timed["decision"]["sentence"].get<std::string>().empty());

    const Json measured = json_of(audit("plan --json - --timings " + q(csv) + " " + q(spec)));
    for (const auto& c : measured["candidates"]) EXPECT_EQ(c["status"], "measured") << c.dump();
}

TEST(PlanCommand, EmitBenchRefusesWhatTheScriptCannotBuild) {
    // A valid spec whose input is zero where unread: the script cannot generate such data.
    Json s = Json::parse(slurp(small_matmul_spec()));
    s["operands"][0]["unread"] = "zero";
    const fs::path p = scratch_dir() / "zero-unread.tilelens.json";
    std::ofstream(p) << s.dump();
    ASSERT_EQ(audit("plan " + q(p)).exit_code, 0);
    const fs::path script = scratch_dir() / "never.py";
    const RunResult r = audit("plan --emit-bench " + q(script) + " " + q(p));
    EXPECT_EQ(r.exit_code, 2) << r.out;
    EXPECT_FALSE(fs::exists(script));
    EXPECT_NE(r.err.find("--emit-bench"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("unread"), std::string::npos) << r.err;
}

}  // namespace
