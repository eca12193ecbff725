// Runs the built tilelens-audit on every example of the lesson library and on broken input,
// checking exit codes, verdicts, stages and finding kinds against the table below (each row
// worked out by hand from the example's shapes and index maps).
#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

namespace {

namespace fs = std::filesystem;
using Json = nlohmann::json;

const fs::path kExamples = fs::path(TILELENS_SOURCE_DIR) / "resources" / "examples";

struct RunResult {
    int exit_code = -1;
    std::string out, err;
};

std::string slurp(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

std::string quote(const std::string& s) {
    std::string q = "'";
    for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return q + "'";
}

fs::path scratch_dir() {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    fs::path dir = fs::temp_directory_path() /
                   ("tilelens_e2e_" + std::to_string(::getpid()) + "_" + info->name());
    fs::create_directories(dir);
    return dir;
}

RunResult audit(const std::string& args) {
    const fs::path dir = scratch_dir();
    const fs::path out = dir / "stdout", err = dir / "stderr";
    const std::string cmd = quote(TILELENS_AUDIT_BIN) + " " + args + " >" + quote(out) + " 2>" +
                            quote(err) + " </dev/null";
    const int status = std::system(cmd.c_str());
    RunResult r;
    r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    r.out = slurp(out);
    r.err = slurp(err);
    return r;
}

std::string example(const std::string& name) {
    return quote((kExamples / (name + ".tilelens.json")).string());
}

struct Expectation {
    std::string name;
    int exit_code;
    std::string verdict, contract, indexing;
    std::set<std::string> errors;   // exactly the kinds of severity error
    std::set<std::string> notices;  // warning/info kinds that must be among the findings
};

// Why each row is what it is: see the example's description.
const std::vector<Expectation> kExpected = {
    {"matmul-documented", 0, "pass", "pass", "pass", {}, {}},
    {"matmul-rect", 0, "pass", "pass", "pass", {}, {"padded_reads"}},
    {"matmul-swapped-axes", 1, "fail", "pass", "fail", {"block_out_of_bounds"}, {"unread_input"}},
    {"reduction-wrong-axis",
     1,
     "fail",
     "pass",
     "fail",
     {"nonconsecutive_revisit", "multiply_written_output"},
     {}},
    {"reduction-parallel", 1, "fail", "pass", "fail", {"parallel_race"}, {}},
    {"element-offsets",
     1,
     "fail",
     "pass",
     "fail",
     {"block_out_of_bounds", "uncovered_output"},
     {"unread_input"}},
    {"tpu-invalid-block", 3, "rejected", "rejected", "skipped", {"contract_violation"}, {}},
    {"elementwise-add", 0, "pass", "pass", "pass", {}, {"padded_reads"}},
    {"transpose", 0, "pass", "pass", "pass", {}, {}},
    {"rank1", 0, "pass", "pass", "pass", {}, {"padded_reads"}},
    {"block-sparse", 0, "pass", "pass", "pass", {}, {"unread_input"}},
    {"matmul-floor-grid-rect", 1, "fail", "pass", "fail", {"uncovered_output"}, {"unread_input"}},
    {"revisit-carried", 0, "pass", "pass", "pass", {}, {"nonconsecutive_revisit"}},
};

class Example : public ::testing::TestWithParam<Expectation> {};

TEST_P(Example, AuditGivesTheExpectedVerdictAndFindings) {
    const Expectation& e = GetParam();
    const RunResult r = audit("check --json - " + example(e.name));
    ASSERT_EQ(r.exit_code, e.exit_code) << r.out << r.err;
    const Json j = Json::parse(r.out);  // --json - keeps standard output pure JSON
    EXPECT_EQ(j["spec"], e.name);
    EXPECT_EQ(j["verdict"], e.verdict);
    EXPECT_EQ(j["stages"]["contract"], e.contract);
    EXPECT_EQ(j["stages"]["indexing"], e.indexing);
    EXPECT_EQ(j["stages"]["numerics"], "skipped");  // never "pass" without an interpreter
    std::set<std::string> errors, all;
    for (const auto& f : j["findings"]) {
        all.insert(f["kind"].get<std::string>());
        if (f["severity"] == "error") errors.insert(f["kind"].get<std::string>());
        EXPECT_FALSE(f["message"].get<std::string>().empty());
    }
    EXPECT_EQ(errors, e.errors);
    for (const auto& k : e.notices) EXPECT_TRUE(all.count(k)) << "missing " << k;
    ASSERT_EQ(j["cases"].size(), 1u);  // the spec's own params, until the sweep exists
    EXPECT_EQ(j["cases"][0]["verdict"], e.verdict);
}

INSTANTIATE_TEST_SUITE_P(Library, Example, ::testing::ValuesIn(kExpected), [](const auto& info) {
    std::string n = info.param.name;
    for (auto& c : n) c = c == '-' ? '_' : c;
    return n;
});

TEST(AuditE2E, EveryExampleHasARowAndADescription) {
    std::set<std::string> files, rows;
    for (const auto& entry : fs::directory_iterator(kExamples)) {
        const std::string f = entry.path().filename().string();
        const auto pos = f.find(".tilelens.json");
        if (pos == std::string::npos) continue;
        files.insert(f.substr(0, pos));
        const Json spec = Json::parse(slurp(entry.path()));
        EXPECT_EQ(spec["name"], f.substr(0, pos)) << "the name should match the file";
        EXPECT_GT(spec.value("description", std::string()).size(), 80u) << f;
    }
    for (const auto& e : kExpected) rows.insert(e.name);
    EXPECT_EQ(files, rows);
}

TEST(AuditE2E, IndexListsEveryLessonOnceAndTheDefault) {
    const Json index = Json::parse(slurp(kExamples / "index.json"));
    EXPECT_EQ(index["default"], "matmul-rect");  // the GUI opens it at start
    std::set<std::string> listed, rows;
    for (const auto& n : index["lessons"]) EXPECT_TRUE(listed.insert(n.get<std::string>()).second);
    for (const auto& e : kExpected) rows.insert(e.name);
    EXPECT_EQ(listed, rows);
}

// Writes the example `name` with `edit` applied to a scratch file and audits it.
template <class Edit>
RunResult audit_edited(const std::string& name, Edit edit) {
    Json spec = Json::parse(slurp(kExamples / (name + ".tilelens.json")));
    edit(spec);
    const fs::path p = scratch_dir() / (name + "-edited.tilelens.json");
    std::ofstream(p) << spec.dump(2);
    return audit("--json - " + quote(p.string()));
}

std::set<std::string> error_kinds(const Json& report) {
    std::set<std::string> k;
    for (const auto& f : report["findings"])
        if (f["severity"] == "error") k.insert(f["kind"].get<std::string>());
    return k;
}

// What the descriptions promise about changing a param or a policy.
TEST(AuditE2E, LessonNarrativesHold) {
    const RunResult square = audit_edited("matmul-swapped-axes", [](Json& s) {
        s["params"]["M"] = s["params"]["N"] = s["params"]["K"] = 384;
    });
    EXPECT_EQ(square.exit_code, 0) << square.out;  // square shapes hide the swap

    const RunResult tpu =
        audit_edited("revisit-carried", [](Json& s) { s["policy"]["revisit"] = "tpu"; });
    ASSERT_EQ(tpu.exit_code, 1) << tpu.out;
    EXPECT_TRUE(error_kinds(Json::parse(tpu.out)).count("nonconsecutive_revisit"));

    const RunResult cdiv = audit_edited("matmul-floor-grid-rect", [](Json& s) {
        s["grid"] = {"cdiv(M, bm)", "cdiv(N, bn)", "cdiv(K, bk)"};
    });
    EXPECT_EQ(cdiv.exit_code, 0) << cdiv.out;

    const RunResult last = audit_edited("reduction-wrong-axis", [](Json& s) {
        s["grid"] = {"M // bm", "N // bn", "K // bk"};
        for (auto& op : s["operands"]) {
            std::string m = op["index_map"];
            m.replace(m.find("k, i, j"), 7, "i, j, k");
            op["index_map"] = m;
        }
        s["kernel"]["reduction_axis"] = 2;
    });
    EXPECT_EQ(last.exit_code, 0) << last.out;

    const RunResult arbitrary = audit_edited(
        "reduction-parallel", [](Json& s) { s["dimension_semantics"][2] = "arbitrary"; });
    EXPECT_EQ(arbitrary.exit_code, 0) << arbitrary.out;

    const RunResult blocks = audit_edited("element-offsets", [](Json& s) {
        for (auto& op : s["operands"]) op["index_map"] = "lambda i, j: (i, j)";
    });
    EXPECT_EQ(blocks.exit_code, 0) << blocks.out;

    const RunResult rows =
        audit_edited("tpu-invalid-block", [](Json& s) { s["params"]["bm"] = 104; });
    EXPECT_EQ(rows.exit_code, 0) << rows.out;
}

TEST(AuditE2E, RejectedExampleNamesTheBlockTilingRule) {
    const RunResult r = audit("--json - " + example("tpu-invalid-block"));
    ASSERT_EQ(r.exit_code, 3);
    const Json j = Json::parse(r.out);
    ASSERT_FALSE(j["findings"].empty());
    for (const auto& f : j["findings"]) {
        EXPECT_EQ(f["kind"], "contract_violation");
        EXPECT_EQ(f["rule"], "block_tiling");
    }
    EXPECT_TRUE(j["operands"].empty());  // nothing was launched, not even the analysis
}

TEST(AuditE2E, TargetFlagReplacesTheSpecsTarget) {
    // The interpret target has no tiling rules; the (100, 128) blocks divide 1000 x 256.
    const RunResult r = audit("--target interpret --json - " + example("tpu-invalid-block"));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const Json j = Json::parse(r.out);
    EXPECT_EQ(j["target"], "interpret");
    EXPECT_EQ(j["verdict"], "pass");
}

TEST(AuditE2E, UnknownTargetIsAnInvalidRunNamingTheFlag) {
    const RunResult r = audit("--target tpu-v5 " + example("matmul-rect"));
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find("--target"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("tpu-v5e"), std::string::npos) << r.err;  // the known ids are listed
}

TEST(AuditE2E, StageContractStopsAfterTheContract) {
    // matmul-floor-grid-rect fails indexing; with --stage contract it only meets the contract.
    const RunResult r = audit("--stage contract --json - " + example("matmul-floor-grid-rect"));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const Json j = Json::parse(r.out);
    EXPECT_EQ(j["stages"]["contract"], "pass");
    EXPECT_EQ(j["stages"]["indexing"], "skipped");
    EXPECT_EQ(j["stages"]["numerics"], "skipped");
    EXPECT_TRUE(j["findings"].empty());
}

TEST(AuditE2E, BrokenSpecsExitTwoWithSpecError) {
    const fs::path dir = scratch_dir();
    const fs::path syntax = dir / "syntax.tilelens.json";
    std::ofstream(syntax) << "{\"tilelens\": 1, \"name\": \"x\",";
    const fs::path unknown = dir / "unknown-name.tilelens.json";
    std::ofstream(unknown) << R"js({"tilelens": 1, "name": "bad", "grid": ["cdiv(M, bm)"],
        "operands": [{"name": "x", "role": "input", "shape": [8], "dtype": "float32"}]})js";
    for (const auto& p : {syntax, unknown, dir / "missing.tilelens.json"}) {
        const RunResult r = audit("--json - " + quote(p.string()));
        EXPECT_EQ(r.exit_code, 2) << p;
        const Json j = Json::parse(r.out);
        EXPECT_EQ(j["verdict"], "invalid");
        ASSERT_FALSE(j["findings"].empty());
        EXPECT_EQ(j["findings"][0]["kind"], "spec_error");
        EXPECT_FALSE(r.err.empty()) << "errors go to standard error";
    }
}

