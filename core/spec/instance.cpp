// Resolving a spec for one set of params: every expression evaluated, index maps compiled,
// and the limits checked before anything sized by the spec is allocated.
#include <limits>
#include <utility>
#include <variant>

#include "core/spec/instance.h"
#include "core/spec/json_path.h"

namespace tl {

namespace {

constexpr std::int64_t kMax = std::numeric_limits<std::int64_t>::max();

// a * b, or nullopt on overflow.
std::optional<std::int64_t> checked_mul(std::int64_t a, std::int64_t b) {
    std::int64_t out;
    if (__builtin_mul_overflow(a, b, &out)) return std::nullopt;
    return out;
}

std::int64_t saturating_product(const std::int64_t* v, std::size_t n) {
    std::int64_t p = 1;
    for (std::size_t i = 0; i < n; ++i) p = checked_mul(p, v[i]).value_or(kMax);
    return p;
}

class Resolver {
public:
    Resolver(const Spec& spec, std::map<std::string, std::int64_t> params, Diagnostics* errors)
        : params_(std::move(params)), errors_(errors) {
        env_.params = &params_;
        for (const auto& sp : spec.scalar_prefetch)
            env_.arrays.push_back({sp.name, sp.values, sp.shape});
    }

    const expr::Env& env() const { return env_; }

    void error(const std::string& path, std::string message, int line = 0, int column = 0) {
        errors_->push_back({"", path, line, column, std::move(message)});
    }

