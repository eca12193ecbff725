// attention: o = softmax(q k^T / sqrt(D)) v, one q block against one kv block per program,
// with the online softmax of flash attention over the kv grid axis:
//   at kv == 0: m = -inf, l = 0, acc = 0          (scratch in f32, living for the whole run)
//   s = q k^T / sqrt(D) (kv tail set to -inf when masked); m' = max(m, rowmax s)
//   p = exp(s - m'); l = exp(m - m') l + rowsum p; acc = exp(m - m') acc + p v; m = m'
//   at the last kv step: o = acc / l
// Masking sets the tail scores to -inf and the tail v rows to 0 (0 * NaN would still be NaN).
#include <cmath>
#include <limits>

#include "core/interp/bodies/detail/factories.h"
#include "core/interp/fill.h"

namespace tl::interp {

namespace {

struct AttentionConfig {
    int kv_axis = -1;
    bool mask = false;
    std::int64_t bq = 0, bkv = 0, d = 0, dv = 0;
    std::int64_t t = 0;  // the kv length T
    double scale = 1;
};

template <class A>
class AttentionBody final : public Body {
public:
    AttentionBody(const AttentionConfig& c, Uninitialized fill) : c_(c) {
        const A f = fill_value<A>(fill);
        m_.setConstant(c.bq, f);
        l_.setConstant(c.bq, f);
        acc_.setConstant(c.bq, c.dv, f);
    }

    // m, l and acc are reset at the first kv step.
    bool starts_afresh(std::span<const std::int64_t> id) const override {
        return c_.kv_axis < 0 || id[static_cast<std::size_t>(c_.kv_axis)] == 0;
    }

    void run(const ProgramContext& ctx) override {
        const std::int64_t kv = c_.kv_axis < 0 ? 0 : ctx.program_id[c_.kv_axis];
        const bool first = kv == 0;
        const bool last = c_.kv_axis < 0 || kv == ctx.num_programs[c_.kv_axis] - 1;
        if (first) {
            m_.setConstant(-std::numeric_limits<A>::infinity());
            l_.setZero();
            acc_.setZero();
        }
        load_matrix(ctx.inputs[0], q_);
        load_matrix(ctx.inputs[1], k_);
        load_matrix(ctx.inputs[2], v_);
        s_.noalias() = (q_ * k_.transpose()) * static_cast<A>(c_.scale);
        if (c_.mask) {
            const std::int64_t keep = valid_in_block(kv, c_.bkv, c_.t);
            s_.rightCols(c_.bkv - keep).setConstant(-std::numeric_limits<A>::infinity());
            v_.bottomRows(c_.bkv - keep).setZero();
        }
        for (std::int64_t r = 0; r < c_.bq; ++r) {
            A m = m_(r);
            for (std::int64_t c = 0; c < c_.bkv; ++c) m = nan_max(m, s_(r, c));
            const A alpha = std::exp(m_(r) - m);
            A sum = 0;
            for (std::int64_t c = 0; c < c_.bkv; ++c) {
                s_(r, c) = std::exp(s_(r, c) - m);
                sum += s_(r, c);
            }
            l_(r) = alpha * l_(r) + sum;
            acc_.row(r) *= alpha;
            m_(r) = m;
        }
        acc_.noalias() += s_ * v_;
        if (last) {
            out_ = acc_.array().colwise() / l_.array();
            store_matrix(ctx.outputs[0], out_);
        }
    }

private:
    AttentionConfig c_;
    Eigen::Matrix<A, Eigen::Dynamic, 1> m_, l_;
    RowMat<A> acc_, q_, k_, v_, s_, out_;
};

}  // namespace

std::unique_ptr<Body> make_attention(const BodySetup& s, Diagnostics& errors) {
    const std::size_t before = errors.size();
    OptionReader opts(*s.options, s.instance->grid_rank(), errors);
    AttentionConfig c;
    c.kv_axis = opts.axis("reduction_axis", -1);
    c.mask = opts.flag("mask_kv_tail", false);
    bool ok = expect_float_output(s, "attention", errors);
    for (int i = 0; i < 3; ++i)
        ok = expect_block_rank(s, s.inputs[static_cast<std::size_t>(i)], 2, "attention", errors) &&
             ok;
    ok = expect_block_rank(s, s.outputs[0], 2, "attention", errors) && ok;
    if (!ok || errors.size() > before) return nullptr;
    const auto qb = visible_block_shape(s.in(0)), kb = visible_block_shape(s.in(1)),
               vb = visible_block_shape(s.in(2)), ob = visible_block_shape(s.out(0));
    const std::string blocks = "q block " + shape_text(qb) + ", k block " + shape_text(kb) +
                               ", v block " + shape_text(vb) + ", o block " + shape_text(ob);
    const auto mismatch = [&](int operand, const std::string& what) {
        errors.push_back({"", operand_path(operand) + ".block_shape", 0, 0,
                          "attention blocks do not fit together (" + blocks + "): " + what});
    };
    if (kb[1] != qb[1]) mismatch(s.inputs[1], "k's block must have q's block width (D)");
    if (vb[0] != kb[0]) mismatch(s.inputs[2], "v's block rows must equal k's (the kv block)");
    if (ob[0] != qb[0]) mismatch(s.outputs[0], "o's block rows must equal q's");
    if (ob[1] != vb[1]) mismatch(s.outputs[0], "o's block width must equal v's");
    if (errors.size() > before) return nullptr;
    c.bq = qb[0];
    c.bkv = kb[0];
    c.d = qb[1];
    c.dv = vb[1];
    c.t = s.in(1).shape.front();
    c.scale = 1.0 / std::sqrt(static_cast<double>(s.in(0).shape.back()));
    const Compute comp =
        compute_type({s.in(0).dtype, s.in(1).dtype, s.in(2).dtype, s.out(0).dtype});
    if (comp == Compute::F64) return std::make_unique<AttentionBody<double>>(c, s.scratch_fill);
    return std::make_unique<AttentionBody<float>>(c, s.scratch_fill);
}

}  // namespace tl::interp
