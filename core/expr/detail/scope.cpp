#include "core/expr/detail/scope.h"

#include <algorithm>
#include <cctype>
#include <utility>

namespace tl::expr::detail {
namespace {

// Optimal string alignment distance: edits, with a swap of neighbours counting as one.
int distance(const std::string& a, const std::string& b) {
    const std::size_t n = a.size(), m = b.size();
    std::vector<std::vector<int>> d(n + 1, std::vector<int>(m + 1));
    for (std::size_t i = 0; i <= n; ++i) d[i][0] = static_cast<int>(i);
    for (std::size_t j = 0; j <= m; ++j) d[0][j] = static_cast<int>(j);
    for (std::size_t i = 1; i <= n; ++i) {
        for (std::size_t j = 1; j <= m; ++j) {
            const int cost = a[i - 1] == b[j - 1] ? 0 : 1;
            d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost});
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
                d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
        }
    }
    return d[n][m];
}

std::string lower(std::string s) {
    for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

std::string list(const std::vector<std::string>& names) {
    constexpr std::size_t kShown = 12;
    std::string out;
    for (std::size_t i = 0; i < names.size() && i < kShown; ++i) out += (i ? ", " : "") + names[i];
    if (names.size() > kShown) out += ", ...";
    return out;
}

}  // namespace

const std::vector<Function>& functions() {
    static const std::vector<Function> kFunctions{
        {Function::CDiv, "cdiv", 2, 2},        {Function::CDiv, "pl.cdiv", 2, 2},
        {Function::Min, "min", 2, -1},         {Function::Max, "max", 2, -1},
        {Function::Abs, "abs", 1, 1},          {Function::Min, "jnp.minimum", 2, 2},
        {Function::Max, "jnp.maximum", 2, 2},  {Function::Where, "jnp.where", 3, 3},
        {Function::Where, "lax.select", 3, 3}, {Function::Div, "lax.div", 2, 2},
        {Function::Rem, "lax.rem", 2, 2},
    };
    return kFunctions;
}

const Function* find_function(std::string_view name) {
    for (const Function& f : functions()) {
        if (f.name == name) return &f;
    }
    return nullptr;
}

std::string closest(const std::string& name, const std::vector<std::string>& candidates) {
    std::string best;
    int best_distance = 3;
    for (const std::string& c : candidates) {
        const int d = lower(c) == lower(name) ? 0 : distance(name, c);
        // A one-letter name is "close" to every other one-letter name: no hint there.
        const bool meaningful = d < static_cast<int>(std::max(name.size(), c.size()));
        if (d < best_distance && meaningful && c != name) {
            best = c;
            best_distance = d;
        }
    }
    return best;
}

Scope::Scope(const Env& env, std::vector<std::string> lambda_params, int grid_rank, bool lambda,
             std::string star)
    : env_(env),
      params_(std::move(lambda_params)),
      grid_rank_(grid_rank),
      lambda_(lambda),
      star_(std::move(star)) {}

Resolved Scope::resolve(const std::string& name) const {
    for (std::size_t i = 0; i < params_.size(); ++i) {
        if (params_[i].empty() || params_[i] != name) continue;
        const int index = static_cast<int>(i);
        if (index < grid_rank_) return {Resolved::GridIndex, index, 0};
        return {Resolved::ArrayParam, index - grid_rank_, 0};
    }
    if (env_.params) {
        const auto it = env_.params->find(name);
        if (it != env_.params->end()) return {Resolved::Param, 0, it->second};
    }
    for (std::size_t a = 0; a < env_.arrays.size(); ++a) {
        if (env_.arrays[a].name == name) return {Resolved::EnvArray, static_cast<int>(a), 0};
    }
    if (find_function(name)) return {Resolved::Function, 0, 0};
    return {};
}

std::string Scope::unknown_name(const std::string& name) const {
    std::vector<std::string> names;
    for (const auto& p : params_)
        if (!p.empty()) names.push_back(p);
    if (env_.params) {
        for (const auto& [param, value] : *env_.params) names.push_back(param);
    }
    for (const auto& table : env_.arrays) names.push_back(table.name);
    std::string message = "unknown name '" + name + "'";
    const std::string hint = closest(name, names);
    if (!hint.empty()) return message + "; did you mean '" + hint + "'?";
    if (!names.empty()) return message + "; names in scope: " + list(names);
    return message;
}

std::string Scope::unknown_function(const std::string& name) const {
    std::vector<std::string> names;
    for (const Function& f : functions()) names.emplace_back(f.name);
    std::string message = "unknown function '" + name + "'";
    const std::string hint = closest(name, names);
    if (!hint.empty()) return message + "; did you mean '" + hint + "'?";
    return message + "; the functions are " + list(names);
}

}  // namespace tl::expr::detail
