// The numerics audit of a 4096 x 4096 x 4096 float32 matmul in 128 x 128 blocks (semantics
// parallel, parallel, arbitrary) with --jobs 2 against the same audit with --jobs 1 in the
// same run: the data, the interpretation, the float64 reference and the comparison share
// the cores. Target: at most 0.6x the single-threaded time.
#include <benchmark/benchmark.h>

#include <chrono>
#include <cstdio>
#include <limits>
#include <string>

#include "bench_util.h"
#include "core/audit/audit.h"
#include "core/spec/spec_io.h"

namespace {

constexpr double kNumericsTargetRatio = 0.6;

std::string numerics_matmul_spec_text(int n, int b) {
    const std::string N = std::to_string(n), B = std::to_string(b);
    return R"js({"tilelens": 1, "name": "mm", "params": {"N": )js" + N + R"js(, "b": )js" + B +
           R"js(}, "grid": ["cdiv(N, b)", "cdiv(N, b)", "cdiv(N, b)"],
        "dimension_semantics": ["parallel", "parallel", "arbitrary"],
        "operands": [
          {"name": "x", "role": "input", "shape": ["N", "N"], "dtype": "float32",
           "block_shape": ["b", "b"], "index_map": "lambda i, j, k: (i, k)"},
          {"name": "y", "role": "input", "shape": ["N", "N"], "dtype": "float32",
           "block_shape": ["b", "b"], "index_map": "lambda i, j, k: (k, j)"},
          {"name": "o", "role": "output", "shape": ["N", "N"], "dtype": "float32",
           "block_shape": ["b", "b"], "index_map": "lambda i, j, k: (i, j)"}],
        "kernel": {"body": "matmul", "reduction_axis": 2}, "target": "tpu-v5e",
        "sweep": "off"})js";
}

// The audit's wall time with `jobs` workers, or a negative number when numerics failed.
double audit_seconds(const tl::Spec& spec, int jobs) {
    tl::AuditOptions opt;
    opt.stage = tl::AuditStage::Numerics;
    opt.sweep = tl::SweepMode::Off;
    opt.jobs = jobs;
    const auto t0 = std::chrono::steady_clock::now();
    const tl::AuditResult r = tl::run_audit(spec, opt);
    const double s = tl::bench::seconds_since(t0);
    benchmark::DoNotOptimize(r.findings.data());
    return r.numerics == tl::StageStatus::Pass ? s : -1;
}

void BM_NumericsAuditTwoCoresVsOne(benchmark::State& state) {
    constexpr int n = 4096, b = 128;
    const auto loaded = tl::load_spec(numerics_matmul_spec_text(n, b), "mm4096.tilelens.json");
    if (!loaded.spec) {
        state.SkipWithError("cannot load the spec");
        return;
    }
    double best_one = std::numeric_limits<double>::infinity(), best_two = best_one;
    for (auto _ : state) {
        const double one = audit_seconds(*loaded.spec, 1);
        const double two = audit_seconds(*loaded.spec, 2);
        if (one < 0 || two < 0) {
            state.SkipWithError("the numerics stage did not pass");
            return;
        }
        best_one = std::min(best_one, one);
        best_two = std::min(best_two, two);
        state.SetIterationTime(one + two);
    }
    const double ratio = best_two / best_one;
    state.counters["one_thread_s"] = best_one;
    state.counters["two_threads_s"] = best_two;
    state.counters["ratio"] = ratio;
    state.counters["target_ratio"] = kNumericsTargetRatio;
    std::printf(
        "numerics audit of a %d^3 f32 matmul: --jobs 2 %.3f s vs --jobs 1 %.3f s (best of "
        "%lld): ratio %.3f, target <= %.1f: %s\n",
        n, best_two, best_one, static_cast<long long>(state.iterations()), ratio,
        kNumericsTargetRatio, ratio <= kNumericsTargetRatio ? "met" : "NOT met");
}
BENCHMARK(BM_NumericsAuditTwoCoresVsOne)
    ->Iterations(3)
    ->UseManualTime()
    ->Unit(benchmark::kMillisecond);

}  // namespace
