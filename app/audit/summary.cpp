#include "app/audit/summary.h"

#include <iomanip>
#include <set>

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

bool is_stage(NoteTopic t) {
    return t == NoteTopic::Contract || t == NoteTopic::Indexing || t == NoteTopic::Numerics;
}

// The first note on a stage, shown on that stage's line.
std::string note_for(const AuditResult& r, NoteTopic stage) {
    for (const auto& n : r.notes)
        if (n.topic == stage) return n.text;
    return {};
}

// Not params_text: in a unity build that name would hide tl::params_text(const Json&), and
// a timing record's Json params would convert to this map and throw on a string value.
std::string case_params_text(const std::map<std::string, std::int64_t>& p) {
    std::string s;
    for (const auto& [k, v] : p) s += (s.empty() ? "" : " ") + k + "=" + std::to_string(v);
    return s;
}

void finding_line(std::ostream& os, const Finding& f) {
    os << "  " << std::left << std::setw(8) << to_string(f.severity) << to_string(f.kind);
    if (!f.rule.empty()) os << " [" << f.rule << "]";
    if (!f.cause.empty()) os << " (" << f.cause << ")";
    if (!f.operand.empty()) os << " " << f.operand;
    if (!f.case_params.empty()) os << " {" << case_params_text(f.case_params) << "}";
    os << ": " << f.message << '\n';
}

// The spec's own findings in full.
void own_findings(std::ostream& os, const AuditResult& r) {
    std::vector<const Finding*> own;
    int counts[3] = {0, 0, 0};
    for (const auto& f : r.findings)
        if (f.case_params.empty()) {
            own.push_back(&f);
            ++counts[static_cast<int>(f.severity)];
        }
    if (own.empty()) {
        os << "no findings for the spec's own params\n";
        return;
    }
    os << "findings for the spec's own params: " << counts[0] << " error, " << counts[1]
       << " warning, " << counts[2] << " info\n";
    for (const auto* f : own) finding_line(os, *f);
}

// One line per case, then each error kind (and cause) of the sweep once, where it first shows.
void sweep_table(std::ostream& os, const AuditResult& r) {
    if (r.cases.size() <= 1) return;
    int failing = 0;
    std::size_t width = 4;
    for (const auto& c : r.cases) {
        failing += c.verdict != Verdict::Pass;
        width = std::max(width, c.label.size());
    }
    os << "sweep: " << r.cases.size() << " cases, " << failing << " not passing\n";
    for (const auto& c : r.cases) {
        os << "  " << std::left << std::setw(9) << to_string(c.verdict) << std::setw(int(width) + 2)
           << c.label << std::setw(28) << case_params_text(c.params);
        std::string kinds;
        for (const auto& k : c.findings)
            if (k != FindingKind::PaddedReads)
                kinds += (kinds.empty() ? "" : ", ") + std::string(to_string(k));
        os << kinds << '\n';
    }
    std::set<std::string> shown;
    bool header = false;
    for (const auto& f : r.findings) {
        if (f.case_params.empty() || f.severity != Severity::Error) continue;
        if (!shown.insert(std::string(to_string(f.kind)) + "/" + f.cause + "/" + f.operand).second)
            continue;
        if (!header) os << "first error of each kind in the sweep:\n";
        header = true;
        finding_line(os, f);
    }
}

}  // namespace

void print_summary(std::ostream& os, const AuditResult& r) {
    os << r.spec << " on " << r.target << ": " << upper(to_string(r.verdict)) << '\n';
    std::string contract_note = note_for(r, NoteTopic::Contract);
    if (contract_note.empty() && !r.rules_checked.empty())
        contract_note = std::to_string(r.rules_checked.size()) + " rules checked";
    stage_line(os, "contract", r.contract, contract_note);
    stage_line(os, "indexing", r.indexing, note_for(r, NoteTopic::Indexing));
    stage_line(os, "numerics", r.numerics, note_for(r, NoteTopic::Numerics));
    own_findings(os, r);
    sweep_table(os, r);
    for (const auto& n : r.notes)
        if (!is_stage(n.topic)) os << "note: " << to_string(n) << '\n';
}

}  // namespace tl::cli
