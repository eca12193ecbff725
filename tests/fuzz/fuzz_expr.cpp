// libFuzzer harness: the expression language (core/expr). The input is one expression text,
// compiled as a plain expression and as a lambda of every small grid rank and result count;
// what compiles is evaluated at a few argument values, overflow included.
#include <cstddef>
#include <cstdint>
#include <limits>
#include <map>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "core/expr/expr.h"

namespace {

const tl::expr::Env& fuzz_env() {
    static const std::map<std::string, std::int64_t> params = {
        {"M", 300}, {"N", 256}, {"K", 512}, {"bm", 128}, {"bn", 64}};
    static const tl::expr::Env env = [] {
        tl::expr::Env e;
        e.params = &params;
        e.arrays.emplace_back("t", std::vector<std::int64_t>{0, 3, 1, 2});
        e.arrays.emplace_back("u", std::vector<std::int64_t>{5, -1, 7, 0, 2, 9},
                              std::vector<std::int64_t>{2, 3});
        return e;
    }();
    return env;
}

void evaluate_all(const tl::expr::Compiled& c) {
    constexpr std::int64_t kMax = std::numeric_limits<std::int64_t>::max();
    constexpr std::int64_t kMin = std::numeric_limits<std::int64_t>::min();
    const std::int64_t fills[] = {0, 1, 2, -1, kMax, kMin};
    std::vector<std::int64_t> args(static_cast<std::size_t>(c.arity()));
    std::vector<std::int64_t> out(static_cast<std::size_t>(c.results()));
    for (const std::int64_t v : fills) {
        for (auto& a : args) a = v;
        tl::expr::Error err;
        (void)c.eval(args.data(), out.data(), &err);
    }
    (void)c.is_constant();
    for (int r = 0; r < c.results(); ++r) (void)c.depends_on(r);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const auto& env = fuzz_env();
    auto plain = tl::expr::compile_expression(text, env);
    if (auto* c = std::get_if<tl::expr::Compiled>(&plain)) evaluate_all(*c);
    for (int rank = 0; rank <= 3; ++rank)
        for (int results = 1; results <= 3; ++results) {
            auto lambda = tl::expr::compile_lambda(text, env, rank, results);
            if (auto* c = std::get_if<tl::expr::Compiled>(&lambda)) evaluate_all(*c);
        }
    return 0;
}
