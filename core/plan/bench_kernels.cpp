// The Pallas bodies of the benchmark script. Each mirrors the interpreter's body of the same
// name (core/interp/bodies/), so that a kernel TileLens checked is the kernel that is timed.
#include "core/plan/bench_kernels.h"

#include <array>
#include <initializer_list>

#include "core/expr/python.h"
#include "core/interp/bodies/signature.h"
#include "core/kernels/options.h"
#include "core/spec/body_catalog.h"

namespace tl::bench {

using namespace tl::py;  // the Python printing helpers the kernels are written with
namespace {

constexpr std::array<std::string_view, 10> kSupported{
    "copy", "add", "sub", "mul", "max", "scale", "transpose", "matmul", "rowsum", "softmax"};

bool any_of(const std::vector<DType>& dtypes, DType d) {
    for (DType x : dtypes)
        if (x == d) return true;
    return false;
}

bool any_float(const std::vector<DType>& dtypes) {
    for (DType x : dtypes)
        if (is_float(x)) return true;
    return false;
}

// The type a body computes in on the target: f64 when an operand is f64, f32 for other
// floats (bf16 and f16 accumulate in f32), int32 for integers (the MXU's integer result).
std::string compute_dtype(const std::vector<DType>& dtypes) {
    if (any_of(dtypes, DType::Float64)) return "jnp.float64";
    return any_float(dtypes) ? "jnp.float32" : "jnp.int32";
}

std::string ref(const BodyOperands& ops, std::size_t i) {
    return ops.names[i] + "_ref";
}

std::string str(int v) {
    return std::to_string(v);
}

// Python source lines, each ending in a newline.
std::string lines(std::initializer_list<std::string> source) {
    std::string out;
    for (const auto& line : source) out += line + "\n";
    return out;
}

// `@pl.when(cond)` around `body_lines`, or the lines themselves when `cond` is empty.
std::string when(const std::string& cond, const std::string& name, const std::string& body) {
    if (cond.empty()) return "        " + body + "\n";
    return "        @pl.when(" + cond + ")\n        def " + name + "():\n            " + body +
           "\n\n";
}

std::string zero(const std::string& target) {
    return target + "[...] = jnp.zeros(" + target + ".shape, " + target + ".dtype)";
}

std::string elementwise_expr(const std::string& body, const std::string& x, const std::string& y,
                             const std::string& alpha, const std::string& acc) {
    if (body == "add") return "(" + x + " + " + y + ")";
    if (body == "sub") return "(" + x + " - " + y + ")";
    if (body == "mul") return "(" + x + " * " + y + ")";
    if (body == "max") return "jnp.maximum(" + x + ", " + y + ")";
    if (body == "scale") return "(" + alpha + " * " + x + ".astype(" + acc + "))";
    if (body == "transpose") return x + ".T";
    return x;
}

struct Reduction {
    int axis = -1;       // grid axis of the reduction, -1: none
    int init_axis = -1;  // -1: zero-initialise on every program
    bool mask = false;
    bool scratch = false;
};

std::string program_id_or_zero(int axis) {
    return axis < 0 ? "0" : "pl.program_id(" + str(axis) + ")";
}

std::string init_condition(const Reduction& r) {
    return r.init_axis < 0 ? "" : "pl.program_id(" + str(r.init_axis) + ") == 0";
}

// The (rtol, atol) the core's numerics check adds for a sum of `k` terms over `steps` steps.
std::string sum_tolerance(const std::string& magnitude, const Reduction& r) {
    const std::string steps = r.axis < 0 || r.scratch ? "1" : "lay[\"grid\"][" + str(r.axis) + "]";
    return lines({"def _tl_tolerance_terms(lay, inputs, e_acc, e_out):",
                  "    k = lay[\"shapes\"][0][1]", "    mag = " + magnitude, "    steps = " + steps,
                  "    return 0.0, e_acc * k * mag + 2 * e_out * math.sqrt(k * steps) * mag"});
}

constexpr std::string_view kNoTolerance =
    "def _tl_tolerance_terms(lay, inputs, e_acc, e_out):\n    return 0.0, 0.0\n";

BodyCode matmul(const Reduction& r, const BodyOperands& ops) {
    const std::string acc = compute_dtype(ops.dtypes);
    const std::string x = ref(ops, 0), y = ref(ops, 1), o = ref(ops, 2);
    const std::string target = r.scratch ? "acc_scratch" : o;
    const std::string precision = acc == "jnp.int32" ? "" : "precision=jax.lax.Precision.HIGHEST, ";
    BodyCode c;
    c.uses_tpu_scratch = r.scratch;
    c.description = "matmul: o = x @ y" +
                    (r.axis < 0 ? std::string(", one block product per program")
                                : ", accumulated over grid axis " + str(r.axis)) +
                    (r.scratch ? " in an f32 scratch" : " in the output block") +
                    (r.mask ? "; the partial K block is masked" : "; the K tail is not masked");
    std::string k = "def _tl_kernel(lay):\n";
    if (r.mask)
        k += "    k_x = lay[\"shapes\"][0][1]  # the arrays' K: the mask keeps k * bk + iota < K\n"
             "    k_y = lay[\"shapes\"][1][0]\n\n";
    k += "    def kernel(" + x + ", " + y + ", " + o + (r.scratch ? ", acc_scratch" : "") + "):\n";
    k += when(init_condition(r), "_init", zero(target));
    k += "        x = " + x + "[...]\n        y = " + y + "[...]\n";
    if (r.mask)
        k += "        k = " + program_id_or_zero(r.axis) +
             "\n"
             "        col = jax.lax.broadcasted_iota(jnp.int32, x.shape, 1)\n"
             "        x = jnp.where(k * x.shape[1] + col < k_x, x, jnp.zeros_like(x))\n"
             "        row = jax.lax.broadcasted_iota(jnp.int32, y.shape, 0)\n"
             "        y = jnp.where(k * y.shape[0] + row < k_y, y, jnp.zeros_like(y))\n";
    k += "        product = jnp.dot(x, y, " + precision + "preferred_element_type=" + acc + ")\n";
    if (r.scratch) {
        k += "        acc_scratch[...] += product\n";
        const std::string last = r.axis < 0 ? ""
                                            : "pl.program_id(" + str(r.axis) +
                                                  ") == pl.num_programs(" + str(r.axis) + ") - 1";
        k += (last.empty() ? "" : "\n") +
             when(last, "_store", o + "[...] = acc_scratch[...].astype(" + o + ".dtype)");
        k += "\n    return kernel, [pltpu.VMEM(tuple(lay[\"blocks\"][2]), " + acc + ")]\n";
    } else {
        k += "        " + o + "[...] = (" + o + "[...].astype(" + acc + ") + product).astype(" + o +
             ".dtype)\n\n    return kernel, []\n";
    }
    c.kernel = k;
    c.reference = "def _tl_reference(x, y):\n    return jnp.dot(x, y, " + precision +
                  "preferred_element_type=" + acc + ").astype(OUTPUT_DTYPE)\n";
    c.tolerance = sum_tolerance("_tl_max_abs(inputs[0]) * _tl_max_abs(inputs[1])", r);
    return c;
}

BodyCode rowsum(const Reduction& r, const BodyOperands& ops) {
    const std::string acc = compute_dtype(ops.dtypes);
    const std::string x = ref(ops, 0), o = ref(ops, 1);
    BodyCode c;
    c.description = "rowsum: o = the sum of each row of x" +
                    (r.axis < 0 ? std::string() : ", accumulated over grid axis " + str(r.axis)) +
                    (r.mask ? "; the partial column block is masked" : "");
    std::string k = "def _tl_kernel(lay):\n";
    if (r.mask) k += "    cols = lay[\"shapes\"][0][1]\n\n";
    k += "    def kernel(" + x + ", " + o + "):\n";
    k += when(init_condition(r), "_init", zero(o));
    k += "        x = " + x + "[...].astype(" + acc + ")\n";
    if (r.mask)
        k += "        c = " + program_id_or_zero(r.axis) +
             "\n"
             "        col = jax.lax.broadcasted_iota(jnp.int32, x.shape, 1)\n"
             "        x = jnp.where(c * x.shape[1] + col < cols, x, jnp.zeros_like(x))\n";
    // o's block is (rows, 1), or (rows,) when its column is squeezed or the array has rank 1.
    const std::string keep = ops.block_ranks[1] == 2 ? ", keepdims=True" : "";
    k += "        total = jnp.sum(x, axis=1" + keep + ")\n";
    k += "        " + o + "[...] = (" + o + "[...].astype(" + acc + ") + total).astype(" + o +
         ".dtype)\n\n    return kernel, []\n";
    c.kernel = k;
    // The reference's shape is o's: (R, 1) or (R,).
    c.reference = "def _tl_reference(x):\n    return jnp.sum(x.astype(" + acc + "), axis=1" +
                  (ops.array_ranks[1] == 2 ? ", keepdims=True" : "") + ").astype(OUTPUT_DTYPE)\n";
    c.tolerance = sum_tolerance("_tl_max_abs(inputs[0])", r);
    return c;
}

BodyCode softmax(const BodyOperands& ops) {
    const std::string acc = compute_dtype(ops.dtypes);
    const std::string x = ref(ops, 0), o = ref(ops, 1);
    BodyCode c;
    c.description = "softmax: each row of the block (right only when a block spans whole rows)";
    c.kernel = lines({"def _tl_kernel(lay):", "    def kernel(" + x + ", " + o + "):",
                      "        x = " + x + "[...].astype(" + acc + ")",
                      "        e = jnp.exp(x - jnp.max(x, axis=-1, keepdims=True))",
                      "        " + o + "[...] = (e / jnp.sum(e, axis=-1, keepdims=True)).astype(" +
                          o + ".dtype)",
                      "", "    return kernel, []"});
    c.reference =
        lines({"def _tl_reference(x):", "    x = x.astype(" + acc + ")",
               "    e = jnp.exp(x - jnp.max(x, axis=-1, keepdims=True))",
               "    return (e / jnp.sum(e, axis=-1, keepdims=True)).astype(OUTPUT_DTYPE)"});
    c.tolerance = lines({"def _tl_tolerance_terms(lay, inputs, e_acc, e_out):",
                         "    return 4 * e_acc * math.sqrt(lay[\"shapes\"][0][-1]), e_out * 1e-3"});
    return c;
}

BodyCode elementwise(const std::string& body, double alpha, const BodyOperands& ops) {
    // Integers are scaled in f32: the target has no f64 unless the spec asks for it.
    const std::string acc = any_of(ops.dtypes, DType::Float64) ? "jnp.float64" : "jnp.float32";
    const std::string a = "(" + python_float(alpha) + ")";
    const bool two = ops.inputs.size() == 2;
    const std::string x = ref(ops, 0), y = two ? ref(ops, 1) : "",
                      o = ref(ops, ops.names.size() - 1);
    BodyCode c;
    c.description = body + ": element by element" +
                    (body == "scale" ? ", alpha = " + python_float(alpha) : std::string());
    const std::string expr = elementwise_expr(body, x + "[...]", two ? y + "[...]" : "", a, acc);
    c.kernel = "def _tl_kernel(lay):\n    def kernel(" + x + (two ? ", " + y : "") + ", " + o +
               "):\n        " + o + "[...] = " + expr + ".astype(" + o +
               ".dtype)\n\n    return kernel, []\n";
    c.reference = "def _tl_reference(x" + std::string(two ? ", y" : "") + "):\n    return " +
                  elementwise_expr(body, "x", "y", a, acc) + ".astype(OUTPUT_DTYPE)\n";
    c.tolerance = kNoTolerance;
    return c;
}

}  // namespace

std::string supported_bodies() {
    std::string out;
    for (auto b : kSupported) out += (out.empty() ? "" : ", ") + std::string(b);
    return out;
}

bool is_supported_body(const std::string& body) {
    for (auto b : kSupported)
        if (b == body) return true;
    return false;
}

std::optional<BodyCode> body_code(const KernelSpec& kernel, const BodyOperands& ops,
                                  const Instance& instance, const TargetProfile& target,
                                  std::vector<std::string>& errors) {
    const std::size_t before = errors.size();
    const KernelBody* known = find_kernel_body(kernel.body);
    if (!known || !is_supported_body(kernel.body)) {
        errors.push_back("kernel.body: the benchmark script cannot emit the '" + kernel.body +
                         "' body" + (known ? "" : " (not a known body)") +
                         "; supported: " + supported_bodies());
        return std::nullopt;
    }
    if (static_cast<int>(ops.inputs.size()) != known->inputs || ops.output < 0) {
        errors.push_back("operands: the " + kernel.body + " body takes " +
                         std::to_string(known->inputs) + " input(s) and " +
                         std::to_string(known->outputs) + " output(s) (" +
                         std::string(known->operands) + ")");
        return std::nullopt;
    }
    for (const auto& [name, value] : kernel.options.items())
        if (!find_kernel_option(*known, name))
            errors.push_back("kernel." + name + ": the " + kernel.body + " body has no option '" +
                             name + "'; its options: " + known_kernel_options(*known));

    Diagnostics diags;
    OptionReader opts(kernel.options, instance.grid_rank(), diags);
    Reduction r;
    double alpha = 1.0;
    if (kernel.body == "matmul" || kernel.body == "rowsum") {
        r.axis = opts.axis("reduction_axis", -1);
        r.init_axis = opts.axis("init_axis", r.axis);
        r.mask = opts.flag(kernel.body == "matmul" ? "mask_k_tail" : "mask_tail", false);
        if (kernel.body == "matmul")
            r.scratch =
                opts.choice("accumulator", {"output", "f32_scratch"}, "output") == "f32_scratch";
    }
    if (kernel.body == "scale") alpha = opts.number("alpha", 1.0);
    for (const auto& d : diags) errors.push_back(d.path + ": " + d.message);

    // A GPU launches the grid's programs in parallel: a sum carried across programs races.
    if (target.kind == TargetKind::Gpu && (r.axis >= 0 || r.init_axis >= 0))
        errors.push_back("kernel.reduction_axis: on " + target.id +
                         " the grid's programs run in parallel, so accumulating over a grid "
                         "axis races; the benchmark script emits reductions for TPU targets only");
    if (target.kind == TargetKind::Gpu && r.scratch)
        errors.push_back("kernel.accumulator: an f32_scratch accumulator is TPU VMEM; " +
                         target.id + " has none");
    if (errors.size() > before) return std::nullopt;

    if (kernel.body == "matmul") return matmul(r, ops);
    if (kernel.body == "rowsum") return rowsum(r, ops);
    if (kernel.body == "softmax") return softmax(ops);
    return elementwise(kernel.body, alpha, ops);
}

bool check_body_blocks(const std::string& body, const Instance& inst, const std::string& where,
                       std::vector<std::string>& errors) {
    interp::BodySetup setup;
    setup.instance = &inst;
    for (std::size_t i = 0; i < inst.operands.size(); ++i)
        (inst.operands[i].role == Role::Input ? setup.inputs : setup.outputs)
            .push_back(static_cast<int>(i));
    Diagnostics diags;
    if (interp::check_signature(body, setup, diags)) {
        std::vector<std::vector<std::int64_t>> in;
        for (std::size_t i = 0; i < setup.inputs.size(); ++i)
            in.push_back(interp::visible_block_shape(setup.in(i)));
        const auto out = interp::visible_block_shape(setup.out(0));
        const auto fail = [&](const std::string& what) {
            diags.push_back({"", interp::operand_path(setup.outputs[0]) + ".block_shape", 0, 0,
                             "the " + body + " body: " + what});
        };
        const bool rank2 = out.size() == 2 && in[0].size() == 2;
        if (body == "matmul") {
            if (!rank2 || in[1].size() != 2 || in[0][1] != in[1][0] || out[0] != in[0][0] ||
                out[1] != in[1][1])
                fail("blocks must be x (bm, bk), y (bk, bn) -> o (bm, bn); got x " +
                     interp::shape_text(in[0]) + ", y " + interp::shape_text(in[1]) + ", o " +
                     interp::shape_text(out));
        } else if (body == "transpose") {
            if (!rank2 || out[0] != in[0][1] || out[1] != in[0][0])
                fail("the o block " + interp::shape_text(out) + " must be the x block " +
                     interp::shape_text(in[0]) + " swapped");
        } else if (body == "rowsum") {
            const bool fits =
                in[0].size() == 2 && ((out.size() == 2 && out[0] == in[0][0] && out[1] == 1) ||
                                      (out.size() == 1 && out[0] == in[0][0]));
            if (!fits)
                fail("the o block " + interp::shape_text(out) + " must be one sum per row of " +
                     "the x block " + interp::shape_text(in[0]));
        } else {
            for (const auto& b : in)
                if (b != out)
                    fail("every block must have the o block's shape " + interp::shape_text(out) +
                         ", not " + interp::shape_text(b));
            if (body == "softmax" && !is_float(setup.out(0).dtype))
                fail("the output must have a float dtype");
        }
    }
    for (const auto& d : diags) errors.push_back(where + ": " + d.path + ": " + d.message);
    return diags.empty();
}

}  // namespace tl::bench
