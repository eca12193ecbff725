#include "core/audit/detail/python_engine_checks.h"

#include <algorithm>
#include <set>

#include "core/spec/instance.h"

namespace tl {

// What the JAX engine's own checks found in the checked call (docs/python-runner.md, "How
// the JAX engine records and runs"): each race JAX's detector reported, naming the two
// accesses, the ref and the user's lines.
std::vector<Finding> engine_findings(const Json& call) {
    std::vector<Finding> out;
    if (!call.contains("races") || !call["races"].is_array()) return out;
    for (const auto& race : call["races"]) {
        Finding f;
        f.kind = FindingKind::ParallelRace;
        f.severity = Severity::Error;
        f.message = "JAX's race detector (TPU interpret mode): " + runner_text(race, "message") +
                    "; order the accesses with a DMA wait or a semaphore, or make the grid "
                    "axis arbitrary";
        out.push_back(std::move(f));
    }
    return out;
}

// The target a recorded call is checked on: the kernel's own vmem_limit_bytes (in the
// recorded spec's target_overrides) applies, and a Triton call on a GPU whose profile
// carries Mosaic GPU's rules gets the Triton rules of the same chip.
TargetProfile recorded_target(const TargetProfile& base, const Spec& recorded, const Json& call) {
    TargetProfile t = base;
    if (recorded.target_overrides.contains("vmem_limit_bytes")) {
        Diagnostics ignored;
        if (auto p =
                resolve_target(builtin_targets(), base.id, recorded.target_overrides, &ignored))
            t = *p;
    }
    if (t.kind == TargetKind::Gpu && call.value("backend", Json()) == "triton")
        t.backend = GpuBackend::Triton;
    return t;
}

// Mosaic's own lowering of the call for a TPU target (JAX engine): a rule TileLens's contract
// does not model rejects the kernel as the compiler would (docs/python-runner.md).
std::optional<Finding> lowering_finding(const Json& call, const TargetProfile& target) {
    if (!call.contains("lowering") || !call["lowering"].is_object()) return std::nullopt;
    const Json& l = call["lowering"];
    if (!l.contains("ok") || l["ok"] != false) return std::nullopt;
    Finding f;
    f.kind = FindingKind::ContractViolation;
    f.severity = Severity::Error;
    f.rule = "mosaic_lowering";
    std::string where;
    if (l.contains("file") && l["file"].is_string()) {
        where = l["file"].get<std::string>();
        if (l.contains("line") && l["line"].is_number_integer())
            where += ":" + std::to_string(l["line"].get<int>());
        if (l.contains("primitive") && l["primitive"].is_string())
            where += " (" + l["primitive"].get<std::string>() + ")";
    }
    f.message = "Mosaic's lowering for " + target.id + " rejects the kernel" +
                (where.empty() ? "" : " at " + where) + ": " + runner_text(l, "message");
    return f;
}

// On Triton a block is a pointer into the array, not a copy written back: only the elements
// a program stores are written. A shared output block the body stores through indexed slices
// (a row per program) races only if two programs store the same element, which the index
// maps cannot tell: the race becomes a warning that says so. A whole-block store (`o[...] =`,
// `+=`) still races (docs/python-runner.md, "What each engine can and cannot check").
void triton_store_races(const Json& call, CaseOutcome& c) {
    if (call.value("backend", Json()) != "triton" || !call.contains("operands")) return;
    std::set<std::string> indexed;
    for (const auto& op : call["operands"])
        if (op.is_object() && op.value("stores", Json()) == "indexed")
            indexed.insert(runner_text(op, "name"));
    const auto shared = [&](const Finding& f) {
        return f.kind == FindingKind::ParallelRace && indexed.count(f.operand) > 0;
    };
    bool changed = false;
    for (auto& f : c.findings) {
        if (!shared(f) || f.severity != Severity::Error) continue;
        f.severity = Severity::Warning;
        f.message +=
            " This is a Triton kernel, where only the elements a program stores are "
            "written, and it stores '" +
            f.operand +
            "' through indexed slices: the programs race only if two of them store the "
            "same element, which TileLens cannot see. Check that the store indices "
            "differ between programs.";
        changed = true;
    }
    if (!changed || c.indexing != StageStatus::Fail || !c.analysis) return;
    const auto& fs = c.analysis->findings();
    const bool still =
        !c.analysis->errors().empty() || std::any_of(fs.begin(), fs.end(), [&](const Finding& f) {
            return f.severity == Severity::Error && !shared(f);
        });
    if (!still) c.indexing = StageStatus::Pass;
}

// What the engine says about the run: a JAX release outside the tested range, and its notes on
// the checked call (a vmapped batch, dynamic grid bounds).
void engine_notes(const PythonRun& run, AuditResult& r) {
    if (const Json& e = run.result.contains("engine") ? run.result["engine"] : Json();
        e.is_object() && e.contains("supported") && e["supported"] == false)
        r.notes.push_back({NoteTopic::Numerics,
                           "JAX " + runner_text(e, "version") +
                               " is outside the releases the JAX engine is tested with (0.9.0 "
                               "to 0.10.x; docs/python-runner.md): its results may be wrong"});
    // What the engine noted on the checked call (a vmapped batch, dynamic grid bounds).
    if (const Json& call = run.call(); call.contains("notes") && call["notes"].is_array())
        for (const auto& note : call["notes"])
            if (note.is_string()) r.notes.push_back({NoteTopic::Indexing, note.get<std::string>()});
}

void cost_estimate_totals(const Json& call, AuditResult& r) {
    const Json& c = call.contains("cost_estimate") ? call["cost_estimate"] : Json();
    const auto count = [&](const char* key) -> std::optional<std::int64_t> {
        if (!c.is_object() || !c.contains(key) || !c[key].is_number() || c[key].get<double>() < 0)
            return std::nullopt;
        return static_cast<std::int64_t>(c[key].get<double>());
    };
    r.flops = count("flops");
    r.transcendentals = count("transcendentals");
    if (r.flops)
        r.notes.push_back({NoteTopic::Indexing,
                           "FLOPs and transcendentals from the kernel's own pl.CostEstimate"});
    else
        r.notes.push_back({NoteTopic::Indexing,
                           "FLOPs: unknown: TileLens does not count a Python kernel's body; give "
                           "its pallas_call cost_estimate=pl.CostEstimate(flops=..., "
                           "transcendentals=..., bytes_accessed=...) for the roofline"});
}

}  // namespace tl
