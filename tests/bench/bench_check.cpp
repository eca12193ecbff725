// `check` of the rectangular matmul at M = N = 65536, K = 8192 (128 blocks), the whole audit
// with its sweep and proofs on 2 jobs, against the same audit of the example at its own size
// (M = 300, N = 500, K = 256) in the same run. Target: under 3 s and under 600 MB. Run it
// alone (--benchmark_filter=CheckBig) so that the peak memory is this audit's.
#include <benchmark/benchmark.h>

#include <chrono>
#include <cstdio>

#include "bench_util.h"
#include "core/audit/audit.h"

namespace {

using tl::bench::at_big_size;
using tl::bench::matmul_rect;
using tl::bench::peak_mib;
using tl::bench::seconds_since;

void BM_CheckBigMatmul(benchmark::State& state) {
    constexpr double kTargetSeconds = 3.0, kTargetMib = 600.0;
    const auto example = matmul_rect();
    if (!example) {
        state.SkipWithError("cannot load the example");
        return;
    }
    const tl::Spec big = at_big_size(*example);
    tl::AuditOptions opt;
    opt.jobs = 2;
    double big_s = 0, small_s = 0, peak = 0;
    std::size_t cases = 0;
    bool passed = false;
    for (auto _ : state) {
        auto t0 = std::chrono::steady_clock::now();
        const tl::AuditResult r = tl::run_audit(big, opt);
        big_s = seconds_since(t0);
        peak = peak_mib();
        cases = r.cases.size();
        passed = r.verdict == tl::Verdict::Pass;
        t0 = std::chrono::steady_clock::now();
        benchmark::DoNotOptimize(tl::run_audit(*example, opt).cases.data());
        small_s = seconds_since(t0);
        state.SetIterationTime(big_s + small_s);
    }
    state.counters["big_s"] = big_s;
    state.counters["own_size_s"] = small_s;
    state.counters["ratio"] = big_s / small_s;
    state.counters["peak_mib"] = peak;
    std::printf(
        "check 65536x65536x8192, --jobs 2: %zu cases in %.2f s (%.2fx the example at its own "
        "size, %.2f s), peak %.0f MiB, verdict %s; target < %.0f s and < %.0f MB: %s\n",
        cases, big_s, big_s / small_s, small_s, peak, passed ? "pass" : "NOT pass", kTargetSeconds,
        kTargetMib, big_s < kTargetSeconds && peak * 1.048576 < kTargetMib ? "met" : "NOT met");
}
BENCHMARK(BM_CheckBigMatmul)->Iterations(1)->UseManualTime()->Unit(benchmark::kMillisecond);

}  // namespace
