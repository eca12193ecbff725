// Evaluation of the register bytecode. The loop touches only the instruction array and a
// register file on the stack, so a shared Compiled is safe to evaluate from many threads.
#include <algorithm>
#include <memory>
#include <string>

#include "core/expr/detail/code.h"
#include "core/expr/detail/ops.h"

namespace tl::expr {
namespace {

using detail::Code;

constexpr int kLocalRegisters = 128;

std::string num(std::int64_t v) {
    return std::to_string(v);
}

// Builds the message for the instruction that failed; kept out of the hot loop.
[[gnu::cold]] [[gnu::noinline]] bool fail(const Compiled::Impl& m, std::size_t pc,
                                          const std::int64_t* r, Error* err) {
    if (!err) return false;
    const detail::Instr& in = m.code[pc];
    const std::int64_t a = r[in.a];
    auto b = [&] { return r[in.b]; };
    auto overflow = [](const std::string& what) {
        return "integer overflow: " + what + " does not fit in 64 bits";
    };
    std::string message;
    switch (in.op) {
        case Code::Add:
            message = overflow(num(a) + " + " + num(b()));
            break;
        case Code::Sub:
            message = overflow(num(a) + " - " + num(b()));
            break;
        case Code::Mul:
            message = overflow(num(a) + " * " + num(b()));
            break;
        case Code::Neg:
            message = overflow("-(" + num(a) + ")");
            break;
        case Code::Abs:
            message = overflow("abs(" + num(a) + ")");
            break;
        case Code::FloorDiv:
            message = b() == 0 ? "division by zero: " + num(a) + " // 0"
                               : overflow(num(a) + " // " + num(b()));
            break;
        case Code::Mod:
            message = "modulo by zero: " + num(a) + " % 0";
            break;
        case Code::CDiv:
            message = b() == 0 ? "division by zero: cdiv(" + num(a) + ", 0)"
                               : overflow("cdiv(" + num(a) + ", " + num(b()) + ")");
            break;
        case Code::Div:
            message = b() == 0 ? "division by zero: lax.div(" + num(a) + ", 0)"
                               : overflow("lax.div(" + num(a) + ", " + num(b()) + ")");
            break;
        case Code::Rem:
            message = "modulo by zero: lax.rem(" + num(a) + ", 0)";
            break;
        case Code::Bound: {
            const detail::Bound& bound = m.bounds[in.b];
            message = "index " + num(a) + " is out of range for dimension " + num(bound.dim) +
                      " of '" + m.arrays[static_cast<std::size_t>(bound.array)].name + "' (size " +
                      num(bound.extent) + ")";
            break;
        }
        case Code::Load: {
            const detail::Array& array = m.arrays[in.b];
            message = "index " + num(a) + " is out of range for '" + array.name + "' (length " +
                      num(static_cast<std::int64_t>(array.values.size())) + ")";
            break;
        }
        default:
            message = "evaluation failed";
            break;
    }
    const detail::Where& w = m.where[pc];
    *err = Error{w.line, w.column, w.length, std::move(message)};
    return false;
}

// The instructions that cannot fail: moves, comparisons, min and max, division by a constant.
[[gnu::always_inline]] inline std::int64_t simple(const Compiled::Impl& m, const detail::Instr& in,
                                                  const std::int64_t* r) {
    switch (in.op) {
        case Code::Mov:
            return r[in.a];
        case Code::Not:
            return r[in.a] == 0;
        case Code::Bool:
            return r[in.a] != 0;
        case Code::Min:
            return std::min(r[in.a], r[in.b]);
        case Code::Max:
            return std::max(r[in.a], r[in.b]);
        case Code::Lt:
            return r[in.a] < r[in.b];
        case Code::Le:
            return r[in.a] <= r[in.b];
        case Code::Gt:
            return r[in.a] > r[in.b];
        case Code::Ge:
            return r[in.a] >= r[in.b];
        case Code::Eq:
            return r[in.a] == r[in.b];
        case Code::Ne:
            return r[in.a] != r[in.b];
        case Code::FloorDivK:
            return detail::floordiv(r[in.a], m.divisors[in.b]);
        case Code::ModK:
            return detail::mod(r[in.a], m.divisors[in.b]);
        case Code::CDivK:
            return detail::cdiv(r[in.a], m.divisors[in.b]);
        default:
            return 0;  // not one of them: step() handles it
    }
}

enum class Step { Value, Jumped, Failed };

// One instruction: its value into `v`, or a jump that moves `pc`. Inlined into the loop of
// eval, so the dispatch stays one jump table with the registers in locals.
[[gnu::always_inline]] inline Step step(const Compiled::Impl& m, const detail::Instr& in,
                                        const std::int64_t* r, std::int64_t& v, std::size_t& pc) {
    bool ok = true;
    switch (in.op) {
        case Code::Neg:
            ok = detail::neg(r[in.a], &v);
            break;
        case Code::Abs:
            ok = detail::abs(r[in.a], &v);
            break;
        case Code::Add:
            ok = detail::add(r[in.a], r[in.b], &v);
            break;
        case Code::Sub:
            ok = detail::sub(r[in.a], r[in.b], &v);
            break;
        case Code::Mul:
            ok = detail::mul(r[in.a], r[in.b], &v);
            break;
        case Code::FloorDiv:
            ok = detail::floordiv(r[in.a], r[in.b], &v);
            break;
        case Code::Mod:
            ok = detail::mod(r[in.a], r[in.b], &v);
            break;
        case Code::CDiv:
            ok = detail::cdiv(r[in.a], r[in.b], &v);
            break;
        case Code::Div:
            ok = detail::tdiv(r[in.a], r[in.b], &v);
            break;
        case Code::Rem:
            ok = detail::trem(r[in.a], r[in.b], &v);
            break;
        case Code::Bound:
            v = r[in.a];
            ok = v >= 0 && v < m.bounds[in.b].extent;
            break;
        case Code::Load: {
            const std::vector<std::int64_t>& values = m.arrays[in.b].values;
            ok = r[in.a] >= 0 && r[in.a] < static_cast<std::int64_t>(values.size());
            if (ok) v = values[static_cast<std::size_t>(r[in.a])];
            break;
        }
        case Code::Jz:
            if (r[in.a] == 0) pc = in.b;
            return Step::Jumped;
        case Code::Jnz:
            if (r[in.a] != 0) pc = in.b;
            return Step::Jumped;
        case Code::Jmp:
            pc = in.b;
            return Step::Jumped;
        default:
            v = simple(m, in, r);
            break;
    }
    return ok ? Step::Value : Step::Failed;
}

}  // namespace

// The hot path of every analysis: one loop over the instructions.
bool Compiled::eval(const std::int64_t* args, std::int64_t* out, Error* err) const {
    if (!impl_) return true;
    const Impl& m = *impl_;
    std::int64_t local[kLocalRegisters];
    std::unique_ptr<std::int64_t[]> heap;
    std::int64_t* r = local;
    if (m.register_count > kLocalRegisters) {
        heap = std::make_unique<std::int64_t[]>(static_cast<std::size_t>(m.register_count));
        r = heap.get();
    }
    if (m.arity > 0) std::copy_n(args, m.arity, r);
    std::copy(m.constants.begin(), m.constants.end(), r + m.arity);

    const detail::Instr* code = m.code.data();
    const std::size_t n = m.code.size();
    std::size_t pc = 0;
    while (pc < n) {
        const detail::Instr in = code[pc++];
        std::int64_t v = 0;
        const Step done = step(m, in, r, v, pc);
        if (done == Step::Jumped) continue;
        if (done == Step::Failed) return fail(m, pc - 1, r, err);
        r[in.dst] = v;
    }
    const std::size_t results = m.result_registers.size();
    for (std::size_t i = 0; i < results; ++i) out[i] = r[m.result_registers[i]];
    return true;
}

}  // namespace tl::expr
