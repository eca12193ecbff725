// Peak memory of `check` (the whole audit, 2 jobs) and `plan` of every spec in the examples
// and the real-kernel gallery, each in a child process of its own so that each peak is that
// spec's, against a child that only loads the spec (the baseline). Target: every peak under
// 1 GB.
#include <benchmark/benchmark.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include "core/audit/audit.h"
#include "core/plan/tile_plan.h"
#include "core/spec/spec_io.h"

namespace {

enum class Work { Load, Check, Plan };

// The peak resident memory of a child doing `work` on `path`, in MiB; -1 when it failed.
double child_peak_mib(const std::string& path, Work work) {
    const pid_t pid = fork();
    if (pid == 0) {
        const auto loaded = tl::load_spec_file(path);
        if (loaded.spec && work == Work::Check) {
            tl::AuditOptions opt;
            opt.jobs = 2;
            benchmark::DoNotOptimize(tl::run_audit(*loaded.spec, opt).cases.data());
        } else if (loaded.spec && work == Work::Plan) {
            tl::PlanOptions opt;
            if (loaded.spec->target_id() == "interpret") opt.target = "tpu-v5e";
            benchmark::DoNotOptimize(tl::plan_tiles(*loaded.spec, opt).plan.has_value());
        }
        _exit(0);
    }
    int status = 0;
    rusage u{};
    if (pid < 0 || wait4(pid, &status, 0, &u) != pid || !WIFEXITED(status)) return -1;
    return static_cast<double>(u.ru_maxrss) / 1024.0;
}

void BM_PeakMemoryOfEverySpec(benchmark::State& state) {
    constexpr double kTargetMib = 1000.0 / 1.048576;  // 1 GB
    std::vector<std::string> specs;
    for (const char* folder : {"/resources/examples", "/resources/examples/real"})
        for (const auto& e :
             std::filesystem::directory_iterator(TILELENS_SOURCE_DIR + std::string(folder)))
            if (e.path().string().ends_with(".tilelens.json")) specs.push_back(e.path().string());
    std::sort(specs.begin(), specs.end());
    double worst = 0, baseline = 0;
    std::string worst_spec;
    bool failed = false;
    for (auto _ : state) {
        for (const auto& path : specs) {
            const double load = child_peak_mib(path, Work::Load);
            const double check = child_peak_mib(path, Work::Check);
            const double plan = child_peak_mib(path, Work::Plan);
            failed = failed || load < 0 || check < 0 || plan < 0;
            baseline = std::max(baseline, load);
            std::printf("  %-60s load %6.0f MiB  check %6.0f MiB  plan %6.0f MiB\n",
                        std::filesystem::path(path).filename().c_str(), load, check, plan);
            if (std::max(check, plan) > worst) {
                worst = std::max(check, plan);
                worst_spec = std::filesystem::path(path).filename().string();
            }
        }
    }
    state.counters["worst_peak_mib"] = worst;
    state.counters["load_only_mib"] = baseline;
    state.counters["specs"] = static_cast<double>(specs.size());
    std::printf(
        "peak memory over %zu specs: worst %.0f MiB (%s), %.1fx a child that only loads a spec "
        "(%.0f MiB); target < 1 GB: %s\n",
        specs.size(), worst, worst_spec.c_str(), worst / baseline, baseline,
        !failed && worst < kTargetMib ? "met" : "NOT met");
    if (failed) state.SkipWithError("a child process failed");
}
BENCHMARK(BM_PeakMemoryOfEverySpec)->Iterations(1)->Unit(benchmark::kMillisecond);

}  // namespace
