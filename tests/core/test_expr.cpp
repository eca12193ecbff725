// Values of the expression language: Python's precedence and integer rules, params,
// scalar-prefetch arrays, lambdas, dependencies, and sharing a Compiled across threads.
// Expected values are worked out by hand from Python's definitions.
#include <gtest/gtest.h>

#include <atomic>
#include <map>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "core/expr/expr.h"
#include "expr_test_util.h"

namespace tl::expr {
namespace {

using test::lambda;
using test::run;
using test::value;

using V = std::vector<std::int64_t>;

TEST(Expr, ArithmeticPrecedence) {
    EXPECT_EQ(value("1 + 2 * 3"), 7);
    EXPECT_EQ(value("(1 + 2) * 3"), 9);
    EXPECT_EQ(value("7 - 2 - 1"), 4);       // left-associative
    EXPECT_EQ(value("100 // 10 // 3"), 3);  // (100 // 10) // 3
    EXPECT_EQ(value("2 * 3 % 4"), 2);       // (2 * 3) % 4
    EXPECT_EQ(value("2 + 3 % 4 * 5"), 17);  // 2 + ((3 % 4) * 5)
    EXPECT_EQ(value("-2 * 3"), -6);
    EXPECT_EQ(value("- 7 // 2"), -4);  // unary minus binds tighter: (-7) // 2
    EXPECT_EQ(value("-(7 // 2)"), -3);
    EXPECT_EQ(value("2 + -3"), -1);
    EXPECT_EQ(value("--5"), 5);
    EXPECT_EQ(value("+5"), 5);
    EXPECT_EQ(value("-+-5"), 5);
    EXPECT_EQ(value("  ( ( 4 ) )  "), 4);
}

TEST(Expr, FloorDivisionAndModuloFollowPython) {
    EXPECT_EQ(value("7 // 2"), 3);
    EXPECT_EQ(value("7 % 2"), 1);
    EXPECT_EQ(value("-7 // 2"), -4);
    EXPECT_EQ(value("-7 % 2"), 1);
    EXPECT_EQ(value("7 // -2"), -4);
    EXPECT_EQ(value("7 % -2"), -1);
    EXPECT_EQ(value("-7 // -2"), 3);
    EXPECT_EQ(value("-7 % -2"), -1);
    EXPECT_EQ(value("-6 // 3"), -2);
    EXPECT_EQ(value("-6 % 3"), 0);
    EXPECT_EQ(value("0 // -3"), 0);
    EXPECT_EQ(value("-1 // 128"), -1);
    EXPECT_EQ(value("-1 % 128"), 127);
    // a == (a // b) * b + a % b for every sign combination.
    for (const char* text : {"(-7 // 3) * 3 + -7 % 3", "(7 // -3) * -3 + 7 % -3"})
        EXPECT_EQ(value(text), text[1] == '-' ? -7 : 7) << text;
    // The most negative value: // by -1 overflows, % by -1 is 0 as in Python.
    EXPECT_EQ(value("(-9223372036854775807 - 1) % -1"), 0);
    EXPECT_EQ(value("(-9223372036854775807 - 1) // 1"), INT64_MIN);
}

TEST(Expr, ConstantDivisorsAgreeWithGeneralDivision) {
    // A constant divisor compiles to a multiply; a divisor passed as an argument does not.
    const Compiled general = lambda("lambda i, d: (i // d, i % d, cdiv(i, d))", {}, 2, 3);
    const std::vector<std::int64_t> values{0,
                                           1,
                                           -1,
                                           2,
                                           -2,
                                           3,
                                           -3,
                                           7,
                                           -7,
                                           127,
                                           -128,
                                           1000003,
                                           -1000003,
                                           INT64_MAX,
                                           INT64_MIN,
                                           INT64_MAX - 1,
                                           INT64_MIN + 1,
                                           1LL << 62,
                                           -(1LL << 62)};
    std::vector<std::int64_t> divisors{
        2, 3, 5, 7, 10, 128, 641, 1000000007, INT64_MAX, (1LL << 62) + 1, 1LL << 62, 3037000499LL};
    for (std::int64_t d = 2; d < 300; d += 7) divisors.push_back(d);
    for (std::int64_t d : divisors) {
        const std::string text = "lambda i: (i // " + std::to_string(d) + ", i % " +
                                 std::to_string(d) + ", cdiv(i, " + std::to_string(d) + "))";
        const Compiled k = lambda(text, {}, 1, 3);
        for (std::int64_t v : values) {
            std::int64_t want[3], got[3];
            const std::int64_t args[2] = {v, d};
            Error err;
            // cdiv overflows only for a + d - 1 past 64 bits, which the 128-bit path handles.
            ASSERT_TRUE(general.eval(args, want, &err)) << err.message;
            ASSERT_TRUE(k.eval(&v, got)) << text;
            EXPECT_EQ(got[0], want[0]) << v << " // " << d;
            EXPECT_EQ(got[1], want[1]) << v << " % " << d;
            EXPECT_EQ(got[2], want[2]) << "cdiv(" << v << ", " << d << ")";
        }
    }
    // Spot checks worked out by hand.
    const Compiled k = lambda("lambda i: (i // 3, i % 3, cdiv(i, 128))", {}, 1, 3);
    std::int64_t out[3];
    std::int64_t arg = -7;
    ASSERT_TRUE(k.eval(&arg, out));
    EXPECT_EQ(out[0], -3);  // floor(-2.33)
    EXPECT_EQ(out[1], 2);
    EXPECT_EQ(out[2], 0);  // (-7 + 127) // 128
    arg = 300;
    ASSERT_TRUE(k.eval(&arg, out));
    EXPECT_EQ(out[0], 100);
    EXPECT_EQ(out[1], 0);
    EXPECT_EQ(out[2], 3);
}

TEST(Expr, CdivMatchesPallas) {
    // pl.cdiv on Python ints is (a + b - 1) // b.
    EXPECT_EQ(value("cdiv(7, 2)"), 4);
    EXPECT_EQ(value("cdiv(8, 2)"), 4);
    EXPECT_EQ(value("cdiv(0, 5)"), 0);
    EXPECT_EQ(value("cdiv(1, 128)"), 1);
    EXPECT_EQ(value("pl.cdiv(300, 128)"), 3);
    EXPECT_EQ(value("cdiv(-7, 2)"), -3);  // (-7 + 1) // 2
    EXPECT_EQ(value("cdiv(-8, 2)"), -4);  // (-7) // 2
    EXPECT_EQ(value("cdiv(7, -2)"), -2);  // 4 // -2
    EXPECT_EQ(value("cdiv(-7, -2)"), 5);  // -10 // -2
    // a + b - 1 would overflow in 64 bits; the result does not.
    EXPECT_EQ(value("cdiv(9223372036854775807, 2)"), 4611686018427387904);
    EXPECT_EQ(value("cdiv(9223372036854775807, 9223372036854775807)"), 1);
}

TEST(Expr, MinMaxAbs) {
    EXPECT_EQ(value("min(3, 1, 2)"), 1);
    EXPECT_EQ(value("max(3, 1, 2)"), 3);
    EXPECT_EQ(value("max(-1, -5)"), -1);
    EXPECT_EQ(value("min(5, 4, 3, 2, 1, 0, 6)"), 0);
    EXPECT_EQ(value("max(2, 9, 4, 9, 1)"), 9);
    EXPECT_EQ(value("abs(-5)"), 5);
    EXPECT_EQ(value("abs(5)"), 5);
    EXPECT_EQ(value("abs(0)"), 0);
    EXPECT_EQ(value("jnp.minimum(3, 4) + jnp.maximum(3, 4)"), 7);
    const Compiled c = lambda("lambda i, j: (min(i, j, 4), max(i - j, j - i))", {}, 2, 2);
    EXPECT_EQ(run(c, {7, 2}), (V{2, 5}));
    EXPECT_EQ(run(c, {9, 8}), (V{4, 1}));
}

TEST(Expr, ComparisonsAndChaining) {
    EXPECT_EQ(value("1 < 2"), 1);
    EXPECT_EQ(value("2 < 1"), 0);
    EXPECT_EQ(value("2 <= 2"), 1);
    EXPECT_EQ(value("3 >= 4"), 0);
    EXPECT_EQ(value("3 > 2"), 1);
    EXPECT_EQ(value("3 == 3"), 1);
    EXPECT_EQ(value("3 != 3"), 0);
    EXPECT_EQ(value("1 + 1 == 2"), 1);  // arithmetic binds tighter
    // Chains mean a < b and b < c; left-associative reading would give the other answer.
    EXPECT_EQ(value("3 > 2 > 1"), 1);   // (3 > 2) > 1 would be 0
    EXPECT_EQ(value("1 < 2 == 2"), 1);  // (1 < 2) == 2 would be 0
    EXPECT_EQ(value("1 < 3 < 2"), 0);
    EXPECT_EQ(value("1 < 2 < 3 < 4 <= 4"), 1);
    // A false link stops the chain before the next operand runs.
    EXPECT_EQ(value("0 > 1 > 1 // 0"), 0);
    const Compiled c = lambda("lambda i, j: (0 <= i < j,)", {}, 2, 1);
    EXPECT_EQ(run(c, {0, 1}), V{1});
    EXPECT_EQ(run(c, {1, 1}), V{0});
    EXPECT_EQ(run(c, {-1, 5}), V{0});
    const Compiled guarded = lambda("lambda i: (i != 0 < 10 // i,)", {}, 1, 1);
    EXPECT_EQ(run(guarded, {0}), V{0});  // 10 // i never runs
    EXPECT_EQ(run(guarded, {5}), V{1});
}

TEST(Expr, BooleanOperators) {
    EXPECT_EQ(value("1 and 2"), 1);  // 0/1 results, not Python's operand values
    EXPECT_EQ(value("0 and 1"), 0);
    EXPECT_EQ(value("0 or 5"), 1);
    EXPECT_EQ(value("0 or 0"), 0);
    EXPECT_EQ(value("not 0"), 1);
    EXPECT_EQ(value("not 7"), 0);
    EXPECT_EQ(value("1 or 0 and 0"), 1);  // and binds tighter than or
    EXPECT_EQ(value("not 1 or 1"), 1);    // (not 1) or 1
    EXPECT_EQ(value("not (1 or 1)"), 0);
    EXPECT_EQ(value("not 1 == 2"), 1);   // not (1 == 2)
    EXPECT_EQ(value("not 0 + 1"), 0);    // not (0 + 1)
    EXPECT_EQ(value("1 or 1 // 0"), 1);  // short-circuit: the division is never done
    EXPECT_EQ(value("0 and 1 // 0"), 0);
    const Compiled c =
        lambda("lambda i: (i != 0 and 10 // i == 2, i == 0 or 10 // i > 1)", {}, 1, 2);
    EXPECT_EQ(run(c, {0}), (V{0, 1}));
    EXPECT_EQ(run(c, {5}), (V{1, 1}));
    EXPECT_EQ(run(c, {10}), (V{0, 0}));
    const Compiled n = lambda("lambda i, j: (not i, i and j, i or j)", {}, 2, 3);
    EXPECT_EQ(run(n, {0, 0}), (V{1, 0, 0}));
    EXPECT_EQ(run(n, {3, 0}), (V{0, 0, 1}));
    EXPECT_EQ(run(n, {-2, 4}), (V{0, 1, 1}));
}

TEST(Expr, ConditionalExpressions) {
    const std::map<std::string, std::int64_t> zero{{"x", 7}, {"y", 0}};
    const std::map<std::string, std::int64_t> two{{"x", 7}, {"y", 2}};
    EXPECT_EQ(value("x // y if y != 0 else 0", Env{&zero, {}}), 0);
    EXPECT_EQ(value("x // y if y != 0 else 0", Env{&two, {}}), 3);
    EXPECT_EQ(value("1 if 1 else 2"), 1);
    EXPECT_EQ(value("1 if 0 else 2"), 2);
    EXPECT_EQ(value("1 + 1 if 0 else 5 + 5"), 10);     // lowest precedence
    EXPECT_EQ(value("1 if 0 else 2 if 0 else 3"), 3);  // right-associative
    EXPECT_EQ(value("2 * (1 if 0 else 5) + 1"), 11);
    EXPECT_EQ(value("1 if 0 or 1 else 2"), 1);
    const Compiled c = lambda("lambda i, j: (i // j if j != 0 else -1,)", {}, 2, 1);
    EXPECT_EQ(run(c, {7, 0}), V{-1});
    EXPECT_EQ(run(c, {7, 2}), V{3});
    EXPECT_EQ(run(c, {-7, 2}), V{-4});
}

TEST(Expr, ParamsAreConstants) {
    const std::map<std::string, std::int64_t> p{{"M", 300}, {"bm", 128}, {"K", 256}};
    const Env env{&p, {}};
    EXPECT_EQ(value("cdiv(M, bm)", env), 3);
    EXPECT_EQ(value("M // bm * bm", env), 256);
    EXPECT_EQ(value("M % bm", env), 44);
    EXPECT_EQ(value("K", env), 256);
    auto c = compile_expression("cdiv(M, bm) * K", env);
    ASSERT_TRUE(std::holds_alternative<Compiled>(c));
    EXPECT_TRUE(std::get<Compiled>(c).is_constant());
    EXPECT_EQ(std::get<Compiled>(c).arity(), 0);
    EXPECT_EQ(std::get<Compiled>(c).results(), 1);
    // Lambda parameters shadow params of the same name.
    const Compiled l = lambda("lambda M, k: (M, k * bm)", env, 2, 2);
    EXPECT_EQ(run(l, {5, 2}), (V{5, 256}));
}

TEST(Expr, LiteralsAndLayout) {
    EXPECT_EQ(value("0"), 0);
    EXPECT_EQ(value("0x10 + 0o10 + 0b10"), 26);
    EXPECT_EQ(value("1_000_000"), 1000000);
    EXPECT_EQ(value("True + True + False"), 2);
    EXPECT_EQ(value("9223372036854775807"), INT64_MAX);
    EXPECT_EQ(value("1 +\n  2 # a comment\n  * 3"), 7);
    const Compiled c = lambda("lambda i,\n       j:\n  (\n    j,\n    i,\n  )", {}, 2, 2);
    EXPECT_EQ(run(c, {1, 2}), (V{2, 1}));
    EXPECT_EQ(c.param_names(), (std::vector<std::string>{"i", "j"}));
}

TEST(Expr, OneTupleForms) {
    for (const char* text : {"lambda i: i + 1", "lambda i: (i + 1)", "lambda i: (i + 1,)"}) {
        const Compiled c = lambda(text, {}, 1, 1);
        EXPECT_EQ(c.results(), 1) << text;
        EXPECT_EQ(run(c, {4}), V{5}) << text;
    }
    const Compiled none = lambda("lambda: ()", {}, 0, 0);
    EXPECT_EQ(none.results(), 0);
    EXPECT_EQ(none.arity(), 0);
}

TEST(Expr, ScalarPrefetchSubscripts) {
    Env env;
    env.arrays = {{"s", {5, 6, 7}}, {"t", {40, 50}}};
    const Compiled c = lambda("lambda i, tbl, u: (tbl[i], u[i % 2] + tbl[2 - i])", env, 1, 2);
    EXPECT_EQ(c.arity(), 3);
    // The values passed for the array parameters are ignored: the arrays are bound at compile
    // time.
    EXPECT_EQ(run(c, {0, -1, -1}), (V{5, 47}));
    EXPECT_EQ(run(c, {1, 0, 0}), (V{6, 56}));
    EXPECT_EQ(run(c, {2, 0, 0}), (V{7, 45}));
    // An array's own name works where a lambda parameter does not shadow it.
    const Compiled by_name = lambda("lambda i, a, b: (s[i] + t[0],)", env, 1, 1);
    EXPECT_EQ(run(by_name, {1, 0, 0}), V{46});
    EXPECT_EQ(value("s[1] * t[1]", env), 300);
    // A constant index folds to the element.
    const Compiled folded = lambda("lambda i, a, b: (a[2],)", env, 1, 1);
    EXPECT_TRUE(folded.is_constant());
    EXPECT_EQ(run(folded, {0, 0, 0}), V{7});
}

TEST(Expr, DependsOn) {
    const std::map<std::string, std::int64_t> p{{"M", 3}};
    Env env{&p, {}};
    const Compiled simple = lambda("lambda i, j, k: (i, k)", env, 3, 2);
    EXPECT_EQ(simple.depends_on(0), 0b001u);
    EXPECT_EQ(simple.depends_on(1), 0b100u);
    EXPECT_FALSE(simple.is_constant());
    const Compiled heavy = lambda("lambda i, j, k: (i * 2 + k // 3, cdiv(j, 2))", env, 3, 2);
    EXPECT_EQ(heavy.depends_on(0), 0b101u);
    EXPECT_EQ(heavy.depends_on(1), 0b010u);
    const Compiled zeros = lambda("lambda i, j: (0, M * 2)", env, 2, 2);
    EXPECT_EQ(zeros.depends_on(0), 0u);
    EXPECT_EQ(zeros.depends_on(1), 0u);
    EXPECT_TRUE(zeros.is_constant());
    EXPECT_EQ(run(zeros, {9, 9}), (V{0, 6}));
    EXPECT_EQ(lambda("lambda i, j: (j if i > 0 else 0,)", env, 2, 1).depends_on(0), 0b11u);
    EXPECT_EQ(lambda("lambda i, j: (i if M else j,)", env, 2, 1).depends_on(0), 0b01u);
    EXPECT_EQ(lambda("lambda i, j: (i < j < 3,)", env, 2, 1).depends_on(0), 0b11u);
    EXPECT_EQ(lambda("lambda i, j: (0 and j,)", env, 2, 1).depends_on(0), 0u);
    env.arrays = {{"s", {1, 2}}};
    // s[j] reads the grid index j and the array argument (argument 2).
    EXPECT_EQ(lambda("lambda i, j, s: (s[j], i)", env, 2, 2).depends_on(0), 0b110u);
    EXPECT_EQ(simple.depends_on(-1), 0u);
    EXPECT_EQ(simple.depends_on(2), 0u);
}

TEST(Expr, CompiledIsAValue) {
    Compiled a;
    EXPECT_EQ(a.arity(), 0);
    EXPECT_EQ(a.results(), 0);
    EXPECT_TRUE(a.is_constant());
    EXPECT_TRUE(a.eval(nullptr, nullptr));
    {
        // The compiled form owns what it needs: text, params and arrays may go away.
        std::string text = "lambda i, s: (s[i] * n,)";
        auto params = std::make_unique<std::map<std::string, std::int64_t>>();
        (*params)["n"] = 10;
        Env env{params.get(), {{"s", {3, 4}}}};
        a = lambda(text, env, 1, 1);
        text.assign(text.size(), '?');
        params.reset();
        env.arrays.clear();
    }
    EXPECT_EQ(run(a, {1, 0}), V{40});
    Compiled b = a;  // copies share the immutable compiled form
    a = Compiled();
    EXPECT_EQ(a.results(), 0);
    EXPECT_EQ(run(b, {0, 0}), V{30});
    Compiled c = std::move(b);
    EXPECT_EQ(run(c, {1, 0}), V{40});
    EXPECT_EQ(c.param_names(), (std::vector<std::string>{"i", "s"}));
    Compiled d;
    d = c;
    EXPECT_EQ(run(d, {0, 0}), V{30});
    EXPECT_EQ(run(c, {1, 0}), V{40});
}

TEST(Expr, ManyRegisters) {
    // 200 distinct constants and no reassociation: more registers than the evaluator keeps on
    // its stack.
    std::string text = "lambda i: (i";
    for (int k = 1; k <= 200; ++k) text += " + " + std::to_string(k);
    text += ",)";
    const Compiled c = lambda(text, {}, 1, 1);
    EXPECT_EQ(run(c, {5}), V{5 + 200 * 201 / 2});
}

TEST(Expr, SharedAcrossThreads) {
    const Compiled c = lambda("lambda i, j, k: (i * 2 + k // 3, cdiv(j, 2), k % 5 - i)", {}, 3, 3);
    std::atomic<int> mismatches{0};
    std::vector<std::thread> threads;
    for (int t = 0; t < 8; ++t) {
        threads.emplace_back([&, t] {
            for (std::int64_t i = t; i < 64; i += 8) {
                for (std::int64_t j = 0; j < 64; ++j) {
                    for (std::int64_t k = 0; k < 64; ++k) {
                        const std::int64_t args[3] = {i, j, k};
                        std::int64_t out[3] = {};
                        // Non-negative operands: C++ and Python division agree here.
                        if (!c.eval(args, out) || out[0] != i * 2 + k / 3 ||
                            out[1] != (j + 1) / 2 || out[2] != k % 5 - i)
                            ++mismatches;
                    }
                }
            }
        });
    }
    for (auto& th : threads) th.join();
    EXPECT_EQ(mismatches.load(), 0);
}

}  // namespace
}  // namespace tl::expr
