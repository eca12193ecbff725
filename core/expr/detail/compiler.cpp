#include "core/expr/detail/compiler.h"

#include <limits>
#include <map>
#include <utility>

#include "core/expr/detail/fold.h"

namespace tl::expr::detail {
namespace {

// A register before the final layout is known: arguments, constants, temporaries.
struct Ref {
    enum Kind : std::uint8_t { Arg, Const, Temp } kind = Const;
    int index = 0;
};

// The value of a compiled subexpression: a known constant, or a register.
struct Val {
    bool constant = false;
    std::int64_t value = 0;
    Ref ref;
    std::uint64_t deps = 0;  // bit a: reads argument a
};

Val constant(std::int64_t v) {
    return Val{true, v, {}, 0};
}

struct Proto {
    Code op;
    Ref dst, a, b;
    int target = 0;  // jumps
    int aux = 0;     // Load: the array; FloorDivK, ModK, CDivK: the divisor
    Span where;
};

class Compiler {
public:
    Compiler(const Ast& ast, const SourceMap& map, const Scope& scope)
        : ast_(ast), map_(map), scope_(scope) {}

    std::shared_ptr<Compiled::Impl> run(const std::vector<int>& results) {
        std::vector<Val> vals;
        // Results stay in their registers to the end, so they are never released.
        for (int node : results) vals.push_back(compile(node));
        return finish(vals, results.empty() ? Span{} : ast_.at(results.front()).span);
    }

private:
    [[noreturn]] void fail(Span span, std::string message) const {
        throw Failure{map_.error(span, std::move(message))};
    }

    Ref alloc() {
        const Ref r{Ref::Temp, top_++};
        if (top_ > max_top_) max_top_ = top_;
        return r;
    }
    void release(const Val& v) {
        if (!v.constant && v.ref.kind == Ref::Temp && v.ref.index == top_ - 1) --top_;
    }
    Ref operand(const Val& v) {
        if (!v.constant) return v.ref;
        const auto [it, added] =
            constant_index_.emplace(v.value, static_cast<int>(constants_.size()));
        if (added) constants_.push_back(v.value);
        return Ref{Ref::Const, it->second};
    }
    std::size_t emit(Proto p) {
        code_.push_back(p);
        return code_.size() - 1;
    }
    std::size_t jump(Code op, const Val& cond) {
        return emit({op, {}, cond.constant ? Ref{} : operand(cond), {}, 0, 0, {}});
    }
    void land(std::size_t jump) { code_[jump].target = static_cast<int>(code_.size()); }
    void move(Ref dst, const Val& v) { emit({Code::Mov, dst, operand(v), {}, 0, 0, {}}); }

    // dst = op(a[, b]), folded when the operands are constant and the result is defined;
    // otherwise the instruction is emitted and raises its error only if it runs.
    Val apply(Code op, const Val& a, const Val* b, Span where) {
        std::int64_t r = 0;
        if (a.constant && (!b || b->constant) && fold(op, a.value, b ? b->value : 0, &r))
            return constant(r);
        if (b && b->constant && b->value >= 2 && !a.constant) {
            if (const Code k = by_constant(op); k != Code::Mov) {
                const Ref ra = operand(a);
                release(a);
                Val out{false, 0, alloc(), a.deps};
                emit({k, out.ref, ra, {}, 0, divisor(b->value), where});
                return out;
            }
        }
        const Ref ra = operand(a);
        const Ref rb = b ? operand(*b) : Ref{};
        if (b) release(*b);
        release(a);
        Val out{false, 0, alloc(), a.deps | (b ? b->deps : 0)};
        emit({op, out.ref, ra, rb, 0, 0, where});
        return out;
    }

    int divisor(std::int64_t d) {
        for (std::size_t i = 0; i < divisors_.size(); ++i) {
            if (divisors_[i].d == d) return static_cast<int>(i);
        }
        divisors_.push_back(make_divisor(d));
        return static_cast<int>(divisors_.size()) - 1;
    }

    // Compiles a branch that is never taken, for its static errors only.
    void check_only(int node) {
        const std::size_t size = code_.size();
        const int top = top_;
        compile(node);
        code_.resize(size);
        top_ = top;
    }

