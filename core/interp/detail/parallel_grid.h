#pragma once
// Running a grid in stretches at once. Programs that differ only on the leading parallel
// axes may run on other cores (docs/semantics.md), so the grid is cut, between two values of
// those axes, into stretches that each run in order on their own thread, body and output
// arrays. The stretches are then merged in program order, so the outputs, writer records
// and everything compared after them are the same, bit for bit, as a run in order.
#include <cstdint>
#include <string>
#include <vector>

#include "core/interp/detail/grid_runner.h"

namespace tl::interp {

// The grid coordinates of program number `p` (iteration order).
std::vector<std::int64_t> program_coords(const Instance& inst, std::int64_t p);

// The threads a run of `inst` may use (worker_threads in parallel.h), fewer when the memory
// limit cannot hold another stretch.
int run_threads(const Instance& inst, const RunOptions& options);

// The first program of each stretch ({0} alone: run in order). A cut before program p needs
//   - the order not to matter otherwise: policy.revisit "tpu", no output with revisit "any"
//     (a visit there starts from what earlier programs left), and no copy trace to keep;
//   - p to start a value of the leading parallel axes;
//   - every output's block index to change at p, so a visit ends there in the ordered run;
//   - the body to start afresh at p (Body::starts_afresh).
std::vector<std::int64_t> stretch_starts(const Instance& inst, const Body& body, Revisit revisit,
                                         const RunOptions& options);

// Runs the stretches starting at `starts` on threads, each with its own body, and merges them.
// `body` runs the first stretch.
GridRun run_stretches(const Instance& inst, Body& body, const std::string& body_name,
                      const BodySetup& setup, const std::vector<std::int64_t>& starts,
                      const std::vector<Buffer>& inputs, const Fills& fills, Revisit revisit,
                      const RunOptions& options);

// Folds a later stretch into `into`, as if its programs had run after those already there:
// its visits follow, and every element it wrote back replaces the earlier value.
void merge_stretch(GridRun& into, const GridRun& later);

}  // namespace tl::interp
