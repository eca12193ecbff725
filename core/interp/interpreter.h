#pragma once
// The CPU interpreter of a spec's kernel body (docs/semantics.md): programs run one by one
// in grid order; each input block is gathered into a full block (elements outside the array
// hold the uninitialised fill), the body runs on the blocks, and output blocks are written
// back clipped to the array.
//
// policy.revisit "tpu": an output block is a VMEM buffer. A visit (a maximal run of
// consecutive programs with the same block index) starts from the fill, accumulation lasts
// only within the visit, and the block is written back when the visit ends.
// policy.revisit "ideal": whole output arrays are carried, as the HLO interpreter does: a
// visit starts from the array's current contents (which start as the fill).
#include <atomic>
#include <cstdint>
#include <functional>
#include <span>
#include <vector>

#include "core/base/diagnostic.h"
#include "core/base/limits.h"
#include "core/interp/buffers.h"
#include "core/spec/instance.h"
#include "core/spec/spec.h"

namespace tl {

struct RunOptions {
    std::atomic<bool>* cancel = nullptr;  // set to stop between programs
    // Called now and then with (programs done, programs in all); runs on the calling thread.
    std::function<void(std::int64_t, std::int64_t)> progress;
    // Refuse instances whose estimated interpreter memory is larger (bytes); the
    // interpreter-memory-bytes limit in force unless set.
    std::int64_t memory_limit_bytes = limit(LimitId::InterpreterMemoryBytes);
    bool reference = true;  // compute the references (off: the tiled run alone)
    // Called with (operand index, program) each time an input block is copied in; the
    // pipeline's trace, which the tests hold against the analysis's is_copy.
    std::function<void(int, std::int64_t)> on_input_copy;
    // Threads at most: programs that differ only on the leading parallel axes run at once,
    // with the same results as in order (core/interp/detail/parallel_grid.h), and the inputs
    // and references are split too. 0: one per core; 1: in order on the calling thread. A copy
    // trace (on_input_copy) keeps the grid in order.
    int threads = 0;
    // Runs with less work than this (elements of the blocks summed over the programs, or of
    // the arrays for data and references) take one thread: starting more costs more.
    std::int64_t min_parallel_work = std::int64_t{1} << 22;
};

// Which visit wrote each element of one output back. Compact: one entry per block cell when
// every dimension is blocked or squeezed (cells partition the array), one per element when
// an element-indexed dimension lets windows overlap.
struct WriterRecord {
    struct Visit {
        std::int64_t first_program = 0, last_program = 0;  // iteration order
    };
    std::vector<Visit> visits;  // in the order they ended

    bool per_element = false;
    std::vector<std::int64_t> shape;      // the output array's
    std::vector<std::int64_t> cell_size;  // per dim: block size (1 when squeezed)
    std::vector<std::int64_t> cells;      // per dim: number of cells
    std::vector<std::int32_t> writer;     // visit id per cell (or element); -1 = never written

    // The visit that last wrote element `linear` (row-major) back, or -1.
    std::int32_t visit_at(std::int64_t linear) const;
};

struct RunResult {
    bool ok = false;
    bool cancelled = false;
    Diagnostics errors;  // bad options or shapes, memory refusal, index-map failures
    std::vector<int> input_operands, output_operands;  // indices into Instance::operands
    std::vector<Buffer> inputs, outputs;
    std::vector<WriterRecord> writers;  // one per output
    // One per output when RunOptions::reference: float64 for float outputs, else the
    // output's dtype.
    std::vector<Buffer> references;
    std::vector<bool> input_read_padding;  // per input: some block reached past the array
    std::int64_t memory_bytes = 0;         // the estimate checked against the limit
};

// What interpret() and check_numerics() would hold at most, in bytes.
std::int64_t interpreter_memory_bytes(const Instance& inst);

// Runs `kernel` on `inst` with inputs generated from `seed`. Never throws for bad input:
// errors say what is wrong and where.
RunResult interpret(const Instance& inst, const KernelSpec& kernel, Uninitialized uninitialized,
                    Revisit revisit, std::int64_t seed, const RunOptions& options = {});

}  // namespace tl
