#include "core/expr/python.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <cstdio>

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

constexpr std::array<std::string_view, 35> kKeywords{
    "False", "None",     "True",  "and",    "as",   "assert", "async",  "await",    "break",
    "class", "continue", "def",   "del",    "elif", "else",   "except", "finally",  "for",
    "from",  "global",   "if",    "import", "in",   "is",     "lambda", "nonlocal", "not",
    "or",    "pass",     "raise", "return", "try",  "while",  "with",   "yield"};

bool is_keyword(std::string_view name) {
    for (auto k : kKeywords)
        if (k == name) return true;
    return false;
}

// Prints one node and its children. Every compound expression is parenthesised, so Python's
// precedence cannot regroup it; logic and conditionals go through helpers that work on
// traced values and evaluate lazily, as the spec language does.
class Printer {
public:
    Printer(const Ast& ast, const std::set<std::string>& params, std::vector<std::string> locals)
        : ast_(ast), params_(params), locals_(std::move(locals)) {}

    std::string print(int index) const {
        const Node& n = ast_.at(index);
        switch (n.kind) {
            case NodeKind::Int:
                return std::to_string(n.value);
            case NodeKind::Name:
                return name(n);
            case NodeKind::Unary:
                if (n.op == Op::Not) return "_tl_not(" + print(n.kids[0]) + ")";
                return std::string("(") + (n.op == Op::Neg ? "-" : "+") + print(n.kids[0]) + ")";
            case NodeKind::Binary:
                return binary(n);
            case NodeKind::Compare:
                return chain(n, 0);
            case NodeKind::IfExp:
                return "_tl_where(" + print(n.kids[1]) + ", lambda: " + print(n.kids[0]) +
                       ", lambda: " + print(n.kids[2]) + ")";
            case NodeKind::Call:
                return call(n);
            case NodeKind::Tuple: {
                std::string out = "(";
                for (std::size_t i = 0; i < n.kids.size(); ++i)
                    out += (i ? ", " : "") + print(n.kids[i]);
                return out + (n.kids.size() == 1 ? ",)" : ")");
            }
            case NodeKind::Subscript:
                throw PrintError{n.span,
                                 "scalar-prefetch subscripts are not supported by the benchmark "
                                 "script"};
            case NodeKind::Lambda:
                break;
        }
        throw PrintError{n.span, "a lambda can only be the whole index map"};
    }

private:
    std::string name(const Node& n) const {
        const bool local = std::find(locals_.begin(), locals_.end(), n.name) != locals_.end();
        if (!local && !params_.count(n.name))
            throw PrintError{n.span, "unknown name '" + n.name + "'"};
        if (!is_safe_name(n.name)) throw PrintError{n.span, unsafe_name_reason(n.name)};
        return n.name;
    }

    std::string binary(const Node& n) const {
        const std::string a = print(n.kids[0]), b = print(n.kids[1]);
        if (n.op == Op::And) return "_tl_and(" + a + ", lambda: " + b + ")";
        if (n.op == Op::Or) return "_tl_or(" + a + ", lambda: " + b + ")";
        const std::string text = a + " " + std::string(python_operator(n.op)) + " " + b;
        return is_comparison(n.op) ? "_tl_int(" + text + ")" : "(" + text + ")";
    }

    // a < b <= c: (a < b) and (b <= c), the later comparisons evaluated only when needed.
    std::string chain(const Node& n, std::size_t gap) const {
        const std::string cmp = "_tl_int(" + print(n.kids[gap]) + " " +
                                std::string(python_operator(n.ops[gap])) + " " +
                                print(n.kids[gap + 1]) + ")";
        if (gap + 1 == n.ops.size()) return cmp;
        return "_tl_and(" + cmp + ", lambda: " + chain(n, gap + 1) + ")";
    }

