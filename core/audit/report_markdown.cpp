#include "core/audit/report_markdown.h"
#include "core/base/format.h"

#include <algorithm>
#include <cstdio>
#include <set>
#include <sstream>

namespace tl {
namespace {

// A table cell: no line breaks, and a literal '|' must not end the cell.
std::string cell(std::string_view s) {
    std::string out;
    for (char c : s) {
        if (c == '|')
            out += "\\|";
        else if (c == '\n' || c == '\r')
            out += ' ';
        else
            out += c;
    }
    return out;
}

std::string num(const std::optional<std::int64_t>& v) {
    return v ? std::to_string(*v) : "—";
}

std::string real(const std::optional<double>& v) {
    if (!v) return "—";
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.3g", *v);
    return buf;
}

std::string params_text(const std::map<std::string, std::int64_t>& params) {
    if (params.empty()) return "(spec's own)";
    std::string s;
    for (const auto& [k, v] : params) s += (s.empty() ? "" : ", ") + k + "=" + std::to_string(v);
    return s;
}

std::string upper(std::string_view s) {
    std::string u(s);
    std::transform(u.begin(), u.end(), u.begin(), [](char c) {
        return static_cast<char>(c >= 'a' && c <= 'z' ? c - 'a' + 'A' : c);
    });
    return u;
}

// The notes on one topic, one a paragraph, or "".
std::string stage_note(const AuditResult& r, NoteTopic topic) {
    std::string out;
    for (const auto& n : r.notes)
        if (n.topic == topic) out += (out.empty() ? "" : "\n\n") + n.text;
    return out;
}

void contract_section(std::ostringstream& md, const AuditResult& r) {
    md << "## Contract: " << to_string(r.contract) << "\n\n";
    if (const auto note = stage_note(r, NoteTopic::Contract); !note.empty()) md << note << "\n\n";
    if (r.rules_checked.empty()) {
        md << "No target rules were checked (target `" << r.target << "`).\n\n";
    } else {
        md << "Rules checked on `" << r.target
           << "`:\n\n| rule | requires | result |\n|---|---|---|\n";
        for (const auto& rule : r.rules_checked) {
            const auto broken = std::count_if(r.findings.begin(), r.findings.end(), [&](auto& f) {
                return f.kind == FindingKind::ContractViolation && f.rule == rule.id;
            });
            md << "| " << cell(rule.id) << " | " << cell(rule.description) << " | "
               << (broken ? std::to_string(broken) + " violation(s)" : "pass") << " |\n";
        }
        md << '\n';
    }
    for (const auto& a : r.advice) md << "- advice: " << a << '\n';
    if (!r.advice.empty()) md << '\n';
}

// TileLens's VMEM terms against libtpu's compiled figure (core/audit/vmem_ledger.h).
void ledger_section(std::ostringstream& md, const AuditResult& r) {
    if (!r.vmem_ledger) return;
    const VmemLedger& l = *r.vmem_ledger;
    md << "### VMEM ledger\n\n"
       << "TileLens's count, and " << l.compiler << " compiling the call for `" << l.topology
       << "` on this host:\n\n| term | buffers | block bytes | bytes |\n|---|---|---|---|\n";
    for (const auto& p : l.predicted)
        md << "| " << cell(p.label) << " | " << p.buffers << " | " << p.block_bytes << " | "
           << p.bytes() << " |\n";
    md << "| **predicted** | | | " << l.predicted_bytes << " |\n";
    const auto compiler = l.compiled ? l.reported_bytes : l.requested_bytes;
    md << "| **" << (l.compiled ? "compiled (scoped VMEM used)" : "compiler asked for")
       << "** | | | " << (compiler ? std::to_string(*compiler) : "not reported") << " |\n";
    if (const auto d = l.difference())
        md << "| **difference** | | | " << (*d > 0 ? "+" : "") << *d << " |\n";
    md << '\n';
    if (l.limit_bytes) md << "- scoped VMEM limit: " << format_bytes(l.limit_bytes) << '\n';
    if (!l.fix.empty()) md << "- " << l.fix << '\n';
    if (!l.compiled && !l.requested_bytes) md << "- the compiler refused: " << l.message << '\n';
    md << "- SMEM: not reported by the compiler\n\n";
}

void indexing_section(std::ostringstream& md, const AuditResult& r) {
    md << "## Indexing: " << to_string(r.indexing) << "\n\n";
    if (const auto note = stage_note(r, NoteTopic::Indexing); !note.empty()) md << note << "\n\n";
    md << "| programs | FLOPs | HBM bytes | VMEM bytes |\n|---|---|---|---|\n"
       << "| " << num(r.programs) << " | " << num(r.flops) << " | " << num(r.hbm_bytes) << " | "
       << num(r.vmem_bytes) << " |\n\n";
    if (r.operands.empty()) return;
    md << "| operand | role | block copies | HBM bytes | VMEM bytes | padding elements read | "
          "findings |\n|---|---|---|---|---|---|---|\n";
    for (const auto& t : r.operands) {
        std::string kinds;
        for (const auto& f : r.findings)
            if (f.operand == t.name && f.kind != FindingKind::ContractViolation)
                kinds += (kinds.empty() ? "" : ", ") + std::string(to_string(f.kind));
        md << "| " << cell(t.name) << " | " << to_string(t.role) << " | " << t.block_copies << " | "
           << t.hbm_bytes << " | " << t.vmem_bytes << " | " << t.elements_padded_on_read << " | "
           << (kinds.empty() ? "—" : cell(kinds)) << " |\n";
    }
    md << '\n';
}

void numerics_section(std::ostringstream& md, const AuditResult& r) {
    md << "## Numerics: " << to_string(r.numerics) << "\n\n";
    if (const auto note = stage_note(r, NoteTopic::Numerics); !note.empty()) md << note << "\n\n";
    if (r.numerics == StageStatus::Skipped) return;
    md << "| case | max abs error | max rel error |\n|---|---|---|\n";
    for (const auto& c : r.cases)
        md << "| " << cell(params_text(c.params)) << " | " << real(c.max_abs_error) << " | "
           << real(c.max_rel_error) << " |\n";
    md << '\n';
}

// Every size of each swept dimension, analysed without running the body.
void proof_section(std::ostringstream& md, const AuditResult& r) {
    if (r.proofs.empty()) {
        if (const auto note = stage_note(r, NoteTopic::Proof); !note.empty()) md << note << "\n\n";
        return;
    }
    md << "### Indexing proof over sizes\n\n| param | sizes | result |\n|---|---|---|\n";
    for (const auto& p : r.proofs) {
        md << "| " << cell(p.param) << " | ";
        if (p.scope == "all")
            md << "every positive size (symbolic)";
        else
            md << p.from << ".." << p.to << " (each analysed)";
        md << " | ";
        if (p.first_failure) {
            std::string kinds;
            for (const auto k : p.findings)
                kinds += (kinds.empty() ? "" : ", ") + std::string(to_string(k));
            md << "fails first at " << *p.first_failure;
            if (p.failing_sizes) md << ", and exactly when " << cell(*p.failing_sizes);
            if (!kinds.empty()) md << " (" << cell(kinds) << ")";
        } else {
            md << "no indexing error at any size";
            if (p.scope != "all" && p.to < p.requested_to)
                md << " (stopped before " << p.requested_to << ": budget)";
        }
        md << " |\n";
    }
    md << '\n';
}

// Case × check: one column per finding kind met in any case.
void sweep_section(std::ostringstream& md, const AuditResult& r) {
    md << "## Sweep\n\n";
    if (const auto note = stage_note(r, NoteTopic::Sweep); !note.empty()) md << note << "\n\n";
    if (r.cases.empty()) {
        md << "No sweep ran.\n\n";
        return;
    }
    std::vector<FindingKind> kinds;
    for (const auto& c : r.cases)
        for (const auto& k : c.findings)
            if (std::find(kinds.begin(), kinds.end(), k) == kinds.end()) kinds.push_back(k);
    md << "| case | verdict |";
    for (const auto k : kinds) md << ' ' << cell(std::string(to_string(k))) << " |";
    md << "\n|---|---|";
    for (std::size_t i = 0; i < kinds.size(); ++i) md << "---|";
    md << '\n';
    for (const auto& c : r.cases) {
        const std::string what =
            c.label.empty() ? params_text(c.params) : c.label + ": " + params_text(c.params);
        md << "| " << cell(what) << " | " << to_string(c.verdict) << " |";
        for (const auto& k : kinds) {
            const bool hit = std::find(c.findings.begin(), c.findings.end(), k) != c.findings.end();
            md << (hit ? " found |" : " — |");
        }
        md << '\n';
    }
    md << '\n';
    proof_section(md, r);
}

std::string coords(const std::vector<std::int64_t>& v) {
    std::string s = "(";
    for (std::size_t i = 0; i < v.size(); ++i) s += (i ? ", " : "") + std::to_string(v[i]);
    return s + ")";
}

void findings_section(std::ostringstream& md, const AuditResult& r) {
    md << "## Findings\n\n";
    if (r.findings.empty()) {
        md << "None.\n\n";
        return;
    }
    for (const auto& f : r.findings) {
        md << "- **" << to_string(f.severity) << "** `" << to_string(f.kind) << '`';
        std::vector<std::string> where;
        if (!f.operand.empty()) where.push_back("operand `" + f.operand + "`");
        if (!f.rule.empty()) where.push_back("rule `" + f.rule + "`");
        if (!f.cause.empty()) where.push_back("cause `" + f.cause + "`");
        if (!f.program.empty()) where.push_back("program " + coords(f.program));
        if (!f.element.empty()) where.push_back("element " + coords(f.element));
        if (f.count) where.push_back("count " + std::to_string(*f.count));
        if (!f.case_params.empty()) where.push_back("case " + params_text(f.case_params));
        for (std::size_t i = 0; i < where.size(); ++i) md << (i ? ", " : " (") << where[i];
        if (!where.empty()) md << ')';
        md << ": " << cell(f.message) << '\n';
    }
    md << '\n';
}

void plan_section(std::ostringstream& md, const AuditResult& r) {
    md << "## Target measurement plan (`" << r.target << "`)\n\n"
       << "Interpretation proves semantics, never speed: every hardware figure below stays "
          "*unmeasured* until a timing file measured on `"
       << r.target << "` is imported.\n\n| figure | value | provenance |\n|---|---|---|\n";
    for (const auto& f : r.target_figures)
        md << "| " << cell(f.name) << " | " << cell(f.value) << " | datasheet, unmeasured |\n";
    if (!r.roofline_cores.empty())
        md << "| roofline uses | " << cell(r.roofline_cores)
           << " | modelled from the grid and its dimension_semantics |\n";
    if (r.flops && r.hbm_bytes && *r.hbm_bytes > 0) {
        md << "| arithmetic intensity | "
           << format_si(static_cast<double>(*r.flops) / static_cast<double>(*r.hbm_bytes),
                        "FLOP/byte")
           << " | modelled from the block mapping |\n";
        if (r.peak_flops_per_s && r.hbm_bytes_per_s && *r.peak_flops_per_s > 0 &&
            *r.hbm_bytes_per_s > 0) {
            const double compute = static_cast<double>(*r.flops) / *r.peak_flops_per_s;
            const double memory = static_cast<double>(*r.hbm_bytes) / *r.hbm_bytes_per_s;
            md << "| roofline bound | " << format_seconds(std::max(compute, memory)) << " ("
               << (compute >= memory ? "compute" : "memory") << "-bound at the "
               << cell(r.peak_label) << " peak) | modelled, unmeasured |\n";
        }
    }
    md << "| kernel time | — | unmeasured: run the kernel on `" << r.target
       << "` and import the timings |\n\n";
}

}  // namespace

std::string report_markdown(const AuditResult& r) {
    std::ostringstream md;
    md << "**Verdict: " << upper(to_string(r.verdict)) << "** — `" << r.spec << "` on `" << r.target
       << "` (tilelens-audit " << TILELENS_VERSION << ")\n\n";
    if (!r.engine.empty())
        md << "Kernel file run by the "
           << (r.engine == "jax" ? "JAX engine, JAX " + r.engine_version
                                 : std::string("stand-ins engine"))
           << ", under `" << r.engine_python << "`.\n\n";
    md << "| stage | status |\n|---|---|\n"
       << "| contract | " << to_string(r.contract) << " |\n"
       << "| indexing | " << to_string(r.indexing) << " |\n"
       << "| numerics | " << to_string(r.numerics) << " |\n\n";
    contract_section(md, r);
    ledger_section(md, r);
    indexing_section(md, r);
    numerics_section(md, r);
    sweep_section(md, r);
    findings_section(md, r);
    plan_section(md, r);
    return md.str();
}

}  // namespace tl
