#pragma once
// What each operator means at compile time: constant folding with the same arithmetic the
// evaluator uses, and the bytecode for each syntax-tree operator.
#include <cstdint>

#include "core/expr/detail/ast.h"
#include "core/expr/detail/code.h"
#include "core/expr/detail/ops.h"

namespace tl::expr::detail {

// Applies op to constants; false when the result is undefined or overflows, in which case
// the instruction is emitted instead and fails only if it runs.
inline bool fold(Code op, std::int64_t a, std::int64_t b, std::int64_t* r) {
    switch (op) {
        case Code::Add:
            return add(a, b, r);
        case Code::Sub:
            return sub(a, b, r);
        case Code::Mul:
            return mul(a, b, r);
        case Code::FloorDiv:
            return floordiv(a, b, r);
        case Code::Mod:
            return mod(a, b, r);
        case Code::CDiv:
            return cdiv(a, b, r);
        case Code::Div:
            return tdiv(a, b, r);
        case Code::Rem:
            return trem(a, b, r);
        case Code::Min:
            *r = a < b ? a : b;
            return true;
        case Code::Max:
            *r = a > b ? a : b;
            return true;
        case Code::Lt:
            *r = a < b;
            return true;
        case Code::Le:
            *r = a <= b;
            return true;
        case Code::Gt:
            *r = a > b;
            return true;
        case Code::Ge:
            *r = a >= b;
            return true;
        case Code::Eq:
            *r = a == b;
            return true;
        case Code::Ne:
            *r = a != b;
            return true;
        case Code::Neg:
            return neg(a, r);
        case Code::Abs:
            return abs(a, r);
        case Code::Not:
            *r = a == 0;
            return true;
        case Code::Bool:
            *r = a != 0;
            return true;
        default:
            return false;
    }
}

inline Code binary_code(Op op) {
    switch (op) {
        case Op::Add:
            return Code::Add;
        case Op::Sub:
            return Code::Sub;
        case Op::Mul:
            return Code::Mul;
        case Op::FloorDiv:
            return Code::FloorDiv;
        case Op::Mod:
            return Code::Mod;
        case Op::Lt:
            return Code::Lt;
        case Op::Le:
            return Code::Le;
        case Op::Gt:
            return Code::Gt;
        case Op::Ge:
            return Code::Ge;
        case Op::Eq:
            return Code::Eq;
        default:
            return Code::Ne;
    }
}

// The multiplying form of a division by a constant >= 2, or Mov when there is none.
inline Code by_constant(Code op) {
    return op == Code::FloorDiv ? Code::FloorDivK
           : op == Code::Mod    ? Code::ModK
           : op == Code::CDiv   ? Code::CDivK
                                : Code::Mov;
}

}  // namespace tl::expr::detail
