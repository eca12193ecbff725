#include "core/expr/quasi_linear.h"

#include <numeric>
#include <vector>

#include "core/expr/detail/ast.h"
#include "core/expr/detail/lexer.h"

namespace tl::expr {

namespace {

using detail::Ast;
using detail::Node;
using detail::NodeKind;
using detail::Op;

// A term: its growth, and its value when it is a constant.
struct Term {
    QuasiLinear q;
    std::optional<std::int64_t> value;
};

using Maybe = std::optional<Term>;

std::optional<std::int64_t> checked_mul(std::int64_t a, std::int64_t b) {
    std::int64_t r;
    if (__builtin_mul_overflow(a, b, &r)) return std::nullopt;
    return r;
}
std::optional<std::int64_t> checked_add(std::int64_t a, std::int64_t b) {
    std::int64_t r;
    if (__builtin_add_overflow(a, b, &r)) return std::nullopt;
    return r;
}

std::int64_t floor_div(std::int64_t a, std::int64_t b) {
    const std::int64_t q = a / b;
    return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}

Term constant(std::int64_t v) {
    return {QuasiLinear{}, v};
}

class Analyser {
public:
    Analyser(const Ast& ast, const std::map<std::string, std::int64_t>& params,
             std::string_view symbol, std::vector<std::string> blocked, std::int64_t max_period)
        : ast_(ast),
          params_(params),
          symbol_(symbol),
          blocked_(std::move(blocked)),
          max_period_(max_period) {}

    Maybe at(int node) const {
        const Node& n = ast_.at(node);
        switch (n.kind) {
            case NodeKind::Int:
                return constant(n.value);
            case NodeKind::Name:
                return name(n.name);
            case NodeKind::Unary:
                return unary(n);
            case NodeKind::Binary:
                return binary(n);
            case NodeKind::Call:
                return call(n);
            default:
                return std::nullopt;
        }
    }

private:
    Maybe name(const std::string& n) const {
        if (n == symbol_) return Term{QuasiLinear{1, 1, 1}, std::nullopt};
        for (const auto& b : blocked_)
            if (n == b) return std::nullopt;
        if (const auto it = params_.find(n); it != params_.end()) return constant(it->second);
        return std::nullopt;
    }

    Maybe unary(const Node& n) const {
        Maybe a = at(n.kids[0]);
        if (!a || n.op == Op::Not) return std::nullopt;
        if (n.op == Op::Pos) return a;
        return scale(*a, -1);
    }

    // c * f: the slope scales, the period stays.
    Maybe scale(const Term& t, std::int64_t c) const {
        Term r = t;
        if (t.value) {
            r.value = checked_mul(*t.value, c);
            return r.value ? Maybe(r) : std::nullopt;
        }
        const auto num = checked_mul(t.q.num, c);
        if (!num) return std::nullopt;
        return normalised(*num, t.q.den, c == 0 ? 1 : t.q.period, std::nullopt);
    }

    Maybe normalised(std::int64_t num, std::int64_t den, std::int64_t period,
                     std::optional<std::int64_t> value) const {
        if (period > max_period_ || period <= 0 || den <= 0) return std::nullopt;
        const std::int64_t g = std::gcd(num, den);
        Term t{QuasiLinear{num / g, den / g, period}, value};
        if (t.q.num == 0 && !value && period == 1) return std::nullopt;  // constant unknown
        return t;
    }

    Maybe sum(const Term& a, const Term& b, bool minus) const {
        if (a.value && b.value) {
            const auto v = checked_add(*a.value, minus ? -*b.value : *b.value);
            return v ? Maybe(constant(*v)) : std::nullopt;
        }
        const auto l = checked_mul(a.q.num, b.q.den), r = checked_mul(b.q.num, a.q.den),
                   den = checked_mul(a.q.den, b.q.den);
        if (!l || !r || !den) return std::nullopt;
        const auto num = checked_add(*l, minus ? -*r : *r);
        const std::int64_t period = std::lcm(a.q.period, b.q.period);
        if (!num) return std::nullopt;
        if (*num == 0 && period == 1) return std::nullopt;  // e.g. x - x: fine but rare
        return normalised(*num, *den, period, std::nullopt);
    }

    // floor(f / c), c > 0 a constant: f(x + T) = f(x) + i0 with i0 = slope * T, so
    // floor(f / c) grows by i0 / c every T * c / gcd(c, i0).
    Maybe floor_by(const Term& f, std::int64_t c) const {
        if (c == 0) return std::nullopt;
        if (c < 0) {
            const Maybe neg = scale(f, -1);
            return neg ? floor_by(*neg, -c) : std::nullopt;
        }
        if (f.value) return constant(floor_div(*f.value, c));
        const auto i0n = checked_mul(f.q.num, f.q.period);
        if (!i0n || *i0n % f.q.den != 0) return std::nullopt;
        const std::int64_t i0 = *i0n / f.q.den;
        const std::int64_t k = i0 == 0 ? 1 : c / std::gcd(c, i0 < 0 ? -i0 : i0);
        const auto period = checked_mul(f.q.period, k), den = checked_mul(f.q.den, c);
        if (!period || !den) return std::nullopt;
        return normalised(f.q.num, *den, *period, std::nullopt);
    }

