// Every error of the expression language: its message and the line:column it points at.
// Columns are counted by hand from the text in each case.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "core/expr/expr.h"

namespace tl::expr {
namespace {

// The error of compiling (and, for a plain expression, evaluating) `text`.
Error error_of(std::string_view text, const Env& env = {}) {
    auto r = evaluate(text, env);
    if (std::holds_alternative<Error>(r)) return std::get<Error>(r);
    ADD_FAILURE() << text << " evaluated to " << std::get<std::int64_t>(r);
    return {};
}

Error lambda_error(std::string_view text, const Env& env, int rank, int results) {
    auto r = compile_lambda(text, env, rank, results);
    if (std::holds_alternative<Error>(r)) return std::get<Error>(r);
    ADD_FAILURE() << text << " compiled";
    return {};
}

// The error of evaluating a lambda that compiles.
Error eval_error(std::string_view text, const Env& env, std::vector<std::int64_t> args) {
    auto r = compile_lambda(text, env, static_cast<int>(args.size() - env.arrays.size()), 1);
    if (std::holds_alternative<Error>(r)) {
        ADD_FAILURE() << text << ": " << std::get<Error>(r).message;
        return {};
    }
    const Compiled& c = std::get<Compiled>(r);
    std::int64_t out = 0;
    Error err;
    EXPECT_FALSE(c.eval(args.data(), &out, &err)) << text;
    EXPECT_FALSE(c.eval(args.data(), &out)) << "no Error to fill";
    return err;
}

#define EXPECT_ERROR(err, line_, column_, length_, text_)                   \
    do {                                                                    \
        const Error e_ = (err);                                             \
        EXPECT_EQ(e_.line, line_) << e_.message;                            \
        EXPECT_EQ(e_.column, column_) << e_.message;                        \
        EXPECT_EQ(e_.length, length_) << e_.message;                        \
        EXPECT_NE(e_.message.find(text_), std::string::npos) << e_.message; \
    } while (0)

TEST(ExprErrors, UnknownNames) {
    EXPECT_ERROR(lambda_error("lambda i, j, k: (i, kk)", {}, 3, 2), 1, 21, 2,
                 "unknown name 'kk'; did you mean 'k'?");
    const std::map<std::string, std::int64_t> p{{"M", 300}, {"N", 500}, {"bn", 128}};
    const Env env{&p, {}};
    EXPECT_ERROR(error_of("zz + 1", env), 1, 1, 2, "unknown name 'zz'; names in scope: M, N, bn");
    EXPECT_ERROR(error_of("cdiv(N, bm)", env), 1, 9, 2, "unknown name 'bm'; did you mean 'bn'?");
    EXPECT_ERROR(error_of("m * 2", env), 1, 1, 1, "did you mean 'M'?");
    EXPECT_ERROR(error_of("x"), 1, 1, 1, "unknown name 'x'");
    // Static errors are found in branches that would never run, too.
    EXPECT_ERROR(error_of("1 if 1 else kk"), 1, 13, 2, "unknown name 'kk'");
    EXPECT_ERROR(error_of("pl.x + 1"), 1, 1, 4, "unknown name 'pl.x'");
    EXPECT_ERROR(error_of("cdiv + 1"), 1, 1, 4, "'cdiv' is a function; call it");
    // Newlines: the line and the column within it.
    EXPECT_ERROR(error_of("1 +\n  kk"), 2, 3, 2, "unknown name 'kk'");
}

TEST(ExprErrors, TrueDivision) {
    EXPECT_ERROR(error_of("8 / 2"), 1, 3, 1, "use // for integer division");
    EXPECT_ERROR(error_of("/ 2"), 1, 1, 1, "use // for integer division");
}

TEST(ExprErrors, UnexpectedTokens) {
    EXPECT_ERROR(error_of("1 2"), 1, 3, 1, "unexpected '2'; expected an operator");
    EXPECT_ERROR(error_of("1 +"), 1, 4, 1, "unexpected end of the expression; expected a value");
    EXPECT_ERROR(error_of(""), 1, 1, 1, "unexpected end of the expression");
    EXPECT_ERROR(error_of("* 2"), 1, 1, 1, "unexpected '*'; expected a value");
    EXPECT_ERROR(error_of("1 if 2"), 1, 7, 1, "expected 'else' after the condition");
    EXPECT_ERROR(error_of("2 ** 3"), 1, 3, 2, "operator '**' is not supported");
    EXPECT_ERROR(error_of("~1"), 1, 1, 1, "operator '~' is not supported");
    EXPECT_ERROR(error_of("1 << 2"), 1, 3, 2, "operator '<<' is not supported");
    EXPECT_ERROR(error_of("1 in 2"), 1, 3, 2, "'in' is not supported");
    EXPECT_ERROR(error_of("1 = 2"), 1, 3, 1, "use == to compare");
    EXPECT_ERROR(error_of("!1"), 1, 1, 1, "use 'not'");
    EXPECT_ERROR(error_of("1.5 * 2"), 1, 1, 2, "floating-point numbers are not supported");
    EXPECT_ERROR(error_of("'a'"), 1, 1, 1, "strings are not supported");
    EXPECT_ERROR(error_of("2 @ 3"), 1, 3, 1, "unexpected character '@'");
    EXPECT_ERROR(error_of("\xc3\xa9 + 1"), 1, 1, 1, "unexpected character '\xc3\xa9'");
    EXPECT_ERROR(error_of("12abc"), 1, 1, 5, "invalid integer literal '12abc'");
    EXPECT_ERROR(error_of("007"), 1, 1, 3, "leading zeros");
    EXPECT_ERROR(error_of("(1, 2)"), 1, 1, 6, "expected a single value, not a tuple");
    EXPECT_ERROR(error_of("1, 2"), 1, 2, 1, "unexpected ','");
    EXPECT_ERROR(error_of("lambda i: i"), 1, 1, 6, "expected an expression, not a lambda");
}

TEST(ExprErrors, UnbalancedBrackets) {
    EXPECT_ERROR(error_of("(1 + 2"), 1, 1, 1, "unbalanced parentheses: this '(' is never closed");
    EXPECT_ERROR(error_of("1 + 2)"), 1, 6, 1, "unbalanced parentheses: unmatched ')'");
    EXPECT_ERROR(error_of("cdiv(1, 2"), 1, 5, 1, "this '(' is never closed");
    EXPECT_ERROR(error_of("(1 + 2]"), 1, 7, 1,
                 "unexpected ']'; expected ',' or ')' to close the "
                 "'(' at column 1");
    EXPECT_ERROR(error_of("((1) + 2"), 1, 1, 1, "this '(' is never closed");
    Env env;
    env.arrays = {{"s", {1}}};
    EXPECT_ERROR(error_of("s[0", env), 1, 2, 1, "unbalanced brackets: this '[' is never closed");
    EXPECT_ERROR(error_of("s[0]]", env), 1, 5, 1, "unmatched ']'");
}

TEST(ExprErrors, LiteralTooLarge) {
    EXPECT_ERROR(error_of("9223372036854775808"), 1, 1, 19, "integer literal too large");
    EXPECT_ERROR(error_of("1 + 0xFFFFFFFFFFFFFFFFF"), 1, 5, 19, "integer literal too large");
}

TEST(ExprErrors, LambdaParameterCount) {
    EXPECT_ERROR(lambda_error("lambda i, j: (i, j)", {}, 3, 2), 1, 8, 4,
                 "the index map takes 3 parameters (3 grid indices), but this lambda has 2 "
                 "(i, j)");
    EXPECT_ERROR(lambda_error("lambda i, j, k, l: (i, j)", {}, 3, 2), 1, 17, 1,
                 "takes 3 parameters (3 grid indices), but this lambda has 4 (i, j, k, l)");
    Env env;
    env.arrays = {{"s", {0}}, {"t", {0}}};
    EXPECT_ERROR(lambda_error("lambda i, j: (s[i], j)", env, 2, 2), 1, 8, 4,
                 "takes 4 parameters (2 grid indices, then 2 scalar-prefetch arrays (s, t))");
    EXPECT_ERROR(lambda_error("lambda: (0,)", {}, 1, 1), 1, 7, 1,
                 "takes 1 parameter (1 grid index), but this lambda has 0");
    EXPECT_ERROR(lambda_error("lambda i, i: (i, i)", {}, 2, 2), 1, 11, 1,
                 "duplicate parameter 'i'");
    EXPECT_ERROR(lambda_error("(i, j)", {}, 2, 2), 1, 1, 6, "an index map must be a lambda");
    EXPECT_ERROR(lambda_error("lambda i j: i", {}, 2, 1), 1, 10, 1,
                 "expected ',' or ':' after the lambda's parameters");
    EXPECT_ERROR(lambda_error("lambda i=0: i", {}, 1, 1), 1, 9, 1, "'='");
}

TEST(ExprErrors, LambdaResultCount) {
    EXPECT_ERROR(lambda_error("lambda i, j, k: (i, j, k)", {}, 3, 2), 1, 24, 1,
                 "the index map returns 3 values, but the operand has rank 2");
    EXPECT_ERROR(lambda_error("lambda i, j, k: i", {}, 3, 2), 1, 17, 1,
                 "returns 1 value, but the operand has rank 2, so it must return 2 block indices");
    EXPECT_ERROR(lambda_error("lambda i, j, k: (i,)", {}, 3, 2), 1, 17, 4, "returns 1 value");
    EXPECT_ERROR(lambda_error("lambda i, j: i, j", {}, 2, 2), 1, 15, 1,
                 "write several results in parentheses");
    EXPECT_ERROR(lambda_error("lambda i: ((i, i),)", {}, 1, 1), 1, 12, 6,
                 "a tuple can only be the whole result of an index map");
    EXPECT_ERROR(lambda_error("lambda i: (lambda j: j)", {}, 1, 1), 1, 12, 6,
                 "a lambda can only be the whole index map");
}

TEST(ExprErrors, Calls) {
    EXPECT_ERROR(error_of("foo(1)"), 1, 1, 3,
                 "unknown function 'foo'; the functions are cdiv, pl.cdiv, min, max, abs");
    EXPECT_ERROR(error_of("cdvi(1, 2)"), 1, 1, 4, "did you mean 'cdiv'?");
    EXPECT_ERROR(error_of("np.cdiv(1, 2)"), 1, 1, 7, "did you mean 'pl.cdiv'?");
    EXPECT_ERROR(lambda_error("lambda i: (i(1),)", {}, 1, 1), 1, 12, 1, "'i' is not a function");
    EXPECT_ERROR(error_of("cdiv(1)"), 1, 1, 7, "cdiv() takes 2 arguments, got 1");
    EXPECT_ERROR(error_of("pl.cdiv(1, 2, 3)"), 1, 1, 16, "pl.cdiv() takes 2 arguments, got 3");
    EXPECT_ERROR(error_of("min(1)"), 1, 1, 6, "min() takes at least 2 arguments, got 1");
    EXPECT_ERROR(error_of("max()"), 1, 1, 5, "max() takes at least 2 arguments, got 0");
    EXPECT_ERROR(error_of("abs(1, 2)"), 1, 1, 9, "abs() takes 1 argument, got 2");
    EXPECT_ERROR(error_of("(1)(2)"), 1, 4, 1, "only functions can be called");
}

TEST(ExprErrors, Subscripts) {
    const std::map<std::string, std::int64_t> p{{"M", 4}};
    Env env{&p, {{"s", {5, 6, 7}}}};
    EXPECT_ERROR(lambda_error("lambda i, s: (i[0],)", env, 1, 1), 1, 15, 1,
                 "'i' is a grid index, not an array; only scalar-prefetch arrays can be "
                 "subscripted");
    EXPECT_ERROR(error_of("M[0]", env), 1, 1, 1, "'M' is a param, not an array");
    EXPECT_ERROR(error_of("(1 + 2)[0]", env), 1, 2, 5, "only scalar-prefetch arrays");
    EXPECT_ERROR(error_of("q[0]", env), 1, 1, 1, "unknown name 'q'");
    EXPECT_ERROR(lambda_error("lambda i, s: (s,)", env, 1, 1), 1, 15, 1,
                 "'s' is a scalar-prefetch array; subscript it, e.g. s[i]");
    EXPECT_ERROR(error_of("s[1, 2]", env), 1, 6, 1,
                 "'s' has 1 dimension; subscript it with 1 index, got 2");
    EXPECT_ERROR(error_of("s[1:2]", env), 1, 4, 1, "slices are not supported");
    EXPECT_ERROR(error_of("s[]", env), 1, 3, 1, "expected an index");
    // Out of range at run time, pointing at the whole subscript.
    EXPECT_ERROR(eval_error("lambda i, s: (s[i],)", env, {3, 0}), 1, 15, 4,
                 "index 3 is out of range for 's' (length 3)");
    EXPECT_ERROR(eval_error("lambda i, s: (s[i - 1],)", env, {0, 0}), 1, 15, 8,
                 "index -1 is out of range for 's' (length 3)");
    EXPECT_ERROR(error_of("1 + s[M - 1]", env), 1, 5, 8, "index 3 is out of range");
}

TEST(ExprErrors, DivisionByZero) {
    EXPECT_ERROR(error_of("1 // 0"), 1, 3, 2, "division by zero: 1 // 0");
    EXPECT_ERROR(error_of("5 % (2 - 2)"), 1, 3, 1, "modulo by zero: 5 % 0");
    EXPECT_ERROR(error_of("cdiv(3, 0)"), 1, 1, 4, "division by zero: cdiv(3, 0)");
    EXPECT_ERROR(eval_error("lambda i: (10 // i,)", {}, {0}), 1, 15, 2,
                 "division by zero: 10 // 0");
    EXPECT_ERROR(eval_error("lambda i: (10 % i,)", {}, {0}), 1, 15, 1, "modulo by zero");
    EXPECT_ERROR(eval_error("lambda i: (pl.cdiv(10, i),)", {}, {0}), 1, 12, 7,
                 "division by zero: cdiv(10, 0)");
    EXPECT_ERROR(eval_error("lambda i: (1 if i else 1 // i,)", {}, {0}), 1, 26, 2,
                 "division by zero");
}

TEST(ExprErrors, Overflow) {
    EXPECT_ERROR(error_of("9223372036854775807 + 1"), 1, 21, 1,
                 "integer overflow: 9223372036854775807 + 1 does not fit in 64 bits");
    EXPECT_ERROR(error_of("4611686018427387904 * 2"), 1, 21, 1, "integer overflow");
    EXPECT_ERROR(error_of("-9223372036854775807 - 2"), 1, 22, 1, "integer overflow");
    EXPECT_ERROR(error_of("-(-9223372036854775807 - 1)"), 1, 1, 1, "integer overflow: -(");
    EXPECT_ERROR(error_of("abs(-9223372036854775807 - 1)"), 1, 1, 3, "integer overflow: abs(");
    EXPECT_ERROR(error_of("(-9223372036854775807 - 1) // -1"), 1, 28, 2, "integer overflow");
    EXPECT_ERROR(error_of("cdiv(-9223372036854775807 - 1, -1)"), 1, 1, 4, "integer overflow");
    EXPECT_ERROR(eval_error("lambda i: (i * i,)", {}, {4294967296}), 1, 14, 1,
                 "integer overflow: 4294967296 * 4294967296");
}

TEST(ExprErrors, HostileInputNeitherCrashesNorHangs) {
    const std::string deep = std::string(201, '(') + "1" + std::string(201, ')');
    EXPECT_ERROR(error_of(deep), 1, 201, 1, "nested too deeply (more than 200 levels, the limit");
    const std::string ok = std::string(150, '(') + "1" + std::string(150, ')');
    EXPECT_EQ(std::get<std::int64_t>(evaluate(ok, {})), 1);
    EXPECT_ERROR(error_of(std::string(300, '-') + "1"), 1, 200, 1, "nested too deeply");
    EXPECT_ERROR(error_of(std::string(300, '[')), 1, 1, 1, "unexpected '['");
    std::string chain = "1";
    for (int k = 0; k < 1500; ++k) chain += "+1";
    EXPECT_ERROR(error_of(chain), 1, 1, 2001, "too complex");
    std::string fine = "0";
    for (int k = 0; k < 900; ++k) fine += "+1";
    EXPECT_EQ(std::get<std::int64_t>(evaluate(fine, {})), 900);
    EXPECT_ERROR(error_of("1" + std::string(20000, ' ')), 1, 10001, 1,
                 "the expression's length is 20001 characters, over the limit of 10000");
}

// Token soup: every outcome is a value or an error that points inside the text.
TEST(ExprErrors, RandomTextAlwaysGivesAValueOrAnError) {
    const std::vector<std::string> pieces{"(",      ")",
                                          "[",      "]",
                                          ",",      ":",
                                          "lambda", "i",
                                          "j",      "s",
                                          "M",      "1",
                                          "0",      "7",
                                          "-",      "+",
                                          "*",      "//",
                                          "%",      "/",
                                          "<",      "==",
                                          "not",    "and",
                                          "or",     "if",
                                          "else",   "cdiv",
                                          "min",    "pl.cdiv",
                                          "abs",    " ",
                                          "\n",     "9223372036854775807",
                                          "**",     "@",
                                          "s[i]",   "i // j"};
    const std::map<std::string, std::int64_t> p{{"M", 3}};
    const Env env{&p, {{"s", {4, 5}}}};
    std::mt19937 rng(12345);
    int values = 0, errors = 0;
    auto check = [&](const std::string& text, const Error& e) {
        ++errors;
        const auto lines = 1 + std::count(text.begin(), text.end(), '\n');
        EXPECT_GE(e.line, 1) << text;
        EXPECT_LE(e.line, lines) << text;
        EXPECT_GE(e.column, 1) << text;
        EXPECT_LE(e.column, static_cast<int>(text.size()) + 1) << text;
        EXPECT_GE(e.length, 1) << text;
        EXPECT_FALSE(e.message.empty()) << text;
    };
    for (int n = 0; n < 3000; ++n) {
        std::string text = n % 2 ? "lambda i, j, s: " : "";
        const int count = 1 + static_cast<int>(rng() % 12);
        for (int t = 0; t < count; ++t) text += pieces[rng() % pieces.size()];
        auto r = n % 2 ? compile_lambda(text, env, 2, 1) : compile_expression(text, env);
        if (auto* e = std::get_if<Error>(&r)) {
            check(text, *e);
            continue;
        }
        const Compiled& c = std::get<Compiled>(r);
        const std::int64_t args[3] = {1, 0, 0};
        std::int64_t out = 0;
        Error err;
        if (c.eval(args, &out, &err)) {
            ++values;
        } else {
            check(text, err);
        }
    }
    EXPECT_GT(values, 50);
    EXPECT_GT(errors, 1000);
}

}  // namespace
}  // namespace tl::expr
