// `tilelens-audit timings|plan --verified NOTE` and the provisional decision and plan, run end to
// end on real files (a tokamax autotuning cache, a PyTorch profiler trace) and on small CSVs
// (docs/timings.md, "The rule of evidence" and "The decision"; docs/report-format.md).
#include "audit_run_util.h"

namespace {

using namespace audit_run;

const fs::path kReal = fs::path(TILELENS_SOURCE_DIR) / "tests" / "golden" / "timings" / "real";
const std::string kNote = "outputs compared with jnp reference on v5e, 2026-11-30, A. Author";

std::string q(const fs::path& p) {
    return quote(p.string());
}

Json json_of(const RunResult& r) {
    EXPECT_TRUE(Json::accept(r.out)) << r.out.substr(0, 400) << r.err;
    return Json::accept(r.out) ? Json::parse(r.out) : Json::object();
}

fs::path tokamax_v5e() {
    return kReal / "tpu_v5_lite" / "pallas_mosaic_tpu_ragged_dot.json";
}

// A spec named as tokamax names the op, so that `timings --spec` decides for its records: the
// 4096-cubed bf16 problem of the cache's first config.
fs::path ragged_dot_spec() {
    Json s = Json::parse(slurp(kExamples / "matmul-rect.tilelens.json"));
    s.erase("description");
    s["name"] = "pallas_mosaic_tpu_ragged_dot";
    s["params"] = {{"M", 4096}, {"N", 4096}, {"K", 4096}, {"bm", 1024}, {"bn", 1024}, {"bk", 512}};
    for (auto& op : s["operands"]) op["dtype"] = "bfloat16";
    const fs::path p = scratch_dir() / "ragged.tilelens.json";
    std::ofstream(p) << s.dump(2);
    return p;
}

TEST(VerifiedCommand, ATokamaxCacheDecidesProvisionallyUntilAttested) {
    const std::string args = "timings --json - --spec " + q(ragged_dot_spec()) + " ";
    const Json before = json_of(audit(args + q(tokamax_v5e())));
    const Json& d = before["decision"];
    EXPECT_EQ(d["provisional"], true);
    EXPECT_EQ(d["verified_records"], 0);
    EXPECT_EQ(d["unverified_records"], 3);
    EXPECT_TRUE(d["earns_complexity"].is_null());
    EXPECT_EQ(d["sentence"].get<std::string>().rfind("Provisional: the best candidate", 0), 0u)
        << d["sentence"];
    EXPECT_NEAR(d["best"]["median_s"].get<double>(), 0.763e-3, 1e-9);

    const RunResult attested =
        audit(args + "--verified " + quote("  " + kNote + " ") + " " + q(tokamax_v5e()));
    ASSERT_EQ(attested.exit_code, 0) << attested.err;
    const Json after = json_of(attested);
    EXPECT_EQ(after["decision"]["provisional"], false);
    EXPECT_EQ(after["decision"]["verified_records"], 3);
    ASSERT_EQ(after["records"].size(), 3u);
    for (const auto& r : after["records"]) {
        EXPECT_EQ(r["verified"], true);
        EXPECT_EQ(r["attestation"], kNote);  // trimmed
    }

    const RunResult table =
        audit("timings --spec " + q(ragged_dot_spec()) + " " + q(tokamax_v5e()));
    EXPECT_NE(table.out.find("measured (tpu-v5e), unverified"), std::string::npos) << table.out;
    EXPECT_NE(table.out.find("ok (best, provisional)"), std::string::npos) << table.out;
    EXPECT_NE(table.out.find("decision: Provisional: "), std::string::npos) << table.out;
}

TEST(VerifiedCommand, MarkdownHeadsTheDecisionByItsState) {
    const std::string args = "timings --markdown - --spec " + q(ragged_dot_spec()) + " ";
    const RunResult provisional = audit(args + q(tokamax_v5e()));
    ASSERT_EQ(provisional.exit_code, 0) << provisional.err;
    EXPECT_NE(provisional.out.find("# Timings: pallas_mosaic_tpu_ragged_dot on tpu-v5e"),
              std::string::npos)
        << provisional.out;
    EXPECT_NE(provisional.out.find("## Provisional decision"), std::string::npos);
    EXPECT_NE(provisional.out.find("| unverified measured records | 3 |"), std::string::npos);
    const RunResult final_md = audit(args + "--verified " + quote(kNote) + " " + q(tokamax_v5e()));
    EXPECT_EQ(final_md.out.find("Provisional"), std::string::npos) << final_md.out;
    EXPECT_NE(final_md.out.find("## Decision"), std::string::npos);
    EXPECT_NE(final_md.out.find("verified (attested): \xe2\x80\x9c" + kNote), std::string::npos)
        << final_md.out;
    EXPECT_EQ(audit("timings --json - --markdown - " + q(tokamax_v5e())).exit_code, 2);
}

TEST(VerifiedCommand, ARealPyTorchTraceKeepsTheNoteOnEveryKernel) {
    const RunResult r = audit("timings --json - --verified " + quote(kNote) + " " +
                              q(kReal / "pytorch-h100.trace.json"));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const Json j = json_of(r);
    ASSERT_FALSE(j["records"].empty());
    for (const auto& rec : j["records"]) {
        EXPECT_EQ(rec["source"], "measured");
        EXPECT_EQ(rec["verified"], true);
        EXPECT_EQ(rec["attestation"], kNote);
    }
}

TEST(VerifiedCommand, AFilesOwnFalseRowsAreNotOverriddenAndTheWarningSaysSo) {
    const fs::path csv = scratch_dir() / "mixed.csv";
    std::ofstream(csv)
        << "# tilelens-timings/1\n"
           "kernel,impl,target,params,n,median_s,min_s,max_s,method,source,verified\n"
           "mm,pallas,tpu-v5e,bm=128,5,1e-3,1e-3,1e-3,device-profiler,measured,\n"
           "mm,pallas,tpu-v5e,bm=256,5,5e-4,5e-4,5e-4,device-profiler,measured,"
           "false\n";
    const RunResult r = audit("timings --verified " + quote(kNote) + " " + q(csv));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("mixed.csv:4"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("--verified does not override the file"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("check failed"), std::string::npos) << r.out;
    const Json j = json_of(audit("timings --json - --verified " + quote(kNote) + " " + q(csv)));
    EXPECT_EQ(j["records"][0]["verified"], true);
    EXPECT_EQ(j["records"][1]["verified"], false);
    EXPECT_TRUE(j["records"][1]["attestation"].is_null());
}

TEST(VerifiedCommand, ABlankNoteIsAUsageError) {
    const RunResult r = audit("timings --verified ' ' " + q(tokamax_v5e()));
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find("--verified needs a NOTE"), std::string::npos) << r.err;
    EXPECT_EQ(audit("plan --verified '' " + q(kExamples / "matmul-rect.tilelens.json")).exit_code,
              2);
}

TEST(VerifiedCommand, PlanMarksMeasuredUnverifiedAndSaysProvisional) {
    const fs::path csv = scratch_dir() / "trace-like.csv";
    std::ofstream(csv) << "# tilelens-timings/1\n"
                          "kernel,impl,target,params,n,median_s,min_s,max_s,method,source\n"
                          "matmul-rect,pallas,tpu-v5e,M=300;N=500;K=256;bm=128;bn=128;bk=128,50,"
                          "0.00002,0.000019,0.000021,device-profiler,measured\n";
    const std::string spec = q(kExamples / "matmul-rect.tilelens.json");
    const RunResult table = audit("plan --timings " + q(csv) + " " + spec);
    ASSERT_EQ(table.exit_code, 0) << table.err;
    EXPECT_NE(table.out.find("measured (unverified) 20.0 µs"), std::string::npos) << table.out;
    EXPECT_NE(table.out.find("provisional: 1 candidate(s) measured (unverified) and 0 verified"),
              std::string::npos)
        << table.out;

    const auto statuses = [](const Json& plan) {
        std::map<std::string, int> n;
        for (const auto& c : plan["candidates"]) ++n[c["status"].get<std::string>()];
        return n;
    };
    const Json unverified = json_of(audit("plan --json - --timings " + q(csv) + " " + spec));
    EXPECT_EQ(statuses(unverified)["measured-unverified"], 1);
    EXPECT_EQ(statuses(unverified)["measured"], 0);
    EXPECT_EQ(unverified["provisional"], true);

    const Json attested = json_of(
        audit("plan --json - --verified " + quote(kNote) + " --timings " + q(csv) + " " + spec));
    EXPECT_EQ(statuses(attested)["measured"], 1);
    EXPECT_EQ(statuses(attested)["measured-unverified"], 0);
    EXPECT_EQ(attested["provisional"], false);
}

}  // namespace
