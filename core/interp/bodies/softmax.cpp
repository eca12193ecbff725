// softmax: each row of the block becomes exp(x - max) / sum(exp(x - max)) over the row *as
// far as the block reaches*: right only when the block spans whole rows.
#include <cmath>

#include "core/interp/bodies/detail/factories.h"

namespace tl::interp {

namespace {

template <class A>
class SoftmaxBody final : public Body {
public:
    explicit SoftmaxBody(std::int64_t cols) : row_(static_cast<std::size_t>(cols)) {}

    bool starts_afresh(std::span<const std::int64_t>) const override { return true; }

    void run(const ProgramContext& ctx) override {
        const BlockView& x = ctx.inputs[0];
        const BlockView& o = ctx.outputs[0];
        A* a = row_.data();
        const std::int64_t n = x.cols();
        for (std::int64_t r = 0; r < x.rows(); ++r) {
            load_row(x, r, a);
            A m = a[0];
            for (std::int64_t c = 1; c < n; ++c) m = nan_max(m, a[c]);
            A sum = 0;
            for (std::int64_t c = 0; c < n; ++c) {
                a[c] = std::exp(a[c] - m);
                sum += a[c];
            }
            for (std::int64_t c = 0; c < n; ++c) a[c] /= sum;
            store_row(o, r, a);
        }
    }

private:
    std::vector<A> row_;
};

}  // namespace

std::unique_ptr<Body> make_softmax(const BodySetup& s, Diagnostics& errors) {
    if (!expect_float_output(s, "softmax", errors)) return nullptr;
    const auto xb = visible_block_shape(s.in(0)), ob = visible_block_shape(s.out(0));
    if (xb != ob) {
        errors.push_back({"", operand_path(s.outputs[0]) + ".block_shape", 0, 0,
                          "softmax: the o block " + shape_text(ob) + " must equal the x block " +
                              shape_text(xb)});
        return nullptr;
    }
    const std::int64_t cols = xb.empty() ? 1 : xb.back();
    const Compute comp = compute_type({s.in(0).dtype, s.out(0).dtype});
    if (comp == Compute::F64) return std::make_unique<SoftmaxBody<double>>(cols);
    return std::make_unique<SoftmaxBody<float>>(cols);
}

}  // namespace tl::interp
