#include "core/interp/reference/reference.h"

namespace tl::reference {

bool integer_result(const std::vector<const Buffer*>& inputs, const ResolvedOperand& out) {
    if (is_float(out.dtype)) return false;
    for (const Buffer* b : inputs)
        if (is_float(b->dtype())) return false;
    return true;
}

Buffer compute(const std::string& body, const Json& options,
               const std::vector<const Buffer*>& inputs, const ResolvedOperand& out, int threads) {
    if (body == "transpose") return transpose(*inputs[0], out);
    if (body == "matmul") return matmul(*inputs[0], *inputs[1], out, threads);
    if (body == "rowsum") return rowsum(*inputs[0], out);
    if (body == "softmax") return softmax(*inputs[0], out);
    if (body == "attention") return attention(*inputs[0], *inputs[1], *inputs[2], out);
    return elementwise(body, options, inputs, out);
}

}  // namespace tl::reference