    Val compile(int id) {
        const Node& n = ast_.at(id);
        switch (n.kind) {
            case NodeKind::Int:
                return constant(n.value);
            case NodeKind::Name:
                return name(n);
            case NodeKind::Unary: {
                const Val v = compile(n.kids[0]);
                if (n.op == Op::Pos) return v;
                return apply(n.op == Op::Neg ? Code::Neg : Code::Not, v, nullptr, n.op_span);
            }
            case NodeKind::Binary:
                if (n.op == Op::And || n.op == Op::Or) return logical(n);
                {
                    const Val a = compile(n.kids[0]);
                    const Val b = compile(n.kids[1]);
                    return apply(binary_code(n.op), a, &b, n.op_span);
                }
            case NodeKind::Compare:
                return chain(n);
            case NodeKind::IfExp:
                return conditional(n);
            case NodeKind::Call:
                return call(n);
            case NodeKind::Subscript:
                return subscript(n);
            case NodeKind::Tuple:
                fail(n.span, "a tuple can only be the whole result of an index map");
            case NodeKind::Lambda:
                break;
        }
        fail(n.span, "a lambda can only be the whole index map, not part of one");
    }

    Val name(const Node& n) {
        const Resolved r = scope_.resolve(n.name);
        switch (r.kind) {
            case Resolved::GridIndex:
                return Val{false, 0, {Ref::Arg, r.index}, std::uint64_t{1} << r.index};
            case Resolved::Param:
                return constant(r.value);
            case Resolved::ArrayParam:
            case Resolved::EnvArray:
                fail(n.span, "'" + n.name + "' is a scalar-prefetch array; subscript it, e.g. " +
                                 n.name + "[i]");
            case Resolved::Function:
                fail(n.span, "'" + n.name + "' is a function; call it, e.g. " + n.name + "(a, b)");
            case Resolved::None:
                break;
        }
        if (!scope_.star().empty() && n.name == scope_.star())
            fail(n.span, "'*" + n.name +
                             "' only absorbs the arguments the lambda does not name; to use a "
                             "scalar-prefetch table, name it as a parameter");
        fail(n.span, scope_.unknown_name(n.name));
    }

    // `a and b`, `a or b`: 0 or 1, and b runs only when a does not decide.
    Val logical(const Node& n) {
        const bool is_and = n.op == Op::And;
        const Val a = compile(n.kids[0]);
        if (a.constant) {
            if ((a.value != 0) != is_and) {
                check_only(n.kids[1]);
                return constant(a.value != 0);
            }
            return apply(Code::Bool, compile(n.kids[1]), nullptr, n.op_span);
        }
        const Ref ra = operand(a);
        release(a);
        const Ref dst = alloc();
        emit({Code::Bool, dst, ra, {}, 0, 0, {}});
        const std::size_t skip = jump(is_and ? Code::Jz : Code::Jnz, Val{false, 0, dst, 0});
        const Val b = compile(n.kids[1]);
        emit({Code::Bool, dst, operand(b), {}, 0, 0, {}});
        release(b);
        land(skip);
        return Val{false, 0, dst, a.deps | b.deps};
    }

    // a < b <= c: each operand evaluated once, stopping at the first false comparison.
    Val chain(const Node& n) {
        const std::size_t size = code_.size();
        const int top = top_;
        const Ref dst = alloc();
        const Ref prev = alloc();
        std::vector<std::size_t> exits;
        Val first = compile(n.kids[0]);
        bool all_constant = first.constant;
        std::uint64_t deps = first.deps;
        std::vector<std::int64_t> values{first.value};
        move(prev, first);
        release(first);
        for (std::size_t i = 1; i < n.kids.size(); ++i) {
            const Val cur = compile(n.kids[i]);
            all_constant = all_constant && cur.constant;
            deps |= cur.deps;
            values.push_back(cur.value);
            emit({binary_code(n.ops[i - 1]), dst, prev, operand(cur), 0, 0, n.op_spans[i - 1]});
            if (i + 1 < n.kids.size()) {
                exits.push_back(jump(Code::Jz, Val{false, 0, dst, 0}));
                move(prev, cur);
            }
            release(cur);
        }
        for (std::size_t e : exits) land(e);
        --top_;  // prev
        if (!all_constant) return Val{false, 0, dst, deps};
        code_.resize(size);
        top_ = top;
        for (std::size_t i = 0; i + 1 < values.size(); ++i) {
            std::int64_t r = 0;
            fold(binary_code(n.ops[i]), values[i], values[i + 1], &r);
            if (!r) return constant(0);
        }
        return constant(1);
    }

    Val conditional(const Node& n) { return select(n.kids[1], n.kids[0], n.kids[2]); }

