// copy, add, sub, mul, max, scale: o block = f(x block[, y block]) element by element.
#include "core/interp/bodies/detail/factories.h"

namespace tl::interp {

namespace {

enum class Op { Copy, Add, Sub, Mul, Max, Scale };

template <class A>
class ElementwiseBody final : public Body {
public:
    ElementwiseBody(Op op, double alpha, std::int64_t cols) : op_(op), alpha_(alpha) {
        a_.resize(static_cast<std::size_t>(cols));
        b_.resize(static_cast<std::size_t>(cols));
    }

    bool starts_afresh(std::span<const std::int64_t>) const override { return true; }

    void run(const ProgramContext& ctx) override {
        const BlockView& x = ctx.inputs[0];
        const BlockView& o = ctx.outputs[0];
        const std::int64_t n = o.cols();
        A* a = a_.data();
        A* b = b_.data();
        const A alpha = static_cast<A>(alpha_);
        for (std::int64_t r = 0; r < o.rows(); ++r) {
            load_row(x, r, a);
            if (ctx.inputs.size() > 1) load_row(ctx.inputs[1], r, b);
            switch (op_) {
                case Op::Copy:
                    break;
                case Op::Add:
                    for (std::int64_t c = 0; c < n; ++c) a[c] = a[c] + b[c];
                    break;
                case Op::Sub:
                    for (std::int64_t c = 0; c < n; ++c) a[c] = a[c] - b[c];
                    break;
                case Op::Mul:
                    for (std::int64_t c = 0; c < n; ++c) a[c] = a[c] * b[c];
                    break;
                case Op::Max:
                    for (std::int64_t c = 0; c < n; ++c) a[c] = nan_max(a[c], b[c]);
                    break;
                case Op::Scale:
                    for (std::int64_t c = 0; c < n; ++c) a[c] = alpha * a[c];
                    break;
            }
            store_row(o, r, a);
        }
    }

private:
    Op op_;
    double alpha_;
    std::vector<A> a_, b_;
};

}  // namespace

std::unique_ptr<Body> make_elementwise(const std::string& name, const BodySetup& s,
                                       Diagnostics& errors) {
    const std::size_t errors_before = errors.size();
    Op op = Op::Copy;
    if (name == "add") op = Op::Add;
    if (name == "sub") op = Op::Sub;
    if (name == "mul") op = Op::Mul;
    if (name == "max") op = Op::Max;
    if (name == "scale") op = Op::Scale;

    OptionReader opts(*s.options, s.instance->grid_rank(), errors);
    const double alpha = op == Op::Scale ? opts.number("alpha", 1.0) : 1.0;

    // Every block must have the output block's visible shape.
    const auto oshape = visible_block_shape(s.out(0));
    bool ok = true;
    for (std::size_t i = 0; i < s.inputs.size(); ++i) {
        const auto shape = visible_block_shape(s.in(i));
        if (shape == oshape) continue;
        errors.push_back({"", operand_path(s.inputs[i]) + ".block_shape", 0, 0,
                          "the " + name + " body works element by element: the block of '" +
                              s.in(i).name + "' is " + shape_text(shape) + " but the block of '" +
                              s.out(0).name + "' is " + shape_text(oshape) +
                              "; give them the same block shape"});
        ok = false;
    }
    if (!ok || errors.size() > errors_before) return nullptr;

    const std::int64_t cols = oshape.empty() ? 1 : oshape.back();
    const DType last_in = s.in(s.inputs.size() - 1).dtype;
    Compute c = compute_type({s.out(0).dtype, s.in(0).dtype, last_in});
    // A fractional factor on integers is applied in double, then truncated on store.
    if (op == Op::Scale && c == Compute::I64) c = Compute::F64;
    return dispatch_compute(c, [&](auto tag) -> std::unique_ptr<Body> {
        using A = typename decltype(tag)::type;
        return std::make_unique<ElementwiseBody<A>>(op, alpha, cols);
    });
}

}  // namespace tl::interp
