// Index-map evaluation speed. Target: 20 million evaluations per second on one core for a
// 3-parameter map. Each case also times hand-written C++ doing the same arithmetic over the
// same grid in the same run, and reports both rates, their ratio and the target.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <ctime>
#include <string>

#include "core/expr/expr.h"

namespace {

constexpr double kTargetPerSecond = 20e6;
constexpr std::int64_t kSide = 16;  // each iteration walks a 16 x 16 x 16 grid
constexpr std::int64_t kPerIteration = kSide * kSide * kSide;

// CPU time, as Google Benchmark reports, so that a busy machine does not skew the ratio.
double cpu_seconds() {
    return static_cast<double>(std::clock()) / CLOCKS_PER_SEC;
}

// Python's floor division and pl.cdiv, written out directly for the baseline.
std::int64_t floor_div(std::int64_t a, std::int64_t b) {
    const std::int64_t q = a / b;
    return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}

struct Simple {
    static constexpr const char* kText = "lambda i, j, k: (i, k)";
    static void cpp(const std::int64_t* a, std::int64_t* out) {
        out[0] = a[0];
        out[1] = a[2];
    }
};

struct Heavy {
    static constexpr const char* kText = "lambda i, j, k: (i * 2 + k // 3, cdiv(j, 2))";
    static void cpp(const std::int64_t* a, std::int64_t* out) {
        out[0] = a[0] * 2 + floor_div(a[2], 3);
        out[1] = floor_div(a[1] + 2 - 1, 2);
    }
};

// Runs `eval` once per point of the grid, `iterations` times over; returns seconds.
template <typename F>
double walk(std::int64_t iterations, F&& eval) {
    const double start = cpu_seconds();
    for (std::int64_t n = 0; n < iterations; ++n) {
        std::int64_t args[3];
        std::int64_t out[2];
        for (args[0] = 0; args[0] < kSide; ++args[0]) {
            for (args[1] = 0; args[1] < kSide; ++args[1]) {
                for (args[2] = 0; args[2] < kSide; ++args[2]) {
                    // Opaque arguments: the baseline may not vectorise across the grid.
                    benchmark::DoNotOptimize(args);
                    eval(args, out);
                    benchmark::DoNotOptimize(out);
                }
            }
        }
    }
    return cpu_seconds() - start;
}

template <typename Map>
void index_map(benchmark::State& state) {
    auto compiled = tl::expr::compile_lambda(Map::kText, {}, 3, 2);
    if (!std::holds_alternative<tl::expr::Compiled>(compiled)) {
        state.SkipWithError("the index map does not compile");
        return;
    }
    const tl::expr::Compiled map = std::get<tl::expr::Compiled>(compiled);
    const double start = cpu_seconds();
    for (auto _ : state) {
        walk(1, [&](const std::int64_t* args, std::int64_t* out) { map.eval(args, out); });
    }
    const double seconds = cpu_seconds() - start;
    const double evals = static_cast<double>(state.iterations() * kPerIteration);
    const double cpp_seconds = walk(state.iterations(), Map::cpp);

    const double rate = evals / seconds;
    const double cpp_rate = evals / cpp_seconds;
    state.counters["evals_per_s"] = benchmark::Counter(evals, benchmark::Counter::kIsRate);
    state.counters["cpp_evals_per_s"] = cpp_rate;
    state.counters["slowdown_vs_cpp"] = cpp_rate / rate;
    state.counters["target_per_s"] = kTargetPerSecond;
    state.counters["of_target"] = rate / kTargetPerSecond;
    state.SetLabel(std::string(Map::kText) +
                   (rate >= kTargetPerSecond ? "  [meets 20M/s]" : "  [BELOW 20M/s]"));
}

// Compiling is on the live-editing path: every keystroke recompiles every index map.
void compile_index_map(benchmark::State& state) {
    for (auto _ : state) {
        auto compiled = tl::expr::compile_lambda(Heavy::kText, {}, 3, 2);
        benchmark::DoNotOptimize(compiled);
    }
    state.counters["compiles_per_s"] =
        benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
}

BENCHMARK(index_map<Simple>)->Name("expr/index_map_simple/target_20M_per_s");
BENCHMARK(index_map<Heavy>)->Name("expr/index_map_heavy/target_20M_per_s");
BENCHMARK(compile_index_map)->Name("expr/compile_index_map");

}  // namespace
