#include "core/audit.h"

#include <algorithm>
#include <cstdio>

#include "core/analysis.h"
#include "core/contract.h"
#include "core/flops.h"
#include "core/instance.h"
#include "core/target.h"

namespace tl {
namespace {

Finding spec_error(const Diagnostic& d) {
    Finding f;
    f.kind = "spec_error";
    f.severity = Severity::Error;
    f.message = d.to_string();
    return f;
}

bool has_error(const std::vector<Finding>& findings) {
    return std::any_of(findings.begin(), findings.end(),
                       [](const Finding& f) { return f.severity == Severity::Error; });
}

std::string rate(double v, const char* unit) {
    const char* prefixes[] = {"", "k", "M", "G", "T", "P", "E"};
    int i = 0;
    while (v >= 1000 && i < 6) v /= 1000, ++i;
    char buf[48];
    std::snprintf(buf, sizeof buf, "%.4g %s%s", v, prefixes[i], unit);
    return buf;
}

// The datasheet figures the measurement plan lists, and the ones the roofline uses.
void describe_target(const TargetProfile& t, const Instance& inst, AuditResult& r) {
    for (const auto& [dtype, peak] : t.peak_flops)
        r.target_figures.push_back({std::string(to_string(dtype)) + " peak",
                                    rate(peak, is_float(dtype) ? "FLOP/s" : "OP/s")});
    if (t.hbm_bytes_per_s)
        r.target_figures.push_back({"HBM bandwidth", rate(*t.hbm_bytes_per_s, "B/s")});
    const std::string mem(t.scratch_memory_name());
    if (t.vmem_bytes) r.target_figures.push_back({mem + " per core", format_bytes(*t.vmem_bytes)});
    if (t.vmem_limit_bytes)
        r.target_figures.push_back(
            {mem + " limit",
             format_bytes(*t.vmem_limit_bytes) +
                 (t.vmem_limit_default ? " (compiler default, can be raised)" : "")});
    if (t.cores)
        r.target_figures.push_back(
            {"cores", std::to_string(*t.cores) + (t.megacore ? " (megacore)" : "")});

    // The roofline uses the peak of the first input's dtype; a matmul on TPU without a
    // figure for it (float32 is emulated) falls back to bfloat16 and says so.
    DType dtype = DType::BFloat16;
    for (const auto& op : inst.operands)
        if (op.role == Role::Input) {
            dtype = op.dtype;
            break;
        }
    r.hbm_bytes_per_s = t.hbm_bytes_per_s;
    if (auto p = t.peak(dtype)) {
        r.peak_flops_per_s = p;
        r.peak_label = std::string(to_string(dtype));
    } else if (auto bf = t.peak(DType::BFloat16)) {
        r.peak_flops_per_s = bf;
        r.peak_label = "bfloat16 (no " + std::string(to_string(dtype)) + " figure)";
    }
}

void add_operands(const Analysis& a, AuditResult& r) {
    const Instance& inst = a.instance();
    for (std::size_t i = 0; i < inst.operands.size(); ++i) {
        const auto& op = inst.operands[i];
        const auto& t = a.traffic(static_cast<int>(i));
        r.operands.push_back({op.name, op.role, t.block_copies, t.hbm_bytes, t.vmem_bytes,
                              t.elements_padded_on_read});
    }
}

Verdict verdict_of(const AuditResult& r) {
    const bool invalid = std::any_of(r.findings.begin(), r.findings.end(),
                                     [](const Finding& f) { return f.kind == "spec_error"; });
    if (invalid) return Verdict::Invalid;
    if (r.contract == StageStatus::Rejected) return Verdict::Rejected;
    return has_error(r.findings) ? Verdict::Fail : Verdict::Pass;
}

// The sweep table: for now the spec's own params only (hostile shapes come later).
void add_cases(const Spec& spec, const Instance& inst, const AuditOptions& opt, AuditResult& r) {
    if (opt.sweep == SweepMode::Off || spec.sweep.kind == SweepSpec::Kind::Off) {
        r.notes.push_back("sweep: off; no cases were checked beyond the spec itself");
        return;
    }
    AuditCase c;
    c.params = inst.params;
    c.verdict = r.verdict;
    for (const auto& f : r.findings)
        if (std::find(c.findings.begin(), c.findings.end(), f.kind) == c.findings.end())
            c.findings.push_back(f.kind);
    r.cases.push_back(std::move(c));
    r.notes.push_back(
        "sweep: hostile-shape cases are not available in this version; the table holds the "
        "spec's own params only");
}

}  // namespace

std::string_view to_string(AuditStage s) {
    switch (s) {
        case AuditStage::Contract:
            return "contract";
        case AuditStage::Indexing:
            return "indexing";
        case AuditStage::Numerics:
            return "numerics";
        case AuditStage::All:
            return "all";
    }
    return "all";
}

std::string_view to_string(StageStatus s) {
    switch (s) {
        case StageStatus::Pass:
            return "pass";
        case StageStatus::Fail:
            return "fail";
        case StageStatus::Rejected:
            return "rejected";
        case StageStatus::Skipped:
            return "skipped";
    }
    return "skipped";
}

std::string_view to_string(Verdict v) {
    switch (v) {
        case Verdict::Pass:
            return "pass";
        case Verdict::Fail:
            return "fail";
        case Verdict::Rejected:
            return "rejected";
        case Verdict::Invalid:
            return "invalid";
    }
    return "invalid";
}

std::optional<AuditStage> parse_audit_stage(std::string_view s) {
    for (auto st :
         {AuditStage::Contract, AuditStage::Indexing, AuditStage::Numerics, AuditStage::All})
        if (s == to_string(st)) return st;
    return std::nullopt;
}

int exit_code(Verdict v) {
    switch (v) {
        case Verdict::Pass:
            return 0;
        case Verdict::Fail:
            return 1;
        case Verdict::Invalid:
            return 2;
        case Verdict::Rejected:
            return 3;
    }
    return 2;
}

std::int64_t AuditResult::count(Severity s) const {
    return std::count_if(findings.begin(), findings.end(),
                         [s](const Finding& f) { return f.severity == s; });
}

AuditResult invalid_spec_result(const std::string& spec_label, const Diagnostics& errors) {
    AuditResult r;
    r.spec = spec_label;
    r.target = "interpret";
    for (const auto& d : errors) r.findings.push_back(spec_error(d));
    if (r.findings.empty()) {
        Diagnostic d;
        d.message = "the spec could not be read";
        r.findings.push_back(spec_error(d));
    }
    r.verdict = Verdict::Invalid;
    r.notes.push_back("contract: skipped: the spec is invalid");
    r.notes.push_back("indexing: skipped: the spec is invalid");
    r.notes.push_back("numerics: skipped: the spec is invalid");
    return r;
}

AuditResult run_audit(const Spec& spec, const AuditOptions& opt) {
    const std::string target_id = opt.target.value_or(spec.target_id());
    Diagnostics errors;
    const ResolveResult resolved = resolve(spec);
    errors.insert(errors.end(), resolved.errors.begin(), resolved.errors.end());
    // An override from the command line is blamed on the flag, not on the file.
    const auto profile = resolve_target(builtin_targets(), target_id, spec.target_overrides,
                                        &errors, opt.target ? "--target" : "target");
    if (!resolved.instance || !profile || !errors.empty()) {
        AuditResult r = invalid_spec_result(spec.name, errors);
        r.target = target_id;
        return r;
    }
    const Instance& inst = *resolved.instance;

    AuditResult r;
    r.spec = spec.name;
    r.target = target_id;
    r.programs = inst.programs();
    if (spec.kernel) r.flops = kernel_flops(spec.kernel->body, inst);
    describe_target(*profile, inst, r);

    // Stages run in order up to the one asked for; a rejection stops the pipeline.
    const auto wanted = [&](AuditStage s) {
        return opt.stage == AuditStage::All || static_cast<int>(s) <= static_cast<int>(opt.stage);
    };

    const ContractOptions copt =
        spec.kernel ? contract_options(spec.kernel->options) : ContractOptions{};
    const ContractResult contract = check_contract(inst, *profile, copt);
    for (const auto& id : contract.rules_checked)
        r.rules_checked.push_back({id, rule_description(id, *profile)});
    r.advice = contract.advice;
    r.vmem_bytes = contract.vmem_bytes;
    r.findings.insert(r.findings.end(), contract.violations.begin(), contract.violations.end());
    r.contract = has_error(contract.violations) ? StageStatus::Rejected : StageStatus::Pass;

    if (r.contract == StageStatus::Rejected) {
        r.notes.push_back("indexing: skipped: the target contract rejected the spec");
        r.notes.push_back("numerics: skipped: the target contract rejected the spec");
    } else if (!wanted(AuditStage::Indexing)) {
        r.notes.push_back("indexing: skipped: --stage contract");
        r.notes.push_back("numerics: skipped: --stage contract");
    } else {
        const Analysis analysis = analyse(inst, AnalysisOptions{spec.revisit});
        r.findings.insert(r.findings.end(), analysis.findings().begin(), analysis.findings().end());
        for (const auto& d : analysis.errors()) r.findings.push_back(spec_error(d));
        add_operands(analysis, r);
        r.hbm_bytes = analysis.total_hbm_bytes();
        r.indexing = has_error(analysis.findings()) ? StageStatus::Fail : StageStatus::Pass;
        if (!analysis.errors().empty()) r.indexing = StageStatus::Fail;
        if (wanted(AuditStage::Numerics))
            r.notes.push_back("numerics: the interpreter is not available in this version");
        else
            r.notes.push_back("numerics: skipped: --stage indexing");
    }
    r.verdict = verdict_of(r);
    add_cases(spec, inst, opt, r);
    return r;
}

}  // namespace tl
