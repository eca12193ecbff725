#include "core/export/pallas_bodies.h"

#include <charconv>

#include "core/export/pallas_snippet.h"
#include "core/expr/python.h"

namespace tl {
namespace {

// `base` as an unused safe Python name, with trailing underscores where needed.
std::string fresh_local(std::string base, std::set<std::string>& used) {
    while (!py::is_safe_name(base) || used.count(base)) base += "_";
    used.insert(base);
    return base;
}

// A size as an operand of `+`, `*` or `<`: parenthesised unless it is a name or a number.
std::string atom(const std::string& code) {
    for (const char c : code)
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
              c == '_'))
            return "(" + code + ")";
    return code;
}

std::string python_float(double v) {
    char buf[64];
    const auto r = std::to_chars(buf, buf + sizeof buf, v);
    std::string s(buf, r.ptr);
    if (s.find_first_of(".en") == std::string::npos) s += ".0";
    return s;
}

// The dtype the interpreter computes in (core/interp/bodies/detail/common.h): float64 when
// any operand is, float32 when any is another float, else integers (int32 in JAX).
DType compute_dtype(std::initializer_list<DType> dtypes) {
    bool any_float = false;
    for (const DType d : dtypes) {
        if (d == DType::Float64) return DType::Float64;
        any_float = any_float || is_float(d);
    }
    return any_float ? DType::Float32 : DType::Int32;
}

// Integer and boolean operands all compute as integers; the same dtype needs no cast.
bool same_compute(DType d, DType comp) {
    return d == comp || (!is_float(d) && !is_float(comp));
}

// The block of `r` as a value of dtype `comp`.
std::string load(const BodyOperand& r, DType comp) {
    if (same_compute(r.dtype, comp)) return r.ref + "[...]";
    return r.ref + "[...].astype(" + python_dtype(comp) + ")";
}

// `value` (of dtype `comp`) as the value stored into `o`.
std::string stored(const BodyOperand& o, const std::string& value, DType comp) {
    if (o.dtype == comp) return value;
    return "(" + value + ").astype(" + o.ref + ".dtype)";
}

int axis_option(const Json& o, const char* name, int fallback) {
    const auto it = o.find(name);
    return it != o.end() && it->is_number_integer() ? it->get<int>() : fallback;
}

bool flag_option(const Json& o, const char* name) {
    const auto it = o.find(name);
    return it != o.end() && it->is_boolean() && it->get<bool>();
}

std::string pid(int axis) {
    return "pl.program_id(" + std::to_string(axis) + ")";
}
// The condition that holds at the axis's first step; "" when there is no axis (always).
std::string first_step(int axis) {
    return axis < 0 ? "" : pid(axis) + " == 0";
}
std::string last_step(int axis) {
    return axis < 0 ? "" : pid(axis) + " == pl.num_programs(" + std::to_string(axis) + ") - 1";
}

// The body's lines, at four spaces.
class Lines {
public:
    explicit Lines(std::set<std::string>& used) : used_(used) {}

    void line(const std::string& text) { code_ += gap() + "    " + text + "\n"; }
    void comment(const std::string& text) { code_ += gap() + python_comment(text, 92, "    "); }
    // `body` under `@pl.when(cond)` in a function named after `name`; as it is when `cond`
    // is empty (always true).
    void when(const std::string& cond, const std::string& name,
              const std::vector<std::string>& body) {
        if (cond.empty()) {
            for (const auto& b : body) line(b);
            return;
        }
        const std::string f = fresh_local(name, used_);
        code_ += "\n    @pl.when(" + cond + ")\n    def " + f + "():\n";
        for (const auto& b : body) code_ += "        " + b + "\n";
        gap_ = true;
    }
    std::string name(const std::string& base) { return fresh_local(base, used_); }
    std::string code() const { return code_; }

private:
    // A blank line after a `pl.when` function, before what follows it.
    std::string gap() {
        const bool g = gap_;
        gap_ = false;
        return g ? "\n" : "";
    }

