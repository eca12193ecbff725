// The array shapes each body expects; checked once before a run, so that neither the tiled
// path nor the references meet operands that do not fit.
#include "core/interp/bodies/signature.h"
#include "core/interp/bodies/detail/factories.h"

namespace tl::interp {

namespace {

class Checker {
public:
    Checker(const std::string& body, const BodySetup& s, Diagnostics& errors)
        : body_(body), s_(s), errors_(errors) {}

    const std::vector<std::int64_t>& in(std::size_t i) const { return s_.in(i).shape; }
    const std::vector<std::int64_t>& out() const { return s_.out(0).shape; }

    // Operand `operand` (an index into the instance) must have `want`.
    void expect(int operand, const std::vector<std::int64_t>& want, const std::string& why) {
        const auto& op = s_.instance->operands[static_cast<std::size_t>(operand)];
        if (op.shape == want) return;
        fail(operand, "'" + op.name + "' has shape " + shape_text(op.shape) + " but " + why +
                          " needs " + shape_text(want));
    }
    bool rank(int operand, int r) {
        const auto& op = s_.instance->operands[static_cast<std::size_t>(operand)];
        if (op.rank() == r) return true;
        fail(operand, "'" + op.name + "' must have rank " + std::to_string(r) + ", not " +
                          shape_text(op.shape));
        return false;
    }
    void fail(int operand, const std::string& what) {
        errors_.push_back(
            {"", operand_path(operand) + ".shape", 0, 0, "the " + body_ + " body: " + what});
        ok = false;
    }
    bool ok = true;

private:
    std::string body_;
    const BodySetup& s_;
    Diagnostics& errors_;
};

}  // namespace

bool check_signature(const std::string& name, const BodySetup& s, Diagnostics& errors) {
    Checker c(name, s, errors);
    const int o = s.outputs[0];
    if (name == "copy" || name == "scale" || name == "softmax") {
        c.expect(o, c.in(0), "the same shape as '" + s.in(0).name + "'");
    } else if (name == "add" || name == "sub" || name == "mul" || name == "max") {
        c.expect(s.inputs[1], c.in(0), "the same shape as '" + s.in(0).name + "'");
        c.expect(o, c.in(0), "the same shape as the inputs");
    } else if (name == "transpose") {
        if (c.rank(s.inputs[0], 2)) c.expect(o, {c.in(0)[1], c.in(0)[0]}, "x (R, C) -> o (C, R)");
    } else if (name == "matmul") {
        if (c.rank(s.inputs[0], 2) && c.rank(s.inputs[1], 2)) {
            c.expect(s.inputs[1], {c.in(0)[1], c.in(1)[1]}, "x (M, K), y (K, N)");
            if (c.ok) c.expect(o, {c.in(0)[0], c.in(1)[1]}, "x (M, K), y (K, N) -> o (M, N)");
        }
    } else if (name == "rowsum") {
        if (c.rank(s.inputs[0], 2)) {
            const std::vector<std::int64_t> col{c.in(0)[0], 1}, flat{c.in(0)[0]};
            if (c.out() != flat) c.expect(o, col, "x (R, C) -> o (R, 1)");
        }
    } else if (name == "attention") {
        bool ranks = true;
        for (std::size_t i = 0; i < 3; ++i) ranks = c.rank(s.inputs[i], 2) && ranks;
        if (ranks) {
            c.expect(s.inputs[1], {c.in(1)[0], c.in(0)[1]}, "q (S, D) -> k (T, D)");
            c.expect(s.inputs[2], {c.in(1)[0], c.in(2)[1]}, "k (T, D) -> v (T, Dv)");
            c.expect(o, {c.in(0)[0], c.in(2)[1]}, "q (S, D), v (T, Dv) -> o (S, Dv)");
        }
    }
    return c.ok;
}

}  // namespace tl::interp
