#include "core/audit/report_json.h"

#include <set>

#include <gtest/gtest.h>

namespace tl {
namespace {

std::set<std::string> keys(const Json& j) {
    std::set<std::string> k;
    for (auto it = j.begin(); it != j.end(); ++it) k.insert(it.key());
    return k;
}

AuditResult sample() {
    AuditResult r;
    r.spec = "matmul-rect";
    r.target = "tpu-v5e";
    r.verdict = Verdict::Fail;
    r.contract = StageStatus::Pass;
    r.indexing = StageStatus::Fail;
    r.numerics = StageStatus::Skipped;
    r.programs = 24;
    r.flops = 76'800'000;
    r.hbm_bytes = 2'150'400;
    r.vmem_bytes = 393'216;
    r.operands.push_back({"x", Role::Input, 12, 614'400, 131'072, 0});
    Finding f;
    f.kind = FindingKind::UncoveredOutput;
    f.operand = "o";
    f.message = "rows 256..299 of o are never written";
    f.count = 22'000;
    f.element = {256, 0};
    r.findings.push_back(f);
    Finding c;
    c.kind = FindingKind::ContractViolation;
    c.rule = "block_tiling";
    c.message = "m";
    c.case_params = {{"M", 7}};
    r.findings.push_back(c);
    AuditCase row;
    row.params = {{"M", 300}, {"N", 500}};
    row.verdict = Verdict::Fail;
    row.findings = {FindingKind::UncoveredOutput};
    r.cases.push_back(row);
    return r;
}

TEST(ReportJson, TopLevelKeysAreTheContractsInOrder) {
    const Json j = report_to_json(sample());
    std::vector<std::string> order;
    for (auto it = j.begin(); it != j.end(); ++it) order.push_back(it.key());
    // The contract's keys in its order, then the additive ones: proofs, notes and
    // transcendentals (a Python kernel's engine and VMEM ledger are additive too).
    const std::vector<std::string> contract = {
        "tilelens_report", "tool_version", "spec",  "target", "verdict", "stages",         "totals",
        "operands",        "findings",     "cases", "proofs", "notes",   "transcendentals"};
    EXPECT_EQ(order, contract);
    EXPECT_EQ(j["tilelens_report"], 1);
    EXPECT_EQ(j["tool_version"], TILELENS_VERSION);
    EXPECT_EQ(j["verdict"], "fail");
}

TEST(ReportJson, StagesTotalsAndOperandsKeys) {
    const Json j = report_to_json(sample());
    EXPECT_EQ(j["stages"],
              (Json{{"contract", "pass"}, {"indexing", "fail"}, {"numerics", "skipped"}}));
    EXPECT_EQ(keys(j["totals"]),
              (std::set<std::string>{"programs", "flops", "hbm_bytes", "vmem_bytes"}));
    EXPECT_EQ(j["totals"]["flops"], 76'800'000);
    ASSERT_EQ(j["operands"].size(), 1u);
    EXPECT_EQ(keys(j["operands"][0]),
              (std::set<std::string>{"name", "role", "block_copies", "hbm_bytes", "vmem_bytes",
                                     "elements_padded_on_read"}));
    EXPECT_EQ(j["operands"][0]["role"], "input");
    EXPECT_EQ(j["operands"][0]["block_copies"], 12);
}

TEST(ReportJson, FindingsCarryEveryKeyWithNullForAbsentValues) {
    const Json j = report_to_json(sample());
    const std::set<std::string> finding_keys = {"kind",  "severity", "operand", "message",
                                                "count", "element",  "program", "rule",
                                                "cause", "case"};
    ASSERT_EQ(j["findings"].size(), 2u);
    const Json& f = j["findings"][0];
    EXPECT_EQ(keys(f), finding_keys);
    EXPECT_EQ(f["severity"], "error");
    EXPECT_EQ(f["operand"], "o");
    EXPECT_EQ(f["element"], (Json{256, 0}));
    EXPECT_TRUE(f["program"].is_null());
    EXPECT_TRUE(f["rule"].is_null());
    EXPECT_TRUE(f["cause"].is_null());
    EXPECT_TRUE(f["case"].is_null());  // the spec's own params
    const Json& c = j["findings"][1];
    EXPECT_EQ(keys(c), finding_keys);
    EXPECT_EQ(c["rule"], "block_tiling");
    EXPECT_TRUE(c["operand"].is_null());
    EXPECT_TRUE(c["count"].is_null());
    EXPECT_EQ(c["case"], (Json{{"M", 7}}));
}

TEST(ReportJson, CasesKeysAndUnknownErrorsAreNull) {
    const Json j = report_to_json(sample());
    ASSERT_EQ(j["cases"].size(), 1u);
    const Json& c = j["cases"][0];
    // The contract's keys, and the additive label.
    EXPECT_EQ(keys(c), (std::set<std::string>{"params", "verdict", "max_abs_error", "max_rel_error",
                                              "findings", "label"}));
    EXPECT_EQ(c["params"]["M"], 300);
    EXPECT_TRUE(c["max_abs_error"].is_null());
    EXPECT_EQ(c["findings"], (Json{"uncovered_output"}));
}

TEST(ReportJson, EmptyResultKeepsEveryKeyAndTheTextParsesBack) {
    AuditResult r;
    r.spec = "broken";
    r.target = "interpret";
    r.verdict = Verdict::Invalid;
    r.findings.push_back({});
    r.findings.back().kind = FindingKind::SpecError;
    r.findings.back().message = "bad byte \xff here";  // not UTF-8: replaced, never thrown
    const std::string text = report_json_text(r);
    const Json j = Json::parse(text);
    EXPECT_EQ(j["verdict"], "invalid");
    EXPECT_TRUE(j["totals"]["programs"].is_null());
    EXPECT_TRUE(j["totals"]["hbm_bytes"].is_null());
    EXPECT_TRUE(j["operands"].is_array());
    EXPECT_TRUE(j["cases"].is_array());
    EXPECT_TRUE(j["cases"].empty());
    EXPECT_EQ(j["findings"][0]["kind"], "spec_error");
    EXPECT_EQ(text.back(), '\n');
}

}  // namespace
}  // namespace tl
