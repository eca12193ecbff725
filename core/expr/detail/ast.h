#pragma once
// The syntax tree of one expression text. Nodes live in one vector and refer to each other
// by index, so deep trees are destroyed without recursion.
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "core/expr/detail/lexer.h"

namespace tl::expr::detail {

enum class NodeKind : std::uint8_t {
    Int,        // value
    Name,       // name (dotted for pl.cdiv and the like)
    Unary,      // op, kids[0]
    Binary,     // op, kids[0], kids[1]; includes and/or and a single comparison
    Compare,    // a chain a < b <= c: kids are the operands, ops/op_spans one per gap
    IfExp,      // kids: then, condition, else
    Call,       // name, kids are the arguments
    Subscript,  // kids[0] the array, kids[1..] the indices (t[i, j])
    Tuple,      // kids are the elements
    Lambda,     // params, kids[0] the body; star: a last `*name` parameter, in name
};

enum class Op : std::uint8_t {
    Neg,
    Pos,
    Not,
    Add,
    Sub,
    Mul,
    FloorDiv,
    Mod,
    Lt,
    Le,
    Gt,
    Ge,
    Eq,
    Ne,
    And,
    Or,
};

struct Node {
    NodeKind kind = NodeKind::Int;
    Op op = Op::Add;
    std::int64_t value = 0;
    std::string name;
    Span span;     // the whole node
    Span op_span;  // the operator, callee or brackets: where runtime errors point
    int depth = 1;
    std::vector<int> kids;
    std::vector<Op> ops;                               // Compare
    std::vector<Span> op_spans;                        // Compare
    std::vector<std::pair<std::string, Span>> params;  // Lambda, the named ones
    bool star = false;                                 // Lambda
};

struct Ast {
    std::vector<Node> nodes;
    int root = -1;

    const Node& at(int i) const { return nodes[static_cast<std::size_t>(i)]; }
};

// Parses a whole text: a lambda or an expression (possibly a tuple in parentheses).
// Throws Failure with the position of the first problem.
Ast parse(std::string_view text, const SourceMap& map);

}  // namespace tl::expr::detail