    std::set<std::string>& used_;
    std::string code_;
    bool gap_ = false;
};

// ", summed over grid axis 2 and zeroed at its first step." for the reduction and init axes.
std::string axes_text(int reduction, int init) {
    if (reduction >= 0 && init == reduction)
        return ", summed over grid axis " + std::to_string(reduction) +
               " and zeroed at its first step.";
    std::string out;
    if (reduction >= 0) out += ", summed over grid axis " + std::to_string(reduction);
    if (init >= 0) out += ", zeroed at the first step of grid axis " + std::to_string(init);
    return out + ".";
}

PallasBody stub(const std::string& body, const std::string& why) {
    return {python_comment("The spec's built-in body is " + body + "; " + why +
                               " Write the kernel's body here.",
                           92, "    ") +
                "    pass\n",
            {}};
}

// Sets the elements of `value` (a block, traced) whose index along `dim`, counted from `start`
// ("" for 0), reaches `extent` to `fill`; the index is called `index`.
void mask(Lines& l, const std::string& value, const std::string& start, int dim,
          const std::string& extent, const std::string& fill, const std::string& index) {
    const std::string i = l.name(index);
    l.line(i + " = " + (start.empty() ? "" : start + " + ") +
           "jax.lax.broadcasted_iota(jnp.int32, " + value + ".shape, " + std::to_string(dim) + ")");
    l.line(value + " = jnp.where(" + i + " < " + atom(extent) + ", " + value + ", " + fill + ")");
}

// The first element of the block along grid axis `axis`'s blocks of `block`: a local variable
// `name` (set here), or "" without an axis.
std::string block_start(Lines& l, int axis, const std::string& block, const std::string& name) {
    if (axis < 0) return "";
    const std::string v = l.name(name);
    l.line(v + " = " + pid(axis) + " * " + atom(block));
    return v;
}

// The spec's first float32 VMEM scratch of the block's shape, else one the body adds.
std::string f32_accumulator(const BodyInput& in, const std::vector<std::string>& shape, Lines& l,
                            PallasBody& b) {
    for (const auto& s : in.scratch)
        if (s.vmem_buffer && s.dtype == DType::Float32 && s.shape == shape) return s.ref;
    const std::string ref = l.name("acc");
    b.scratch.push_back({ref, "pltpu.VMEM((" + shape[0] + ", " + shape[1] + "), jnp.float32)"});
    return ref;
}

bool ranks_are(const std::vector<BodyOperand>& ops, std::size_t rank) {
    for (const auto& op : ops)
        if (op.block.size() != rank) return false;
    return true;
}

PallasBody elementwise(const std::string& name, const BodyInput& in, std::set<std::string>& used,
                       double alpha) {
    const BodyOperand& x = in.inputs[0];
    const BodyOperand& o = in.outputs[0];
    DType comp = compute_dtype({o.dtype, x.dtype, in.inputs.back().dtype});
    if (name == "scale" && !is_float(comp)) comp = DType::Float32;
    Lines l(used);
    const std::string a = load(x, comp);
    const std::string b = in.inputs.size() > 1 ? load(in.inputs[1], comp) : "";
    std::string value = a;
    if (name == "add") value = a + " + " + b;
    if (name == "sub") value = a + " - " + b;
    if (name == "mul") value = a + " * " + b;
    if (name == "max") value = "jnp.maximum(" + a + ", " + b + ")";  // NaN wins, as in TileLens
    if (name == "scale") value = python_float(alpha) + " * " + a;
    l.comment("TileLens's " + name + " body: element by element over the block.");
    if (name == "scale" && !is_float(o.dtype))
        l.comment(
            "The factor is applied in float32 and truncated on store (TileLens: in "
            "float64).");
    l.line(o.ref + "[...] = " + stored(o, value, comp));
    return {l.code(), {}};
}

