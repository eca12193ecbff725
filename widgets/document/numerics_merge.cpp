#include "widgets/document/numerics_merge.h"

#include <algorithm>
#include <cstdio>

namespace tl::gui {
namespace {

bool is_numerics_note(const std::string& note) {
    return note.rfind("numerics:", 0) == 0;
}

std::string number(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.3g", v);
    return buf;
}

}  // namespace

AuditResult with_numerics(AuditResult audit, const NumericsResult& numerics) {
    if (audit.verdict == Verdict::Invalid || audit.contract == StageStatus::Rejected) return audit;
    audit.notes.erase(std::remove_if(audit.notes.begin(), audit.notes.end(), is_numerics_note),
                      audit.notes.end());
    if (!numerics.ran) {
        audit.numerics = StageStatus::Skipped;
        std::string why = numerics.cancelled ? "cancelled" : "the kernel did not run";
        if (!numerics.errors.empty()) why += ": " + join(numerics.errors, "; ");
        audit.notes.push_back("numerics: skipped: " + why);
        return audit;
    }
    audit.findings.insert(audit.findings.end(), numerics.findings.begin(), numerics.findings.end());
    const bool failed = std::any_of(numerics.findings.begin(), numerics.findings.end(),
                                    [](const Finding& f) { return f.severity == Severity::Error; });
    audit.numerics = failed ? StageStatus::Fail : StageStatus::Pass;
    if (failed && audit.verdict == Verdict::Pass) audit.verdict = Verdict::Fail;
    audit.notes.push_back("numerics: interpreted on the spec's own params; max abs error " +
                          number(numerics.max_abs_error) + ", max rel error " +
                          number(numerics.max_rel_error));
    return audit;
}

}  // namespace tl::gui
