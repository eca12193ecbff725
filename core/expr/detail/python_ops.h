#pragma once
// What the two Python printers of expressions (core/expr/python.cpp,
// core/expr/python_pallas.cpp) share: the Python spelling of a binary operator and the error an
// unprintable node gives.
#include <string>
#include <string_view>

#include "core/expr/detail/ast.h"

namespace tl::py::detail {

// An unsupported construct or name inside one expression; `span` locates it.
struct PrintError {
    expr::detail::Span span;
    std::string message;
};

// "+", "//", "<=", ...; empty for an operator Python spells otherwise (logic, min, ...).
inline std::string_view python_operator(expr::detail::Op op) {
    using expr::detail::Op;
    switch (op) {
        case Op::Add:
            return "+";
        case Op::Sub:
            return "-";
        case Op::Mul:
            return "*";
        case Op::FloorDiv:
            return "//";
        case Op::Mod:
            return "%";
        case Op::Lt:
            return "<";
        case Op::Le:
            return "<=";
        case Op::Gt:
            return ">";
        case Op::Ge:
            return ">=";
        case Op::Eq:
            return "==";
        case Op::Ne:
            return "!=";
        default:
            return "";
    }
}

inline bool is_comparison(expr::detail::Op op) {
    using expr::detail::Op;
    return op == Op::Lt || op == Op::Le || op == Op::Gt || op == Op::Ge || op == Op::Eq ||
           op == Op::Ne;
}

}  // namespace tl::py::detail
