#pragma once
// The program loop of the interpreter, shared by interpret() and the numerics check's
// re-runs (which keep the inputs and change only what the fills are).
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
// per input operand, in order).
GridRun run_kernel(const Instance& inst, const KernelSpec& kernel,
                   const std::vector<Buffer>& inputs, const Fills& fills, Revisit revisit,
                   const RunOptions& options);

// Runs `body` over the grid.
GridRun run_grid(const Instance& inst, Body& body, const std::vector<Buffer>& inputs,
                 const Fills& fills, Revisit revisit, const RunOptions& options);

}  // namespace tl::interp
