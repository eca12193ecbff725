#include "core/interp/compare.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace tl {

namespace {

// Room for results that underflow the output dtype (products of small f16 values).
double tiny(DType d) {
    return d == DType::Float16 ? 1e-7 : 1e-30;
}

double max_abs(const Buffer& b) {
    return dispatch_dtype(b.dtype(), [&](auto tag) {
        using T = typename decltype(tag)::type;
        const T* p = b.data<T>();
        double m = 0;
        for (std::int64_t i = 0; i < b.size(); ++i)
            if (const double v = to_double(p[i]); std::isfinite(v)) m = std::max(m, std::abs(v));
        return m;
    });
}

std::int64_t programs_along(const Instance& inst, const KernelSpec& kernel) {
    const auto it = kernel.options.find("reduction_axis");
    if (it == kernel.options.end() || !it->is_number_integer()) return 1;
    const auto a = it->get<std::int64_t>();
    if (a < 0 || a >= inst.grid_rank()) return 1;
    return std::max<std::int64_t>(1, inst.grid[static_cast<std::size_t>(a)]);
}

// Element by element: the errors, and `bad(i)` for each element outside the tolerance.
template <class T, class Bad>
void compare_values(const T* a, const double* r, std::int64_t n, const Tolerance& tol,
                    OutputComparison& c, Bad&& bad) {
    for (std::int64_t i = 0; i < n; ++i) {
        const double av = to_double(a[i]), rv = r[i];
        if (av == rv || (std::isnan(av) && std::isnan(rv))) continue;
        const double abs_err = std::abs(av - rv);
        const double rel_err =
            rv == 0 ? std::numeric_limits<double>::infinity() : abs_err / std::abs(rv);
        if (std::isnan(abs_err)) {
            c.max_abs_error = c.max_rel_error = std::numeric_limits<double>::quiet_NaN();
        } else if (!std::isnan(c.max_abs_error)) {
            c.max_abs_error = std::max(c.max_abs_error, abs_err);
            c.max_rel_error = std::max(c.max_rel_error, rel_err);
        }
        if (!(abs_err <= tol.atol + tol.rtol * std::abs(rv))) bad(i);
    }
}

}  // namespace

Tolerance default_tolerance(const Instance& inst, const KernelSpec& kernel, const RunResult& run,
                            std::size_t output) {
    // A run refused before it allocated (memory limit) has no data: no tolerance to derive.
    if (output >= run.output_operands.size() || run.inputs.empty()) return {};
    const auto& out = inst.operands[static_cast<std::size_t>(run.output_operands[output])];
    if (!is_float(out.dtype)) return {0, 0};
    bool f64 = out.dtype == DType::Float64;
    for (const auto& b : run.inputs) f64 = f64 || b.dtype() == DType::Float64;
    const double e_acc = f64 ? dtype_epsilon(DType::Float64) : dtype_epsilon(DType::Float32);
    // Rounding to a narrower output dtype than the accumulator (bf16, f16).
    const double e_out = dtype_epsilon(out.dtype) > e_acc ? dtype_epsilon(out.dtype) : 0;
    Tolerance t{dtype_base_rtol(out.dtype), tiny(out.dtype)};
    const std::string& body = kernel.body;
    const auto in = [&](std::size_t i) -> const Buffer& { return run.inputs[i]; };
    const std::size_t needed = body == "attention" ? 3 : body == "matmul" ? 2 : 1;
    if (run.inputs.size() < needed) return t;
    if (body == "matmul" || body == "rowsum") {
        const bool mm = body == "matmul";
        const double k = static_cast<double>(in(0).shape().back());
        const double mag = max_abs(in(0)) * (mm ? max_abs(in(1)) : 1.0);
        const auto acc = kernel.options.find("accumulator");
        const bool scratch = mm && acc != kernel.options.end() && acc->is_string() &&
                             acc->get<std::string>() == "f32_scratch";
        const double steps = scratch ? 1.0 : static_cast<double>(programs_along(inst, kernel));
        t.atol += e_acc * k * mag + 2 * e_out * std::sqrt(k * steps) * mag;
    } else if (body == "softmax") {
        const double c = static_cast<double>(in(0).shape().back());
        t.rtol += 4 * e_acc * std::sqrt(c);
        t.atol += e_out * 1e-3;
    } else if (body == "attention") {
        const double d = static_cast<double>(in(0).shape().back());
        const double len = static_cast<double>(in(1).shape().front());
        const double mv = max_abs(in(2));
        t.atol += 2 * e_acc * (4 * std::sqrt(d) * max_abs(in(0)) * max_abs(in(1)) + len) * mv +
                  2 * e_out * mv;
    }
    return t;
}

Tolerance output_tolerance(const Instance& inst, const std::optional<Tolerance>& stated,
                           const KernelSpec* kernel, const RunResult& run, std::size_t output) {
    if (stated) return *stated;
    return kernel ? default_tolerance(inst, *kernel, run, output) : Tolerance{};
}

OutputComparison compare_output(const Buffer& out, const Buffer& ref, const Tolerance& tol) {
    OutputComparison c;
    c.elements = out.size();
    c.tolerance = tol;
    c.mismatch.assign(static_cast<std::size_t>(out.size()), 0);
    const auto bad = [&](std::int64_t i) {
        c.mismatch[static_cast<std::size_t>(i)] = 1;
        if (c.mismatches++ == 0) c.first = i;
    };
    if (!is_float(ref.dtype())) {
        for (std::int64_t i = 0; i < out.size(); ++i) {
            const std::int64_t a = out.get_int(i), r = ref.get_int(i);
            if (a == r) continue;
            const double abs_err = std::abs(static_cast<double>(a) - static_cast<double>(r));
            c.max_abs_error = std::max(c.max_abs_error, abs_err);
            c.max_rel_error =
                std::max(c.max_rel_error, r == 0 ? std::numeric_limits<double>::infinity()
                                                 : abs_err / std::abs(static_cast<double>(r)));
            bad(i);
        }
        return c;
    }
    // Float references are float64: one dispatch on the output's dtype for the whole array.
    std::vector<double> ref_copy;
    const double* r =
        ref.dtype() == DType::Float64 ? ref.data<double>() : (ref_copy = ref.to_doubles()).data();
    dispatch_dtype(out.dtype(), [&](auto tag) {
        using T = typename decltype(tag)::type;
        compare_values(out.data<T>(), r, out.size(), tol, c, bad);
    });
    return c;
}

}  // namespace tl
