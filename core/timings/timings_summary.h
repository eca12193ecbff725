#pragma once
// Everything the Timings tab and `tilelens-audit timings --spec` show, computed in one go
// from the imported records, the open spec and the settings: provenance, FLOPs/bytes,
// roofline points, the decision and why records are left out of it. An immutable value.
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/base/diagnostic.h"
#include "core/spec/spec.h"
#include "core/target/roofline.h"
#include "core/target/target.h"
#include "core/timings/candidate_costs.h"
#include "core/timings/decision.h"
#include "core/timings/provenance.h"
#include "core/timings/record.h"

namespace tl {

struct TimingsSettings {
    std::optional<std::string> kernel;  // unset: the one kernel timed as the candidate impl
    std::optional<std::string> target;  // unset: the one target the usable records share
    std::optional<double> share;        // typed in; wins over the files' shares
    double threshold = 0.02;            // end-to-end saving that earns the complexity
    std::string candidate_impl = "pallas";
    std::optional<std::string> baseline;  // unset: the fastest other impl of the best's problem
};

// A target's roof for one dtype.
struct RoofFigures {
    std::string target;
    std::string dtype;        // the peak's dtype: "bfloat16 (no float32 figure)" when it stands in
    double peak_flops = 0;    // per second
    double bandwidth = 0;     // HBM bytes per second
    bool overridden = false;  // the spec's target_overrides changed a figure
};

struct RecordFacts {
    ProvenanceInfo provenance;
    CandidateCost cost;
    bool is_candidate = false;  // the custom kernel (impl = candidate impl, or unnamed)
    bool planned = false;       // not imported: the open spec's own, unmeasured configuration
    std::optional<RoofFigures> roof;
    std::optional<RooflinePoint> roofline;  // achieved only for a successful timed record
    std::string roofline_note;              // why there is no point, when there is none
    std::optional<std::string> excluded;    // why the decision leaves the record out
    bool best = false, baseline = false;    // the decision's best candidate and baseline
};

struct TimingsView {
    std::vector<TimingRecord> records;  // imported, then the planned row (if any)
    std::vector<RecordFacts> facts;     // one per record
    Diagnostics warnings;               // the importers' warnings, file and line
    TimingsSettings settings;
    Decision decision;                          // over the imported records; indices into `records`
    std::vector<std::string> kernels;           // seen in the records, sorted
    std::vector<std::string> targets;           // seen in the records, sorted
    std::vector<std::string> measured_targets;  // those with measured records: one hue each
    std::string kernel;                         // the kernel the charts show; empty: all
    std::string roofline_target;                // the target the roofline shows; empty: none
    std::optional<RoofFigures> roof;            // its figures, when known

    // Records the charts show: of `kernel` (or all when it is empty).
    bool shown(std::size_t i) const;
};

// The view of `records` (with their import warnings) against the open spec (may be null).
// `cache` (optional) keeps the spec's modelled costs between calls.
TimingsView make_timings_view(std::vector<TimingRecord> records, Diagnostics warnings,
                              std::shared_ptr<const Spec> spec, TimingsSettings settings,
                              const TargetCatalog& catalog = builtin_targets(),
                              CostCache* cache = nullptr);

// The dtype a record's figures are for: its own ("bf16" and "f32" are understood), else the
// spec's first operand's, else bfloat16.
DType record_dtype(const TimingRecord& r, const Spec* spec);

// The roof of `target_id` for `dtype`, with the spec's overrides when the spec targets it;
// nullopt with `why` set when the target has no profile or no figure.
std::optional<RoofFigures> roof_figures(const std::string& target_id, DType dtype, const Spec* spec,
                                        const TargetCatalog& catalog, std::string* why);

}  // namespace tl
