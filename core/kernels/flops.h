#pragma once
// Floating-point operations of the whole operation a kernel body computes, for totals.flops
// and the roofline estimate. Counted on the arrays' logical shapes, never on padded blocks,
// so the figure is the same for every tiling of one problem.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/spec/instance.h"

namespace tl {

// Conventions (one multiply-add counts 2):
//   matmul     2·M·N·K  (K from x's last dimension, M·N the output's elements)
//   add, sub, mul, max, scale   1 per output element
//   copy, transpose             0 (data movement only)
//   rowsum     R·C      (one add per input element)
//   softmax    5 per element (max, subtract, exp, sum, divide)
//   attention  4·B·S·T·D  (QKᵀ and PV, 2·S·T·D each, for every one of the B leading
//              batch and head indices of q [..., S, D] against k [..., T, D]; the softmax's
//              exponentials are transcendentals, below)
// Returns nullopt for an unknown body, operands that do not fit the body, or overflow.
std::optional<std::int64_t> kernel_flops(std::string_view body, const Instance& inst);

// Transcendental operations (exp), which run on the vector or special-function units rather
// than the matrix unit: softmax one per element, attention one per score (B·S·T), every other
// body none. nullopt where kernel_flops is.
std::optional<std::int64_t> kernel_transcendentals(std::string_view body, const Instance& inst);

// Why kernel_flops gives no figure for `body` on these operands, as a sentence with the fix;
// "" when it gives one.
std::string flops_unknown_reason(std::string_view body, const Instance& inst);

}  // namespace tl
