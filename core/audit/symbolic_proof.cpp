// Each indexing error becomes a clause: a conjunction of linear forms in the grid sizes,
// shapes and block sizes that are all >= 0 exactly at the sizes where the error occurs. With
// every size quasi-linear of period dividing T, a form at P = r + k*T is its value at r plus
// k times a fixed step, so the failing k of each residue r form one interval.
#include "core/audit/symbolic_proof.h"

#include <algorithm>
#include <bit>
#include <limits>
#include <map>
#include <numeric>
#include <variant>
#include <vector>

#include "core/expr/expr.h"
#include "core/expr/quasi_linear.h"

namespace tl {

namespace {

__extension__ typedef __int128 Wide;
constexpr std::int64_t kMaxPeriod = std::int64_t{1} << 16;
constexpr Wide kInfinity = Wide{1} << 100;

std::size_t at(std::int64_t i) {
    return static_cast<std::size_t>(i);
}

// A grid size, shape or block size as a function of the param.
struct Quantity {
    expr::QuasiLinear growth;
    std::optional<std::int64_t> constant;
    std::optional<expr::Compiled> fn;  // lambda PARAM: text
};

struct Form {
    std::vector<std::pair<int, std::int64_t>> terms;  // quantity, coefficient
    std::int64_t constant = 0;
};
using Clause = std::vector<Form>;  // an error where every form is >= 0

// The index of one dimension: alpha * (grid index on `axis`) + beta.
struct Affine {
    int axis = -1;
    std::int64_t alpha = 0, beta = 0;
};

class Builder {
public:
    Builder(const Spec& spec, const std::string& param, const SymbolicProofOptions& opt)
        : spec_(spec), param_(param), opt_(opt) {
        for (const auto& [k, v] : spec.params) {
            all_[k] = v;
            if (k != param) others_[k] = v;
        }
    }

    bool build() {
        if (spec_.python || !spec_.scalar_prefetch.empty()) return false;
        for (const auto& text : spec_.preconditions)
            if (mentions_name(text, param_)) return false;
        for (const auto& g : spec_.grid) {
            const auto q = quantity(g);
            if (!q) return false;
            grid_.push_back(*q);
        }
        for (std::size_t o = 0; o < spec_.operands.size(); ++o)
            if (!operand(o)) return false;
        return true;
    }

    std::optional<SymbolicProof> decide() const;

private:
    std::optional<int> quantity(const SizeValue& v) {
        Quantity q;
        if (const auto* n = std::get_if<std::int64_t>(&v)) {
            q.constant = *n;
        } else {
            const std::string& text = std::get<std::string>(v);
            const auto growth = expr::quasi_linear(text, all_, param_, kMaxPeriod);
            if (!growth) return std::nullopt;
            q.growth = *growth;
            if (growth->constant()) {
                expr::Env env;
                env.params = &all_;
                const auto value = expr::evaluate(text, env);
                if (!std::holds_alternative<std::int64_t>(value)) return std::nullopt;
                q.constant = std::get<std::int64_t>(value);
            } else {
                expr::Env env;
                env.params = &others_;
                auto fn = expr::compile_lambda("lambda " + param_ + ": (" + text + ")", env, 1, 1);
                if (!std::holds_alternative<expr::Compiled>(fn)) return std::nullopt;
                q.fn = std::get<expr::Compiled>(std::move(fn));
            }
        }
        quantities_.push_back(std::move(q));
        return static_cast<int>(quantities_.size()) - 1;
    }

    std::optional<std::vector<Affine>> index_of(const OperandSpec& os, int rank) const {
        std::vector<Affine> out(at(rank));
        if (!os.index_map) return out;
        if (mentions_name(*os.index_map, param_)) return std::nullopt;
        expr::Env env;
        env.params = &all_;
        const int g = static_cast<int>(spec_.grid.size());
        auto compiled = expr::compile_lambda(*os.index_map, env, g, rank);
        if (!std::holds_alternative<expr::Compiled>(compiled)) return std::nullopt;
        const auto& map = std::get<expr::Compiled>(compiled);
        std::vector<std::int64_t> zeros(at(std::max(map.arity(), g)) + 1, 0), beta(at(rank), 0);
        if (!map.eval(zeros.data(), beta.data())) return std::nullopt;
        for (int r = 0; r < rank; ++r) {
            const std::uint64_t m = map.depends_on(r);
            if (g >= 64 || (m >> g) != 0 || std::popcount(m) > 1) return std::nullopt;
            Affine& a = out[at(r)];
            a.beta = beta[at(r)];
            if (m == 0) continue;
            a.axis = std::countr_zero(m);
            const auto q = expr::quasi_linear_result(*os.index_map, all_, r, a.axis);
            if (!q || !q->affine()) return std::nullopt;
            a.alpha = q->num;
            if (a.alpha == 0) a.axis = -1;
        }
        return out;
    }