PallasBody transpose(const BodyInput& in, std::set<std::string>& used) {
    const BodyOperand& x = in.inputs[0];
    const BodyOperand& o = in.outputs[0];
    if (!ranks_are(in.inputs, 2) || !ranks_are(in.outputs, 2))
        return stub("transpose", "it needs rank-2 blocks, which TileLens's interpreter checks.");
    const DType comp = compute_dtype({x.dtype, o.dtype});
    Lines l(used);
    l.comment("TileLens's transpose body: the block transposed.");
    l.line(o.ref + "[...] = " + stored(o, load(x, comp) + ".T", comp));
    return {l.code(), {}};
}

PallasBody softmax(const BodyInput& in, std::set<std::string>& used) {
    const BodyOperand& x = in.inputs[0];
    const BodyOperand& o = in.outputs[0];
    if (x.block.empty()) return stub("softmax", "it needs a block of rank 1 or more.");
    const DType comp =
        compute_dtype({x.dtype, o.dtype}) == DType::Float64 ? DType::Float64 : DType::Float32;
    Lines l(used);
    const std::string v = l.name("v"), e = l.name("e");
    l.comment(
        "TileLens's softmax body: each row of the block, as far as the block reaches "
        "(right only when the block spans whole rows).");
    l.line(v + " = " + load(x, comp));
    l.line(e + " = jnp.exp(" + v + " - jnp.max(" + v + ", axis=-1, keepdims=True))");
    l.line(o.ref +
           "[...] = " + stored(o, e + " / jnp.sum(" + e + ", axis=-1, keepdims=True)", comp));
    return {l.code(), {}};
}

PallasBody rowsum(const BodyInput& in, std::set<std::string>& used) {
    const Json& opts = in.kernel->options;
    const int red = axis_option(opts, "reduction_axis", -1);
    const int init = axis_option(opts, "init_axis", red);
    const BodyOperand& x = in.inputs[0];
    const BodyOperand& o = in.outputs[0];
    if (x.block.size() != 2 || o.block.empty() || o.block.size() > 2)
        return stub("rowsum", "it needs a rank-2 x block and an (rows, 1) or (rows,) o block.");
    const DType comp = compute_dtype({x.dtype, o.dtype});
    Lines l(used);
    const std::string blk = l.name("block");
    l.comment("TileLens's rowsum body: " + o.ref + " += the sum of each row of the " + x.ref +
              " block" + axes_text(red, init));
    l.when(first_step(init), "init",
           {o.ref + "[...] = jnp.zeros(" + o.ref + ".shape, " + o.ref + ".dtype)"});
    l.line(blk + " = " + load(x, comp));
    if (flag_option(opts, "mask_tail")) {
        l.comment("The partial column block: columns past the array count as 0.");
        const std::string start = block_start(l, red, x.block[1], "c_start");
        mask(l, blk, start, 1, x.shape.back(), "0", "cols");
    }
    const std::string sum =
        "jnp.sum(" + blk + ", axis=1" + (o.block.size() == 2 ? ", keepdims=True)" : ")");
    if (init < 0)
        l.line(o.ref + "[...] = " + stored(o, sum, comp));
    else if (o.dtype == comp)
        l.line(o.ref + "[...] += " + sum);
    else
        l.line(o.ref + "[...] = " + stored(o, load(o, comp) + " + " + sum, comp));
    return {l.code(), {}};
}

