#pragma once
// Shared by the expression tests: evaluate, compile and run, failing the test on an error.
#include <gtest/gtest.h>

#include <cstdint>
#include <string_view>
#include <variant>
#include <vector>

#include "core/expr/expr.h"

namespace tl::expr::test {

inline std::int64_t value(std::string_view text, const Env& env = {}) {
    auto r = evaluate(text, env);
    if (auto* e = std::get_if<Error>(&r)) {
        ADD_FAILURE() << text << ": " << e->message;
        return -999;
    }
    return std::get<std::int64_t>(r);
}

inline Compiled lambda(std::string_view text, const Env& env, int rank, int results) {
    auto r = compile_lambda(text, env, rank, results);
    if (auto* e = std::get_if<Error>(&r)) {
        ADD_FAILURE() << text << ": " << e->message;
        return {};
    }
    return std::get<Compiled>(r);
}

inline std::vector<std::int64_t> run(const Compiled& c, std::vector<std::int64_t> args) {
    std::vector<std::int64_t> out(static_cast<std::size_t>(c.results()), -999);
    Error err;
    EXPECT_TRUE(c.eval(args.data(), out.data(), &err)) << err.message;
    return out;
}

}  // namespace tl::expr::test
