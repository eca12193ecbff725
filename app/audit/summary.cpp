#include "app/audit/summary.h"

#include <iomanip>

namespace tl::cli {
namespace {

std::string upper(std::string_view s) {
    std::string u(s);
    for (auto& c : u) c = static_cast<char>(c >= 'a' && c <= 'z' ? c - 'a' + 'A' : c);
    return u;
}

void stage_line(std::ostream& os, std::string_view name, StageStatus s, const std::string& note) {
    os << "  " << std::left << std::setw(10) << name;
    if (note.empty())
        os << to_string(s) << '\n';
    else
        os << std::setw(9) << to_string(s) << note << '\n';
}

// The note that explains a stage, found by its "stage: " prefix.
std::string note_for(const AuditResult& r, std::string_view stage) {
    const std::string prefix = std::string(stage) + ": ";
    for (const auto& n : r.notes)
        if (n.rfind(prefix, 0) == 0) return n.substr(prefix.size());
    return {};
}

}  // namespace

void print_summary(std::ostream& os, const AuditResult& r) {
    os << r.spec << " on " << r.target << ": " << upper(to_string(r.verdict)) << '\n';
    std::string contract_note = note_for(r, "contract");
    if (contract_note.empty() && !r.rules_checked.empty())
        contract_note = std::to_string(r.rules_checked.size()) + " rules checked";
    stage_line(os, "contract", r.contract, contract_note);
    stage_line(os, "indexing", r.indexing, note_for(r, "indexing"));
    stage_line(os, "numerics", r.numerics, note_for(r, "numerics"));
    if (r.findings.empty()) {
        os << "no findings\n";
        return;
    }
    os << "findings: " << r.count(Severity::Error) << " error, " << r.count(Severity::Warning)
       << " warning, " << r.count(Severity::Info) << " info\n";
    for (const auto& f : r.findings) {
        os << "  " << std::left << std::setw(8) << to_string(f.severity) << f.kind;
        if (!f.rule.empty()) os << " [" << f.rule << "]";
        if (!f.operand.empty()) os << " " << f.operand;
        os << ": " << f.message << '\n';
    }
    for (const auto& n : r.notes)
        if (n.rfind("contract: ", 0) != 0 && n.rfind("indexing: ", 0) != 0 &&
            n.rfind("numerics: ", 0) != 0)
            os << "note: " << n << '\n';
}

}  // namespace tl::cli
