#pragma once
// FLOPs and HBM bytes per timing record, for the roofline. A record that carries its own
// figures keeps them; otherwise they come from the open spec with the record's params:
// FLOPs from the kernel body (core/kernels/flops.h), bytes from the pipeline model's copy-skip
// traffic (core/analysis/analysis.h).
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/base/diagnostic.h"
#include "core/spec/spec.h"
#include "core/timings/record.h"

namespace tl {

struct CandidateCost {
    std::optional<double> flops;  // per run
    std::optional<double> bytes;  // HBM bytes per run
    std::string flops_from;       // "file", "spec", or empty when unknown
    std::string bytes_from;       // "file", "pipeline model", "compulsory traffic", or empty
    std::string note;             // why a figure is missing, when one is
    // Why the record's params do not fit the spec (a param it does not have, a value that is
    // not a whole number, one its `requires` refuses, one that empties its grid): the spec's
    // figures are then left out. Empty when they fit. docs/timings.md, "The roofline".
    std::string misfit;
};

// What the spec's model gives for one set of params.
struct ModelledCost {
    std::optional<double> flops, pipeline_bytes, compulsory_bytes;
    std::string note;     // why a figure is missing
    std::string refused;  // why the spec refuses these params (requires, empty grid), if it does
};

// Modelled costs kept between calls for as long as the spec stays the same, so changing a
// setting does not analyse every candidate again.
struct CostCache {
    std::optional<Spec> spec;  // the spec the entries were modelled from
    std::map<std::map<std::string, std::int64_t>, ModelledCost> entries;
};

// Whether `record` times the kernel `spec` describes: its kernel is the spec's name or body,
// or the record does not name a kernel.
bool record_matches_spec(const TimingRecord& record, const Spec& spec);

// The spec's params replaced by the record's integer params of the same names.
std::map<std::string, std::int64_t> spec_overrides(const TimingRecord& record, const Spec& spec);

// One cost per record. Without a spec only the records' own figures are known. Baselines
// (an impl other than `candidate_impl`) do not run the spec's tiling, so their bytes are the
// compulsory traffic: every operand moved once. Grids are limited as the analysis limits
// them; separable index maps are answered in closed form at any size, the others by the
// per-program pass up to `max_programs` programs (past it the note says so).
std::vector<CandidateCost> candidate_costs(const std::vector<TimingRecord>& records,
                                           const Spec* spec,
                                           const std::string& candidate_impl = "pallas",
                                           std::int64_t max_programs = std::int64_t{1} << 22,
                                           CostCache* cache = nullptr);

// One warning per record whose params do not fit the spec, at the record's file and line,
// naming its params and why (the first `max_named` records; one more warning counts the rest).
Diagnostics params_misfit_warnings(const std::vector<TimingRecord>& records,
                                   const std::vector<CandidateCost>& costs,
                                   std::size_t max_named = 20);

}  // namespace tl
