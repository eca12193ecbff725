#include "core/expr/python_pallas.h"

#include <algorithm>
#include <optional>

#include "core/base/names.h"
#include "core/expr/detail/ast.h"
#include "core/expr/detail/python_ops.h"
#include "core/expr/detail/scope.h"

namespace tl::py {
namespace {

using detail::is_comparison;
using detail::PrintError;
using detail::python_operator;
using expr::detail::Ast;
using expr::detail::Failure;
using expr::detail::Node;
using expr::detail::NodeKind;
using expr::detail::Op;
using expr::detail::SourceMap;
using expr::detail::Span;

// Python's binding strengths, loosest first, for the constructs printed here.
constexpr int kCompare = 5;
constexpr int kAdd = 10;
constexpr int kMul = 11;
constexpr int kUnary = 12;
constexpr int kAtom = 14;

struct Out {
    std::string code;
    int prec = kAtom;
};

// A name that is a safe Python identifier and not yet used: `base`, made safe, with
// trailing underscores until it is free.
std::string fresh_name(std::string base, std::set<std::string>& used) {
    if (!is_identifier(base)) base = "a";
    if (base.starts_with(kReservedPrefix)) base = "p" + base;
    while (!is_safe_name(base) || used.count(base)) base += "_";
    used.insert(base);
    return base;
}

// How the names of one expression resolve: the lambda's parameters first, then the params,
// then the scalar-prefetch tables by their spec name (the order of expr::detail::Scope).
struct Resolver {
    const PallasNames* names = nullptr;
    std::vector<std::pair<std::string, std::string>> locals;  // user name -> emitted
    std::vector<std::string> table_names;                     // spec names, in order
    std::vector<std::string> table_params;                    // emitted parameter per table
    std::vector<bool>* tables_read = nullptr;                 // set when read by spec name
};

class PallasPrinter {
public:
    PallasPrinter(const Ast& ast, const Resolver& scope, bool traced)
        : ast_(ast), scope_(scope), traced_(traced) {}

    Out print(int index) const {
        const Node& n = ast_.at(index);
        switch (n.kind) {
            case NodeKind::Int:
                if (n.value < 0) return {"(" + std::to_string(n.value) + ")", kAtom};
                return {std::to_string(n.value), kAtom};
            case NodeKind::Name:
                return {name(n), kAtom};
            case NodeKind::Unary:
                return unary(n);
            case NodeKind::Binary:
                return binary(n);
            case NodeKind::Compare:
                return chain(n);
            case NodeKind::IfExp:
                return where(n.kids[1], n.kids[0], n.kids[2]);
            case NodeKind::Call:
                return call(n);
            case NodeKind::Subscript:
                return subscript(n);
            case NodeKind::Tuple:
                break;
            case NodeKind::Lambda:
                throw PrintError{n.span, "a lambda can only be the whole index map"};
        }
        throw PrintError{n.span, "a tuple can only be the whole result of an index map"};
    }

    // The expression at least as tight as `prec`, in parentheses otherwise.
    std::string at_least(int index, int prec) const {
        const Out o = print(index);
        return o.prec >= prec ? o.code : "(" + o.code + ")";
    }

    std::string arg(int index) const { return print(index).code; }

private:
    std::string name(const Node& n) const {
        for (const auto& [user, emitted] : scope_.locals)
            if (user == n.name) return emitted;
        if (const auto it = scope_.names->params.find(n.name); it != scope_.names->params.end())
            return it->second;
        for (std::size_t t = 0; t < scope_.table_names.size(); ++t) {
            if (scope_.table_names[t] != n.name) continue;
            if (scope_.tables_read) (*scope_.tables_read)[t] = true;
            return scope_.table_params[t];
        }
        throw PrintError{n.span, "unknown name '" + n.name + "'"};
    }

    Out unary(const Node& n) const {
        if (n.op == Op::Not) {
            if (traced_) return {"jnp.logical_not(" + arg(n.kids[0]) + ")", kAtom};
            return {"int(not " + at_least(n.kids[0], kCompare) + ")", kAtom};
        }
        return {std::string(n.op == Op::Neg ? "-" : "+") + at_least(n.kids[0], kUnary + 1), kUnary};
    }

    Out logic(const Node& n) const {
        const bool conj = n.op == Op::And;
        if (traced_)
            return {std::string(conj ? "jnp.logical_and(" : "jnp.logical_or(") + arg(n.kids[0]) +
                        ", " + arg(n.kids[1]) + ")",
                    kAtom};
        return {"int(bool(" + arg(n.kids[0]) + (conj ? ") and bool(" : ") or bool(") +
                    arg(n.kids[1]) + "))",
                kAtom};
    }

