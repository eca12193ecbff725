// The Python the benchmark script prints from spec data: expressions printed from their syntax
// tree must evaluate in Python (on ints, and on arrays standing in for traced values) exactly
// as the core's evaluator does; strings and floats must read back as written.
#include <array>
#include <cstdio>
#include <map>
#include <set>
#include <sstream>

#include "core/expr/expr.h"
#include "core/expr/python.h"
#include "test_bench_util.h"

namespace tl {
namespace {

using py::print_index_map;
using py::print_size;

const std::vector<std::string> kExpressions{
    "a + b * c",
    "a - b - c",
    "a // b",
    "-a // b",
    "a % b",
    "-a % b",
    "cdiv(a, b)",
    "pl.cdiv(-a, b)",
    "min(a, b, c)",
    "max(a, b)",
    "jnp.minimum(a, b) + jnp.maximum(b, c)",
    "abs(a - b)",
    "a < b",
    "a < b <= c",
    "a == b or c",
    "a and b",
    "not a",
    "a if b > c else c",
    "(a > 1) * 10 + (b != 2)",
    "a // b if b != 0 else 0",
    "b != 0 and a // b > 1",
    "-(a - -b) * 2",
};
const std::vector<std::array<std::int64_t, 3>> kValues{{7, 2, 3}, {-7, 2, -3}, {0, 5, 5},
                                                       {3, 0, 1}, {-1, -4, 9}, {1, -4, 2}};

TEST(BenchPython, PrintedExpressionsEvaluateAsTheCoreDoes) {
    const std::set<std::string> params{"a", "b", "c"};
    std::string program =
        "import functools\nimport numpy as np\nimport jax.numpy as jnp\n"
        "np.seterr(all='ignore')\n" +
        std::string(py::expression_helpers()) + "\n";
    std::vector<std::int64_t> expected;
    for (const auto& text : kExpressions) {
        const py::Printed size = print_size(text, params);
        ASSERT_TRUE(size.error.empty()) << text << ": " << size.error;
        const py::Printed map = print_index_map("lambda a, b, c: " + text, {});
        ASSERT_TRUE(map.error.empty()) << text << ": " << map.error;
        for (const auto& v : kValues) {
            const std::map<std::string, std::int64_t> bound{{"a", v[0]}, {"b", v[1]}, {"c", v[2]}};
            const auto want = expr::evaluate(text, {&bound, {}});
            if (!std::holds_alternative<std::int64_t>(want)) continue;  // e.g. division by zero
            const std::string args =
                std::to_string(v[0]) + ", " + std::to_string(v[1]) + ", " + std::to_string(v[2]);
            // Plain ints, as grid and block sizes are evaluated.
            program += "print(int((lambda a, b, c: " + size.code + ")(" + args + ")))\n";
            // One-element arrays, standing in for the traced grid indices of an index map.
            program += "print(int(np.asarray((" + map.code +
                       ")(*[np.array([v], np.int32) for v "
                       "in (" +
                       args + ")])[0]).reshape(-1)[0]))\n";
            expected.push_back(std::get<std::int64_t>(want));
            expected.push_back(std::get<std::int64_t>(want));
        }
    }
    test::ScratchDir dir;
    test::write_text(dir / "exprs.py", program);
    const test::PythonRun run = test::run_python(dir / "exprs.py", "", dir / "log.json");
    ASSERT_EQ(run.status, 0) << run.output << "\n" << program;
    std::istringstream out(run.output);
    std::vector<std::int64_t> got;
    for (std::int64_t v; out >> v;) got.push_back(v);
    EXPECT_EQ(got, expected) << program;
}

TEST(BenchPython, ExpressionsAreCheckedNotCopied) {
    // An index map that returns one value becomes a 1-tuple.
    EXPECT_EQ(print_index_map("lambda i: i", {}).code, "lambda i: (i,)");
    EXPECT_EQ(print_index_map("lambda i, j: (j, i)", {}).code, "lambda i, j: (j, i)");
    EXPECT_EQ(print_size(std::string("cdiv(M, bm)"), {"M", "bm"}).code, "_tl_cdiv(M, bm)");
    EXPECT_EQ(print_size(std::int64_t{42}, {}).code, "42");
    // Names outside the params, reserved names and subscripts are errors with their column.
    EXPECT_EQ(print_size(std::string("M + q"), {"M"}).error, "1:5: unknown name 'q'");
    EXPECT_EQ(print_size(std::string("_tl_x + 1"), {"_tl_x"}).error,
              "1:1: '_tl_x' starts with '_tl', which the benchmark script reserves for its own "
              "names; rename it");
    EXPECT_NE(print_index_map("lambda i, s: (s[i],)", {}).error.find("scalar-prefetch"),
              std::string::npos);
    EXPECT_NE(print_size(std::string("M +"), {"M"}).error.find("1:"), std::string::npos);
}

TEST(BenchPython, SafeNames) {
    EXPECT_TRUE(py::is_safe_name("bm"));
    EXPECT_TRUE(py::is_safe_name("_x1"));
    EXPECT_TRUE(py::is_safe_name("match"));  // a soft keyword is a valid parameter name
    for (const char* bad :
         {"class", "None", "lambda", "__debug__", "_tl", "_tlx", "1a", "a-b", "", "a b", "x)"})
        EXPECT_FALSE(py::is_safe_name(bad)) << bad;
}

TEST(BenchPython, StringsAndFloatsReadBackInPython) {
    const std::vector<std::string> strings{"plain", "quote \" and \\ backslash", "line\nbreak\t",
                                           "caf\xC3\xA9 \xF0\x9F\x98\x80", "\x01\x7f"};
    std::string program;
    std::string expected;
    for (const auto& s : strings) {
        const auto lit = py::python_string(s);
        ASSERT_TRUE(lit) << s;
        program += "print(" + *lit + ".encode('utf-8').hex())\n";
        for (unsigned char c : s) {
            static const char* kHex = "0123456789abcdef";
            expected += kHex[c >> 4];
            expected += kHex[c & 15];
        }
        expected += "\n";
    }
    for (double v : {0.5, 1e-6, 3.0, -2.25e300, 1.0 / 3.0}) {
        program += "print(" + py::python_float(v) + " == float.fromhex('" + [&] {
            char buf[64];
            std::snprintf(buf, sizeof buf, "%a", v);
            return std::string(buf);
        }() + "'))\n";
        expected += "True\n";
    }
    EXPECT_FALSE(py::python_string("bad \xC3"));
    EXPECT_FALSE(py::python_string("\xED\xA0\x80"));  // a UTF-16 surrogate
    test::ScratchDir dir;
    test::write_text(dir / "strings.py", program);
    const test::PythonRun run = test::run_python(dir / "strings.py", "", dir / "log.json");
    ASSERT_EQ(run.status, 0) << run.output;
    EXPECT_EQ(run.output, expected);
}

}  // namespace
}  // namespace tl
