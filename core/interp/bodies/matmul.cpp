// matmul: o block += x block . y block, like the documented Pallas TPU kernel:
//   @pl.when(program_id(init_axis) == 0)  o = 0   (or the f32 scratch)
//   o += x @ y                                    (f32 accumulation for bf16 / f16)
//   with "f32_scratch": acc += x @ y; o = acc.astype(o.dtype) at the last reduction step.
// With accumulator "output" a narrow output dtype rounds the partial sum every step; with
// "f32_scratch" it rounds once. The scratch lives for the whole run, as Pallas scratch does.
#include "core/interp/bodies/detail/factories.h"
#include "core/interp/bodies/detail/packed_gemm.h"
#include "core/interp/fill.h"

namespace tl::interp {

namespace {

struct MatmulConfig {
    int reduction_axis = -1;  // -1: no reduction axis (each program computes its block)
    int init_axis = -1;
    bool mask_k_tail = false;
    bool scratch = false;
    std::int64_t bm = 0, bk = 0, bn = 0;
    std::int64_t kx = 0, ky = 0;  // x's columns and y's rows (the arrays' K)
};

template <class A>
class MatmulBody final : public Body {
public:
    MatmulBody(const MatmulConfig& c, bool direct, Uninitialized scratch_fill)
        : c_(c), direct_(direct) {
        if (c_.scratch) acc_.setConstant(c_.bm, c_.bn, fill_value<A>(scratch_fill));
    }

    // Only the f32 scratch lives across programs, and it is zeroed where init_axis is 0.
    bool starts_afresh(std::span<const std::int64_t> id) const override {
        return !c_.scratch || c_.init_axis < 0 || id[static_cast<std::size_t>(c_.init_axis)] == 0;
    }

    void run(const ProgramContext& ctx) override {
        const auto pid = [&](int axis) { return axis < 0 ? 0 : ctx.program_id[axis]; };
        const bool init = c_.init_axis < 0 || pid(c_.init_axis) == 0;
        const bool last = c_.reduction_axis < 0 ||
                          pid(c_.reduction_axis) == ctx.num_programs[c_.reduction_axis] - 1;
        const BlockView& x = ctx.inputs[0];
        const BlockView& y = ctx.inputs[1];
        const BlockView& o = ctx.outputs[0];
        // The kernel's mask is `pid(reduction_axis) * bk + iota < K`, on both operands.
        const std::int64_t k = pid(c_.reduction_axis);
        const std::int64_t keep_x = c_.mask_k_tail ? valid_in_block(k, c_.bk, c_.kx) : c_.bk;
        const std::int64_t keep_y = c_.mask_k_tail ? valid_in_block(k, c_.bk, c_.ky) : c_.bk;
        const bool masked = keep_x < c_.bk || keep_y < c_.bk;

        if constexpr (std::is_floating_point_v<A>) {
            if (direct_ && !masked) {
                direct_step(x, y, o, init, last);
                return;
            }
        }
        load_matrix(x, xa_);
        load_matrix(y, ya_);
        if (masked) {
            xa_.rightCols(c_.bk - keep_x).setZero();
            ya_.bottomRows(c_.bk - keep_y).setZero();
        }
        accumulate(xa_, ya_, o, init, last);
    }

private:
    // Every operand has type A and nothing is masked: multiply the blocks where they lie.
    void direct_step(const BlockView& x, const BlockView& y, const BlockView& o, bool init,
                     bool last) {
        const auto* xp = reinterpret_cast<const A*>(x.data);
        const auto* yp = reinterpret_cast<const A*>(y.data);
        if (c_.scratch) {
            if (init) acc_.setZero();
            gemm_.run(xp, x.stride[0], x.stable, yp, y.stride[0], y.stable, acc_.data(),
                      acc_.cols(), c_.bm, c_.bk, c_.bn);
            if (last) as_matrix<A>(o) = acc_;
            return;
        }
        if (init) as_matrix<A>(o).setZero();
        gemm_.run(xp, x.stride[0], x.stable, yp, y.stride[0], y.stable,
                  reinterpret_cast<A*>(o.data), o.stride[0], c_.bm, c_.bk, c_.bn);
    }

