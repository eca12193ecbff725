// The format-2 spellings of index maps: variadic lambdas, multi-dimensional tables, jnp.where,
// lax.select, lax.div and lax.rem (docs/spec-format.md, "Expressions").
#include <gtest/gtest.h>

#include <variant>

#include "core/expr/expr.h"
#include "expr_test_util.h"

namespace tl::expr {
namespace {

using V = std::vector<std::int64_t>;

using test::lambda;
using test::run;
using test::value;

Error failure(const Compiled& c, V args) {
    V out(static_cast<std::size_t>(c.results()));
    Error err;
    EXPECT_FALSE(c.eval(args.data(), out.data(), &err));
    return err;
}

TEST(ExprV2, LaxDivAndRemTruncateTowardZero) {
    EXPECT_EQ(value("lax.div(-7, 2)"), -3);
    EXPECT_EQ(value("-7 // 2"), -4);
    EXPECT_EQ(value("lax.rem(-7, 2)"), -1);
    EXPECT_EQ(value("-7 % 2"), 1);
    EXPECT_EQ(value("lax.div(7, -2)"), -3);
    EXPECT_EQ(value("lax.rem(7, -2)"), 1);
    EXPECT_EQ(value("lax.rem(-9223372036854775807 - 1, -1)"), 0);
    // At run time, with arguments, the same rules and the same errors.
    const Compiled c = lambda("lambda a, b: (lax.div(a, b), lax.rem(a, b))", {}, 2, 2);
    EXPECT_EQ(run(c, {-7, 2}), (V{-3, -1}));
    EXPECT_EQ(run(c, {13, 4}), (V{3, 1}));
    EXPECT_EQ(failure(c, {5, 0}).message, "division by zero: lax.div(5, 0)");
    const auto overflow = failure(c, {INT64_MIN, -1}).message;
    EXPECT_NE(overflow.find("integer overflow"), std::string::npos) << overflow;
}

TEST(ExprV2, WhereAndSelectTakeOnlyTheChosenBranch) {
    EXPECT_EQ(value("jnp.where(1 < 2, 10, 20)"), 10);
    EXPECT_EQ(value("lax.select(0, 10, 20)"), 20);
    const Compiled c =
        lambda("lambda i, j: (jnp.where(i > j, i, j), lax.select(j, 7 // j, 0))", {}, 2, 2);
    EXPECT_EQ(run(c, {3, 5}), (V{5, 1}));
    EXPECT_EQ(run(c, {4, 0}), (V{4, 0}));  // 7 // 0 is not evaluated
    EXPECT_EQ(c.depends_on(0), 0b11u);
}

TEST(ExprV2, VariadicLambdasAbsorbTheRest) {
    Env env;
    env.arrays = {{"s", {4, 5, 6}}};
    const Compiled all = lambda("lambda *_: (0, 0)", env, 3, 2);
    EXPECT_EQ(all.arity(), 4);
    EXPECT_EQ(run(all, {1, 2, 3, 0}), (V{0, 0}));
    const Compiled some = lambda("lambda i, j, *rest: (j, i)", env, 3, 2);
    EXPECT_EQ(run(some, {1, 2, 3, 0}), (V{2, 1}));
    EXPECT_EQ(some.param_names(), (std::vector<std::string>{"i", "j", "", ""}));
    // Naming the table before the star keeps it usable.
    const Compiled named = lambda("lambda i, j, k, s, *_: (s[k],)", env, 3, 1);
    EXPECT_EQ(run(named, {0, 0, 2, 0}), (V{6}));
    // Too many named parameters is still an error, and so is using the star's name.
    EXPECT_TRUE(
        std::holds_alternative<Error>(compile_lambda("lambda a, b, c, d, e, *_: (a,)", env, 3, 1)));
    const auto used = compile_lambda("lambda i, *refs: (refs,)", env, 3, 1);
    ASSERT_TRUE(std::holds_alternative<Error>(used));
    EXPECT_NE(std::get<Error>(used).message.find("only absorbs"), std::string::npos);
    const auto late = compile_lambda("lambda *a, b: (b,)", env, 1, 1);
    ASSERT_TRUE(std::holds_alternative<Error>(late));
    EXPECT_NE(std::get<Error>(late).message.find("must be the last parameter"), std::string::npos);
}

TEST(ExprV2, MultiDimensionalTables) {
    Env env;
    env.arrays = {{"mask", {1, 0, 0, 1, 1, 1}, {2, 3}}, {"flat", {9, 8}}};
    const Compiled c =
        lambda("lambda i, j, mask, flat: (mask[i, j], mask[i][j] + flat[i])", env, 2, 2);
    EXPECT_EQ(run(c, {0, 0, 0, 0}), (V{1, 10}));
    EXPECT_EQ(run(c, {1, 2, 0, 0}), (V{1, 9}));
    EXPECT_EQ(run(c, {0, 1, 0, 0}), (V{0, 9}));
    // Each index is checked against its own dimension: [0, 3] would be in range of the
    // flattened values but is not a valid row-major position.
    EXPECT_EQ(failure(c, {0, 3, 0, 0}).message,
              "index 3 is out of range for dimension 1 of 'mask' (size 3)");
    EXPECT_EQ(failure(c, {2, 0, 0, 0}).message,
              "index 2 is out of range for dimension 0 of 'mask' (size 2)");
    // Constant subscripts fold.
    EXPECT_EQ(value("mask[1, 2] + mask[0][0]", env), 2);
    const auto partial = compile_lambda("lambda i, j, m, f: (m[i],)", env, 2, 1);
    ASSERT_TRUE(std::holds_alternative<Error>(partial));
    EXPECT_EQ(std::get<Error>(partial).message,
              "'m' has 2 dimensions; subscript it with 2 indices, got 1");
    // Reading a table makes the result depend on the table's argument.
    EXPECT_EQ(c.depends_on(0), 0b0111u);
}

TEST(ExprV2, RankZeroResults) {
    const Compiled c = lambda("lambda i: ()", {}, 1, 0);
    EXPECT_EQ(c.results(), 0);
    EXPECT_TRUE(run(c, {3}).empty());
}

}  // namespace
}  // namespace tl::expr
