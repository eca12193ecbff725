// transpose: o block = x block^T (x (R, C) -> o (C, R), with o's index map swapping x's).
#include "core/interp/bodies/detail/factories.h"

namespace tl::interp {

namespace {

template <class A>
class TransposeBody final : public Body {
public:
    bool starts_afresh(std::span<const std::int64_t>) const override { return true; }

    void run(const ProgramContext& ctx) override {
        load_matrix(ctx.inputs[0], xa_);
        ta_ = xa_.transpose();
        store_matrix(ctx.outputs[0], ta_);
    }

private:
    RowMat<A> xa_, ta_;
};

}  // namespace

std::unique_ptr<Body> make_transpose(const BodySetup& s, Diagnostics& errors) {
    bool ok = expect_block_rank(s, s.inputs[0], 2, "transpose", errors);
    ok = expect_block_rank(s, s.outputs[0], 2, "transpose", errors) && ok;
    if (!ok) return nullptr;
    const auto xb = visible_block_shape(s.in(0)), ob = visible_block_shape(s.out(0));
    if (ob[0] != xb[1] || ob[1] != xb[0]) {
        errors.push_back({"", operand_path(s.outputs[0]) + ".block_shape", 0, 0,
                          "transpose: the o block " + shape_text(ob) + " must be the x block " +
                              shape_text(xb) + " swapped, [" + std::to_string(xb[1]) + ", " +
                              std::to_string(xb[0]) + "]"});
        return nullptr;
    }
    const Compute comp = compute_type({s.in(0).dtype, s.out(0).dtype});
    return dispatch_compute(comp, [&](auto tag) -> std::unique_ptr<Body> {
        using A = typename decltype(tag)::type;
        return std::make_unique<TransposeBody<A>>();
    });
}

}  // namespace tl::interp
