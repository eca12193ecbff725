#include "core/kernels/flops.h"

#include <vector>

namespace tl {
namespace {

// Inputs first, then outputs, as the kernel library matches them (docs/spec-format.md).
struct ByRole {
    std::vector<const ResolvedOperand*> in;
    std::vector<const ResolvedOperand*> out;
};

ByRole split(const Instance& inst) {
    ByRole r;
    for (const auto& op : inst.operands) (op.role == Role::Input ? r.in : r.out).push_back(&op);
    return r;
}

std::optional<std::int64_t> mul(std::optional<std::int64_t> a, std::int64_t b) {
    std::int64_t r = 0;
    if (!a || __builtin_mul_overflow(*a, b, &r)) return std::nullopt;
    return r;
}

std::optional<std::int64_t> elements(const ResolvedOperand& op) {
    std::optional<std::int64_t> n = 1;
    for (auto d : op.shape) n = mul(n, d);
    return n;
}

}  // namespace

std::optional<std::int64_t> kernel_flops(std::string_view body, const Instance& inst) {
    const ByRole ops = split(inst);
    const auto need = [&](std::size_t in, std::size_t out) {
        return ops.in.size() >= in && ops.out.size() >= out;
    };
    if (body == "copy" || body == "transpose")
        return need(1, 1) ? std::optional<std::int64_t>(0) : std::nullopt;
    if (body == "add" || body == "sub" || body == "mul" || body == "max" || body == "scale") {
        if (!need(body == "scale" ? 1 : 2, 1)) return std::nullopt;
        return elements(*ops.out[0]);
    }
    if (body == "rowsum") return need(1, 1) ? elements(*ops.in[0]) : std::nullopt;
    if (body == "softmax") return need(1, 1) ? mul(elements(*ops.in[0]), 5) : std::nullopt;
    if (body == "matmul") {
        if (!need(2, 1) || ops.in[0]->shape.empty()) return std::nullopt;
        return mul(mul(elements(*ops.out[0]), ops.in[0]->shape.back()), 2);
    }
    if (body == "attention") {
        if (!need(3, 1)) return std::nullopt;
        const auto& q = ops.in[0]->shape;
        const auto& k = ops.in[1]->shape;
        if (q.size() != 2 || k.size() != 2) return std::nullopt;
        return mul(mul(mul(std::optional<std::int64_t>(q[0]), k[0]), q[1]), 4);
    }
    return std::nullopt;
}

}  // namespace tl
