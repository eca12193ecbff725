// Live editing at scale: for a spec of 100,000 programs, the time from an edit of a shape
// (SpecDocument::edit on the GUI thread) to the new snapshot being ready for the views,
// analysis and audit computed off the GUI thread. Target: 100 ms.
#include <benchmark/benchmark.h>

#include <QElapsedTimer>
#include <QEventLoop>
#include <QGuiApplication>
#include <QTimer>
#include <chrono>
#include <ctime>

#include "core/analysis/analysis.h"
#include "core/spec/spec.h"
#include "widgets/document/snapshot_compute.h"
#include "widgets/document/spec_document.h"

namespace {

using tl::BlockDim;
using tl::OperandSpec;
using tl::SizeValue;
using tl::Spec;

constexpr double kTargetMs = 100.0;

// Matmul 6400 x 5120 @ 5120 x 6400 in 128-blocks: a 50 x 50 x 40 grid, 100,000 programs.
// `dense`: index maps written to read all three grid axes, so the analysis evaluates them at
// every program instead of once per block (the worst case for an edit).
Spec big_matmul(bool dense) {
    Spec s;
    s.name = "bench-100k";
    s.params = {{"M", 6400}, {"N", 6400}, {"K", 5120}, {"bm", 128}, {"bn", 128}, {"bk", 128}};
    s.grid = {std::string("cdiv(M, bm)"), std::string("cdiv(N, bn)"), std::string("cdiv(K, bk)")};
    s.dimension_semantics = {
        {tl::Semantics::Parallel, tl::Semantics::Parallel, tl::Semantics::Arbitrary}};
    const auto op = [](const char* name, tl::Role role, const char* r, const char* c,
                       const char* br, const char* bc, const char* map) {
        OperandSpec o;
        o.name = name;
        o.role = role;
        o.shape = {std::string(r), std::string(c)};
        BlockDim a, b;
        a.size = std::string(br);
        b.size = std::string(bc);
        o.block_shape = std::vector<BlockDim>{a, b};
        o.index_map = std::string(map);
        return o;
    };
    s.operands = {op("x", tl::Role::Input, "M", "K", "bm", "bk",
                     dense ? "lambda i, j, k: (i + j - j, k)" : "lambda i, j, k: (i, k)"),
                  op("y", tl::Role::Input, "K", "N", "bk", "bn",
                     dense ? "lambda i, j, k: (k, j + i - i)" : "lambda i, j, k: (k, j)"),
                  op("o", tl::Role::Output, "M", "N", "bm", "bn",
                     dense ? "lambda i, j, k: (i + k - k, j)" : "lambda i, j, k: (i, j)")};
    s.kernel = tl::KernelSpec{"matmul", tl::Json{{"reduction_axis", 2}}};
    s.target = "tpu-v5e";
    return s;
}

void BM_EditToSnapshot100kPrograms(benchmark::State& state) {
    tl::gui::SpecDocument doc;
    doc.reset(big_matmul(state.range(0) != 0));
    QEventLoop loop;
    QObject::connect(&doc, &tl::gui::SpecDocument::snapshotReady, &loop, &QEventLoop::quit);
    loop.exec();  // the first snapshot
    if (!doc.snapshot().analysis || doc.snapshot().analysis->programs() != 100000) {
        state.SkipWithError("the benchmark spec did not analyse to 100,000 programs");
        return;
    }
    int n = 0;
    double total_ms = 0, worst_ms = 0, cpu_ms = 0;
    for (auto _ : state) {
        // Alternate x's shape between (M, K) and (M + 1, K): a typed shape edit.
        Spec next = doc.spec();
        next.operands[0].shape[0] = std::string(++n % 2 ? "M + 1" : "M");
        QElapsedTimer clock;
        clock.start();
        const std::clock_t cpu0 = std::clock();
        doc.edit(next,
                 {tl::gui::SpecChange::Part::Operands, 0, QStringLiteral("operands[0].shape")},
                 QStringLiteral("edit"));
        loop.exec();
        const double ms = static_cast<double>(clock.nsecsElapsed()) / 1e6;
        cpu_ms += 1e3 * static_cast<double>(std::clock() - cpu0) / CLOCKS_PER_SEC;
        state.SetIterationTime(ms / 1e3);
        total_ms += ms;
        worst_ms = std::max(worst_ms, ms);
    }
    const double mean = total_ms / static_cast<double>(state.iterations());
    state.counters["programs"] = 100000;
    state.counters["edit_to_snapshot_ms"] = mean;
    state.counters["worst_ms"] = worst_ms;
    // CPU time of the whole process per edit, every thread summed: what the edit costs
    // whatever else the machine is running (wall time grows when the cores are shared).
    state.counters["process_cpu_ms"] = cpu_ms / static_cast<double>(state.iterations());
    state.counters["target_ms"] = kTargetMs;
    state.counters["ratio_to_target"] = mean / kTargetMs;
    state.SetLabel(worst_ms < kTargetMs ? "meets target (< 100 ms, worst case too)"
                                        : "MISSES target (< 100 ms)");
}
// Arg 0: the documented maps; 1: maps that read every grid axis.
BENCHMARK(BM_EditToSnapshot100kPrograms)
    ->Arg(0)
    ->Arg(1)
    ->UseManualTime()
    ->Unit(benchmark::kMillisecond)
    ->Iterations(30);

// The same work without the thread hop, to show where the time goes.
void BM_ComputeSnapshot100kPrograms(benchmark::State& state) {
    const Spec spec = big_matmul(state.range(0) != 0);
    quint64 g = 0;
    for (auto _ : state) benchmark::DoNotOptimize(tl::gui::compute_snapshot(spec, ++g));
}
BENCHMARK(BM_ComputeSnapshot100kPrograms)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);

}  // namespace

int main(int argc, char** argv) {
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
    QGuiApplication app(argc, argv);
    benchmark::Initialize(&argc, argv);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
