// The range proof of a small spec (the rectangular matmul example: three dimensions, each
// analysed at every size 1..4096 within the work budget): its time on 2 threads against the
// same proof on 1 thread, measured in this run, and the target of under one second.
#include <benchmark/benchmark.h>

#include <chrono>
#include <cstdio>
#include <limits>

#include "core/audit/range_proof.h"
#include "core/audit/sweep.h"
#include "core/spec/instance.h"
#include "core/spec/spec_io.h"

namespace {

double prove_seconds(const tl::Spec& spec, const std::vector<tl::SweptParam>& swept, int jobs,
                     std::size_t* sizes) {
    tl::RangeProofOptions opt;
    opt.jobs = jobs;
    const auto t0 = std::chrono::steady_clock::now();
    const auto proofs = tl::prove_ranges(spec, swept, opt);
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    *sizes = 0;
    for (const auto& p : proofs) *sizes += static_cast<std::size_t>(p.to - p.from + 1);
    benchmark::DoNotOptimize(proofs.data());
    return s;
}

void BM_RangeProofSmallSpec(benchmark::State& state) {
    constexpr double kTargetSeconds = 1.0;
    const auto loaded =
        tl::load_spec_file(TILELENS_SOURCE_DIR "/resources/examples/matmul-rect.tilelens.json");
    const auto base = loaded.spec ? tl::resolve(*loaded.spec) : tl::ResolveResult{};
    if (!base.instance) {
        state.SkipWithError("cannot load the example");
        return;
    }
    const auto swept = tl::swept_params(*loaded.spec, *base.instance);
    double one = std::numeric_limits<double>::infinity(), two = one;
    std::size_t sizes = 0;
    for (auto _ : state) {
        one = std::min(one, prove_seconds(*loaded.spec, swept, 1, &sizes));
        const double s = prove_seconds(*loaded.spec, swept, 2, &sizes);
        two = std::min(two, s);
        state.SetIterationTime(s);
    }
    state.counters["seconds_2_jobs"] = two;
    state.counters["speedup"] = one / two;
    std::printf(
        "range proof of matmul-rect (%zu sizes): %.3f s on 1 thread, %.3f s on 2 "
        "(%.2fx); target < %.0f s: %s\n",
        sizes, one, two, one / two, kTargetSeconds, two < kTargetSeconds ? "met" : "NOT met");
}
BENCHMARK(BM_RangeProofSmallSpec)->Iterations(3)->UseManualTime()->Unit(benchmark::kMillisecond);

}  // namespace