TEST(AuditE2E, UsageErrorsExitTwoNamingTheFlag) {
    const RunResult bogus = audit("--bogus " + example("matmul-rect"));
    EXPECT_EQ(bogus.exit_code, 2);
    EXPECT_NE(bogus.err.find("--bogus"), std::string::npos) << bogus.err;
    const RunResult stage = audit("--stage everything " + example("matmul-rect"));
    EXPECT_EQ(stage.exit_code, 2);
    EXPECT_NE(stage.err.find("--stage"), std::string::npos) << stage.err;
    const RunResult jobs = audit("--jobs -3 " + example("matmul-rect"));
    EXPECT_EQ(jobs.exit_code, 2);
    EXPECT_NE(jobs.err.find("--jobs"), std::string::npos) << jobs.err;
    const RunResult none = audit("");
    EXPECT_EQ(none.exit_code, 2);
    EXPECT_NE(none.err.find("SPEC"), std::string::npos) << none.err;
}

TEST(AuditE2E, LaterCommandsSayTheyAreNotAvailable) {
    for (const char* cmd : {"timings bench.json", "plan spec.tilelens.json"}) {
        const RunResult r = audit(cmd);
        EXPECT_EQ(r.exit_code, 2) << cmd;
        EXPECT_NE(r.err.find("not available in this version"), std::string::npos) << r.err;
    }
}