    // `then if cond else other`, also jnp.where and lax.select: only the branch taken runs.
    Val select(int cond_node, int then_node, int else_node) {
        const Val c = compile(cond_node);
        if (c.constant) {
            check_only(c.value ? else_node : then_node);
            return compile(c.value ? then_node : else_node);
        }
        const std::size_t to_else = jump(Code::Jz, c);
        release(c);
        const Ref dst = alloc();
        const Val t = compile(then_node);
        move(dst, t);
        release(t);
        const std::size_t to_end = jump(Code::Jmp, constant(0));
        land(to_else);
        const Val e = compile(else_node);
        move(dst, e);
        release(e);
        land(to_end);
        return Val{false, 0, dst, c.deps | t.deps | e.deps};
    }

    Val call(const Node& n) {
        const Function* f = find_function(n.name);
        if (!f) {
            const Resolved r = scope_.resolve(n.name);
            if (r.kind != Resolved::None)
                fail(n.op_span,
                     "'" + n.name + "' is not a function; the functions are " + function_names());
            fail(n.op_span, scope_.unknown_function(n.name));
        }
        const int count = static_cast<int>(n.kids.size());
        if (count < f->min_args || (f->max_args >= 0 && count > f->max_args)) {
            const bool exact = f->min_args == f->max_args;
            const int wanted = exact || count < f->min_args ? f->min_args : f->max_args;
            const char* how = exact ? "" : count < f->min_args ? "at least " : "at most ";
            fail(n.span, std::string(f->name) + "() takes " + how + std::to_string(wanted) +
                             (wanted == 1 ? " argument" : " arguments") + ", got " +
                             std::to_string(count));
        }
        if (f->kind == Function::Abs)
            return apply(Code::Abs, compile(n.kids[0]), nullptr, n.op_span);
        if (f->kind == Function::Where) return select(n.kids[0], n.kids[1], n.kids[2]);
        const Code op = f->kind == Function::CDiv  ? Code::CDiv
                        : f->kind == Function::Min ? Code::Min
                        : f->kind == Function::Div ? Code::Div
                        : f->kind == Function::Rem ? Code::Rem
                                                   : Code::Max;
        Val acc = compile(n.kids[0]);
        for (std::size_t i = 1; i < n.kids.size(); ++i) {
            const Val next = compile(n.kids[i]);
            acc = apply(op, acc, &next, n.op_span);
        }
        return acc;
    }

    Val subscript(const Node& outer) {
        // t[i][j] means t[i, j]: gather the indices down the chain of subscripts.
        std::vector<const Node*> chain{&outer};
        while (ast_.at(chain.back()->kids[0]).kind == NodeKind::Subscript)
            chain.push_back(&ast_.at(chain.back()->kids[0]));
        std::vector<int> indices;
        for (auto it = chain.rbegin(); it != chain.rend(); ++it)
            indices.insert(indices.end(), (*it)->kids.begin() + 1, (*it)->kids.end());
        const Node& n = outer;
        const Node& base = ast_.at(chain.back()->kids[0]);
        if (base.kind != NodeKind::Name)
            fail(base.span, "only scalar-prefetch arrays can be subscripted");
        const Resolved r = scope_.resolve(base.name);
        if (r.kind == Resolved::None) fail(base.span, scope_.unknown_name(base.name));
        if (r.kind != Resolved::ArrayParam && r.kind != Resolved::EnvArray) {
            const char* what = r.kind == Resolved::GridIndex ? "a grid index"
                               : r.kind == Resolved::Param   ? "a param"
                                                             : "a function";
            fail(base.span, "'" + base.name + "' is " + what +
                                ", not an array; only scalar-prefetch arrays can be subscripted");
        }
        const Table& table = scope_.env().arrays[static_cast<std::size_t>(r.index)];
        const std::vector<std::int64_t>& values = table.values;
        if (static_cast<int>(indices.size()) != table.rank()) {
            const std::string dims = std::to_string(table.rank());
            const auto extra = static_cast<std::size_t>(table.rank());
            const Span at = indices.size() > extra
                                ? join(ast_.at(indices[extra]).span, ast_.at(indices.back()).span)
                                : n.span;
            fail(at, "'" + base.name + "' has " + dims +
                         (table.rank() == 1 ? " dimension" : " dimensions") +
                         "; subscript it with " + dims +
                         (table.rank() == 1 ? " index" : " indices") + ", got " +
                         std::to_string(indices.size()));
        }
        const Val index = table.rank() == 1 ? compile(indices[0])
                                            : flat_index(table, r.index, indices, n.op_span);
        if (index.constant && index.value >= 0 &&
            index.value < static_cast<std::int64_t>(values.size()))
            return constant(values[static_cast<std::size_t>(index.value)]);
        const Ref ri = operand(index);
        release(index);
        Val out{false, 0, alloc(), index.deps};
        const int arg = scope_.array_argument(r.index);
        if (!index.constant && arg >= 0) out.deps |= std::uint64_t{1} << arg;
        emit({Code::Load, out.ref, ri, {}, 0, r.index, n.op_span});
        return out;
    }