    bool parallel(std::size_t axis) const {
        return opt_.concurrent_grid || is_parallel(spec_.semantics(axis));
    }

    // An error needs programs: every grid size at least 1.
    void add(Clause c) {
        for (const int g : grid_) c.push_back(Form{{{g, 1}}, -1});
        clauses_.push_back(std::move(c));
    }
    // Resolution errors and empty grids fail whatever the programs.
    void add_always(Clause c) { clauses_.push_back(std::move(c)); }
    static Form always() { return Form{{}, 0}; }

    // An inner tile (docs/spec-format.md, "inner") of size t on a block dimension of size b
    // resolves only when 1 <= t <= b; b is nullopt where the block is one element.
    bool inner_tile(const OperandSpec& os, int d, std::optional<int> b) {
        if (!os.inner || at(d) >= os.inner->tile.size() || !os.inner->tile[at(d)]) return true;
        const auto t = quantity(*os.inner->tile[at(d)]);
        if (!t || !b) return false;
        add_always({Form{{{*t, -1}}, 0}});
        add_always({Form{{{*t, 1}, {*b, -1}}, -1}});
        return true;
    }

    bool operand(std::size_t o) {
        const OperandSpec& os = spec_.operands[o];
        if (os.is_manual_dma()) {  // its traffic is the kernel's own; its block is the array
            for (int d = 0; os.inner && d < static_cast<int>(os.shape.size()); ++d) {
                const auto n = quantity(os.shape[at(d)]);
                if (!n || !inner_tile(os, d, *n)) return false;
            }
            return true;
        }
        const int rank = static_cast<int>(os.shape.size());
        if (os.block_shape && static_cast<int>(os.block_shape->size()) != rank) return false;
        const auto index = index_of(os, rank);
        if (!index) return false;
        const bool output = os.role == Role::Output && !os.discard;
        std::vector<int> read_by(grid_.size(), -1);  // output dimension reading each axis
        std::vector<int> shape(at(rank));
        for (int d = 0; d < rank; ++d) {
            const auto n = quantity(os.shape[at(d)]);
            if (!n) return false;
            shape[at(d)] = *n;
            const BlockDim bd = os.block_shape
                                    ? (*os.block_shape)[at(d)]
                                    : BlockDim{BlockDim::Kind::Blocked, os.shape[at(d)], 0, 0};
            if (bd.kind == BlockDim::Kind::Element) return false;
            std::optional<int> b;  // nullopt: squeezed, one element
            if (bd.kind == BlockDim::Kind::Blocked) {
                b = quantity(bd.size);
                if (!b) return false;
                add_always({Form{{{*b, -1}}, 0}});  // an empty block
            }
            if (!inner_tile(os, d, b)) return false;
            const Affine& ix = (*index)[at(d)];
            if (output && ix.axis >= 0) {
                if (read_by[at(ix.axis)] >= 0) return false;  // two dimensions on one axis
                read_by[at(ix.axis)] = d;
            }
            if (!bounds(*n, b, ix) || (output && !os.alias_of && !coverage(*n, b, ix)))
                return false;
        }
        if (os.alias_of && os.role == Role::Output && !alias(os, shape)) return false;
        if (!output) return true;
        if (!os.alias_of)  // no programs at all: nothing is written
            for (const int g : grid_) add_always({Form{{{g, -1}}, 0}});
        for (std::size_t p = 0; p < grid_.size(); ++p)
            if (read_by[p] < 0 && parallel(p)) add({Form{{{grid_[p], 1}}, -2}});  // a race
        if (opt_.revisit == Revisit::Tpu && !opt_.concurrent_grid &&
            os.revisit != OutputRevisit::Any)
            for (std::size_t u = 0; u < grid_.size(); ++u)
                for (std::size_t a = u + 1; a < grid_.size(); ++a)
                    if (read_by[u] < 0 && read_by[a] >= 0)  // a nonconsecutive revisit
                        add({Form{{{grid_[u], 1}}, -2}, Form{{{grid_[a], 1}}, -2}});
        return true;
    }