    std::optional<std::int64_t> constant_of(int node) const {
        const Maybe t = at(node);
        return t && t->value ? t->value : std::nullopt;
    }

    Maybe binary(const Node& n) const {
        const Maybe a = at(n.kids[0]);
        const Maybe b = at(n.kids[1]);
        if (!a || !b) return std::nullopt;
        switch (n.op) {
            case Op::Add:
                return sum(*a, *b, false);
            case Op::Sub:
                return sum(*a, *b, true);
            case Op::Mul:
                if (a->value) return scale(*b, *a->value);
                if (b->value) return scale(*a, *b->value);
                return std::nullopt;
            case Op::FloorDiv:
                return b->value ? floor_by(*a, *b->value) : std::nullopt;
            case Op::Mod: {
                // f % c = f - c * floor(f / c) (Python's sign rule): slope 0.
                if (!b->value || *b->value == 0) return std::nullopt;
                if (a->value) {
                    const std::int64_t c = *b->value;
                    return constant(*a->value - c * floor_div(*a->value, c));
                }
                const Maybe fl = floor_by(*a, *b->value);
                if (!fl) return std::nullopt;
                return normalised(0, 1, fl->q.period, std::nullopt);
            }
            default:
                return std::nullopt;
        }
    }

    Maybe call(const Node& n) const {
        if ((n.name == "cdiv" || n.name == "pl.cdiv") && n.kids.size() == 2) {
            const Maybe a = at(n.kids[0]);
            const auto c = constant_of(n.kids[1]);
            if (!a || !c || *c <= 0) return std::nullopt;
            const Maybe shifted = sum(*a, constant(*c - 1), false);
            return shifted ? floor_by(*shifted, *c) : std::nullopt;
        }
        if ((n.name == "min" || n.name == "max") && n.kids.size() >= 2) {
            // Terms of one slope differ by periodic parts: min/max keeps the slope.
            std::vector<Term> terms;
            for (const int k : n.kids) {
                const Maybe t = at(k);
                if (!t) return std::nullopt;
                terms.push_back(*t);
            }
            bool all_constant = true;
            std::int64_t best = 0, period = 1;
            for (std::size_t i = 0; i < terms.size(); ++i) {
                const Term& t = terms[i];
                all_constant = all_constant && t.value.has_value();
                if (t.value)
                    best = i == 0 ? *t.value
                                  : (n.name == "min" ? std::min(best, *t.value)
                                                     : std::max(best, *t.value));
                if (t.q.num != terms[0].q.num || t.q.den != terms[0].q.den) return std::nullopt;
                period = std::lcm(period, t.q.period);
            }
            if (all_constant) return constant(best);
            return normalised(terms[0].q.num, terms[0].q.den, period, std::nullopt);
        }
        return std::nullopt;
    }

    const Ast& ast_;
    const std::map<std::string, std::int64_t>& params_;
    std::string_view symbol_;
    std::vector<std::string> blocked_;
    std::int64_t max_period_;
};

std::optional<QuasiLinear> strip(const Maybe& t) {
    if (!t) return std::nullopt;
    return t->q;
}

}  // namespace

std::optional<QuasiLinear> quasi_linear(std::string_view text,
                                        const std::map<std::string, std::int64_t>& params,
                                        std::string_view symbol, std::int64_t max_period) {
    try {
        const detail::SourceMap map(text);
        const Ast ast = detail::parse(text, map);
        if (ast.at(ast.root).kind == NodeKind::Lambda) return std::nullopt;
        return strip(Analyser(ast, params, symbol, {}, max_period).at(ast.root));
    } catch (const detail::Failure&) {
        return std::nullopt;
    }
}

std::optional<QuasiLinear> quasi_linear_result(std::string_view text,
                                               const std::map<std::string, std::int64_t>& params,
                                               int result, int param, std::int64_t max_period) {
    try {
        const detail::SourceMap map(text);
        const Ast ast = detail::parse(text, map);
        const Node& root = ast.at(ast.root);
        if (root.kind != NodeKind::Lambda || root.star || param < 0 ||
            param >= static_cast<int>(root.params.size()))
            return std::nullopt;
        const Node& body = ast.at(root.kids[0]);
        const std::vector<int> results =
            body.kind == NodeKind::Tuple ? body.kids : std::vector{root.kids[0]};
        if (result < 0 || result >= static_cast<int>(results.size())) return std::nullopt;
        std::vector<std::string> others;
        for (int p = 0; p < static_cast<int>(root.params.size()); ++p)
            if (p != param) others.push_back(root.params[static_cast<std::size_t>(p)].first);
        const std::string symbol = root.params[static_cast<std::size_t>(param)].first;
        return strip(Analyser(ast, params, symbol, others, max_period)
                         .at(results[static_cast<std::size_t>(result)]));
    } catch (const detail::Failure&) {
        return std::nullopt;
    }
}

}  // namespace tl::expr