    Out binary(const Node& n) const {
        if (n.op == Op::And || n.op == Op::Or) return logic(n);
        const std::string op(python_operator(n.op));
        if (is_comparison(n.op)) {
            const std::string text = at_least(n.kids[0], kCompare + 1) + " " + op + " " +
                                     at_least(n.kids[1], kCompare + 1);
            if (traced_) return {text, kCompare};
            return {"int(" + text + ")", kAtom};
        }
        const int prec = (n.op == Op::Add || n.op == Op::Sub) ? kAdd : kMul;
        return {at_least(n.kids[0], prec) + " " + op + " " + at_least(n.kids[1], prec + 1), prec};
    }

    // a < b <= c: each comparison once, joined by a logical and (Python's own chaining would
    // ask a traced value for its truth).
    Out chain(const Node& n) const {
        std::vector<std::string> parts;
        for (std::size_t gap = 0; gap < n.ops.size(); ++gap)
            parts.push_back(at_least(n.kids[gap], kCompare + 1) + " " +
                            std::string(python_operator(n.ops[gap])) + " " +
                            at_least(n.kids[gap + 1], kCompare + 1));
        if (!traced_) {
            std::string text;
            for (std::size_t i = 0; i < parts.size(); ++i) text += (i ? " and " : "") + parts[i];
            return {"int(" + text + ")", kAtom};
        }
        std::string text = parts.back();
        for (std::size_t i = parts.size() - 1; i-- > 0;)
            text = "jnp.logical_and(" + parts[i] + ", " + text + ")";
        return {text, kAtom};
    }

    Out where(int cond, int then, int otherwise) const {
        if (traced_)
            return {"jnp.where(" + arg(cond) + ", " + arg(then) + ", " + arg(otherwise) + ")",
                    kAtom};
        return {"(" + at_least(then, kCompare - 1) + " if " + at_least(cond, kCompare - 1) +
                    " else " + at_least(otherwise, kCompare - 1) + ")",
                kAtom};
    }

    // min/max of two or more: jnp.minimum(a, jnp.minimum(b, c)) on traced values.
    Out fold(const Node& n, const std::string& python, const std::string& traced) const {
        std::string text;
        if (!traced_) {
            for (std::size_t i = 0; i < n.kids.size(); ++i)
                text += (i ? ", " : "") + arg(n.kids[i]);
            return {python + "(" + text + ")", kAtom};
        }
        text = arg(n.kids.back());
        for (std::size_t i = n.kids.size() - 1; i-- > 0;)
            text = traced + "(" + arg(n.kids[i]) + ", " + text + ")";
        return {text, kAtom};
    }

    Out call(const Node& n) const {
        const auto* f = expr::detail::find_function(n.name);
        if (!f) throw PrintError{n.op_span, "unknown function '" + n.name + "'"};
        std::string args;
        for (std::size_t i = 0; i < n.kids.size(); ++i) args += (i ? ", " : "") + arg(n.kids[i]);
        switch (f->kind) {
            case expr::detail::Function::CDiv:
                return {"pl.cdiv(" + args + ")", kAtom};
            case expr::detail::Function::Min:
                return fold(n, "min", "jnp.minimum");
            case expr::detail::Function::Max:
                return fold(n, "max", "jnp.maximum");
            case expr::detail::Function::Where:
                return where(n.kids[0], n.kids[1], n.kids[2]);
            case expr::detail::Function::Div:
                return {traced_ ? "jax.lax.div(" + args + ")" : "int(jax.lax.div(" + args + "))",
                        kAtom};
            case expr::detail::Function::Rem:
                return {traced_ ? "jax.lax.rem(" + args + ")" : "int(jax.lax.rem(" + args + "))",
                        kAtom};
            case expr::detail::Function::Abs:
                break;
        }
        return {"abs(" + args + ")", kAtom};
    }

    // t[i][j] and t[i, j] both as t[i, j].
    Out subscript(const Node& n) const {
        if (!traced_) throw PrintError{n.op_span, "a size cannot read a scalar-prefetch table"};
        std::vector<int> indices(n.kids.begin() + 1, n.kids.end());
        const Node* base = &ast_.at(n.kids[0]);
        while (base->kind == NodeKind::Subscript) {
            indices.insert(indices.begin(), base->kids.begin() + 1, base->kids.end());
            base = &ast_.at(base->kids[0]);
        }
        if (base->kind != NodeKind::Name)
            throw PrintError{base->span, "only a scalar-prefetch table can be subscripted"};
        std::string text = name(*base) + "[";
        for (std::size_t i = 0; i < indices.size(); ++i) text += (i ? ", " : "") + arg(indices[i]);
        return {text + "]", kAtom};
    }

