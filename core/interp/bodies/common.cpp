#include "core/interp/bodies/detail/common.h"

#include <cmath>

namespace tl::interp {

Compute compute_type(std::initializer_list<DType> dtypes) {
    bool any_float = false;
    for (DType d : dtypes) {
        if (d == DType::Float64) return Compute::F64;
        any_float = any_float || is_float(d);
    }
    return any_float ? Compute::F32 : Compute::I64;
}

const ResolvedOperand& BodySetup::in(std::size_t i) const {
    return instance->operands[static_cast<std::size_t>(inputs[i])];
}
const ResolvedOperand& BodySetup::out(std::size_t i) const {
    return instance->operands[static_cast<std::size_t>(outputs[i])];
}

std::vector<std::int64_t> visible_block_shape(const ResolvedOperand& op) {
    std::vector<std::int64_t> s;
    for (const auto& b : op.block)
        if (b.kind != BlockDim::Kind::Squeezed) s.push_back(b.size);
    return s;
}

std::string shape_text(const std::vector<std::int64_t>& shape) {
    std::string out = "[";
    for (std::size_t i = 0; i < shape.size(); ++i) {
        if (i > 0) out += ", ";
        out += std::to_string(shape[i]);
    }
    return out + "]";
}

std::string operand_path(int operand) {
    return "operands[" + std::to_string(operand) + "]";
}

bool expect_block_rank(const BodySetup& s, int operand, int rank, std::string_view body,
                       Diagnostics& errors) {
    const auto& op = s.instance->operands[static_cast<std::size_t>(operand)];
    const auto shape = visible_block_shape(op);
    if (static_cast<int>(shape.size()) == rank) return true;
    errors.push_back({"", operand_path(operand) + ".block_shape", 0, 0,
                      "the " + std::string(body) + " body needs a rank-" + std::to_string(rank) +
                          " block for '" + op.name + "', but its block is " + shape_text(shape) +
                          " after squeezing: do not squeeze (null) its dimensions"});
    return false;
}

bool expect_array_rank(const BodySetup& s, int operand, int rank, std::string_view body,
                       Diagnostics& errors) {
    const auto& op = s.instance->operands[static_cast<std::size_t>(operand)];
    if (op.rank() == rank) return true;
    errors.push_back({"", operand_path(operand) + ".shape", 0, 0,
                      "the " + std::string(body) + " body needs '" + op.name + "' of rank " +
                          std::to_string(rank) + ", but its shape is " + shape_text(op.shape)});
    return false;
}

bool expect_float_output(const BodySetup& s, std::string_view body, Diagnostics& errors) {
    bool ok = true;
    for (int o : s.outputs) {
        const auto& op = s.instance->operands[static_cast<std::size_t>(o)];
        if (is_float(op.dtype)) continue;
        errors.push_back({"", operand_path(o) + ".dtype", 0, 0,
                          "the " + std::string(body) + " body produces fractions: output '" +
                              op.name + "' must have a float dtype, not " +
                              std::string(to_string(op.dtype))});
        ok = false;
    }
    return ok;
}

}  // namespace tl::interp
