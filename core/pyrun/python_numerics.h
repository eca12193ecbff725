#pragma once
// The numerics of a Python kernel: its outputs after the child's run compared with what
// `python.reference` returned, per element, each mismatch attributed to the program whose
// write-back last wrote it (docs/semantics.md, "Python kernels").
#include <optional>
#include <string>
#include <vector>

#include "core/base/finding.h"
#include "core/pyrun/python_run.h"
#include "core/spec/instance.h"
#include "core/spec/spec.h"

namespace tl {

struct PythonNumerics {
    bool ran = false;
    std::string why_not;  // when !ran: one sentence
    std::vector<Finding> findings;
    std::vector<std::string> notes;  // outputs the wrapper drops, leaves it transforms
    double max_abs_error = 0;        // NaN when a NaN met a number
    double max_rel_error = 0;
};

// The tolerance of a Python kernel's output when the spec states none: rtol from the dtype
// (float32 1e-5, float16 4e-3, bfloat16 2e-2, float8 0.25; integers exact) and the same
// fraction of the reference's largest magnitude as atol, so that summation order and the
// rounding of intermediates pass while wrong blocks, padding and stale values do not.
Tolerance python_default_tolerance(DType dtype, const NpyArray& reference);

// `inst` is the recorded spec's instance; `padded_inputs` the inputs whose blocks reach past
// their arrays (the analysis knows). The reference is compared with what the wrapper returns:
// an output returned as is (or reshaped) per element with its programs, an output the wrapper
// drops not at all, a leaf it transforms per element without programs.
PythonNumerics compare_python_outputs(const Instance& inst, const PythonRun& run,
                                      const std::optional<Tolerance>& stated,
                                      const std::vector<std::string>& padded_inputs);

}  // namespace tl