TEST(AuditE2E, VersionAndHelp) {
    const RunResult v = audit("--version");
    EXPECT_EQ(v.exit_code, 0);
    EXPECT_NE(v.out.find(TILELENS_VERSION), std::string::npos);
    const RunResult h = audit("--help");
    EXPECT_EQ(h.exit_code, 0);
    for (const char* flag : {"--stage", "--target", "--sweep", "--jobs", "--json", "--markdown",
                             "--quiet", "timings", "plan"})
        EXPECT_NE(h.out.find(flag), std::string::npos) << flag;
}

TEST(AuditE2E, HumanSummaryOnStandardOutput) {
    const RunResult r = audit("check " + example("matmul-floor-grid-rect"));
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_NE(r.out.find("matmul-floor-grid-rect on tpu-v5e: FAIL"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("error   uncovered_output o:"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("the interpreter is not available in this version"), std::string::npos);
    const RunResult quiet = audit("--quiet " + example("matmul-floor-grid-rect"));
    EXPECT_EQ(quiet.exit_code, 1);
    EXPECT_TRUE(quiet.out.empty()) << quiet.out;
}

TEST(AuditE2E, ReportFilesAreWritten) {
    const fs::path dir = scratch_dir();
    const fs::path md = dir / "report.md", js = dir / "report.json";
    const RunResult r = audit("--quiet --markdown " + quote(md.string()) + " --json " +
                              quote(js.string()) + " " + example("matmul-floor-grid-rect"));
    ASSERT_EQ(r.exit_code, 1) << r.err;
    const std::string text = slurp(md);
    EXPECT_EQ(text.rfind("**Verdict: FAIL**", 0), 0u) << text.substr(0, 200);
    EXPECT_NE(text.find("| numerics | skipped |"), std::string::npos);
    EXPECT_NE(text.find("unmeasured"), std::string::npos);
    EXPECT_EQ(Json::parse(slurp(js))["verdict"], "fail");
    const RunResult bad = audit("--json " + quote((dir / "no-such-dir" / "r.json").string()) + " " +
                                example("matmul-rect"));
    EXPECT_EQ(bad.exit_code, 2);
    EXPECT_NE(bad.err.find("--json"), std::string::npos) << bad.err;
}

TEST(AuditE2E, SweepOffLeavesTheCasesEmpty) {
    const RunResult r = audit("--sweep off --json - " + example("matmul-rect"));
    ASSERT_EQ(r.exit_code, 0);
    const Json j = Json::parse(r.out);
    ASSERT_TRUE(j.contains("cases"));
    EXPECT_TRUE(j["cases"].empty());
}

}  // namespace
