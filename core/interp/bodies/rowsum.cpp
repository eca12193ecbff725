// rowsum: o block (rows, 1) += the sum of each row of the x block, zero-initialised when
// program_id(init_axis) == 0; the partial sum is rounded to o's dtype every step.
#include <algorithm>

#include "core/interp/bodies/detail/factories.h"

namespace tl::interp {

namespace {

struct RowsumConfig {
    int reduction_axis = -1, init_axis = -1;
    bool mask_tail = false;
    std::int64_t rows = 0, bc = 0, cols = 0;  // block rows, block columns, the array's C
};

template <class A>
class RowsumBody final : public Body {
public:
    explicit RowsumBody(const RowsumConfig& c)
        : c_(c), row_(static_cast<std::size_t>(c.bc)), acc_(static_cast<std::size_t>(c.rows)) {}

    // acc_ is set from zero or from o on every program.
    bool starts_afresh(std::span<const std::int64_t>) const override { return true; }

    void run(const ProgramContext& ctx) override {
        const auto pid = [&](int axis) { return axis < 0 ? 0 : ctx.program_id[axis]; };
        const BlockView& x = ctx.inputs[0];
        const BlockView& o = ctx.outputs[0];
        const std::int64_t keep =
            c_.mask_tail ? valid_in_block(pid(c_.reduction_axis), c_.bc, c_.cols) : c_.bc;
        // o's block is (rows, 1) or, squeezed / rank 1, one row of `rows`.
        const bool column = o.rank == 2;
        if (c_.init_axis < 0 || pid(c_.init_axis) == 0) {
            std::fill(acc_.begin(), acc_.end(), A(0));
        } else if (column) {
            for (std::int64_t r = 0; r < c_.rows; ++r)
                load_row(o, r, &acc_[static_cast<std::size_t>(r)]);
        } else {
            load_row(o, 0, acc_.data());
        }
        for (std::int64_t r = 0; r < c_.rows; ++r) {
            load_row(x, r, row_.data());
            A sum = 0;
            for (std::int64_t c = 0; c < keep; ++c) sum += row_[static_cast<std::size_t>(c)];
            acc_[static_cast<std::size_t>(r)] += sum;
        }
        if (column) {
            for (std::int64_t r = 0; r < c_.rows; ++r)
                store_row(o, r, &acc_[static_cast<std::size_t>(r)]);
        } else {
            store_row(o, 0, acc_.data());
        }
    }

private:
    RowsumConfig c_;
    std::vector<A> row_, acc_;
};

}  // namespace

std::unique_ptr<Body> make_rowsum(const BodySetup& s, Diagnostics& errors) {
    const std::size_t before = errors.size();
    OptionReader opts(*s.options, s.instance->grid_rank(), errors);
    RowsumConfig c;
    c.reduction_axis = opts.axis("reduction_axis", -1);
    c.init_axis = opts.axis("init_axis", c.reduction_axis);
    c.mask_tail = opts.flag("mask_tail", false);
    if (!expect_block_rank(s, s.inputs[0], 2, "rowsum", errors) || errors.size() > before)
        return nullptr;
    const auto xb = visible_block_shape(s.in(0)), ob = visible_block_shape(s.out(0));
    const bool fits =
        (ob.size() == 2 && ob[0] == xb[0] && ob[1] == 1) || (ob.size() == 1 && ob[0] == xb[0]);
    if (!fits) {
        errors.push_back({"", operand_path(s.outputs[0]) + ".block_shape", 0, 0,
                          "rowsum: the o block " + shape_text(ob) + " must be [" +
                              std::to_string(xb[0]) + ", 1], one sum per row of the x block " +
                              shape_text(xb)});
        return nullptr;
    }
    c.rows = xb[0];
    c.bc = xb[1];
    c.cols = s.in(0).shape.back();
    const Compute comp = compute_type({s.in(0).dtype, s.out(0).dtype});
    return dispatch_compute(comp, [&](auto tag) -> std::unique_ptr<Body> {
        using A = typename decltype(tag)::type;
        return std::make_unique<RowsumBody<A>>(c);
    });
}

}  // namespace tl::interp