PallasBody matmul(const BodyInput& in, std::set<std::string>& used) {
    const Json& opts = in.kernel->options;
    const int red = axis_option(opts, "reduction_axis", -1);
    const int init = axis_option(opts, "init_axis", red);
    const auto acc_it = opts.find("accumulator");
    const bool scratch = acc_it != opts.end() && *acc_it == "f32_scratch";
    if (!ranks_are(in.inputs, 2) || !ranks_are(in.outputs, 2))
        return stub("matmul", "it needs rank-2 blocks, which TileLens's interpreter checks.");
    const BodyOperand &x = in.inputs[0], &y = in.inputs[1], &o = in.outputs[0];
    const DType comp = compute_dtype({x.dtype, y.dtype, o.dtype});
    PallasBody b;
    Lines l(used);
    const std::string acc = scratch ? f32_accumulator(in, o.block, l, b) : o.ref;
    const std::string lhs = l.name("lhs"), rhs = l.name("rhs");
    l.comment("TileLens's matmul body: " + acc + " += " + x.ref + " @ " + y.ref +
              axes_text(red, init) +
              (scratch ? " " + o.ref + " gets the sum at the axis's last step." : ""));
    l.when(first_step(init), "init",
           {acc + "[...] = jnp.zeros(" + acc + ".shape, " + acc + ".dtype)"});
    l.line(lhs + " = " + x.ref + "[...]");
    l.line(rhs + " = " + y.ref + "[...]");
    if (flag_option(opts, "mask_k_tail")) {
        l.comment("The partial K block: both operands are zeroed past K.");
        const std::string start = block_start(l, red, x.block[1], "k_start");
        mask(l, lhs, start, 1, x.shape.back(), "0", "cols");
        mask(l, rhs, start, 0, y.shape.front(), "0", "rows");
    }
    const std::string prod =
        "jnp.dot(" + lhs + ", " + rhs + ", preferred_element_type=" + python_dtype(comp) + ")";
    if (scratch) {
        l.line(acc + "[...] += " + prod);
        l.when(last_step(red), "store",
               {o.ref + "[...] = " + acc + "[...].astype(" + o.ref + ".dtype)"});
    } else if (o.dtype == comp) {
        l.line(o.ref + "[...] += " + prod);
    } else {
        l.comment("o's dtype is narrower: the partial sum is rounded to it on every step.");
        l.line(o.ref + "[...] = " + stored(o, load(o, comp) + " + " + prod, comp));
    }
    b.code = l.code();
    return b;
}

// The flash-attention scratch: running max m and sum l per row, and the accumulator.
struct AttentionScratch {
    std::string m, l, acc;
};

AttentionScratch attention_scratch(const BodyOperand& q, const BodyOperand& o, Lines& lines,
                                   PallasBody& b) {
    AttentionScratch s{lines.name("m_scratch"), lines.name("l_scratch"), lines.name("acc_scratch")};
    const std::string rows = "pltpu.VMEM((" + q.block[0] + ", 1), jnp.float32)";
    b.scratch.push_back({s.m, rows});
    b.scratch.push_back({s.l, rows});
    b.scratch.push_back(
        {s.acc, "pltpu.VMEM((" + o.block[0] + ", " + o.block[1] + "), jnp.float32)"});
    return s;
}