    // The value of a size; nullopt (with an error) when it cannot be evaluated or is < min.
    std::optional<std::int64_t> size(const SizeValue& v, const std::string& path, std::int64_t min,
                                     std::string_view what) {
        std::int64_t value = 0;
        std::string shown;
        if (const auto* n = std::get_if<std::int64_t>(&v)) {
            value = *n;
        } else {
            const auto& text = std::get<std::string>(v);
            auto result = expr::evaluate(text, env_);
            if (const auto* e = std::get_if<expr::Error>(&result)) {
                error(path, e->message, e->line, e->column);
                return std::nullopt;
            }
            value = std::get<std::int64_t>(result);
            shown = text + " = " + std::to_string(value) + "; ";
        }
        if (value >= min) return value;
        error(path, shown + "a " + std::string(what) + " must be at least " + std::to_string(min) +
                        (shown.empty() ? ", got " + std::to_string(value) : ""));
        return std::nullopt;
    }

private:
    std::map<std::string, std::int64_t> params_;
    expr::Env env_;
    Diagnostics* errors_;
};

std::map<std::string, std::int64_t> instance_params(
    const Spec& spec, const std::map<std::string, std::int64_t>& overrides) {
    std::map<std::string, std::int64_t> params(spec.params.begin(), spec.params.end());
    // A name only a sweep introduces takes its first sweep value unless overridden.
    for (const auto& [name, values] : spec.sweep.params)
        if (!values.empty()) params.emplace(name, values.front());
    for (const auto& [name, value] : overrides) params[name] = value;
    return params;
}

std::string limit_text(std::int64_t n) {
    return n == kMax ? "more than " + std::to_string(kMax) : std::to_string(n);
}

void resolve_grid(Resolver& r, const Spec& spec, const Limits& limits, Instance* inst) {
    bool ok = true;
    for (std::size_t a = 0; a < spec.grid.size(); ++a) {
        auto v = r.size(spec.grid[a], path_index("grid", a), 0, "grid size");
        ok = ok && v.has_value();
        inst->grid.push_back(v.value_or(1));
    }
    if (spec.dimension_semantics && spec.dimension_semantics->size() != spec.grid.size())
        r.error("dimension_semantics", "has " + std::to_string(spec.dimension_semantics->size()) +
                                           " entries but the grid has " +
                                           std::to_string(spec.grid.size()) +
                                           (spec.grid.size() == 1 ? " axis" : " axes"));
    for (std::size_t a = 0; a < spec.grid.size(); ++a) inst->semantics.push_back(spec.semantics(a));
    if (!ok) return;
    const auto programs = saturating_product(inst->grid.data(), inst->grid.size());
    if (programs > limits.max_programs) {
        std::string dims;
        for (const auto g : inst->grid) dims += (dims.empty() ? "" : " x ") + std::to_string(g);
        r.error("grid",
                over_limit_message("the grid", limit_text(programs) + " programs (" + dims + ")",
                                   LimitId::Programs, programs, limits.max_programs) +
                    "; or use larger blocks or smaller shapes");
    }
}

// Fills op->shape and op->block; returns false on an error.
bool resolve_dims(Resolver& r, const OperandSpec& spec, const std::string& path,
                  const Limits& limits, ResolvedOperand* op) {
    const auto rank = spec.shape.size();
    if (rank > 6) {
        r.error(path + ".shape",
                "rank " + std::to_string(rank) + "; an operand has 0 to 6 dimensions");
        return false;
    }
    bool ok = true;
    for (std::size_t d = 0; d < rank; ++d) {
        auto v = r.size(spec.shape[d], path_index(path + ".shape", d), 1, "size");
        ok = ok && v.has_value();
        op->shape.push_back(v.value_or(1));
    }
    if (!spec.block_shape) {
        for (const auto s : op->shape) op->block.push_back({BlockDim::Kind::Blocked, s, 0, 0});
    } else if (spec.block_shape->size() != rank) {
        r.error(path + ".block_shape", "has " + std::to_string(spec.block_shape->size()) +
                                           " entries but the shape has rank " +
                                           std::to_string(rank));
        return false;
    } else {
        for (std::size_t d = 0; d < rank; ++d) {
            const auto& b = (*spec.block_shape)[d];
            const auto bpath = path_index(path + ".block_shape", d);
            ResolvedBlockDim dim{b.kind, 1, b.pad_lo, b.pad_hi};
            if (b.kind == BlockDim::Kind::Squeezed) {
                dim.pad_lo = dim.pad_hi = 0;
            } else {
                const auto spath = b.kind == BlockDim::Kind::Element ? bpath + ".element" : bpath;
                auto v = r.size(b.size, spath, 1, "block size");
                ok = ok && v.has_value();
                dim.size = v.value_or(1);
            }
            if (dim.pad_lo < 0 || dim.pad_hi < 0) {
                r.error(bpath + ".padding", "padding must be at least 0");
                ok = false;
            }
            op->block.push_back(dim);
        }
    }
    if (!ok) return false;
    if (spec.is_manual_dma()) {
        for (std::size_t d = 0; d < rank; ++d) {
            const auto& b = op->block[d];
            if (b.kind == BlockDim::Kind::Blocked && b.size == op->shape[d]) continue;
            r.error(path_index(path + ".block_shape", d),
                    "an operand in memory_space \"" + std::string(to_string(*spec.memory_space)) +
                        "\" is the whole array in HBM, moved by the kernel itself; its block is "
                        "the whole array (" +
                        std::to_string(op->shape[d]) + " here): leave block_shape out");
            return false;
        }
    }
    const auto block = op->block_elements();
    if (block > limits.max_block_elements) {
        r.error(path + ".block_shape",
                over_limit_message(spec.block_shape ? "a block" : "the whole-array block",
                                   limit_text(block) + " elements", LimitId::BlockElements, block,
                                   limits.max_block_elements) +
                    (spec.block_shape ? "; or use smaller blocks"
                                      : "; or give the operand a block_shape"));
    }
    return true;  // the shape is sized even when its block is refused
}

// The inner tiles at these params: each at least 1 and at most the block's size.
void resolve_inner(Resolver& r, const OperandSpec& spec, const std::string& path,
                   ResolvedOperand* op) {
    if (!spec.inner || spec.inner->tile.size() != op->block.size()) return;
    ResolvedInner inner;
    inner.buffers = spec.inner->buffers.value_or(0);
    for (std::size_t d = 0; d < op->block.size(); ++d) {
        const auto block = op->block[d].size;
        const auto& t = spec.inner->tile[d];
        if (!t) {
            inner.tile.push_back(block);
            continue;
        }
        const auto tpath = path_index(path + ".inner.tile", d);
        auto v = r.size(*t, tpath, 1, "tile size");
        if (!v) return;
        if (*v > block) {
            r.error(tpath, "the tile (" + std::to_string(*v) + ") is larger than the block (" +
                               std::to_string(block) +
                               ") on this dimension; a tile is a part of the block: use at "
                               "most " +
                               std::to_string(block) + ", or null for the whole block");
            return;
        }
        inner.tile.push_back(*v);
    }
    op->inner = std::move(inner);
}

void resolve_operands(Resolver& r, const Spec& spec, const Limits& limits, Instance* inst) {
    std::int64_t total = 0;
    bool sized = true;
    for (std::size_t i = 0; i < spec.operands.size(); ++i) {
        const auto& os = spec.operands[i];
        const auto path = path_index("operands", i);
        ResolvedOperand op;
        op.name = os.name;
        op.role = os.role;
        op.dtype = os.dtype;
        op.buffer_count = os.buffer_count;
        op.zero_unread = os.zero_unread;
        op.memory_space = os.memory_space.value_or(MemorySpace::Vmem);
        op.discard = os.discard;
        op.revisit = os.revisit;
        op.data = os.data;
        if (os.alias_of)
            for (std::size_t k = 0; k < spec.operands.size(); ++k)
                if (spec.operands[k].name == *os.alias_of) op.alias_of = static_cast<int>(k);
        if (os.buffer_count != 1 && os.buffer_count != 2)
            r.error(path + ".buffer_count",
                    "must be 1 or 2, got " + std::to_string(os.buffer_count));
        const bool dims_ok = resolve_dims(r, os, path, limits, &op);
        if (dims_ok) resolve_inner(r, os, path, &op);
        if (dims_ok) {
            const auto n = saturating_product(op.shape.data(), op.shape.size());
            total = n == kMax || total > kMax - n ? kMax : total + n;
        } else {
            sized = false;
        }
        if (os.index_map && dims_ok) {
            auto c = expr::compile_lambda(*os.index_map, r.env(), inst->grid_rank(), op.rank());
            if (const auto* e = std::get_if<expr::Error>(&c))
                r.error(path + ".index_map", e->message, e->line, e->column);
            else
                op.index_map = std::move(std::get<expr::Compiled>(c));
        }
        inst->operands.push_back(std::move(op));
    }
    // An alias shares one buffer: the shapes must agree at these params.
    for (std::size_t i = 0; i < inst->operands.size(); ++i) {
        const auto& op = inst->operands[i];
        if (op.alias_of < 0) continue;
        const auto& in = inst->operands[static_cast<std::size_t>(op.alias_of)];
        if (in.shape != op.shape)
            r.error(path_index("operands", i) + ".alias_of",
                    "'" + in.name + "' and '" + op.name +
                        "' have different shapes; aliased buffers have the same shape and dtype");
    }
    if (sized && total > limits.max_elements)
        r.error("operands",
                over_limit_message("the operands' size", limit_text(total) + " elements in all",
                                   LimitId::Elements, total, limits.max_elements) +
                    "; or check the shapes");
}

// A requirement the params do not meet is an error naming it (the sweep checks them first,
// with unmet_requirement, and skips such shapes instead).
void resolve_requires(Resolver& r, const Spec& spec) {
    for (std::size_t i = 0; i < spec.preconditions.size(); ++i) {
        auto v = expr::evaluate(spec.preconditions[i], r.env());
        if (const auto* e = std::get_if<expr::Error>(&v))
            r.error(path_index("requires", i), e->message, e->line, e->column);
        else if (std::get<std::int64_t>(v) == 0)
            r.error(path_index("requires", i), "the params do not satisfy '" +
                                                   spec.preconditions[i] +
                                                   "', a precondition of the "
                                                   "kernel");
    }
}

void resolve_scratch(Resolver& r, const Spec& spec, Instance* inst) {
    for (std::size_t i = 0; i < spec.scratch.size(); ++i) {
        const auto& sc = spec.scratch[i];
        ResolvedScratch out{sc.name, {}, sc.dtype, sc.memory_space, sc.semaphore};
        for (std::size_t d = 0; d < sc.shape.size(); ++d)
            out.shape.push_back(
                r.size(sc.shape[d], path_index(path_index("scratch", i) + ".shape", d), 1, "size")
                    .value_or(1));
        inst->scratch.push_back(std::move(out));
    }
}

}  // namespace

std::optional<std::string> unmet_requirement(const Spec& spec,
                                             const std::map<std::string, std::int64_t>& params) {
    expr::Env env;
    env.params = &params;
    for (const auto& text : spec.preconditions) {
        auto v = expr::evaluate(text, env);
        if (std::holds_alternative<expr::Error>(v) || std::get<std::int64_t>(v) == 0) return text;
    }
    return std::nullopt;
}

std::int64_t ResolvedScratch::elements() const {
    return saturating_product(shape.data(), shape.size());
}

std::int64_t ResolvedScratch::bytes() const {
    if (semaphore != ScratchSpec::Semaphore::None) return 0;
    return dtype_storage_bytes(dtype, elements());
}

std::int64_t ResolvedOperand::elements() const {
    return saturating_product(shape.data(), shape.size());
}

std::int64_t ResolvedOperand::block_elements() const {
    std::int64_t p = 1;
    for (const auto& b : block) p = checked_mul(p, b.size).value_or(kMax);
    return p;
}

std::int64_t ResolvedOperand::compute_size(int d) const {
    const auto k = static_cast<std::size_t>(d);
    if (inner && k < inner->tile.size()) return inner->tile[k];
    return k < block.size() ? block[k].size : 1;
}

std::int64_t ResolvedOperand::tile_elements() const {
    std::int64_t p = 1;
    for (int d = 0; d < rank(); ++d) p = checked_mul(p, compute_size(d)).value_or(kMax);
    return p;
}

std::int64_t ResolvedOperand::inner_steps() const {
    std::int64_t steps = 1;
    for (int d = 0; inner && d < rank(); ++d) {
        const auto t = compute_size(d);
        const auto b = block[static_cast<std::size_t>(d)].size;
        steps = checked_mul(steps, t > 0 ? (b + t - 1) / t : 1).value_or(kMax);
    }
    return steps;
}

std::int64_t Instance::programs() const {
    return saturating_product(grid.data(), grid.size());
}

void Instance::unravel(std::int64_t linear, std::int64_t* coord) const {
    for (int a = grid_rank() - 1; a >= 0; --a) {
        const auto n = grid[static_cast<std::size_t>(a)];
        coord[a] = n > 0 ? linear % n : 0;
        linear = n > 0 ? linear / n : 0;
    }
}

std::int64_t Instance::ravel(const std::int64_t* coord) const {
    std::int64_t linear = 0;
    for (int a = 0; a < grid_rank(); ++a)
        linear = linear * grid[static_cast<std::size_t>(a)] + coord[a];
    return linear;
}

ResolveResult resolve(const Spec& spec, const std::map<std::string, std::int64_t>& overrides,
                      const Limits& limits) {
    ResolveResult result;
    Instance inst;
    inst.params = instance_params(spec, overrides);
    Resolver r(spec, inst.params, &result.errors);
    for (const auto& sp : spec.scalar_prefetch) {
        inst.prefetch.push_back(sp.values);
        inst.tables.push_back({sp.name, sp.values, sp.shape});
        inst.prefetch_dtypes.push_back(sp.dtype);
    }
    resolve_requires(r, spec);
    resolve_grid(r, spec, limits, &inst);
    resolve_operands(r, spec, limits, &inst);
    resolve_scratch(r, spec, &inst);
    if (result.errors.empty()) result.instance = std::move(inst);
    return result;
}

std::vector<std::string> grid_axis_names(const Instance& inst) {
    const auto rank = static_cast<std::size_t>(inst.grid_rank());
    std::vector<std::string> names;
    for (const auto& op : inst.operands) {
        if (!op.index_map) continue;
        const auto& params = op.index_map->param_names();
        if (params.size() < rank) continue;
        names.assign(params.begin(), params.begin() + static_cast<std::ptrdiff_t>(rank));
        break;
    }
    for (std::size_t a = names.size(); a < rank; ++a) names.push_back({});
    for (std::size_t a = 0; a < rank; ++a)  // unnamed: left out, or absorbed by `*rest`
        if (names[a].empty()) names[a] = "a" + std::to_string(a);
    return names;
}

}  // namespace tl
