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

#include "audit_run_util.h"

namespace {

using namespace audit_run;

std::string example(const std::string& name) {
    return quote((kExamples / (name + ".tilelens.json")).string());
}

struct Expectation {
    std::string name;
    int exit_code;
    std::string verdict, contract, indexing, numerics;
    std::set<std::string> errors;   // exactly the kinds of severity error, over every case
    std::set<std::string> notices;  // warning/info kinds that must be among the findings
};

// Why each row is what it is: see the example's description. Stages and errors cover the
// spec's own params and every case of its sweep.
const std::vector<Expectation> kExpected = {
    {"matmul-documented", 0, "pass", "pass", "pass", "pass", {}, {}},
    {"matmul-rect", 0, "pass", "pass", "pass", "pass", {}, {"padded_reads"}},
    {"matmul-swapped-axes",
     1,
     "fail",
     "pass",
     "fail",
     "fail",
     {"block_out_of_bounds", "uncovered_output", "numerical_mismatch"},
     {"unread_input"}},
    {"reduction-wrong-axis",
     1,
     "fail",
     "pass",
     "fail",
     "fail",
     {"nonconsecutive_revisit", "multiply_written_output", "uncovered_output",
      "numerical_mismatch"},
     {}},
    // The interpreter runs programs one after another, so the race does not change its numbers.
    {"reduction-parallel", 1, "fail", "pass", "fail", "pass", {"parallel_race"}, {}},
    {"element-offsets",
     1,
     "fail",
     "pass",
     "fail",
     "fail",
     {"block_out_of_bounds", "uncovered_output", "numerical_mismatch"},
     {"unread_input"}},
    {"tpu-invalid-block",
     3,
     "rejected",
     "rejected",
     "skipped",
     "skipped",
     {"contract_violation"},
     {}},
    {"elementwise-add", 0, "pass", "pass", "pass", "pass", {}, {"padded_reads"}},
    {"transpose", 0, "pass", "pass", "pass", "pass", {}, {}},
    {"rank1", 0, "pass", "pass", "pass", "pass", {}, {"padded_reads"}},
    {"block-sparse", 0, "pass", "pass", "pass", "pass", {}, {"unread_input"}},
    {"matmul-floor-grid-rect",
     1,
     "fail",
     "pass",
     "fail",
     "fail",
     {"uncovered_output", "numerical_mismatch"},
     {"unread_input"}},
    {"matmul-k-tail-zero-fill", 0, "pass", "pass", "pass", "pass", {}, {"padded_reads"}},
    {"revisit-carried", 0, "pass", "pass", "pass", "pass", {}, {"nonconsecutive_revisit"}},
    {"softmax-narrow-block", 1, "fail", "pass", "pass", "fail", {"numerical_mismatch"}, {}},
    // Both panels streamed in K tiles inside the program: no K axis, so no race.
    {"matmul-gpu-inner", 0, "pass", "pass", "pass", "pass", {}, {"padded_reads"}},
};

void PrintTo(const Expectation& e, std::ostream* os) {
    *os << e.name;
}

class Example : public ::testing::TestWithParam<Expectation> {};

TEST_P(Example, AuditGivesTheExpectedVerdictAndFindings) {
    const Expectation& e = GetParam();
    const RunResult r = audit("check --jobs 2 --json - " + example(e.name));
    ASSERT_EQ(r.exit_code, e.exit_code) << r.out << r.err;
    const Json j = Json::parse(r.out);  // --json - keeps standard output pure JSON
    EXPECT_EQ(j["spec"], e.name);
    EXPECT_EQ(j["verdict"], e.verdict);
    EXPECT_EQ(j["stages"]["contract"], e.contract);
    EXPECT_EQ(j["stages"]["indexing"], e.indexing);
    EXPECT_EQ(j["stages"]["numerics"], e.numerics);
    std::set<std::string> errors, all;
    for (const auto& f : j["findings"]) {
        all.insert(f["kind"].get<std::string>());
        if (f["severity"] == "error") errors.insert(f["kind"].get<std::string>());
        EXPECT_FALSE(f["message"].get<std::string>().empty());
    }
    EXPECT_EQ(errors, e.errors);
    for (const auto& k : e.notices) EXPECT_TRUE(all.count(k)) << "missing " << k;
    ASSERT_FALSE(j["cases"].empty());
    EXPECT_EQ(j["cases"][0]["label"], "spec");  // the spec's own params come first
    bool any_failing = false;
    for (const auto& c : j["cases"]) any_failing = any_failing || c["verdict"] != "pass";
    EXPECT_EQ(any_failing, e.verdict != "pass");
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

// The first finding of severity error with `kind`, or null.
const Json* first_error(const Json& report, const std::string& kind) {
    for (const auto& f : report["findings"])
        if (f["severity"] == "error" && f["kind"] == kind) return &f;
    return nullptr;
}

// What the descriptions promise about changing a param or a policy, one narrative a test.

// Square shapes hide the grid axis swap; the sweep's square case shows it.
TEST(AuditE2E, LessonNarrativeSquareShapesHideTheAxisSwap) {
    const RunResult swapped = audit("--json - " + example("matmul-swapped-axes"));
    const Json swapped_report = Json::parse(swapped.out);
    bool square_seen = false;
    for (const auto& c : swapped_report["cases"]) {
        if (c["label"] == "square") {
            square_seen = true;
            EXPECT_EQ(c["verdict"], "pass");
        }
        if (c["label"] == "rectangular") {
            EXPECT_EQ(c["verdict"], "fail");
        }
    }
    EXPECT_TRUE(square_seen);
    const RunResult square = audit_edited("matmul-swapped-axes", [](Json& s) {
        s["params"]["M"] = s["params"]["N"] = s["params"]["K"] = 384;
        s["sweep"] = "off";
    });
    EXPECT_EQ(square.exit_code, 0) << square.out;
}

// A mismatch names its cause: a block never initialised, or padding read as data.
TEST(AuditE2E, LessonNarrativeMismatchesNameTheirCause) {
    const RunResult tpu =
        audit_edited("revisit-carried", [](Json& s) { s["policy"]["revisit"] = "tpu"; });
    ASSERT_EQ(tpu.exit_code, 1) << tpu.out;
    const Json tpu_report = Json::parse(tpu.out);
    EXPECT_TRUE(error_kinds(tpu_report).count("nonconsecutive_revisit"));
    const Json* garbage = first_error(tpu_report, "numerical_mismatch");
    ASSERT_NE(garbage, nullptr) << tpu.out;
    EXPECT_EQ((*garbage)["cause"], "uninitialized");

    const RunResult nan_fill = audit_edited("matmul-k-tail-zero-fill", [](Json& s) {
        s["policy"]["uninitialized"] = "nan";
        s["sweep"] = "off";
    });
    ASSERT_EQ(nan_fill.exit_code, 1) << nan_fill.out;
    const Json nan_report = Json::parse(nan_fill.out);
    const Json* padding = first_error(nan_report, "numerical_mismatch");
    ASSERT_NE(padding, nullptr);
    EXPECT_EQ((*padding)["cause"], "padding");

    const RunResult unmasked =
        audit_edited("matmul-rect", [](Json& s) { s["kernel"]["mask_k_tail"] = false; });
    ASSERT_EQ(unmasked.exit_code, 1) << unmasked.out;
    const Json unmasked_report = Json::parse(unmasked.out);
    const Json* tail = first_error(unmasked_report, "numerical_mismatch");
    ASSERT_NE(tail, nullptr);
    EXPECT_EQ((*tail)["cause"], "padding");
    EXPECT_FALSE((*tail)["case"].is_null());  // found by the sweep, not on K = 256
}

// The documented matmul holds for its documented shapes only: a sweep finds the first M that
// breaks it.
TEST(AuditE2E, LessonNarrativeDocumentedMatmulFailsItsSweep) {
    const RunResult documented =
        audit_edited("matmul-documented", [](Json& s) { s["sweep"] = "auto"; });
    ASSERT_EQ(documented.exit_code, 1) << documented.out;
    const Json doc = Json::parse(documented.out);
    EXPECT_TRUE(error_kinds(doc).count("uncovered_output"));
    ASSERT_FALSE(doc["proofs"].empty());
    EXPECT_EQ(doc["proofs"][0]["param"], "M");
    EXPECT_EQ(doc["proofs"][0]["first_failure"], 1);
}

// Each lesson's fix, applied to its broken example, passes.
TEST(AuditE2E, LessonNarrativeFixesPass) {
    const RunResult cdiv = audit_edited("matmul-floor-grid-rect", [](Json& s) {
        s["grid"] = {"cdiv(M, bm)", "cdiv(N, bn)", "cdiv(K, bk)"};
        s["kernel"]["mask_k_tail"] = true;
    });
    EXPECT_EQ(cdiv.exit_code, 0) << cdiv.out;

    const RunResult last = audit_edited("reduction-wrong-axis", [](Json& s) {
        s["grid"] = {"cdiv(M, bm)", "cdiv(N, bn)", "cdiv(K, bk)"};
        for (auto& op : s["operands"]) {
            std::string m = op["index_map"];
            m.replace(m.find("k, i, j"), 7, "i, j, k");
            op["index_map"] = m;
        }
        s["kernel"]["reduction_axis"] = 2;
        s["kernel"]["mask_k_tail"] = true;
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

    const RunResult whole_rows = audit_edited("softmax-narrow-block", [](Json& s) {
        s["grid"] = {"cdiv(R, br)"};
        s["dimension_semantics"] = {"parallel"};
        for (auto& op : s["operands"]) {
            op["block_shape"][1] = "C";
            op["index_map"] = "lambda i: (i, 0)";
        }
    });
    EXPECT_EQ(whole_rows.exit_code, 0) << whole_rows.out;
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

TEST(AuditE2E, StageIndexingSkipsTheNumericsAndSaysWhy) {
    const RunResult r = audit("--stage indexing --json - " + example("softmax-narrow-block"));
    ASSERT_EQ(r.exit_code, 0) << r.err;  // only the numbers are wrong: indexing passes
    const Json j = Json::parse(r.out);
    EXPECT_EQ(j["stages"]["indexing"], "pass");
    EXPECT_EQ(j["stages"]["numerics"], "skipped");
    bool said = false;
    for (const auto& n : j["notes"]) said = said || n == "numerics: skipped: --stage indexing";
    EXPECT_TRUE(said) << j["notes"].dump();
    const RunResult all = audit("--stage numerics --json - " + example("softmax-narrow-block"));
    ASSERT_EQ(all.exit_code, 1);
    EXPECT_EQ(Json::parse(all.out)["stages"]["numerics"], "fail");
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
    EXPECT_NE(r.out.find("numerics  fail"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("first error of each kind in the sweep:"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("note: proof: every positive size of M decided: M = 1 is the first "
                         "that fails; it fails exactly when M % 128 != 0"),
              std::string::npos)
        << r.out;
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
    EXPECT_NE(text.find("| numerics | fail |"), std::string::npos);
    EXPECT_NE(text.find("### Indexing proof over sizes"), std::string::npos);
    EXPECT_NE(text.find("unmeasured"), std::string::npos);
    EXPECT_EQ(Json::parse(slurp(js))["verdict"], "fail");
    const RunResult bad = audit("--json " + quote((dir / "no-such-dir" / "r.json").string()) + " " +
                                example("matmul-rect"));
    EXPECT_EQ(bad.exit_code, 2);
    EXPECT_NE(bad.err.find("--json"), std::string::npos) << bad.err;
}

TEST(AuditE2E, AFloorGridIsProvedToFailOffTheBlockSize) {
    const RunResult r = audit("--json - " + example("matmul-floor-grid-rect"));
    ASSERT_EQ(r.exit_code, 1);
    const Json j = Json::parse(r.out);
    ASSERT_FALSE(j["proofs"].empty());
    const Json& m = j["proofs"][0];
    EXPECT_EQ(m["param"], "M");
    EXPECT_EQ(m["scope"], "all");
    EXPECT_TRUE(m["to"].is_null());
    EXPECT_EQ(m["first_failure"], 1);
    EXPECT_EQ(m["failing_sizes"], "M % 128 != 0");
    EXPECT_NE(m["findings"].dump().find("uncovered_output"), std::string::npos) << m.dump();
}

TEST(AuditE2E, SweepOffChecksOnlyTheSpecsOwnParams) {
    const RunResult r = audit("--sweep off --json - " + example("matmul-rect"));
    ASSERT_EQ(r.exit_code, 0);
    const Json j = Json::parse(r.out);
    ASSERT_EQ(j["cases"].size(), 1u);
    EXPECT_EQ(j["cases"][0]["label"], "spec");
    EXPECT_EQ(j["cases"][0]["params"]["M"], 300);
    EXPECT_TRUE(j["proofs"].empty());  // no sizes beyond the spec's own were tried
}

TEST(AuditE2E, AutoSweepHasHostileRectangularAndPrimeCases) {
    const RunResult r = audit("--jobs 2 --json - " + example("matmul-rect"));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const Json j = Json::parse(r.out);
    std::set<std::int64_t> ms;
    bool rectangular = false;
    for (const auto& c : j["cases"]) {
        ms.insert(c["params"]["M"].get<std::int64_t>());
        const auto m = c["params"]["M"], n = c["params"]["N"], k = c["params"]["K"];
        rectangular = rectangular || (m != n && n != k && m != k);
    }
    // bm = 128: 1, b-1, b, b+1, 2b+1 and the prime 263; the spec's own 300; tall/wide 1025.
    for (std::int64_t m : {1, 127, 128, 129, 257, 263, 300, 1025}) EXPECT_TRUE(ms.count(m)) << m;
    EXPECT_TRUE(rectangular);
    // The index maps are affine and the grid cdiv: every positive M, N and K is proved.
    ASSERT_EQ(j["proofs"].size(), 3u);
    for (const auto& p : j["proofs"]) {
        EXPECT_EQ(p["scope"], "all");
        EXPECT_EQ(p["from"], 1);
        EXPECT_TRUE(p["to"].is_null());
        EXPECT_TRUE(p["first_failure"].is_null());
        EXPECT_TRUE(p["failing_sizes"].is_null());
    }
}

TEST(LessonCommand, PrintsEachStepWithWhatTheChecksFindAndWhetherItsClaimHolds) {
    const fs::path lessons = fs::path(TILELENS_SOURCE_DIR) / "resources" / "lessons";
    const auto r = audit("lesson " + quote((lessons / "04-floor-grid.tilelens.json").string()));
    EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
    EXPECT_NE(r.out.find("Lesson 4: A floor-division grid skips the tail (5 steps)"),
              std::string::npos)
        << r.out;
    EXPECT_NE(r.out.find("Step 2/5: params the spec's own; program (1, 1, 1) of grid (2, 2, 2)"),
              std::string::npos)
        << r.out;
    EXPECT_NE(r.out.find("found: unread_input, uncovered_output"), std::string::npos) << r.out;
    EXPECT_EQ(r.err, "");

    // One step only, and a claim that does not hold exits 1 and says which.
    Json spec = Json::parse(slurp(lessons / "04-floor-grid.tilelens.json"));
    spec["lesson"]["steps"][1]["x-expect"]["absent"] = Json::array({"uncovered_output"});
    const fs::path broken = scratch_dir() / "broken-lesson.tilelens.json";
    std::ofstream(broken) << spec.dump(2);
    const auto one = audit("lesson --step 2 " + quote(broken.string()));
    EXPECT_EQ(one.exit_code, 1) << one.out << one.err;
    EXPECT_EQ(one.out.find("Step 1/5"), std::string::npos) << one.out;
    EXPECT_NE(one.out.find("claim NOT met: expected no uncovered_output, but it was found"),
              std::string::npos)
        << one.out;

    // No lesson, or a step past the last: usage errors.
    EXPECT_EQ(
        audit("lesson " + quote((kExamples / "matmul-rect.tilelens.json").string())).exit_code, 2);
    EXPECT_EQ(audit("lesson --step 6 " + quote(broken.string())).exit_code, 2);
}

}  // namespace
