// A recursive-descent parser following Python's expression grammar and precedence:
// lambda, if-else, or, and, not, comparisons, + -, * // %, unary + -, calls and subscripts.
#include <algorithm>
#include <optional>
#include <utility>

#include "core/expr/detail/ast.h"

namespace tl::expr::detail {
namespace {

class Parser {
public:
    Parser(std::vector<Token> tokens, const SourceMap& map) : toks_(std::move(tokens)), map_(map) {}

    Ast run() {
        const bool is_lambda = at(Tok::KwLambda);
        ast_.root = is_lambda ? lambda() : expression();
        if (!at(Tok::End)) {
            if (at(Tok::Comma) && is_lambda)
                fail(peek().span,
                     "unexpected ','; write several results in parentheses: lambda ...: (a, b)");
            if (at(Tok::Comma)) fail(peek().span, "unexpected ','; expected a single value");
            unexpected(peek(), "an operator or the end of the expression");
        }
        return std::move(ast_);
    }

private:
    // Counts nesting while it is alive; past the limit the parse stops with an error.
    class Nest {
    public:
        Nest(Parser& p, Span where) : p_(p) {
            if (const int max = kMaxNesting; ++p_.nesting_ > max)
                p_.fail(where, "expression is nested too deeply (more than " + std::to_string(max) +
                                   " levels, the limit expression-nesting); " +
                                   raise_hint(LimitId::ExpressionNesting));
        }
        ~Nest() { --p_.nesting_; }
        Nest(const Nest&) = delete;
        Nest& operator=(const Nest&) = delete;

    private:
        Parser& p_;
    };

    const Token& peek() const { return toks_[pos_]; }
    bool at(Tok kind) const { return toks_[pos_].kind == kind; }
    const Token& take() {
        const Token& t = toks_[pos_];
        if (t.kind != Tok::End) ++pos_;
        return t;
    }
    Span span_of(int node) const { return ast_.at(node).span; }

    [[noreturn]] void fail(Span span, std::string message) const {
        throw Failure{map_.error(span, std::move(message))};
    }

    [[noreturn]] void unexpected(const Token& t, const std::string& expected) const {
        switch (t.kind) {
            case Tok::Slash:
                fail(t.span,
                     "'/' is true division, which is not supported; use // for integer "
                     "division");
            case Tok::Unsupported:
                fail(t.span, "operator '" + std::string(t.text) + "' is not supported");
            case Tok::KwOther:
                fail(t.span, "'" + std::string(t.text) + "' is not supported in expressions");
            case Tok::RParen:
                fail(t.span, "unbalanced parentheses: unmatched ')'");
            case Tok::RBracket:
                fail(t.span, "unbalanced brackets: unmatched ']'");
            case Tok::End:
                fail(t.span, "unexpected end of the expression; expected " + expected);
            default:
                break;
        }
        fail(t.span, "unexpected " + describe(t) + "; expected " + expected);
    }

    // A bracket was opened at `open` and the next token does not close it.
    [[noreturn]] void unclosed(const Token& open, const std::string& expected) const {
        const std::string bracket(open.text);
        if (at(Tok::End))
            fail(open.span,
                 std::string(bracket == "[" ? "unbalanced brackets" : "unbalanced parentheses") +
                     ": this '" + bracket + "' is never closed");
        const int column = map_.error(open.span, {}).column;
        const std::string wanted =
            expected + " to close the '" + bracket + "' at column " + std::to_string(column);
        const Token& t = peek();
        if (t.kind == Tok::RParen || t.kind == Tok::RBracket)
            fail(t.span, "unexpected " + describe(t) + "; expected " + wanted);
        unexpected(t, wanted);
    }

    int add(Node n) {
        for (int kid : n.kids) n.depth = std::max(n.depth, ast_.at(kid).depth + 1);
        if (const int max = kMaxTreeDepth; n.depth > max)
            fail(n.span, "expression is too complex: its operations nest more than " +
                             std::to_string(max) +
                             " deep (the limit expression-depth); split it, or " +
                             raise_hint(LimitId::ExpressionDepth));
        ast_.nodes.push_back(std::move(n));
        return static_cast<int>(ast_.nodes.size()) - 1;
    }