    // Block out of bounds: a negative index, or a window starting at or past the end.
    bool bounds(int n, std::optional<int> b, const Affine& ix) {
        add_always({Form{{{n, -1}}, 0}});  // an empty dimension
        if (ix.alpha >= 0)
            add({Form{{}, -ix.beta - 1}});
        else
            add({Form{{{grid_[at(ix.axis)], -ix.alpha}}, ix.alpha - ix.beta - 1}});
        if (ix.alpha > 0) {  // the last index, alpha * (G - 1) + beta, times the block
            const auto bc = block_constant(b);
            if (!bc) return false;
            add({Form{{{grid_[at(ix.axis)], ix.alpha * *bc}, {n, -1}},
                      (ix.beta - ix.alpha) * *bc}});
        } else if (b) {
            add({Form{{{*b, ix.beta}, {n, -1}}, 0}});
        } else {
            add({Form{{{n, -1}}, ix.beta}});
        }
        return true;
    }

    // An output element no block covers: blocks must be contiguous from index 0 and reach n.
    bool coverage(int n, std::optional<int> b, const Affine& ix) {
        const auto bc = block_constant(b);
        auto n_past = [&](std::int64_t blocks, std::int64_t extra) {  // n > blocks * b + extra
            Form f{{{n, 1}}, -1 - extra};
            if (b)
                f.terms.push_back({*b, -blocks});
            else
                f.constant -= blocks;
            return f;
        };
        if (ix.alpha == 0 || ix.alpha == 1) {
            if (ix.beta != 0) add({always()});
            if (ix.alpha == 0) {
                add({n_past(1, 0)});
                return true;
            }
            if (!bc) return false;
            add({Form{{{n, 1}, {grid_[at(ix.axis)], -*bc}}, -ix.beta * *bc - 1}});
            return true;
        }
        if (ix.alpha == -1) {
            add({Form{{{grid_[at(ix.axis)], -1}}, ix.beta}});  // the lowest index above 0
            add({n_past(ix.beta + 1, 0)});
            return true;
        }
        // Steps of two blocks or more leave gaps as soon as the axis has two programs.
        const int g = grid_[at(ix.axis)];
        add({Form{{{g, 1}}, -2}});
        if (ix.beta != 0) add({always()});
        add({Form{{{g, -1}}, 1}, n_past(1, 0)});
        return true;
    }

    bool alias(const OperandSpec& os, const std::vector<int>& shape) {
        for (const auto& in : spec_.operands) {
            if (in.name != *os.alias_of) continue;
            if (in.shape.size() != shape.size()) return false;
            for (std::size_t d = 0; d < shape.size(); ++d) {
                const auto m = quantity(in.shape[d]);
                if (!m) return false;
                add_always({Form{{{shape[d], 1}, {*m, -1}}, -1}});
                add_always({Form{{{*m, 1}, {shape[d], -1}}, -1}});
            }
        }
        return true;
    }

    std::optional<std::int64_t> block_constant(std::optional<int> b) const {
        if (!b) return 1;
        return quantities_[at(*b)].constant;
    }

