#pragma once
// Inputs marked `"unread": "zero"` hold zeros wherever no program reads them: the skipped
// blocks of a block-sparse operand are zero by design, and the dense reference must see that.
#include <vector>

#include "core/interp/buffers.h"
#include "core/spec/instance.h"

namespace tl::interp {

// Zeroes the never-read elements of each marked input; `inputs[i]` belongs to operand
// `input_operands[i]`. Does nothing (and analyses nothing) when no input is marked.
void zero_unread_inputs(const Instance& inst, const std::vector<int>& input_operands,
                        std::vector<Buffer>& inputs);

}  // namespace tl::interp