    std::string call(const Node& n) const {
        const auto* f = expr::detail::find_function(n.name);
        if (!f) throw PrintError{n.op_span, "unknown function '" + n.name + "'"};
        std::string args;
        for (std::size_t i = 0; i < n.kids.size(); ++i) args += (i ? ", " : "") + print(n.kids[i]);
        switch (f->kind) {
            case expr::detail::Function::CDiv:
                return "_tl_cdiv(" + args + ")";
            case expr::detail::Function::Min:
                return "_tl_min(" + args + ")";
            case expr::detail::Function::Max:
                return "_tl_max(" + args + ")";
            case expr::detail::Function::Where:
                return "_tl_where(" + print(n.kids[0]) + ", lambda: " + print(n.kids[1]) +
                       ", lambda: " + print(n.kids[2]) + ")";
            case expr::detail::Function::Div:
                return "_tl_tdiv(" + args + ")";
            case expr::detail::Function::Rem:
                return "_tl_trem(" + args + ")";
            case expr::detail::Function::Abs:
                break;
        }
        return "_tl_abs(" + args + ")";
    }

    const Ast& ast_;
    const std::set<std::string>& params_;
    std::vector<std::string> locals_;
};

std::string located(const SourceMap& map, Span span, const std::string& message) {
    const expr::Error e = map.error(span, message);
    return std::to_string(e.line) + ":" + std::to_string(e.column) + ": " + e.message;
}

std::string located(const expr::Error& e) {
    return std::to_string(e.line) + ":" + std::to_string(e.column) + ": " + e.message;
}

// Parses `text` and hands the tree to `f`; parse and print errors become Printed::error.
template <class F>
Printed with_ast(std::string_view text, F&& f) {
    const SourceMap map(text);
    try {
        const Ast ast = expr::detail::parse(text, map);
        return {f(ast), {}};
    } catch (const Failure& failure) {
        return {{}, located(failure.error)};
    } catch (const PrintError& e) {
        return {{}, located(map, e.span, e.message)};
    }
}

void append_code_point(std::string& out, std::uint32_t cp) {
    char buf[16];
    if (cp < 0x20 || cp == 0x7f)
        std::snprintf(buf, sizeof buf, "\\x%02x", static_cast<unsigned>(cp));
    else if (cp < 0x80)
        buf[0] = static_cast<char>(cp), buf[1] = '\0';
    else
        std::snprintf(buf, sizeof buf, "\\U%08x", static_cast<unsigned>(cp));
    out += buf;
}

}  // namespace

bool is_safe_name(std::string_view name) {
    return unsafe_name_reason(name).empty();
}

std::string unsafe_name_reason(std::string_view name) {
    const std::string quoted = "'" + std::string(name) + "'";
    if (!is_identifier(name)) return quoted + " is not an identifier ([A-Za-z_][A-Za-z0-9_]*)";
    if (is_keyword(name) || name == "__debug__")
        return quoted + " is a Python keyword; rename it in the spec";
    if (name.starts_with(kReservedPrefix))
        return quoted + " starts with '" + std::string(kReservedPrefix) +
               "', which the benchmark script reserves for its own names; rename it";
    return {};
}