    int binary(Op op, Span op_span, int lhs, int rhs) {
        Node n;
        n.kind = NodeKind::Binary;
        n.op = op;
        n.op_span = op_span;
        n.span = join(span_of(lhs), span_of(rhs));
        n.kids = {lhs, rhs};
        return add(std::move(n));
    }

    int unary(Op op, Span op_span, int operand) {
        Node n;
        n.kind = NodeKind::Unary;
        n.op = op;
        n.op_span = op_span;
        n.span = join(op_span, span_of(operand));
        n.kids = {operand};
        return add(std::move(n));
    }

    int lambda() {
        const Token& kw = take();
        Node n;
        n.kind = NodeKind::Lambda;
        Span last{};
        while (!at(Tok::Colon)) {
            if (at(Tok::Star)) {  // *rest: takes the remaining arguments; must come last
                const Span star = take().span;
                if (!at(Tok::Name)) unexpected(peek(), "a name after '*'");
                const Token& t = take();
                n.star = true;
                n.name = std::string(t.text);
                last = join(star, t.span);
                if (!at(Tok::Colon))
                    fail(peek().span, "'*" + n.name + "' must be the last parameter");
                break;
            }
            const Token& t = peek();
            if (t.kind != Tok::Name) unexpected(t, "a parameter name or ':'");
            take();
            for (const auto& p : n.params) {
                if (p.first == t.text)
                    fail(t.span, "duplicate parameter '" + std::string(t.text) + "'");
            }
            n.params.emplace_back(std::string(t.text), t.span);
            last = t.span;
            if (!at(Tok::Comma)) break;
            take();
        }
        if (!at(Tok::Colon)) unexpected(peek(), "',' or ':' after the lambda's parameters");
        const Span colon = take().span;
        const bool any = !n.params.empty() || n.star;
        n.op_span = !any ? colon : join(n.params.empty() ? last : n.params.front().second, last);
        const int body = expression();
        n.kids = {body};
        n.span = join(kw.span, span_of(body));
        return add(std::move(n));
    }

    int expression() {
        Nest nest(*this, peek().span);
        if (at(Tok::KwLambda))
            fail(peek().span, "a lambda can only be the whole index map, not part of one");
        const int value = disjunction();
        if (!at(Tok::KwIf)) return value;
        const Span if_span = take().span;
        const int cond = disjunction();
        if (!at(Tok::KwElse)) unexpected(peek(), "'else' after the condition");
        take();
        const int other = expression();
        Node n;
        n.kind = NodeKind::IfExp;
        n.op_span = if_span;
        n.span = join(span_of(value), span_of(other));
        n.kids = {value, cond, other};
        return add(std::move(n));
    }

    int disjunction() {
        int lhs = conjunction();
        while (at(Tok::KwOr)) {
            const Span s = take().span;
            lhs = binary(Op::Or, s, lhs, conjunction());
        }
        return lhs;
    }

    int conjunction() {
        int lhs = negation();
        while (at(Tok::KwAnd)) {
            const Span s = take().span;
            lhs = binary(Op::And, s, lhs, negation());
        }
        return lhs;
    }

    int negation() {
        if (!at(Tok::KwNot)) return comparison();
        Nest nest(*this, peek().span);
        const Span s = take().span;
        return unary(Op::Not, s, negation());
    }

    static std::optional<Op> compare_op(Tok kind) {
        switch (kind) {
            case Tok::Lt:
                return Op::Lt;
            case Tok::Le:
                return Op::Le;
            case Tok::Gt:
                return Op::Gt;
            case Tok::Ge:
                return Op::Ge;
            case Tok::EqEq:
                return Op::Eq;
            case Tok::Ne:
                return Op::Ne;
            default:
                return std::nullopt;
        }
    }

    int comparison() {
        Node n;
        n.kind = NodeKind::Compare;
        n.kids.push_back(arith());
        while (const auto op = compare_op(peek().kind)) {
            n.ops.push_back(*op);
            n.op_spans.push_back(take().span);
            n.kids.push_back(arith());
        }
        if (n.ops.empty()) return n.kids.front();
        if (n.ops.size() == 1) return binary(n.ops[0], n.op_spans[0], n.kids[0], n.kids[1]);
        n.span = join(span_of(n.kids.front()), span_of(n.kids.back()));
        n.op_span = n.op_spans.front();
        return add(std::move(n));
    }

