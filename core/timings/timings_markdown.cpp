#include "core/timings/timings_markdown.h"

#include <cmath>
#include <filesystem>
#include <sstream>

#include "core/base/format.h"

namespace tl {
namespace {

// A table cell: pipes escaped, line breaks as spaces.
std::string cell(const std::string& text) {
    std::string out;
    for (char c : text) {
        if (c == '|')
            out += "\\|";
        else
            out += (c == '\n' || c == '\r') ? ' ' : c;
    }
    return out;
}

std::string seconds_cell(const std::optional<double>& s) {
    return s && std::isfinite(*s) ? format_seconds(*s) : "\xe2\x80\x94";
}

std::string where(const TimingRecord& r) {
    return std::filesystem::path(r.file).filename().string() + ":" + std::to_string(r.line);
}

std::string verification_cell(const ProvenanceInfo& p) {
    std::string text = verification_text(p);
    if (p.attestation) text += ": \xe2\x80\x9c" + *p.attestation + "\xe2\x80\x9d";
    return text.empty() ? "\xe2\x80\x94" : text;
}

void write_decision(std::ostream& md, const TimingsView& v, std::size_t imported) {
    const Decision& d = v.decision;
    md << (d.provisional ? "## Provisional decision\n\n" : "## Decision\n\n");
    md << "> " << cell(d.sentence) << "\n\n";
    if (d.best) {
        md << "| | |\n|---|---|\n";
        md << "| state | "
           << (d.provisional ? "**provisional**: rests on unverified measurements"
                             : "final: verified measurements")
           << " |\n";
        md << "| verified records | " << d.verified_records << " |\n";
        md << "| unverified measured records | " << d.unverified_records << " |\n";
        if (d.speedup)
            md << "| speedup over " << cell(d.baseline_impl) << " | " << format_value(*d.speedup)
               << "\xc3\x97 |\n";
        if (d.saving) md << "| end-to-end saving | " << format_percent(*d.saving) << " |\n";
        md << '\n';
    }
    bool heading = false;
    for (const auto& e : d.excluded) {
        if (e.index >= imported) continue;
        if (!heading) md << "Left out of the decision:\n\n";
        heading = true;
        md << "- `" << where(v.records[e.index]) << "`: " << e.reason << '\n';
    }
    if (heading) md << '\n';
}

void write_records(std::ostream& md, const TimingsView& v, std::size_t imported) {
    md << "## Records\n\n";
    md << "| file:line | kernel | impl | params | n | median | provenance | verification |\n";
    md << "|---|---|---|---|---|---|---|---|\n";
    for (std::size_t i = 0; i < imported; ++i) {
        const TimingRecord& r = v.records[i];
        const ProvenanceInfo& p = v.facts[i].provenance;
        md << "| " << cell(where(r)) << " | " << cell(abbreviated(r.kernel.value_or("-"), 60))
           << " | " << cell(r.impl.value_or("-")) << " | "
           << cell(abbreviated(params_text(r.params), 60)) << " | "
           << (r.n ? std::to_string(*r.n) : "-") << " | "
           << (r.status == TimingStatus::Failed ? "failed" : seconds_cell(r.median_s)) << " | "
           << cell(badge_text(p)) << " | " << cell(verification_cell(p)) << " |\n";
    }
    md << '\n';
}

}  // namespace

std::string timings_markdown(const TimingsView& v, std::size_t imported, bool with_decision) {
    std::ostringstream md;
    md << "# Timings";
    if (with_decision && !v.decision.kernel.empty()) {
        md << ": " << v.decision.kernel;
        if (!v.decision.target.empty()) md << " on " << v.decision.target;
    }
    md << "\n\n" << imported << (imported == 1 ? " record" : " records") << ".\n\n";
    if (with_decision) write_decision(md, v, imported);
    write_records(md, v, imported);
    if (!v.warnings.empty()) {
        md << "## Import warnings\n\n";
        for (const auto& w : v.warnings) md << "- " << cell(w.to_string()) << '\n';
        md << '\n';
    }
    return md.str();
}

}  // namespace tl
