#pragma once
// The measurement plan (docs/report-format.md, "Plan output"): the tile candidates of a spec that
// pass the target's contract and the indexing checks, each with its modelled traffic, VMEM
// footprint and roofline bound, marked unmeasured until a verified measurement says otherwise.
//
// Tile params are the params that size a blocked dimension of some operand's block on their
// own ("bm" in block_shape ["bm", "bk"]), or an inner tile's ("tk" in inner.tile [null, "tk"]),
// and size no operand's shape. Each takes the powers of
// two from 8 up to the largest array dimension it blocks, that dimension itself, and the
// spec's own value; the candidates are every combination, checked one by one.
#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/base/diagnostic.h"
#include "core/spec/instance.h"
#include "core/spec/spec.h"
#include "core/timings/record.h"

namespace tl {

using ParamMap = std::map<std::string, std::int64_t>;

struct TileParam {
    std::string name;
    std::int64_t spec_value = 0;
    std::int64_t largest_dim = 0;  // the largest array dimension it blocks
    std::vector<std::int64_t> values;
};

struct PlanCandidate {
    ParamMap params;  // tile params only
    std::int64_t programs = 0;
    std::optional<double> flops;
    std::int64_t hbm_bytes = 0;
    std::int64_t vmem_bytes = 0;
    // The scoped VMEM limit this tiling is held to: the target's, the spec's override, or the
    // one a kernel computes from its blocks (then each tiling has its own); 0 without one.
    std::int64_t vmem_limit_bytes = 0;
    std::optional<double> roofline_s;  // max(flops / peak, bytes / bandwidth)
    std::string bound;                 // "compute", "memory", or "" without a roof
    // The roof plus grid steps, MXU shape and pipeline fill and drain (plan_model.h), and
    // its largest term: "compute", "memory", "grid_steps", "mxu_shape", "shared_memory" or
    // "transcendentals".
    std::optional<double> modelled_s;
    std::string limited_by;
    bool is_spec = false;  // the spec's own tile sizes
    // One TensorCore of a multi-core chip runs it (core/target/core_share.h).
    bool single_core = false;
    std::optional<double> measured_s;        // the median of a matching verified measurement
    std::optional<double> fraction_of_roof;  // roofline_s / measured_s
    std::string measured_from;               // "file:line" of that measurement
    // Its outputs were checked on the target; a measurement that was not is "measured
    // (unverified)" and the plan's ranking by it provisional.
    bool verified = false;
    bool measured() const { return measured_s.has_value(); }
    bool measured_unverified() const { return measured() && !verified; }
};

struct PlanRejection {
    ParamMap params;
    std::string rule;  // a contract rule id, an indexing finding kind, or "programs"
    std::string message;
};

struct TilePlan {
    std::string spec, target;
    std::vector<TileParam> tile_params;
    ParamMap fixed;                         // the spec's other params, as written
    std::vector<PlanCandidate> candidates;  // fastest bound first, then least traffic, VMEM
    std::vector<PlanRejection> rejected;
    // Tilings the spec cannot describe: its scalar-prefetch tables hold block indices for its
    // own tile sizes, so other sizes would need other tables (rule "prefetch_tables").
    std::vector<PlanRejection> not_modelled;
    std::optional<double> peak_flops, hbm_bytes_per_s;
    std::string peak_label;          // the dtype whose peak the roofline uses
    std::vector<std::string> notes;  // what was left out and why
    // Some candidate is measured only without a check of its outputs (docs/timings.md, "The
    // decision"): what the measurements say is provisional.
    bool provisional() const;
};

struct PlanOptions {
    std::optional<std::string> target;  // replaces the spec's target
    std::int64_t max_combinations = 4096;
    std::int64_t max_programs = std::int64_t{1} << 22;  // larger grids are not modelled
    // Separable index maps analysed per axis; false forces the per-program pass (to compare).
    bool closed_form = true;
    // Checked before each candidate: when set, planning stops with no plan and no error.
    const std::atomic<bool>* cancel = nullptr;
    // Called after each combination with the number examined and the number to examine.
    std::function<void(int, int)> progress;
};

struct PlanOutcome {
    std::optional<TilePlan> plan;
    Diagnostics errors;  // the spec does not resolve, the target is unknown or has no roof
    bool cancelled = false;
};

// The tile params of `spec`, with the values the planner tries; `base` is the spec resolved
// with its own params (empty when it does not resolve).
std::vector<TileParam> tile_params(const Spec& spec);
std::vector<TileParam> tile_params(const Spec& spec, const Instance& base);

PlanOutcome plan_tiles(const Spec& spec, const PlanOptions& options = {});
// The plan's order: a lower modelled time first (a lower roofline bound where there is no
// model), then less HBM traffic, less VMEM, fewer programs.
bool ranks_before(const PlanCandidate& a, const PlanCandidate& b);

// Fills measured_s (and fraction_of_roof) of the candidates that a measured, successful record
// of the spec's kernel on the plan's target times with the same tile params (and, where the
// record gives them, the same other params). A verified record wins over an unverified one,
// which marks its candidate measured (unverified); a record whose file says its check failed
// (verified=false) is not used. Returns notes on records that could not be matched.
std::vector<std::string> attach_measurements(TilePlan& plan, const Spec& spec,
                                             const std::vector<TimingRecord>& records,
                                             const std::string& candidate_impl = "pallas");

// The `plan --json` document.
Json plan_json(const TilePlan& plan);

}  // namespace tl