    template <class X, class Y>
    void accumulate(const X& xm, const Y& ym, const BlockView& o, bool init, bool last) {
        if constexpr (std::is_integral_v<A>) {
            accumulate_wrapping(xm, ym, o, init, last);
            return;
        }
        if (c_.scratch) {
            if (init) acc_.setZero();
            acc_.noalias() += xm * ym;
            if (last) {
                if (direct_)
                    as_matrix<A>(o) = acc_;
                else
                    store_matrix(o, acc_);
            }
            return;
        }
        if (direct_) {
            auto om = as_matrix<A>(o);
            if (init) om.setZero();
            om.noalias() += xm * ym;
            return;
        }
        // A narrower output: the partial sum is rounded to its dtype on every step.
        prod_.noalias() = xm * ym;
        if (init)
            oa_.setZero(c_.bm, c_.bn);
        else
            load_matrix(o, oa_);
        oa_ += prod_;
        store_matrix(o, oa_);
    }

    // Integer sums wrap around, as the hardware's do (padding holding the dtype's max makes
    // them overflow). Signed overflow is undefined in C++, so products and sums run in uint64:
    // the same bits, with a defined wrap-around.
    template <class X, class Y>
    void accumulate_wrapping(const X& xm, const Y& ym, const BlockView& o, bool init, bool last) {
        const RowMat<std::uint64_t> prod =
            xm.template cast<std::uint64_t>() * ym.template cast<std::uint64_t>();
        RowMat<A>& sum = c_.scratch ? acc_ : oa_;
        if (init)
            sum.setZero(c_.bm, c_.bn);
        else if (!c_.scratch)
            load_matrix(o, oa_);
        sum = (sum.template cast<std::uint64_t>() + prod).template cast<A>();
        if (!c_.scratch || last) store_matrix(o, sum);
    }

    MatmulConfig c_;
    bool direct_;  // every operand already has type A: use the blocks in place
    RowMat<A> acc_, xa_, ya_, prod_, oa_;
    struct NoGemm {};
    std::conditional_t<std::is_floating_point_v<A>, PackedGemm<A>, NoGemm> gemm_;
};

}  // namespace

std::unique_ptr<Body> make_matmul(const BodySetup& s, Diagnostics& errors) {
    const std::size_t before = errors.size();
    OptionReader opts(*s.options, s.instance->grid_rank(), errors);
    MatmulConfig c;
    c.reduction_axis = opts.axis("reduction_axis", -1);
    c.init_axis = opts.axis("init_axis", c.reduction_axis);
    c.mask_k_tail = opts.flag("mask_k_tail", false);
    c.scratch = opts.choice("accumulator", {"output", "f32_scratch"}, "output") == "f32_scratch";
    bool ok = expect_block_rank(s, s.inputs[0], 2, "matmul", errors);
    ok = expect_block_rank(s, s.inputs[1], 2, "matmul", errors) && ok;
    ok = expect_block_rank(s, s.outputs[0], 2, "matmul", errors) && ok;
    if (!ok || errors.size() > before) return nullptr;

    const auto xb = visible_block_shape(s.in(0)), yb = visible_block_shape(s.in(1)),
               ob = visible_block_shape(s.out(0));
    const auto mismatch = [&](int operand, const std::string& what) {
        errors.push_back({"", operand_path(operand) + ".block_shape", 0, 0,
                          "matmul blocks do not fit together: x block " + shape_text(xb) +
                              ", y block " + shape_text(yb) + ", o block " + shape_text(ob) + ": " +
                              what});
    };
    if (xb[1] != yb[0]) mismatch(s.inputs[1], "y's block rows must equal x's block columns (bk)");
    if (ob[0] != xb[0]) mismatch(s.outputs[0], "o's block rows must equal x's block rows (bm)");
    if (ob[1] != yb[1]) mismatch(s.outputs[0], "o's block columns must equal y's (bn)");
    if (errors.size() > before) return nullptr;
    c.bm = xb[0];
    c.bk = xb[1];
    c.bn = yb[1];
    c.kx = s.in(0).shape.back();
    c.ky = s.in(1).shape.front();

    const Compute comp = compute_type({s.in(0).dtype, s.in(1).dtype, s.out(0).dtype});
    return dispatch_compute(comp, [&](auto tag) -> std::unique_ptr<Body> {
        using A = typename decltype(tag)::type;
        bool direct = false;
        if constexpr (std::is_floating_point_v<A>) {
            const DType d = std::is_same_v<A, float> ? DType::Float32 : DType::Float64;
            direct = s.in(0).dtype == d && s.in(1).dtype == d && s.out(0).dtype == d;
        }
        return std::make_unique<MatmulBody<A>>(c, direct, s.scratch_fill);
    });
}

}  // namespace tl::interp
