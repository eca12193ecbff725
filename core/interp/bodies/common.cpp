#include "core/interp/bodies/common.h"

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

const Json* OptionReader::find(std::string_view name) const {
    if (!options_.is_object()) return nullptr;
    auto it = options_.find(std::string(name));
    return it == options_.end() || it->is_null() ? nullptr : &*it;
}

void OptionReader::error(std::string_view name, const std::string& message) {
    errors_.push_back({"", "kernel." + std::string(name), 0, 0, message});
}

int OptionReader::axis(std::string_view name, int fallback) {
    const Json* v = find(name);
    if (!v) return fallback;
    if (!v->is_number_integer()) {
        error(name, "must be a grid axis (an integer from 0 to " + std::to_string(grid_rank_ - 1) +
                        "), got " + v->dump());
        return fallback;
    }
    const auto a = v->get<std::int64_t>();
    if (a < 0 || a >= grid_rank_) {
        error(name, "grid axis " + std::to_string(a) + " does not exist: the grid has " +
                        std::to_string(grid_rank_) + " axes (0 to " +
                        std::to_string(grid_rank_ - 1) + ")");
        return fallback;
    }
    return static_cast<int>(a);
}

bool OptionReader::flag(std::string_view name, bool fallback) {
    const Json* v = find(name);
    if (!v) return fallback;
    if (!v->is_boolean()) {
        error(name, "must be true or false, got " + v->dump());
        return fallback;
    }
    return v->get<bool>();
}

double OptionReader::number(std::string_view name, double fallback) {
    const Json* v = find(name);
    if (!v) return fallback;
    if (!v->is_number() || !std::isfinite(v->get<double>())) {
        error(name, "must be a finite number, got " + v->dump());
        return fallback;
    }
    return v->get<double>();
}

std::string OptionReader::choice(std::string_view name,
                                 std::initializer_list<std::string_view> choices,
                                 std::string_view fallback) {
    const Json* v = find(name);
    if (!v) return std::string(fallback);
    std::string list;
    for (auto c : choices) {
        if (v->is_string() && v->get<std::string>() == c) return std::string(c);
        list += (list.empty() ? "\"" : ", \"") + std::string(c) + "\"";
    }
    error(name, "must be one of " + list + ", got " + v->dump());
    return std::string(fallback);
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
