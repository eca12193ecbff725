// Whole-audit figures, each against its target or a baseline measured in the same run:
// - the default auto sweep of the rectangular matmul example with 2 jobs: under 10 s;
// - the numerics stage of a 2048^3 float32 matmul (data, interpretation, reference,
//   comparison, report) against a plain program doing one f32 GEMM, one f64 GEMM and the
//   comparison, single-threaded: at most 1.5x.
#include <benchmark/benchmark.h>

#include <Eigen/Core>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <limits>

#include "bench_util.h"
#include "core/audit/audit.h"
#include "core/audit/report_json.h"
#include "core/spec/spec_io.h"

namespace {

using tl::bench::seconds_since;

void BM_AutoSweepMatmulRect(benchmark::State& state) {
    constexpr double kTargetSeconds = 10.0;
    const auto loaded =
        tl::load_spec_file(TILELENS_SOURCE_DIR "/resources/examples/matmul-rect.tilelens.json");
    if (!loaded.spec) {
        state.SkipWithError("cannot load the example");
        return;
    }
    tl::AuditOptions opt;
    opt.jobs = 2;
    double best = std::numeric_limits<double>::infinity();
    std::size_t cases = 0;
    for (auto _ : state) {
        const auto t0 = std::chrono::steady_clock::now();
        const tl::AuditResult r = tl::run_audit(*loaded.spec, opt);
        const double s = seconds_since(t0);
        benchmark::DoNotOptimize(r.cases.data());
        cases = r.cases.size();
        best = std::min(best, s);
        state.SetIterationTime(s);
    }
    state.counters["seconds"] = best;
    state.counters["cases"] = static_cast<double>(cases);
    state.counters["target_s"] = kTargetSeconds;
    std::printf("auto sweep of matmul-rect, --jobs 2: %zu cases in %.2f s, target < %.0f s: %s\n",
                cases, best, kTargetSeconds, best < kTargetSeconds ? "met" : "NOT met");
}
BENCHMARK(BM_AutoSweepMatmulRect)->Iterations(3)->UseManualTime()->Unit(benchmark::kMillisecond);

std::string matmul_spec_text(int n, int b) {
    const std::string N = std::to_string(n), B = std::to_string(b);
    return R"js({"tilelens": 1, "name": "mm2048", "params": {"M": )js" + N + R"js(, "N": )js" + N +
           R"js(, "K": )js" + N + R"js(, "b": )js" + B +
           R"js(}, "grid": ["cdiv(M, b)", "cdiv(N, b)", "cdiv(K, b)"],
        "dimension_semantics": ["parallel", "parallel", "arbitrary"],
        "operands": [
          {"name": "x", "role": "input", "shape": ["M", "K"], "dtype": "float32",
           "block_shape": ["b", "b"], "index_map": "lambda i, j, k: (i, k)"},
          {"name": "y", "role": "input", "shape": ["K", "N"], "dtype": "float32",
           "block_shape": ["b", "b"], "index_map": "lambda i, j, k: (k, j)"},
          {"name": "o", "role": "output", "shape": ["M", "N"], "dtype": "float32",
           "block_shape": ["b", "b"], "index_map": "lambda i, j, k: (i, j)"}],
        "kernel": {"body": "matmul", "reduction_axis": 2}, "target": "tpu-v5e",
        "sweep": "off"})js";
}

// What a hand-written check would do: data, f32 GEMM, f64 GEMM, compare within a tolerance.
double plain_program(int n) {
    const auto t0 = std::chrono::steady_clock::now();
    const Eigen::MatrixXf x = Eigen::MatrixXf::Random(n, n), y = Eigen::MatrixXf::Random(n, n);
    Eigen::MatrixXf o(n, n);
    o.noalias() = x * y;
    Eigen::MatrixXd ref(n, n);
    ref.noalias() = x.cast<double>() * y.cast<double>();
    const double tol = 1e-3 * n;
    std::int64_t bad = 0;
    for (Eigen::Index c = 0; c < n; ++c)
        for (Eigen::Index r = 0; r < n; ++r)
            bad += std::abs(static_cast<double>(o(r, c)) - ref(r, c)) > tol;
    benchmark::DoNotOptimize(bad);
    return seconds_since(t0);
}

void BM_NumericsAuditVsPlainProgram(benchmark::State& state) {
    constexpr double kTargetRatio = 1.5;
    constexpr int n = 2048, b = 128;
    Eigen::setNbThreads(1);
    const auto loaded = tl::load_spec(matmul_spec_text(n, b), "mm2048.tilelens.json");
    if (!loaded.spec) {
        state.SkipWithError("cannot load the spec");
        return;
    }
    tl::AuditOptions opt;
    opt.stage = tl::AuditStage::Numerics;
    opt.sweep = tl::SweepMode::Off;
    opt.jobs = 1;
    double best_plain = std::numeric_limits<double>::infinity(), best_audit = best_plain;
    for (auto _ : state) {
        const double plain = plain_program(n);
        const auto t0 = std::chrono::steady_clock::now();
        const tl::AuditResult r = tl::run_audit(*loaded.spec, opt);
        const std::string report = tl::report_json_text(r);
        benchmark::DoNotOptimize(report.data());
        const double audit = seconds_since(t0);
        if (r.numerics != tl::StageStatus::Pass) {
            state.SkipWithError("the numerics stage did not pass");
            return;
        }
        best_plain = std::min(best_plain, plain);
        best_audit = std::min(best_audit, audit);
        state.SetIterationTime(plain + audit);
    }
    const double ratio = best_audit / best_plain;
    state.counters["plain_s"] = best_plain;
    state.counters["audit_s"] = best_audit;
    state.counters["ratio"] = ratio;
    state.counters["target_ratio"] = kTargetRatio;
    std::printf(
        "numerics audit of a %d^3 f32 matmul %.3f s vs plain f32+f64 GEMM and compare %.3f s: "
        "ratio %.3f, target <= %.1f: %s\n",
        n, best_audit, best_plain, ratio, kTargetRatio, ratio <= kTargetRatio ? "met" : "NOT met");
}
BENCHMARK(BM_NumericsAuditVsPlainProgram)
    ->Iterations(3)
    ->UseManualTime()
    ->Unit(benchmark::kMillisecond);

}  // namespace