    const Spec& spec_;
    const std::string& param_;
    SymbolicProofOptions opt_;
    std::map<std::string, std::int64_t> all_, others_;
    std::vector<Quantity> quantities_;
    std::vector<int> grid_;
    std::vector<Clause> clauses_;
};

// The failing k (sizes r + k*T, k >= 0) of one residue: [lo, hi], hi = kInfinity if open.
struct Interval {
    Wide lo = 0, hi = kInfinity;
};

Wide floor_div(Wide a, Wide b) {
    const Wide q = a / b;
    return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}

std::optional<Interval> failing_ks(const std::vector<std::pair<Wide, Wide>>& forms) {
    Interval i;
    for (const auto& [value, step] : forms) {
        if (step == 0) {
            if (value < 0) return std::nullopt;
        } else if (step > 0) {  // value + k*step >= 0 from some k on
            if (value < 0) i.lo = std::max(i.lo, floor_div(-value + step - 1, step));
        } else {  // ... up to some k
            if (value < 0) return std::nullopt;
            i.hi = std::min(i.hi, floor_div(value, -step));
        }
    }
    if (i.lo > i.hi) return std::nullopt;
    return i;
}

// Merged failing intervals per residue 1..T.
using Failures = std::vector<std::vector<Interval>>;

std::string residues_text(const std::string& p, std::int64_t period,
                          const std::vector<std::int64_t>& rs, bool equal) {
    std::string s;
    for (const std::int64_t r : rs)
        s += (s.empty() ? ""
              : equal   ? " or "
                        : " and ") +
             p + " % " + std::to_string(period) + (equal ? " == " : " != ") +
             std::to_string(r % period);
    return s;
}

// A short condition for the failing sizes: periodic, or a threshold; nullopt otherwise.
std::optional<std::string> describe(const std::string& p, std::int64_t period, const Failures& f,
                                    std::int64_t first) {
    std::vector<std::int64_t> all_k, none;
    bool periodic = true, from_first = true;
    for (std::int64_t r = 1; r <= period; ++r) {
        const auto& iv = f[at(r - 1)];
        if (iv.empty()) {
            none.push_back(r);
        } else if (iv.size() == 1 && iv[0].lo == 0 && iv[0].hi == kInfinity) {
            all_k.push_back(r);
        } else {
            periodic = false;
        }
        // Threshold: exactly the sizes >= first.
        const Wide k0 = r >= first ? 0 : (Wide{first} - r + period - 1) / period;
        from_first = from_first && iv.size() == 1 && iv[0].lo == k0 && iv[0].hi == kInfinity;
    }
    if (periodic && !all_k.empty()) {
        if (none.empty()) return p + " >= 1";
        if (all_k.size() <= 3) return residues_text(p, period, all_k, true);
        if (none.size() <= 3) return residues_text(p, period, none, false);
        return std::nullopt;
    }
    if (from_first) return p + " >= " + std::to_string(first);
    return std::nullopt;
}

std::optional<SymbolicProof> Builder::decide() const {
    std::int64_t period = 1;
    for (const auto& q : quantities_) {
        period = std::lcm(period, q.growth.period);
        if (period > kMaxPeriod) return std::nullopt;
    }
    // Every quantity at 1..period, and its step over one period.
    std::vector<std::vector<std::int64_t>> values(quantities_.size());
    std::vector<Wide> step(quantities_.size(), 0);
    for (std::size_t i = 0; i < quantities_.size(); ++i) {
        const Quantity& q = quantities_[i];
        values[i].resize(at(period));
        for (std::int64_t r = 1; r <= period; ++r) {
            if (q.constant) {
                values[i][at(r - 1)] = *q.constant;
                continue;
            }
            std::int64_t out = 0;
            if (!q.fn->eval(&r, &out)) return std::nullopt;
            values[i][at(r - 1)] = out;
        }
        step[i] = Wide{q.growth.num} * period / q.growth.den;
    }
    Failures failures(at(period));
    for (const Clause& c : clauses_) {
        for (std::int64_t r = 1; r <= period; ++r) {
            std::vector<std::pair<Wide, Wide>> forms;
            for (const Form& f : c) {
                Wide v = f.constant, s = 0;
                for (const auto& [q, coeff] : f.terms) {
                    v += Wide{coeff} * values[at(q)][at(r - 1)];
                    s += Wide{coeff} * step[at(q)];
                }
                forms.emplace_back(v, s);
            }
            if (const auto iv = failing_ks(forms)) failures[at(r - 1)].push_back(*iv);
        }
    }
    SymbolicProof proof;
    proof.param = param_;
    proof.period = period;
    Wide first = kInfinity;
    for (std::int64_t r = 1; r <= period; ++r) {
        auto& iv = failures[at(r - 1)];
        std::sort(iv.begin(), iv.end(),
                  [](const Interval& a, const Interval& b) { return a.lo < b.lo; });
        std::vector<Interval> merged;
        for (const Interval& i : iv) {
            if (!merged.empty() && i.lo <= merged.back().hi + 1)
                merged.back().hi = std::max(merged.back().hi, i.hi);
            else
                merged.push_back(i);
        }
        iv = std::move(merged);
        if (!iv.empty()) first = std::min(first, Wide{r} + iv.front().lo * period);
    }
    proof.holds = first == kInfinity;
    constexpr Wide kTop = std::numeric_limits<std::int64_t>::max();
    if (!proof.holds && first <= kTop) {
        proof.first_failure = static_cast<std::int64_t>(first);
        proof.failing_sizes = describe(param_, period, failures, *proof.first_failure);
    }
    return proof;
}

}  // namespace

std::optional<SymbolicProof> prove_every_size(const Spec& spec, const std::string& param,
                                              const SymbolicProofOptions& options) {
    Builder b(spec, param, options);
    if (!b.build()) return std::nullopt;
    return b.decide();
}

}  // namespace tl
