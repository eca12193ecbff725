#include "core/kernels/flops.h"

#include <string>
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

// Attention's sizes: B (the product of q's leading batch and head dimensions), S, T and D;
// nullopt unless q is [..., S, D] and k [..., T, D] of the same rank.
struct AttentionSizes {
    std::int64_t b = 1, s = 0, t = 0, d = 0;
};

std::optional<AttentionSizes> attention_sizes(const ByRole& ops) {
    if (ops.in.size() < 3 || ops.out.empty()) return std::nullopt;
    const auto& q = ops.in[0]->shape;
    const auto& k = ops.in[1]->shape;
    if (q.size() < 2 || k.size() != q.size() || q.back() != k.back()) return std::nullopt;
    AttentionSizes a;
    for (std::size_t i = 0; i + 2 < q.size(); ++i)
        if (__builtin_mul_overflow(a.b, q[i], &a.b)) return std::nullopt;
    a.s = q[q.size() - 2];
    a.t = k[k.size() - 2];
    a.d = q.back();
    return a;
}

}  // namespace

std::optional<std::int64_t> kernel_transcendentals(std::string_view body, const Instance& inst) {
    const ByRole ops = split(inst);
    if (body == "softmax")
        return ops.in.empty() || ops.out.empty() ? std::nullopt : elements(*ops.in[0]);
    if (body == "attention") {
        const auto a = attention_sizes(ops);
        return a ? mul(mul(std::optional<std::int64_t>(a->b), a->s), a->t) : std::nullopt;
    }
    return kernel_flops(body, inst) ? std::optional<std::int64_t>(0) : std::nullopt;
}

std::string flops_unknown_reason(std::string_view body, const Instance& inst) {
    if (kernel_flops(body, inst)) return "";
    static constexpr std::string_view kKnown[] = {"copy",    "transpose", "add",      "sub",
                                                  "mul",     "max",       "scale",    "rowsum",
                                                  "softmax", "matmul",    "attention"};
    for (const auto known : kKnown)
        if (body == known)
            return "the " + std::string(body) +
                   " body's FLOPs could not be counted on these operands (their number, rank or "
                   "shapes do not fit the body, or the count overflows)";
    return "the body '" + std::string(body) + "' has no FLOP count";
}

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
        const auto a = attention_sizes(ops);
        if (!a) return std::nullopt;
        return mul(mul(mul(mul(std::optional<std::int64_t>(a->b), a->s), a->t), a->d), 4);
    }
    return std::nullopt;
}

}  // namespace tl
