#pragma once
// Helpers for the interpreter suites: specs written as JSON values, loaded and resolved.
#include <gtest/gtest.h>

#include <string>

#include "core/interp/interpreter.h"
#include "core/interp/numerics.h"
#include "core/spec/instance.h"
#include "core/spec/spec.h"
#include "core/spec/spec_io.h"

namespace tl::test {

inline Spec load(const Json& j) {
    LoadResult r = load_spec(j.dump(), "test.tilelens.json");
    if (!r.spec) {
        ADD_FAILURE() << join(r.errors);
        return {};
    }
    return *r.spec;
}

inline Instance resolve_or_fail(const Spec& s) {
    ResolveResult r = resolve(s);
    if (!r.instance) {
        ADD_FAILURE() << join(r.errors);
        return {};
    }
    return *r.instance;
}

inline Json operand(const std::string& name, const std::string& role, Json shape,
                    const std::string& dtype, Json block, const std::string& map) {
    Json o = {{"name", name}, {"role", role}, {"shape", shape}, {"dtype", dtype}};
    if (!block.is_null()) o["block_shape"] = block;
    if (!map.empty()) o["index_map"] = map;
    return o;
}

// The tiled matmul of the Pallas guide: grid (cdiv(M, bm), cdiv(N, bn), cdiv(K, bk)),
// reduction axis 2.
inline Json matmul_spec(std::int64_t m, std::int64_t n, std::int64_t k, std::int64_t bm,
                        std::int64_t bn, std::int64_t bk, const std::string& dtype = "float32",
                        const std::string& out_dtype = "") {
    Json j = {{"tilelens", 1},
              {"name", "mm"},
              {"params", {{"M", m}, {"N", n}, {"K", k}, {"bm", bm}, {"bn", bn}, {"bk", bk}}},
              {"grid", {"cdiv(M, bm)", "cdiv(N, bn)", "cdiv(K, bk)"}}};
    j["operands"] = Json::array(
        {operand("x", "input", {"M", "K"}, dtype, {"bm", "bk"}, "lambda i, j, k: (i, k)"),
         operand("y", "input", {"K", "N"}, dtype, {"bk", "bn"}, "lambda i, j, k: (k, j)"),
         operand("o", "output", {"M", "N"}, out_dtype.empty() ? dtype : out_dtype, {"bm", "bn"},
                 "lambda i, j, k: (i, j)")});
    j["kernel"] = {{"body", "matmul"}, {"reduction_axis", 2}};
    return j;
}

inline void set_policy(Json& j, const std::string& uninitialized,
                       const std::string& revisit = "tpu") {
    j["policy"] = {{"uninitialized", uninitialized}, {"revisit", revisit}};
}

inline NumericsResult numerics(const Json& j) {
    const Spec s = load(j);
    const Instance inst = resolve_or_fail(s);
    return check_numerics(inst, s);
}

inline std::string describe(const NumericsResult& r) {
    std::string s = join(r.errors);
    for (const auto& f : r.findings) s += "\n[" + f.cause + "] " + f.message;
    return s;
}

}  // namespace tl::test
