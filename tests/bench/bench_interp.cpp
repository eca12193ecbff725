// The interpreter on a 2048 x 2048 x 2048 float32 matmul in 128 x 128 blocks (policy nan,
// revisit tpu, writer records on), against one plain Eigen GEMM of the same size measured in
// the same run, both single-threaded. Target: the interpreter takes at most 1.1x the GEMM.
// The interpreter's time includes generating the inputs and filling the output; the
// references (a float64 GEMM) are left out, as they are not part of interpreting.
#include <benchmark/benchmark.h>

#include <Eigen/Core>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <limits>

#include "bench_util.h"
#include "core/interp/interpreter.h"
#include "core/spec/instance.h"
#include "core/spec/spec.h"

namespace {

using tl::bench::seconds_since;

constexpr double kInterpTargetRatio = 1.1;

tl::ResolvedOperand operand(const char* name, tl::Role role, std::int64_t rows, std::int64_t cols,
                            std::int64_t b, const char* map) {
    tl::ResolvedOperand op;
    op.name = name;
    op.role = role;
    op.shape = {rows, cols};
    op.block = {{tl::BlockDim::Kind::Blocked, b, 0, 0}, {tl::BlockDim::Kind::Blocked, b, 0, 0}};
    auto compiled = tl::expr::compile_lambda(map, {}, 3, 2);
    op.index_map = std::get<tl::expr::Compiled>(compiled);
    return op;
}

tl::Instance matmul_instance(std::int64_t n, std::int64_t b) {
    tl::Instance inst;
    inst.grid = {n / b, n / b, n / b};
    inst.semantics.assign(3, tl::Semantics::Arbitrary);
    inst.operands = {operand("x", tl::Role::Input, n, n, b, "lambda i, j, k: (i, k)"),
                     operand("y", tl::Role::Input, n, n, b, "lambda i, j, k: (k, j)"),
                     operand("o", tl::Role::Output, n, n, b, "lambda i, j, k: (i, j)")};
    return inst;
}

void BM_InterpMatmulVsEigenGemm(benchmark::State& state) {
    const std::int64_t n = 2048, b = 128;
    Eigen::setNbThreads(1);
    const tl::Instance inst = matmul_instance(n, b);
    const tl::KernelSpec kernel{"matmul", {{"reduction_axis", 2}}};
    tl::RunOptions opts;
    opts.reference = false;
    opts.threads = 1;  // the same core as the GEMM
    Eigen::MatrixXf x = Eigen::MatrixXf::Random(n, n), y = Eigen::MatrixXf::Random(n, n), o(n, n);

    double best_gemm = std::numeric_limits<double>::infinity(), best_interp = best_gemm;
    for (auto _ : state) {
        auto t0 = std::chrono::steady_clock::now();
        o.noalias() = x * y;
        benchmark::DoNotOptimize(o.data());
        const double gemm = seconds_since(t0);

        t0 = std::chrono::steady_clock::now();
        tl::RunResult r =
            interpret(inst, kernel, tl::Uninitialized::Nan, tl::Revisit::Tpu, 0, opts);
        benchmark::DoNotOptimize(r.outputs.data());
        const double interp = seconds_since(t0);
        if (!r.ok) {
            state.SkipWithError("interpreter run failed");
            return;
        }
        best_gemm = std::min(best_gemm, gemm);
        best_interp = std::min(best_interp, interp);
        state.SetIterationTime(gemm + interp);
    }
    state.counters["eigen_gemm_s"] = best_gemm;
    state.counters["interp_s"] = best_interp;
    state.counters["ratio"] = best_interp / best_gemm;
    state.counters["target_ratio"] = kInterpTargetRatio;
    std::printf(
        "interpreter %.3f s vs Eigen GEMM %.3f s (best of %lld): ratio %.3f, target <= %.1f: %s\n",
        best_interp, best_gemm, static_cast<long long>(state.iterations()), best_interp / best_gemm,
        kInterpTargetRatio, best_interp / best_gemm <= kInterpTargetRatio ? "met" : "NOT met");
}
BENCHMARK(BM_InterpMatmulVsEigenGemm)
    ->Iterations(5)
    ->UseManualTime()
    ->Unit(benchmark::kMillisecond);

}  // namespace