std::optional<std::string> python_string(std::string_view text) {
    std::string out = "\"";
    for (std::size_t i = 0; i < text.size();) {
        const auto c = static_cast<unsigned char>(text[i]);
        int extra = c < 0x80           ? 0
                    : (c >> 5) == 0x6  ? 1
                    : (c >> 4) == 0xe  ? 2
                    : (c >> 3) == 0x1e ? 3
                                       : -1;
        if (extra < 0 || i + static_cast<std::size_t>(extra) >= text.size()) return std::nullopt;
        std::uint32_t cp = extra == 0 ? c : c & (0x3f >> extra);
        for (int k = 1; k <= extra; ++k) {
            const auto cc = static_cast<unsigned char>(text[i + static_cast<std::size_t>(k)]);
            if ((cc >> 6) != 0x2) return std::nullopt;
            cp = (cp << 6) | (cc & 0x3f);
        }
        const bool overlong =
            (extra == 1 && cp < 0x80) || (extra == 2 && cp < 0x800) || (extra == 3 && cp < 0x10000);
        if (overlong || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return std::nullopt;
        if (cp == '"' || cp == '\\')
            out += '\\', out += static_cast<char>(cp);
        else
            append_code_point(out, cp);
        i += static_cast<std::size_t>(extra) + 1;
    }
    return out + "\"";
}

std::string python_float(double value) {
    if (std::isnan(value)) return "float(\"nan\")";
    if (std::isinf(value)) return value > 0 ? "float(\"inf\")" : "float(\"-inf\")";
    char buf[64];
    const auto [end, ec] = std::to_chars(buf, buf + sizeof buf, value);
    std::string out(buf, ec == std::errc() ? end : buf);
    if (out.find_first_of(".e") == std::string::npos) out += ".0";
    return out;
}

Printed print_size(const SizeText& size, const std::set<std::string>& params) {
    if (const auto* v = std::get_if<std::int64_t>(&size)) return {std::to_string(*v), {}};
    return with_ast(std::get<std::string>(size), [&](const Ast& ast) {
        const Node& root = ast.at(ast.root);
        if (root.kind == NodeKind::Lambda || root.kind == NodeKind::Tuple)
            throw PrintError{root.span, "expected a single value"};
        return Printer(ast, params, {}).print(ast.root);
    });
}

Printed print_index_map(std::string_view text, const std::set<std::string>& params) {
    return with_ast(text, [&](const Ast& ast) {
        const Node& root = ast.at(ast.root);
        if (root.kind != NodeKind::Lambda)
            throw PrintError{root.span, "an index map must be a lambda"};
        std::vector<std::string> names;
        for (const auto& [param, span] : root.params) {
            if (!is_safe_name(param)) throw PrintError{span, unsafe_name_reason(param)};
            names.push_back(param);
        }
        if (root.star) {
            if (!is_safe_name(root.name))
                throw PrintError{root.op_span, unsafe_name_reason(root.name)};
            names.push_back("*" + root.name);
        }
        std::string out = "lambda";
        for (std::size_t i = 0; i < names.size(); ++i) out += (i ? ", " : " ") + names[i];
        const Node& body = ast.at(root.kids[0]);
        const std::string printed = Printer(ast, params, names).print(root.kids[0]);
        // Pallas wants a tuple; the spec allows a 1-tuple without parentheses.
        return out + ": " + (body.kind == NodeKind::Tuple ? printed : "(" + printed + ",)");
    });
}

std::vector<std::string> names_in_size(const SizeText& size) {
    std::vector<std::string> names;
    const auto* text = std::get_if<std::string>(&size);
    if (!text) return names;
    const SourceMap map(*text);
    try {
        const Ast ast = expr::detail::parse(*text, map);
        for (const Node& n : ast.nodes)
            if (n.kind == NodeKind::Name) names.push_back(n.name);
    } catch (const Failure&) {
    }
    return names;
}

std::string_view expression_helpers() {
    return R"PY(
# Helpers of the printed expressions. They take Python ints (grid and block sizes) or
# traced jax integers (index maps on the target) and keep the spec language's rules:
# comparisons and logic give 0 or 1, `and`/`or`/`if` evaluate lazily.
def _tl_is_int(*values):
    return all(isinstance(v, (int, np.integer)) for v in values)


def _tl_int(c):
    if isinstance(c, (bool, np.bool_)):
        return int(c)
    return jnp.asarray(c).astype(jnp.int32)


def _tl_truth(v):
    return int(bool(v)) if _tl_is_int(v) else _tl_int(jnp.asarray(v) != 0)


def _tl_not(a):
    return 1 - _tl_truth(a)


def _tl_and(a, b):
    if _tl_is_int(a):
        return _tl_truth(b()) if a else 0
    return _tl_int(jnp.logical_and(jnp.asarray(a) != 0, jnp.asarray(b()) != 0))


def _tl_or(a, b):
    if _tl_is_int(a):
        return 1 if a else _tl_truth(b())
    return _tl_int(jnp.logical_or(jnp.asarray(a) != 0, jnp.asarray(b()) != 0))


def _tl_where(c, a, b):
    if _tl_is_int(c):
        return a() if c else b()
    return jnp.where(jnp.asarray(c) != 0, a(), b())


def _tl_cdiv(a, b):
    return (a + b - 1) // b


def _tl_min(*values):
    return min(values) if _tl_is_int(*values) else functools.reduce(jnp.minimum, values)


def _tl_max(*values):
    return max(values) if _tl_is_int(*values) else functools.reduce(jnp.maximum, values)


def _tl_abs(a):
    return abs(a)


def _tl_tdiv(a, b):
    if _tl_is_int(a, b):
        q = abs(a) // abs(b)
        return q if (a < 0) == (b < 0) else -q
    return jax.lax.div(a, b)


def _tl_trem(a, b):
    if _tl_is_int(a, b):
        return a - b * _tl_tdiv(a, b)
    return jax.lax.rem(a, b)
)PY";
}

}  // namespace tl::py
