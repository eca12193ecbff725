#pragma once
// How an integer expression grows with one name (docs/semantics.md, "Proofs for every
// size"): f is quasi-linear in x when f(x + period) == f(x) + slope * period for every x,
// with slope = num / den. Sums, products by constants, floor division, `%`, `cdiv` by
// constants, and `min`/`max` of terms of equal slope stay quasi-linear; an affine map is
// quasi-linear with period 1 and an integer slope. A quasi-linear function is known
// everywhere from one period and its slope, which is what turns a check over one period into
// a proof for every size.
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>

namespace tl::expr {

struct QuasiLinear {
    std::int64_t num = 0, den = 1;  // the slope, den > 0, in lowest terms
    std::int64_t period = 1;
    bool constant() const { return num == 0 && period == 1; }
    bool affine() const { return den == 1 && period == 1; }
};

// `text` (a plain expression) as a function of `symbol`; the other names are the `params`
// (constants). nullopt when it is not quasi-linear, names anything else, or the period would
// exceed `max_period`.
std::optional<QuasiLinear> quasi_linear(std::string_view text,
                                        const std::map<std::string, std::int64_t>& params,
                                        std::string_view symbol,
                                        std::int64_t max_period = std::int64_t{1} << 20);

// Result `result` of the lambda `text` as a function of its parameter number `param`; using
// any other lambda parameter, or a name outside `params`, gives nullopt.
std::optional<QuasiLinear> quasi_linear_result(std::string_view text,
                                               const std::map<std::string, std::int64_t>& params,
                                               int result, int param,
                                               std::int64_t max_period = std::int64_t{1} << 20);

}  // namespace tl::expr
