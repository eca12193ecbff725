#include "core/audit/report_markdown.h"

#include <gtest/gtest.h>

namespace tl {
namespace {

AuditResult rejected() {
    AuditResult r;
    r.spec = "tpu-invalid-block";
    r.target = "tpu-v5e";
    r.verdict = Verdict::Rejected;
    r.contract = StageStatus::Rejected;
    r.rules_checked = {{"block_tiling", "last two block dims divisible by 8 and 128"},
                       {"vmem", "fits 16 MiB"}};
    Finding f;
    f.kind = FindingKind::ContractViolation;
    f.operand = std::string(1, 'x');  // not = "x": GCC 12 warns falsely (-Wrestrict)
    f.rule = "block_tiling";
    f.message = "block (100, 128) of x: 100 | rows";  // a '|' must not break the table
    r.findings.push_back(f);
    r.target_figures = {{"bfloat16 peak", "197 TFLOP/s"}, {"HBM bandwidth", "819 GB/s"}};
    r.notes = {{NoteTopic::Indexing, "skipped: the target contract rejected the spec"}};
    return r;
}

TEST(ReportMarkdown, StartsWithTheVerdictLineAndTablesEachStage) {
    const std::string md = report_markdown(rejected());
    EXPECT_EQ(md.rfind("**Verdict: REJECTED**", 0), 0u) << md.substr(0, 80);
    EXPECT_NE(md.find("| contract | rejected |"), std::string::npos);
    EXPECT_NE(md.find("| indexing | skipped |"), std::string::npos);
    EXPECT_NE(md.find("## Contract: rejected"), std::string::npos);
    EXPECT_NE(md.find("## Indexing: skipped"), std::string::npos);
    EXPECT_NE(md.find("## Numerics: skipped"), std::string::npos);
    EXPECT_NE(md.find("the target contract rejected the spec"), std::string::npos);
}

TEST(ReportMarkdown, RulesCheckedShowWhichOneBroke) {
    const std::string md = report_markdown(rejected());
    EXPECT_NE(
        md.find("| block_tiling | last two block dims divisible by 8 and 128 | 1 violation(s) |"),
        std::string::npos)
        << md;
    EXPECT_NE(md.find("| vmem | fits 16 MiB | pass |"), std::string::npos);
    EXPECT_NE(md.find("100 \\| rows"), std::string::npos) << "pipes are escaped";
}

TEST(ReportMarkdown, EveryHardwareFigureIsUnmeasured) {
    AuditResult r = rejected();
    r.flops = 1'000'000;
    r.hbm_bytes = 1'000;
    r.peak_flops_per_s = 1e12;
    r.hbm_bytes_per_s = 1e9;
    r.peak_label = "bfloat16";
    const std::string md = report_markdown(r);
    EXPECT_NE(md.find("| bfloat16 peak | 197 TFLOP/s | datasheet, unmeasured |"),
              std::string::npos);
    EXPECT_NE(md.find("| HBM bandwidth | 819 GB/s | datasheet, unmeasured |"), std::string::npos);
    // 1e6 FLOP at 1e12 FLOP/s = 1 us; 1e3 bytes at 1e9 B/s = 1 us: a tie counts compute.
    EXPECT_NE(md.find("| arithmetic intensity | 1 kFLOP/byte |"), std::string::npos) << md;
    EXPECT_NE(md.find("| roofline bound | 1.00 \xc2\xb5s"), std::string::npos) << md;
    EXPECT_NE(md.find("modelled, unmeasured"), std::string::npos);
    EXPECT_NE(md.find("| kernel time | — | unmeasured"), std::string::npos);
}

TEST(ReportMarkdown, SweepTableIsCaseByCheck) {
    AuditResult r;
    r.spec = "s";
    r.target = "interpret";
    AuditCase a;
    a.params = {{"M", 300}};
    a.verdict = Verdict::Fail;
    a.findings = {FindingKind::UncoveredOutput};
    a.label = "M = prime";
    AuditCase b;
    b.params = {{"M", 256}};
    r.cases = {a, b};
    const std::string md = report_markdown(r);
    EXPECT_NE(md.find("| case | verdict | uncovered_output |"), std::string::npos) << md;
    EXPECT_NE(md.find("| M = prime: M=300 | fail | found |"), std::string::npos) << md;
    EXPECT_NE(md.find("| M=256 | pass | — |"), std::string::npos) << md;
}

}  // namespace
}  // namespace tl