    // The row-major position of t[i0, i1, ...], each index checked against its dimension.
    Val flat_index(const Table& table, int array, const std::vector<int>& indices, Span where) {
        Val flat = constant(0);
        for (int d = 0; d < table.rank(); ++d) {
            const std::int64_t extent = table.extent(d);
            Val idx = compile(indices[static_cast<std::size_t>(d)]);
            if (!idx.constant || idx.value < 0 || idx.value >= extent) {
                const Ref ri = operand(idx);
                release(idx);
                bounds_.push_back({array, d, extent});
                idx = Val{false, 0, alloc(), idx.deps};
                emit(
                    {Code::Bound, idx.ref, ri, {}, 0, static_cast<int>(bounds_.size()) - 1, where});
            }
            const Val ext = constant(extent);
            flat = apply(Code::Mul, flat, &ext, where);
            flat = apply(Code::Add, flat, &idx, where);
        }
        return flat;
    }

    static std::string function_names() {
        std::string out;
        for (const Function& f : functions())
            out += (out.empty() ? "" : ", ") + std::string(f.name);
        return out;
    }

    std::shared_ptr<Compiled::Impl> finish(const std::vector<Val>& results, Span whole) {
        auto impl = std::make_shared<Compiled::Impl>();
        impl->arity = scope_.arity();
        impl->param_names = scope_.params();
        for (const Val& v : results) {
            const Ref r = operand(v);  // may add a constant, so before the layout is fixed
            result_refs_.push_back(r);
            impl->depends.push_back(v.deps);
        }
        const int nconst = static_cast<int>(constants_.size());
        impl->register_count = impl->arity + nconst + max_top_;
        constexpr int kLimit = std::numeric_limits<std::uint16_t>::max();
        if (impl->register_count > kLimit || static_cast<int>(code_.size()) > kLimit)
            fail(whole, "expression is too complex to compile; split it");
        auto reg = [&](Ref r) {
            const int base = r.kind == Ref::Arg     ? 0
                             : r.kind == Ref::Const ? impl->arity
                                                    : impl->arity + nconst;
            return static_cast<std::uint16_t>(base + r.index);
        };
        impl->constants = constants_;
        impl->divisors = divisors_;
        impl->bounds = bounds_;
        for (const Proto& p : code_) {
            Instr in{p.op, reg(p.dst), reg(p.a), reg(p.b)};
            if (p.op == Code::Jz || p.op == Code::Jnz || p.op == Code::Jmp)
                in.b = static_cast<std::uint16_t>(p.target);
            if (p.op == Code::Load || p.op == Code::FloorDivK || p.op == Code::ModK ||
                p.op == Code::CDivK || p.op == Code::Bound)
                in.b = static_cast<std::uint16_t>(p.aux);
            impl->code.push_back(in);
            const Error at = map_.error(p.where, {});
            impl->where.push_back({at.line, at.column, at.length});
        }
        for (Ref r : result_refs_) impl->result_registers.push_back(reg(r));
        for (const Table& table : scope_.env().arrays)
            impl->arrays.push_back({table.name, table.values});
        return impl;
    }

    const Ast& ast_;
    const SourceMap& map_;
    const Scope& scope_;
    std::vector<Proto> code_;
    std::vector<std::int64_t> constants_;
    std::map<std::int64_t, int> constant_index_;
    std::vector<Ref> result_refs_;
    std::vector<Divisor> divisors_;
    std::vector<Bound> bounds_;
    int top_ = 0;
    int max_top_ = 0;
};

}  // namespace

std::shared_ptr<Compiled::Impl> compile(const Ast& ast, const SourceMap& map, const Scope& scope,
                                        const std::vector<int>& results) {
    return Compiler(ast, map, scope).run(results);
}

}  // namespace tl::expr::detail
