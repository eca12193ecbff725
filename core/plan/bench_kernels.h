#pragma once
// The Pallas kernel, the jnp reference and the tolerance terms of each body the benchmark
// script supports, as Python source. Options are read and checked here; a body or option the
// script cannot reproduce is an error, never a different kernel.
#include <optional>
#include <string>
#include <vector>

#include "core/spec/instance.h"
#include "core/spec/spec.h"
#include "core/target/target.h"

namespace tl::bench {

// What the body's Python needs to know about the operands: kernel order (inputs, then the
// output) and their names as validated identifiers.
struct BodyOperands {
    std::vector<int> inputs;  // spec operand indices
    int output = -1;
    std::vector<std::string> names;  // kernel order
    std::vector<DType> dtypes;       // kernel order
    std::vector<int> array_ranks;    // kernel order
    std::vector<int> block_ranks;    // kernel order, the ranks of the blocks the body sees
};

struct BodyCode {
    // `def _tl_kernel(lay)`: returns (kernel function, scratch shapes).
    std::string kernel;
    // `def _tl_reference(...)`: the whole-array jnp computation (also the XLA baseline).
    std::string reference;
    // `def _tl_tolerance_terms(lay, inputs, e_acc, e_out)`: (rtol, atol) added to the
    // dtype's base tolerance, as the core's numerics check adds them.
    std::string tolerance;
    bool uses_tpu_scratch = false;  // needs `pltpu.VMEM`
    std::string description;        // one line for the script's header
};

// "copy, add, sub, mul, max, scale, transpose, matmul, rowsum, softmax".
std::string supported_bodies();
bool is_supported_body(const std::string& body);

// The code of `kernel` for these operands on `target`; `instance` is the spec resolved at its
// own params (for the grid rank). nullopt with errors ("kernel.<option>: ...") when the body
// or one of its options cannot be emitted.
std::optional<BodyCode> body_code(const KernelSpec& kernel, const BodyOperands& operands,
                                  const Instance& instance, const TargetProfile& target,
                                  std::vector<std::string>& errors);

// Checks that the blocks of one candidate fit the body (the interpreter's rules: matmul
// blocks (bm, bk) x (bk, bn) -> (bm, bn), equal element-wise blocks, ...). Errors are
// prefixed with `where` ("candidate 2 (bm=8; ...)").
bool check_body_blocks(const std::string& body, const Instance& instance, const std::string& where,
                       std::vector<std::string>& errors);

}  // namespace tl::bench
