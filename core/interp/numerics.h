#pragma once
// The numerics stage for one instance: interpret the kernel, compare with the references,
// and when something differs, find out why by re-running with one fill changed at a time.
#include <cstdint>
#include <string>
#include <vector>

#include "core/base/diagnostic.h"
#include "core/base/finding.h"
#include "core/interp/compare.h"
#include "core/interp/interpreter.h"
#include "core/spec/instance.h"
#include "core/spec/spec.h"

namespace tl {

struct OutputNumerics {
    std::string operand;
    std::int64_t elements = 0;
    std::int64_t mismatches = 0;
    double max_abs_error = 0;  // NaN when a NaN reached an output where the reference has a number
    double max_rel_error = 0;
    Tolerance tolerance;
};

struct NumericsResult {
    bool ran = false;  // the kernel ran over the whole grid and was compared
    bool cancelled = false;
    Diagnostics errors;  // why it could not run (options, shapes, memory, index maps)
    std::vector<Finding> findings;
    std::vector<OutputNumerics> outputs;
    double max_abs_error = 0;  // over all outputs, NaN-propagating
    double max_rel_error = 0;
    bool passed() const { return ran && findings.empty(); }
};

// Runs the spec's kernel on `inst` with the spec's policy, seed and tolerance. A spec
// without a kernel gives ran == false and no errors. When `run` is given it receives the
// interpreter's run (inputs, outputs, references, writers) for callers that draw it.
NumericsResult check_numerics(const Instance& inst, const Spec& spec,
                              const RunOptions& options = {}, RunResult* run = nullptr);

}  // namespace tl
