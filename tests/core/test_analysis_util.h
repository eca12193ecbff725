#pragma once
// Hand-built instances for the analysis tests and benchmark.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <variant>
#include <vector>

#include "core/analysis/analysis.h"
#include "core/expr/expr.h"

namespace tl::testing {

inline ResolvedBlockDim blocked(std::int64_t b) {
    return {BlockDim::Kind::Blocked, b, 0, 0};
}
inline ResolvedBlockDim squeezed() {
    return {BlockDim::Kind::Squeezed, 1, 0, 0};
}
inline ResolvedBlockDim element(std::int64_t b, std::int64_t lo, std::int64_t hi) {
    return {BlockDim::Kind::Element, b, lo, hi};
}

inline expr::Compiled lambda(const std::string& text, int grid_rank, int results) {
    static const std::map<std::string, std::int64_t> no_params;
    expr::Env env;
    env.params = &no_params;
    auto r = expr::compile_lambda(text, env, grid_rank, results);
    if (auto* e = std::get_if<expr::Error>(&r)) {
        ADD_FAILURE() << text << ": " << e->message;
        return {};
    }
    return std::get<expr::Compiled>(r);
}

// `map` empty = no index map (all zeros).
inline ResolvedOperand operand(const std::string& name, Role role, std::vector<std::int64_t> shape,
                               std::vector<ResolvedBlockDim> block, const std::string& map,
                               int grid_rank, DType dtype = DType::Float32) {
    ResolvedOperand o;
    o.name = name;
    o.role = role;
    o.dtype = dtype;
    o.shape = std::move(shape);
    o.block = std::move(block);
    if (!map.empty()) o.index_map = lambda(map, grid_rank, o.rank());
    return o;
}

inline Instance grid_of(std::vector<std::int64_t> grid, std::vector<Semantics> sem = {}) {
    Instance inst;
    if (sem.empty()) sem.assign(grid.size(), Semantics::Arbitrary);
    inst.grid = std::move(grid);
    inst.semantics = std::move(sem);
    return inst;
}

// x(M, K) @ y(K, N) -> o(M, N) over the grid (gm, gn, gk), reduction axis last.
inline Instance matmul(std::int64_t m, std::int64_t n, std::int64_t k, std::int64_t bm,
                       std::int64_t bn, std::int64_t bk, std::vector<std::int64_t> grid) {
    Instance inst = grid_of(std::move(grid));
    inst.operands.push_back(
        operand("x", Role::Input, {m, k}, {blocked(bm), blocked(bk)}, "lambda i, j, k: (i, k)", 3));
    inst.operands.push_back(
        operand("y", Role::Input, {k, n}, {blocked(bk), blocked(bn)}, "lambda i, j, k: (k, j)", 3));
    inst.operands.push_back(operand("o", Role::Output, {m, n}, {blocked(bm), blocked(bn)},
                                    "lambda i, j, k: (i, j)", 3));
    return inst;
}

inline const Finding* find_kind(const Analysis& a, FindingKind kind,
                                const std::string& operand = "") {
    for (const Finding& f : a.findings())
        if (f.kind == kind && (operand.empty() || f.operand == operand)) return &f;
    return nullptr;
}

inline int count_kind(const Analysis& a, FindingKind kind) {
    int n = 0;
    for (const Finding& f : a.findings()) n += f.kind == kind;
    return n;
}

using V = std::vector<std::int64_t>;

// An analysis shared the way the views hold it.
inline std::shared_ptr<const Analysis> analysed(const Instance& inst) {
    return std::make_shared<const Analysis>(analyse(inst));
}

// The position in iteration order of the program at grid `coords`.
inline std::int64_t program_of(const Analysis& a, const V& coords) {
    return a.instance().ravel(coords.data());
}

inline V vec(std::span<const std::int64_t> s) {
    return V(s.begin(), s.end());
}

}  // namespace tl::testing
