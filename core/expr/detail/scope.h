#pragma once
// The names an expression can see, how each one resolves, and the "did you mean" hint.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/expr/expr.h"

namespace tl::expr::detail {

struct Resolved {
    enum Kind { None, GridIndex, ArrayParam, Param, EnvArray, Function } kind = None;
    int index = 0;           // grid index or array number
    std::int64_t value = 0;  // a param's value
};

struct Function {
    enum Kind { CDiv, Min, Max, Abs, Where, Div, Rem } kind;
    std::string_view name;
    int min_args;
    int max_args;  // -1: any number
};

// The built-in functions, with pl.cdiv, jnp.minimum/maximum, jnp.where, lax.select, lax.div
// and lax.rem spelled as in real kernels.
const std::vector<Function>& functions();
const Function* find_function(std::string_view name);

class Scope {
public:
    // `lambda_params` are the lambda's parameters (none for a plain expression): the first
    // `grid_rank` are grid indices, the rest bind to env.arrays in order.
    // `star` names a variadic last parameter (`*rest`); its arguments are the unnamed (empty)
    // entries of lambda_params.
    Scope(const Env& env, std::vector<std::string> lambda_params, int grid_rank, bool lambda,
          std::string star = {});

    Resolved resolve(const std::string& name) const;
    int arity() const { return static_cast<int>(params_.size()); }
    const std::vector<std::string>& params() const { return params_; }
    const Env& env() const { return env_; }
    const std::string& star() const { return star_; }

    // The argument a scalar-prefetch array arrives in, or -1 outside a lambda.
    int array_argument(int array) const { return lambda_ ? grid_rank_ + array : -1; }

    // "unknown name 'kk'; did you mean 'k'?" or, without a close match, the names in scope.
    std::string unknown_name(const std::string& name) const;
    std::string unknown_function(const std::string& name) const;

private:
    const Env& env_;
    std::vector<std::string> params_;
    int grid_rank_ = 0;
    bool lambda_ = false;
    std::string star_;
};

// The closest candidate within edit distance 2 (ignoring case counts as distance 0), or
// an empty string.
std::string closest(const std::string& name, const std::vector<std::string>& candidates);

}  // namespace tl::expr::detail