PallasBody attention(const BodyInput& in, std::set<std::string>& used) {
    const Json& opts = in.kernel->options;
    const int kv = axis_option(opts, "reduction_axis", -1);
    if (!ranks_are(in.inputs, 2) || !ranks_are(in.outputs, 2))
        return stub("attention", "it needs rank-2 blocks, which TileLens's interpreter checks.");
    const BodyOperand &q = in.inputs[0], &k = in.inputs[1], &v = in.inputs[2], &o = in.outputs[0];
    const DType comp = compute_dtype({q.dtype, k.dtype, v.dtype, o.dtype}) == DType::Float64
                           ? DType::Float64
                           : DType::Float32;
    const std::string f = python_dtype(comp);
    PallasBody b;
    Lines l(used);
    const AttentionScratch sc = attention_scratch(q, o, l, b);
    const std::string s = l.name("s"), vb = l.name("v_blk"), m_prev = l.name("m_prev"),
                      m_new = l.name("m_new"), alpha = l.name("alpha"), p = l.name("p");
    l.comment(
        "TileLens's attention body: softmax(q k^T / sqrt(D)) v with the online softmax "
        "of flash attention over the kv blocks" +
        std::string(kv < 0 ? "." : " (grid axis " + std::to_string(kv) + ")."));
    l.when(first_step(kv), "init",
           {sc.m + "[...] = jnp.full(" + sc.m + ".shape, -jnp.inf, " + f + ")",
            sc.l + "[...] = jnp.zeros(" + sc.l + ".shape, " + f + ")",
            sc.acc + "[...] = jnp.zeros(" + sc.acc + ".shape, " + f + ")"});
    l.line(s + " = jnp.dot(" + load(q, comp) + ", " + load(k, comp) +
           ".T, preferred_element_type=" + f + ") * (1.0 / " + atom(q.shape.back()) + " ** 0.5)");
    l.line(vb + " = " + load(v, comp));
    if (flag_option(opts, "mask_kv_tail")) {
        l.comment("The partial kv block: its scores are -inf and its v rows 0.");
        const std::string start = block_start(l, kv, k.block[0], "kv_start");
        mask(l, s, start, 1, k.shape.front(), "-jnp.inf", "cols");
        mask(l, vb, start, 0, k.shape.front(), "0", "rows");
    }
    l.line(m_prev + " = " + sc.m + "[...]");
    l.line(m_new + " = jnp.maximum(" + m_prev + ", jnp.max(" + s + ", axis=1, keepdims=True))");
    l.line(alpha + " = jnp.exp(" + m_prev + " - " + m_new + ")");
    l.line(p + " = jnp.exp(" + s + " - " + m_new + ")");
    l.line(sc.l + "[...] = " + alpha + " * " + sc.l + "[...] + jnp.sum(" + p +
           ", axis=1, keepdims=True)");
    l.line(sc.acc + "[...] = " + alpha + " * " + sc.acc + "[...] + jnp.dot(" + p + ", " + vb +
           ", preferred_element_type=" + f + ")");
    l.line(sc.m + "[...] = " + m_new);
    l.when(last_step(kv), "store",
           {o.ref + "[...] = " + stored(o, sc.acc + "[...] / " + sc.l + "[...]", comp)});
    b.code = l.code();
    return b;
}

}  // namespace

std::string python_dtype(DType d) {
    const std::string_view name = to_string(d);
    return name == "bool" ? "jnp.bool_" : "jnp." + std::string(name);
}

PallasBody pallas_body(const BodyInput& in, std::set<std::string>& used) {
    if (!in.kernel) return {"    # Write the kernel's body here.\n    pass\n", {}};
    const std::string& name = in.kernel->body;
    for (const auto* ops : {&in.inputs, &in.outputs})
        for (const auto& op : *ops)
            if (op.manual)
                return stub(name, "'" + op.ref +
                                      "' is in HBM (memory space any/hbm), which the built-in "
                                      "bodies do not read as a block.");
    if (in.outputs.size() != 1)
        return stub(name, "the spec's operands do not fit it: it writes one output.");
    if (name == "matmul" && in.inputs.size() == 2) return matmul(in, used);
    if (name == "rowsum" && in.inputs.size() == 1) return rowsum(in, used);
    if (name == "softmax" && in.inputs.size() == 1) return softmax(in, used);
    if (name == "transpose" && in.inputs.size() == 1) return transpose(in, used);
    if (name == "attention" && in.inputs.size() == 3) return attention(in, used);
    const bool binary = name == "add" || name == "sub" || name == "mul" || name == "max";
    if ((binary && in.inputs.size() == 2) ||
        ((name == "copy" || name == "scale") && in.inputs.size() == 1)) {
        const auto alpha = in.kernel->options.find("alpha");
        const double a =
            alpha != in.kernel->options.end() && alpha->is_number() ? alpha->get<double>() : 1.0;
        return elementwise(name, in, used, a);
    }
    return stub(name, "the spec's operands do not fit it.");
}

}  // namespace tl
