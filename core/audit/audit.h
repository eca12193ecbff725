#pragma once
// The audit: contract -> indexing -> numerics on one spec, as `tilelens-audit check` runs it
// (docs/report-format.md). The result is a plain value that the JSON and Markdown reports and
// the CLI summary render; it holds no pointers into the spec.
#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/analysis/analysis.h"
#include "core/audit/vmem_ledger.h"
#include "core/base/diagnostic.h"
#include "core/base/finding.h"
#include "core/pyrun/python_run.h"
#include "core/spec/instance.h"
#include "core/spec/spec.h"

namespace tl {

enum class AuditStage { Contract, Indexing, Numerics, All };
enum class StageStatus { Pass, Fail, Rejected, Skipped };
enum class Verdict { Pass, Fail, Rejected, Invalid };
enum class SweepMode { Auto, Off };

std::string_view to_string(AuditStage s);
std::string_view to_string(StageStatus s);
std::string_view to_string(Verdict v);
std::optional<AuditStage> parse_audit_stage(std::string_view s);

// What a note is about; the reports print it as the note's "topic: " prefix.
enum class NoteTopic { Contract, Indexing, Numerics, Sweep, Proof };
std::string_view to_string(NoteTopic t);

// One sentence on what was skipped and why, or on how a stage was checked.
struct AuditNote {
    NoteTopic topic = NoteTopic::Sweep;
    std::string text;  // without the topic
    bool operator==(const AuditNote&) const = default;
};
// "topic: text", as the JSON report and the summary print it.
std::string to_string(const AuditNote& n);

// The process exit code for a verdict: pass 0, fail 1, invalid 2, rejected 3.
int exit_code(Verdict v);

struct AuditOptions {
    // Stages run in order contract -> indexing -> numerics up to this one (All = numerics).
    AuditStage stage = AuditStage::All;
    std::optional<std::string> target;  // replaces the spec's target
    SweepMode sweep = SweepMode::Auto;
    int jobs = 0;  // worker threads for the sweep; 0 = one per core
    // Every size of each swept dimension from 1 to this bound is analysed when the index
    // maps are separable (the indexing proof); 0 turns it off.
    std::int64_t proof_bound = 4096;
    std::atomic<bool>* cancel = nullptr;  // set to stop; the result then says what was skipped
    // Called after each case with (cases done, cases in all); from worker threads, one call
    // at a time.
    std::function<void(int, int)> progress;
    // A spec with a `python` key: the folder python.file is relative to (the spec file's),
    // and the time and memory each run of the kernel file may take.
    std::string spec_dir;
    PythonLimits python_limits;
    PythonEngine python_engine = PythonEngine::Auto;  // --engine (docs/python-runner.md)
};

struct OperandReport {
    std::string name;
    Role role = Role::Input;
    std::int64_t block_copies = 0;
    std::int64_t hbm_bytes = 0;
    std::int64_t vmem_bytes = 0;
    std::int64_t elements_padded_on_read = 0;
};

// One row of the sweep table: a set of params and what the checks said about it.
struct AuditCase {
    std::map<std::string, std::int64_t> params;
    std::string label;  // what the case tries: "spec", "M = b+1 (129)", "tall x", ...
    Verdict verdict = Verdict::Pass;
    std::optional<double> max_abs_error;  // nullopt until the numerics stage runs
    std::optional<double> max_rel_error;
    std::vector<FindingKind> findings;  // the kinds found in this case, first-seen order
};

// The indexing proof over one swept dimension (see range_proof.h).
struct AuditProof {
    std::string param;
    std::int64_t from = 1, to = 0, requested_to = 0;
    std::optional<std::int64_t> first_failure;
    std::vector<FindingKind> findings;  // the kinds at the first failing size
    // "all": every positive size, symbolically (to is unused); "range": every size from..to
    // analysed; "sample": only some sizes tried.
    std::string scope = "range";
    std::optional<std::string> failing_sizes;  // e.g. "N % 128 != 0", when known
};

// A contract rule evaluated on the target, with the sentence saying what it requires.
struct ContractRule {
    std::string id;  // block_tiling, rank, dtype, vmem, grid_semantics
    std::string description;
};

// Datasheet figures of the target, shown in the measurement plan (always "unmeasured").
struct TargetFigure {
    std::string name;   // "bf16 peak", "HBM bandwidth", "scoped VMEM limit", ...
    std::string value;  // with its unit, as the profile states it
};

struct AuditResult {
    std::string spec;    // the spec's name (or the file's stem when it could not be read)
    std::string target;  // the target id that was checked against
    Verdict verdict = Verdict::Pass;
    StageStatus contract = StageStatus::Skipped;
    StageStatus indexing = StageStatus::Skipped;
    StageStatus numerics = StageStatus::Skipped;

    std::optional<std::int64_t> programs;         // nullopt when the spec could not be resolved
    std::optional<std::int64_t> flops;            // nullopt without a (known) kernel body
    std::optional<std::int64_t> transcendentals;  // exp and the like, apart from the FLOPs
    std::optional<std::int64_t> hbm_bytes;        // nullopt when the indexing stage did not run
    std::optional<std::int64_t> vmem_bytes;       // the contract's VMEM sum, scratch included
    std::vector<OperandReport> operands;

    std::vector<Finding> findings;
    std::vector<AuditCase> cases;
    std::vector<AuditProof> proofs;  // empty when the maps are not separable or it was off
    bool cancelled = false;
    // The mapping analysis of the spec's own params when the indexing stage ran (not part of
    // the reports; a GUI draws it without analysing twice).
    std::optional<Analysis> analysis;
    // A spec with a `python` key: its pallas_call as recorded at the spec's own params (the
    // grid, operands and index maps the analysis and the views use).
    std::shared_ptr<const Spec> recorded;
    // A spec with a `python` key: the engine that ran it ("jax", "standins"), its version and
    // interpreter; empty otherwise.
    std::string engine, engine_version, engine_python;
    // A Python kernel on a TPU target where libtpu is installed: TileLens's VMEM against the
    // compiler's (core/audit/vmem_ledger.h).
    std::optional<VmemLedger> vmem_ledger;

    std::vector<ContractRule> rules_checked;  // in the order they were checked
    std::vector<std::string> advice;          // contract advice (warnings that do not reject)
    std::vector<TargetFigure> target_figures;
    std::optional<double> peak_flops_per_s;  // for the modelled roofline bound
    std::string peak_label;                  // the dtype whose peak that is
    std::optional<double> hbm_bytes_per_s;
    // Why the roofline uses less than the chip (core/target/core_share.h); empty when it uses
    // all of it.
    std::string roofline_cores;
    std::vector<AuditNote> notes;  // what was skipped and why, one sentence each

    int exit_code() const { return tl::exit_code(verdict); }
};

// Runs the selected stages on `spec`. Never throws for bad input: an unresolvable spec or an
// unknown target gives verdict `invalid` with `spec_error` findings.
AuditResult run_audit(const Spec& spec, const AuditOptions& options = {});
// The same with the spec's own params already resolved (`resolved` is resolve(spec)), for a
// caller that needs the Instance as well: the audit then does not resolve them again.
AuditResult run_audit(const Spec& spec, const ResolveResult& resolved,
                      const AuditOptions& options = {});

// The result for a spec file that could not be read or parsed: verdict `invalid`, one
// `spec_error` finding per diagnostic.
AuditResult invalid_spec_result(const std::string& spec_label, const Diagnostics& errors);

}  // namespace tl