    int arith() {
        int lhs = term();
        while (at(Tok::Plus) || at(Tok::Minus)) {
            const Token& t = take();
            lhs = binary(t.kind == Tok::Plus ? Op::Add : Op::Sub, t.span, lhs, term());
        }
        return lhs;
    }

    int term() {
        int lhs = factor();
        for (;;) {
            const Token& t = peek();
            Op op;
            if (t.kind == Tok::Star) {
                op = Op::Mul;
            } else if (t.kind == Tok::SlashSlash) {
                op = Op::FloorDiv;
            } else if (t.kind == Tok::Percent) {
                op = Op::Mod;
            } else if (t.kind == Tok::Slash) {
                unexpected(t, "");
            } else {
                return lhs;
            }
            take();
            lhs = binary(op, t.span, lhs, factor());
        }
    }

    int factor() {
        if (!at(Tok::Plus) && !at(Tok::Minus)) return primary();
        Nest nest(*this, peek().span);
        const Token& t = take();
        return unary(t.kind == Tok::Plus ? Op::Pos : Op::Neg, t.span, factor());
    }

    int primary() {
        int base = atom();
        for (;;) {
            if (at(Tok::LParen)) {
                base = call(base);
            } else if (at(Tok::LBracket)) {
                base = subscript(base);
            } else {
                return base;
            }
        }
    }

    int atom() {
        const Token& t = peek();
        Node n;
        n.span = n.op_span = t.span;
        if (t.kind == Tok::Int) {
            take();
            n.kind = NodeKind::Int;
            n.value = t.value;
            return add(std::move(n));
        }
        if (t.kind == Tok::LParen) return paren();
        if (t.kind != Tok::Name) unexpected(t, "a value");
        take();
        n.kind = NodeKind::Name;
        n.name = std::string(t.text);
        while (at(Tok::Dot)) {  // module-qualified names such as pl.cdiv
            take();
            if (!at(Tok::Name)) unexpected(peek(), "a name after '.'");
            const Token& part = take();
            n.name.append(".").append(part.text);
            n.span.end = part.span.end;
        }
        n.op_span = n.span;
        return add(std::move(n));
    }

    int paren() {
        const Token& open = take();
        Node n;
        n.kind = NodeKind::Tuple;
        if (!at(Tok::RParen)) {
            const int first = expression();
            if (at(Tok::RParen)) {
                take();
                return first;  // plain grouping
            }
            if (!at(Tok::Comma)) unclosed(open, "',' or ')'");
            n.kids.push_back(first);
            while (at(Tok::Comma)) {
                take();
                if (at(Tok::RParen)) break;
                n.kids.push_back(expression());
            }
            if (!at(Tok::RParen)) unclosed(open, "',' or ')'");
        }
        n.span = n.op_span = join(open.span, take().span);
        return add(std::move(n));
    }

    int call(int callee) {
        const Node& f = ast_.at(callee);
        if (f.kind != NodeKind::Name)
            fail(peek().span, "only functions can be called, e.g. cdiv(a, b)");
        Node n;
        n.kind = NodeKind::Call;
        n.name = f.name;
        n.op_span = f.span;
        const Token& open = take();
        while (!at(Tok::RParen)) {
            n.kids.push_back(expression());
            if (!at(Tok::Comma)) break;
            take();
        }
        if (!at(Tok::RParen)) unclosed(open, "',' or ')'");
        n.span = join(n.op_span, take().span);
        return add(std::move(n));
    }

    int subscript(int base) {
        const Token& open = take();
        if (at(Tok::RBracket)) fail(peek().span, "empty subscript: expected an index");
        Node n;
        n.kind = NodeKind::Subscript;
        n.kids = {base, expression()};
        while (at(Tok::Comma)) {  // t[i, j]
            take();
            if (at(Tok::RBracket)) break;
            n.kids.push_back(expression());
        }
        if (at(Tok::Colon)) fail(peek().span, "slices are not supported; use a single index");
        if (!at(Tok::RBracket)) unclosed(open, "']'");
        n.span = n.op_span = join(span_of(base), take().span);
        return add(std::move(n));
    }

    std::vector<Token> toks_;
    const SourceMap& map_;
    std::size_t pos_ = 0;
    int nesting_ = 0;
    Ast ast_;
};

}  // namespace

Ast parse(std::string_view text, const SourceMap& map) {
    return Parser(tokenize(text, map), map).run();
}

}  // namespace tl::expr::detail
