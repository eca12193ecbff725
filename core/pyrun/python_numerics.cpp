#include "core/pyrun/python_numerics.h"

#include <array>
#include <cmath>
#include <limits>

#include "core/base/dtype.h"
#include "core/base/format.h"

namespace tl {
namespace {

enum Cause { kUninitialized, kPadding, kValue };

struct Group {
    std::int64_t count = 0, first = -1, never_written = 0;
    double max_abs = 0, max_rel = 0;
};

std::vector<std::int64_t> unravel(std::int64_t linear, const std::vector<std::int64_t>& shape) {
    std::vector<std::int64_t> idx(shape.size());
    for (std::size_t d = shape.size(); d-- > 0;) {
        idx[d] = shape[d] ? linear % shape[d] : 0;
        linear = shape[d] ? linear / shape[d] : 0;
    }
    return idx;
}

std::string names_text(const std::vector<std::string>& names) {
    std::string s;
    for (std::size_t i = 0; i < names.size(); ++i)
        s += (i == 0 ? "" : i + 1 == names.size() ? " and " : ", ") + ("'" + names[i] + "'");
    return s;
}

std::string fix_for(Cause c, bool never_written, const std::vector<std::string>& padded) {
    if (c == kUninitialized && never_written)
        return ". No program writes it, so it keeps uninitialised memory: make the grid cover "
               "every block (cdiv(dim, block) for each grid size) and check the output's index map";
    if (c == kUninitialized)
        return ". The program that wrote it back started from uninitialised memory: initialise "
               "the accumulator at the first step of the reduction (pl.when(pl.program_id(k) == "
               "0)), and keep the reduction axis last so that each output block is visited once";
    if (c == kPadding)
        return ". Padding read past the edge of " + names_text(padded) +
               " reached valid outputs: mask the tail (compare a broadcasted_iota with the true "
               "size and use jnp.where), or choose block sizes that divide the array";
    return ". The body computes something other than python.reference: check the body, the "
           "index maps and the reference's arguments";
}

// A returned leaf the wrapper transformed, against the reference's leaf.
std::optional<Finding> returned_finding(const PythonRun::ReturnedCheck& c, const Tolerance& tol,
                                        PythonNumerics& n) {
    if (c.returned.size() != c.reference.size()) {
        Finding f;
        f.kind = FindingKind::NumericalMismatch;
        f.cause = "value";
        f.message = "the wrapper's return value (leaf " + std::to_string(c.leaf) + ") has " +
                    std::to_string(c.returned.size()) + " elements and python.reference's " +
                    std::to_string(c.reference.size()) +
                    ": make the reference return what the wrapper returns, in order";
        return f;
    }
    std::int64_t bad = 0, first = -1;
    double worst_abs = 0, worst_rel = 0;
    for (std::int64_t i = 0; i < c.returned.size(); ++i) {
        const double a = c.returned.values[static_cast<std::size_t>(i)];
        const double b = c.reference.values[static_cast<std::size_t>(i)];
        const bool both_nan = std::isnan(a) && std::isnan(b);
        const double err = std::abs(a - b);
        if (!both_nan) {
            n.max_abs_error = std::isnan(err) ? err : std::max(n.max_abs_error, err);
            if (b != 0) n.max_rel_error = std::max(n.max_rel_error, err / std::abs(b));
            worst_abs = std::isnan(err) ? err : std::max(worst_abs, err);
            if (b != 0) worst_rel = std::max(worst_rel, err / std::abs(b));
        }
        if (!both_nan && (std::isnan(err) || err > tol.atol + tol.rtol * std::abs(b))) {
            if (first < 0) first = i;
            ++bad;
        }
    }
    if (bad == 0) return std::nullopt;
    Finding f;
    f.kind = FindingKind::NumericalMismatch;
    f.cause = "value";
    f.count = bad;
    f.message = std::to_string(bad) + " of " + std::to_string(c.returned.size()) +
                " elements of the wrapper's return value (leaf " + std::to_string(c.leaf) +
                ") differ from python.reference, first at flat index " + std::to_string(first) +
                " (max abs error " + format_value(worst_abs) + ", max rel error " +
                format_value(worst_rel) + "; tolerance " + format_value(tol.atol) + " + " +
                format_value(tol.rtol) +
                "·|ref|). The wrapper transforms the kernel's output before returning it, so the "
                "mismatch is not mapped back to programs";
    return f;
}

}  // namespace

Tolerance python_default_tolerance(DType dtype, const NpyArray& reference) {
    double r = 0;
    switch (dtype) {
        case DType::Float64:
            r = 1e-10;
            break;
        case DType::Float32:
            r = 1e-5;
            break;
        case DType::Float16:
            r = 4e-3;
            break;
        case DType::BFloat16:
            r = 2e-2;
            break;
        case DType::Float8E4M3FN:
        case DType::Float8E5M2:
            r = 0.25;
            break;
        default:
            return {};
    }
    double scale = 0;
    for (const double v : reference.values)
        if (std::isfinite(v)) scale = std::max(scale, std::abs(v));
    return Tolerance{r, r * scale};
}

namespace {

// One output's arrays and how it is judged.
struct OutputArrays {
    const ResolvedOperand& op;
    const NpyArray& out;
    const NpyArray& ref;
    const NpyArray& writers;
    Tolerance tol;
};

// Compares element by element: the mismatches grouped by cause, the maxima into `n`.
std::array<Group, 3> group_mismatches(const OutputArrays& o, bool padded, PythonNumerics& n) {
    std::array<Group, 3> groups;
    for (std::int64_t i = 0; i < o.out.size(); ++i) {
        const double a = o.out.values[static_cast<std::size_t>(i)];
        const double b = o.ref.values[static_cast<std::size_t>(i)];
        const bool both_nan = std::isnan(a) && std::isnan(b);
        const double err = both_nan ? 0 : std::abs(a - b);
        const double rel = b != 0 ? err / std::abs(b) : err;
        const bool bad =
            !both_nan && (std::isnan(err) || err > o.tol.atol + o.tol.rtol * std::abs(b));
        if (std::isnan(err) && !both_nan) {
            n.max_abs_error = std::numeric_limits<double>::quiet_NaN();
        } else if (!std::isnan(n.max_abs_error)) {
            n.max_abs_error = std::max(n.max_abs_error, err);
            n.max_rel_error = std::max(n.max_rel_error, rel);
        }
        if (!bad) continue;
        // An output the body writes by hand (HBM, any) has no pipeline writers to go by.
        const bool never = !o.op.manual() && i < o.writers.size() &&
                           o.writers.values[static_cast<std::size_t>(i)] < 0;
        const Cause c = never                     ? kUninitialized
                        : std::isnan(a) && padded ? kPadding
                        : std::isnan(a)           ? kUninitialized
                                                  : kValue;
        Group& g = groups[c];
        if (g.first < 0) g.first = i;
        ++g.count;
        g.never_written += never ? 1 : 0;
        g.max_abs =
            std::isnan(err) || std::isnan(g.max_abs) ? std::nan("") : std::max(g.max_abs, err);
        g.max_rel =
            std::isnan(rel) || std::isnan(g.max_rel) ? std::nan("") : std::max(g.max_rel, rel);
    }
    return groups;
}

Finding group_finding(const Instance& inst, const OutputArrays& o, Cause c, const Group& g,
                      const std::vector<std::string>& padded_inputs) {
    Finding f;
    f.kind = FindingKind::NumericalMismatch;
    f.operand = o.op.name;
    f.count = g.count;
    f.element = unravel(g.first, o.op.shape);
    f.cause = c == kUninitialized ? "uninitialized" : c == kPadding ? "padding" : "value";
    const auto u = static_cast<std::size_t>(g.first);
    std::string msg =
        std::to_string(g.count) + " of " + std::to_string(o.out.size()) + " elements of '" +
        o.op.name + "' differ from python.reference (max abs error " + format_value(g.max_abs) +
        ", max rel error " + format_value(g.max_rel) + "; tolerance " + format_value(o.tol.atol) +
        " + " + format_value(o.tol.rtol) + "·|ref|); first " + o.op.name + "[" +
        format_index(f.element) + "] = " + format_value(o.out.values[u]) + ", expected " +
        format_value(o.ref.values[u]);
    const double w = u < o.writers.values.size() ? o.writers.values[u] : -1;
    if (w >= 0) {
        f.program = unravel(static_cast<std::int64_t>(w), inst.grid);
        msg += ", written back by program (" + format_index(f.program) + ")";
    }
    f.message = msg + fix_for(c, w < 0 && !o.op.manual(), padded_inputs);
    return f;
}

Finding size_finding(const ResolvedOperand& op, std::int64_t got, std::int64_t want) {
    Finding f;
    f.kind = FindingKind::NumericalMismatch;
    f.operand = op.name;
    f.cause = "value";
    f.message = "python.reference returned " + std::to_string(got) + " elements for '" + op.name +
                "', which has " + std::to_string(want) +
                ": make the reference return the kernel's outputs in order";
    return f;
}

}  // namespace

PythonNumerics compare_python_outputs(const Instance& inst, const PythonRun& run,
                                      const std::optional<Tolerance>& stated,
                                      const std::vector<std::string>& padded_inputs) {
    PythonNumerics n;
    std::vector<const ResolvedOperand*> outs;
    for (const auto& op : inst.operands)
        if (op.role == Role::Output) outs.push_back(&op);
    if (run.references.empty() && run.returned_checks.empty()) {
        n.why_not = "python.reference is not set (or returned nothing)";
        return n;
    }
    if (run.outputs.size() != outs.size() || run.writers.size() != outs.size()) {
        n.why_not = "the runner returned " + std::to_string(run.outputs.size()) +
                    " outputs for a call with " + std::to_string(outs.size());
        return n;
    }
    n.ran = true;
    const std::size_t compared = std::min(outs.size(), run.references.size());
    for (std::size_t k = 0; k < compared; ++k) {
        const ResolvedOperand& op = *outs[k];
        if (op.discard) continue;
        if (k < run.returned.size() && !run.returned[k]) {
            n.notes.push_back("output '" + op.name +
                              "' is not what the wrapper returns: not compared, as if marked "
                              "discard");
            continue;
        }
        const NpyArray& ref = run.references[k];
        if (ref.size() != run.outputs[k].size()) {
            n.findings.push_back(size_finding(op, ref.size(), run.outputs[k].size()));
            continue;
        }
        const OutputArrays o{op, run.outputs[k], ref, run.writers[k],
                             stated.value_or(python_default_tolerance(op.dtype, ref))};
        const auto groups = group_mismatches(o, !padded_inputs.empty(), n);
        for (int c = 0; c < 3; ++c)
            if (groups[static_cast<std::size_t>(c)].count > 0)
                n.findings.push_back(group_finding(inst, o, static_cast<Cause>(c),
                                                   groups[static_cast<std::size_t>(c)],
                                                   padded_inputs));
    }
    for (const auto& c : run.returned_checks) {
        // The returned leaf's own dtype (a wrapper may cast the kernel's f32 result to bf16).
        const DType d =
            parse_dtype(c.dtype).value_or(outs.empty() ? DType::Float32 : outs.front()->dtype);
        n.notes.push_back("the wrapper returns leaf " + std::to_string(c.leaf) +
                          " transformed from the kernel's outputs: it is compared with the "
                          "reference as a whole, not per program");
        if (auto f =
                returned_finding(c, stated.value_or(python_default_tolerance(d, c.reference)), n))
            n.findings.push_back(std::move(*f));
    }
    return n;
}

}  // namespace tl