    const Ast& ast_;
    const Resolver& scope_;
    bool traced_;
};

std::string pallas_located(const SourceMap& map, Span span, const std::string& message) {
    const expr::Error e = map.error(span, message);
    return std::to_string(e.line) + ":" + std::to_string(e.column) + ": " + e.message;
}

template <class F>
Printed with_pallas_ast(std::string_view text, F&& f) {
    const SourceMap map(text);
    try {
        const Ast ast = expr::detail::parse(text, map);
        return {f(ast), {}};
    } catch (const Failure& failure) {
        const expr::Error& e = failure.error;
        return {{}, std::to_string(e.line) + ":" + std::to_string(e.column) + ": " + e.message};
    } catch (const PrintError& e) {
        return {{}, pallas_located(map, e.span, e.message)};
    }
}

// The lambda's parameter list: the user's named parameters (made safe), then, up to the last
// table the body reads by its spec name, the absorbed positions, then `*rest` for the others.
std::string parameter_list(const Node& root, const Resolver& scope, int grid_rank,
                           const std::vector<bool>& read, std::set<std::string>& used) {
    const std::size_t named = root.params.size();
    const std::size_t total = static_cast<std::size_t>(grid_rank) + scope.table_names.size();
    std::size_t shown = named;
    for (std::size_t t = 0; t < read.size(); ++t)
        if (read[t]) shown = std::max(shown, static_cast<std::size_t>(grid_rank) + t + 1);
    std::vector<std::string> params;
    for (std::size_t k = 0; k < shown; ++k) {
        if (k < named)
            params.push_back(scope.locals[k].second);
        else if (k >= static_cast<std::size_t>(grid_rank))
            params.push_back(scope.table_params[k - static_cast<std::size_t>(grid_rank)]);
        else
            params.push_back(fresh_name("_i" + std::to_string(k), used));
    }
    if (shown < total) params.push_back("*" + fresh_name(root.star ? root.name : "_", used));
    std::string out = "lambda";
    for (std::size_t i = 0; i < params.size(); ++i) out += (i ? ", " : " ") + params[i];
    return out;
}

}  // namespace

Printed pallas_size(const SizeText& size, const PallasNames& names) {
    if (const auto* v = std::get_if<std::int64_t>(&size))
        return {*v < 0 ? "(" + std::to_string(*v) + ")" : std::to_string(*v), {}};
    return with_pallas_ast(std::get<std::string>(size), [&](const Ast& ast) {
        const Node& root = ast.at(ast.root);
        if (root.kind == NodeKind::Lambda || root.kind == NodeKind::Tuple)
            throw PrintError{root.span, "expected a single value"};
        Resolver scope;
        scope.names = &names;
        return PallasPrinter(ast, scope, false).print(ast.root).code;
    });
}

Printed pallas_index_map(std::string_view text, int grid_rank,
                         const std::vector<std::string>& tables, const PallasNames& names) {
    return with_pallas_ast(text, [&](const Ast& ast) {
        const Node& root = ast.at(ast.root);
        if (root.kind != NodeKind::Lambda)
            throw PrintError{root.span, "an index map must be a lambda"};
        const std::size_t total = static_cast<std::size_t>(grid_rank) + tables.size();
        if (root.params.size() > total || (!root.star && root.params.size() != total))
            throw PrintError{root.span, "the index map takes " + std::to_string(total) +
                                            " parameters (" + std::to_string(grid_rank) +
                                            " grid indices, then the scalar-prefetch tables)"};
        std::set<std::string> used = names.taken;
        Resolver scope;
        scope.names = &names;
        scope.table_names = tables;
        for (const auto& [param, span] : root.params) {
            std::string emitted = fresh_name(param, used);
            scope.locals.emplace_back(param, std::move(emitted));
        }
        for (std::size_t t = 0; t < tables.size(); ++t) {
            const std::size_t k = static_cast<std::size_t>(grid_rank) + t;
            scope.table_params.push_back(k < root.params.size() ? scope.locals[k].second
                                                                : fresh_name(tables[t], used));
        }
        std::vector<bool> read(tables.size(), false);
        scope.tables_read = &read;
        const Node& body = ast.at(root.kids[0]);
        const PallasPrinter printer(ast, scope, true);
        std::string result;
        if (body.kind == NodeKind::Tuple) {
            for (std::size_t i = 0; i < body.kids.size(); ++i)
                result += (i ? ", " : "") + printer.arg(body.kids[i]);
            result = "(" + result + (body.kids.size() == 1 ? ",)" : ")");
        } else {
            result = "(" + printer.arg(root.kids[0]) + ",)";  // Pallas wants a tuple
        }
        return parameter_list(root, scope, grid_rank, read, used) + ": " + result;
    });
}

}  // namespace tl::py
