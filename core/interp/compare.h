#pragma once
// Comparing the interpreter's outputs with the references: default tolerances per dtype
// and body, and the `numerical_mismatch` findings (docs/report-format.md) with their cause.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/base/finding.h"
#include "core/interp/interpreter.h"
#include "core/spec/instance.h"
#include "core/spec/spec.h"

namespace tl {

// The tolerance for output number `output` (among outputs) of `run`: |out - ref| <= atol +
// rtol * |ref|. Integers and bool are exact. Floats: rtol from the output dtype (f32 1e-6,
// bf16 1e-2, f16 2e-3, f64 1e-12); atol grows with the accumulation length and the input
// magnitudes for reductions (matmul: eps(acc) * K * max|x| * max|y|, plus the output
// dtype's rounding of partial sums), far below the errors that indexing bugs make.
Tolerance default_tolerance(const Instance& inst, const KernelSpec& kernel, const RunResult& run,
                            std::size_t output);

// The tolerance output number `output` is judged by: the spec's own when it states one, else
// the default above (exact when there is no kernel to derive it from).
Tolerance output_tolerance(const Instance& inst, const std::optional<Tolerance>& stated,
                           const KernelSpec* kernel, const RunResult& run, std::size_t output);

struct OutputComparison {
    std::string operand;
    std::int64_t elements = 0;
    std::int64_t mismatches = 0;
    std::int64_t first = -1;   // first mismatching element, row-major
    double max_abs_error = 0;  // over all elements; NaN when a NaN met a number
    double max_rel_error = 0;
    Tolerance tolerance;
    std::vector<std::uint8_t> mismatch;  // per element: 1 outside the tolerance
};

OutputComparison compare_output(const Buffer& out, const Buffer& ref, const Tolerance& tol);

// Outputs of the same kernel re-run on the same inputs with one fill changed: which
// mismatching values depend on padding reads, and which on uninitialised output/scratch.
struct CauseEvidence {
    std::vector<Buffer> other_padding;  // padding fill changed
    std::vector<Buffer> other_output;   // fresh output block (and scratch) fill changed
};

// One `numerical_mismatch` finding per output and cause (uninitialized, padding, value),
// each naming the first element, the program that wrote it back, the errors and the fix.
// `tolerance` replaces the defaults when given. Without evidence the cause is
// `uninitialized` for never-written elements and for values equal to the fill, `padding`
// when a NaN or fill value shows up and an input read past its array, else `value`.
std::vector<Finding> compare_outputs(const Instance& inst, const KernelSpec& kernel,
                                     const RunResult& run, Uninitialized uninitialized,
                                     Revisit revisit,
                                     const std::optional<Tolerance>& tolerance = std::nullopt,
                                     const CauseEvidence* evidence = nullptr,
                                     std::vector<OutputComparison>* comparisons = nullptr);

}  // namespace tl
