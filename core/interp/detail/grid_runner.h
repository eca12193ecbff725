#pragma once
// The program loop of the interpreter, shared by interpret() and the numerics check's
// re-runs (which keep the inputs and change only what the fills are).
#include <atomic>
#include <cstdint>
#include <vector>

#include "core/interp/bodies/body.h"
#include "core/interp/interpreter.h"

namespace tl::interp {

struct Fills {
    Uninitialized pad = Uninitialized::Nan;      // input elements outside the array
    Uninitialized out = Uninitialized::Nan;      // fresh output blocks and arrays
    Uninitialized scratch = Uninitialized::Nan;  // body scratch buffers
};

struct GridRun {
    bool ok = false;
    bool cancelled = false;
    Diagnostics errors;
    std::vector<Buffer> outputs;
    std::vector<WriterRecord> writers;
    std::vector<bool> read_padding;  // per input
};

// Splits the instance's operands into inputs and outputs (indices, in order).
void split_operands(const Instance& inst, std::vector<int>& inputs, std::vector<int>& outputs);

// Builds the body for `kernel` and runs every program of `inst` on `inputs` (one buffer
// per input operand, in order): in order, or in stretches at once where that gives the same
// result (core/interp/parallel_grid.cpp).
GridRun run_kernel(const Instance& inst, const KernelSpec& kernel,
                   const std::vector<Buffer>& inputs, const Fills& fills, Revisit revisit,
                   const RunOptions& options);

// Runs `body` over the grid, in order.
GridRun run_grid(const Instance& inst, Body& body, const std::vector<Buffer>& inputs,
                 const Fills& fills, Revisit revisit, const RunOptions& options);

// A stretch of consecutive programs [begin, end) that one body runs in order.
struct Stretch {
    std::int64_t begin = 0, end = 0;
    std::atomic<std::int64_t>* done = nullptr;  // programs run by all stretches, when shared
    bool reports = true;                        // calls RunOptions::progress
};

// Sets up `run`'s output arrays and writer records. The first stretch's arrays start as the
// fill (or, aliased, as their input); a later stretch's are its own, and only the elements
// it writes back count (merge_stretch).
void prepare_outputs(const Instance& inst, const std::vector<Buffer>& inputs, const Fills& fills,
                     bool first, GridRun& run);

// Runs the stretch on `body` into `run` (prepared). False when cancelled or an index map
// failed; `run.errors` says which.
bool run_stretch(const Instance& inst, Body& body, const std::vector<Buffer>& inputs,
                 const Fills& fills, Revisit revisit, const RunOptions& options, const Stretch& s,
                 GridRun& run);

// The operands the grid runner cannot hold, as errors (none when all fit).
Diagnostics unsupported_operands(const Instance& inst);

}  // namespace tl::interp
