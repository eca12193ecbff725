// The audit's rules that the CLI and the GUI share: verdicts, why numerics cannot run, how a
// run is folded into an audit, the tolerance an output is judged by, the grid axis names.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <regex>
#include <set>

#include "core/analysis/analysis.h"
#include "core/audit/audit.h"
#include "core/audit/report_markdown.h"
#include "core/audit/rules.h"
#include "test_interp_util.h"

namespace tl {
namespace {

using test::load;
using test::matmul_spec;
using test::resolve_or_fail;

Finding finding(FindingKind kind, Severity s) {
    Finding f;
    f.kind = kind;
    f.severity = s;
    return f;
}

bool has_note(const AuditResult& r, const AuditNote& note) {
    return std::find(r.notes.begin(), r.notes.end(), note) != r.notes.end();
}

TEST(AuditRules, VerdictOrder) {
    const std::vector<Finding> warn = {finding(FindingKind::UnreadInput, Severity::Warning)};
    const std::vector<Finding> err = {finding(FindingKind::UncoveredOutput, Severity::Error)};
    EXPECT_EQ(audit_verdict(false, StageStatus::Pass, warn), Verdict::Pass);
    EXPECT_EQ(audit_verdict(false, StageStatus::Pass, err), Verdict::Fail);
    EXPECT_EQ(audit_verdict(false, StageStatus::Rejected, err), Verdict::Rejected);
    EXPECT_EQ(audit_verdict(true, StageStatus::Rejected, err), Verdict::Invalid);
}

TEST(AuditRules, NumericsBlockerNamesEachReason) {
    Json j = matmul_spec(64, 48, 32, 16, 16, 16);
    const Spec spec = load(j);
    const Instance inst = resolve_or_fail(spec);
    const Analysis a = analyse(inst);
    EXPECT_FALSE(numerics_blocker(spec, &a, false));
    EXPECT_EQ(numerics_blocker(spec, nullptr, false), "the params do not resolve");
    EXPECT_EQ(numerics_blocker(spec, &a, true), "the target contract rejected the spec");
    j.erase("kernel");
    const Spec bare = load(j);
    const auto why = numerics_blocker(bare, &a, false);
    ASSERT_TRUE(why);
    EXPECT_NE(why->find("no kernel body"), std::string::npos) << *why;
}

TEST(AuditRules, CliAndFoldedRunSayTheSameWhenTheKernelCannotRun) {
    Json j = matmul_spec(64, 48, 32, 16, 16, 16);
    j.erase("kernel");
    AuditOptions opt;
    opt.sweep = SweepMode::Off;
    const AuditResult cli = run_audit(load(j), opt);
    NumericsResult failed;
    failed.errors.push_back({"", "", 0, 0, "out of memory"});
    const AuditResult gui = with_numerics(cli, failed);
    EXPECT_TRUE(has_note(gui, skipped_note(NoteTopic::Numerics, "out of memory")));
    EXPECT_EQ(std::count_if(gui.notes.begin(), gui.notes.end(),
                            [](const AuditNote& n) { return n.topic == NoteTopic::Numerics; }),
              1);
    NumericsResult cancelled;
    cancelled.cancelled = true;
    EXPECT_EQ(numerics_skip_why(cancelled), "cancelled");
}

TEST(AuditRules, FoldedMismatchFailsAPassingAudit) {
    const Json j = matmul_spec(64, 48, 32, 16, 16, 16);
    AuditOptions opt;
    opt.sweep = SweepMode::Off;
    opt.stage = AuditStage::Indexing;
    const AuditResult audit = run_audit(load(j), opt);
    ASSERT_EQ(audit.verdict, Verdict::Pass);
    NumericsResult n;
    n.ran = true;
    n.findings.push_back(finding(FindingKind::NumericalMismatch, Severity::Error));
    const AuditResult merged = with_numerics(audit, n);
    EXPECT_EQ(merged.numerics, StageStatus::Fail);
    EXPECT_EQ(merged.verdict, Verdict::Fail);
    n.findings.clear();
    const AuditResult clean = with_numerics(audit, n);
    EXPECT_EQ(clean.numerics, StageStatus::Pass);
    EXPECT_EQ(clean.verdict, Verdict::Pass);
}

TEST(AuditRules, StatedToleranceWinsOverTheDefault) {
    const Json j = matmul_spec(32, 32, 32, 16, 16, 16);
    const Spec spec = load(j);
    const Instance inst = resolve_or_fail(spec);
    RunResult run;
    const NumericsResult n = check_numerics(inst, spec, {}, &run);
    ASSERT_TRUE(n.ran);
    const Tolerance stated{0.5, 0.25};
    const Tolerance t = output_tolerance(inst, stated, &*spec.kernel, run, 0);
    EXPECT_EQ(t, stated);
    const Tolerance d = output_tolerance(inst, std::nullopt, &*spec.kernel, run, 0);
    EXPECT_EQ(d.rtol, default_tolerance(inst, *spec.kernel, run, 0).rtol);
    EXPECT_EQ(d.rtol, n.outputs[0].tolerance.rtol);  // what the numerics stage judged by
}

TEST(AuditRules, ARunRefusedForMemoryHasNoToleranceAndDoesNotCrash) {
    // The GUI asks for the tolerance of every output of a run; a run refused before anything
    // was allocated has no inputs to measure.
    const Spec spec = load(matmul_spec(32, 32, 32, 16, 16, 16));
    const Instance inst = resolve_or_fail(spec);
    RunOptions tiny;
    tiny.memory_limit_bytes = 1;
    const RunResult run = interpret(inst, *spec.kernel, Uninitialized::Nan, Revisit::Tpu, 0, tiny);
    ASSERT_FALSE(run.ok);
    ASSERT_FALSE(run.errors.empty());
    EXPECT_NE(run.errors[0].message.find("interpreter-memory-bytes"), std::string::npos)
        << run.errors[0].message;  // the refusal names the limit and its setting
    ASSERT_EQ(run.output_operands.size(), 1u);
    EXPECT_EQ(output_tolerance(inst, std::nullopt, &*spec.kernel, run, 0), Tolerance{});
}

TEST(AuditRules, GridAxisNamesComeFromTheCompiledIndexMaps) {
    const Instance inst = resolve_or_fail(load(matmul_spec(32, 32, 32, 16, 16, 16)));
    EXPECT_EQ(grid_axis_names(inst), (std::vector<std::string>{"i", "j", "k"}));
    Instance bare;
    bare.grid = {3, 4};
    EXPECT_EQ(grid_axis_names(bare), (std::vector<std::string>{"a0", "a1"}));
}

TEST(FindingKinds, EveryKindRoundTripsAndTheReferenceListsExactlyThem) {
    std::ifstream in(std::string(TILELENS_SOURCE_DIR) + "/docs/report-format.md");
    ASSERT_TRUE(in) << "docs/report-format.md";
    std::set<std::string> documented;
    const std::regex row(R"(^\| `([a-z_]+)` \| (error|warning|info) \|)");
    for (std::string line; std::getline(in, line);)
        if (std::smatch m; std::regex_search(line, m, row)) documented.insert(m[1]);
    std::set<std::string> named;
    for (int i = 0; i <= static_cast<int>(FindingKind::KernelError); ++i) {
        const auto k = static_cast<FindingKind>(i);
        EXPECT_EQ(parse_finding_kind(to_string(k)), k) << to_string(k);
        named.insert(std::string(to_string(k)));
    }
    EXPECT_EQ(named, documented);
    EXPECT_EQ(parse_finding_kind("uncovered"), std::nullopt);
}

TEST(AuditNotes, PrintedWithTheirTopicAndShownInTheirSection) {
    const AuditNote n = skipped_note(NoteTopic::Indexing, "the target contract rejected the spec");
    EXPECT_EQ(to_string(n), "indexing: skipped: the target contract rejected the spec");
    AuditResult r;
    r.notes = {n, {NoteTopic::Proof, "every size analysed"}};
    const std::string md = report_markdown(r);
    const auto indexing = md.find("## Indexing");
    const auto note = md.find("skipped: the target contract rejected the spec");
    ASSERT_NE(note, std::string::npos) << md;
    EXPECT_GT(note, indexing) << md;
    EXPECT_EQ(md.find("indexing: skipped"), std::string::npos) << "the topic is the section";
}

TEST(AuditRules, ACaseAppliesOnlyWhileTheSpecDiffersInParamValues) {
    const Spec audited = load(matmul_spec(64, 48, 32, 16, 16, 16));
    Spec current = audited;
    current.params[0].second = 7;  // a sweep case loaded, or the user changed M
    current.description = "notes";
    EXPECT_TRUE(case_applies_to(audited, current));
    Spec reblocked = current;
    reblocked.operands[0].block_shape->at(0).size = std::int64_t{8};
    EXPECT_FALSE(case_applies_to(audited, reblocked)) << "an operand changed";
    Spec renamed = current;
    renamed.params[0].first = "rows";
    EXPECT_FALSE(case_applies_to(audited, renamed)) << "the case's M means nothing now";
    Spec retargeted = current;
    retargeted.target = "gpu-triton";
    EXPECT_FALSE(case_applies_to(audited, retargeted));
}

}  // namespace
}  // namespace tl
