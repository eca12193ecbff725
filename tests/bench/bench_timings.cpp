// Chrome trace import speed and memory. Target: a 200 MB jax.profiler trace imported in 2 s.
// The trace is generated once into a temporary file; each run reports MB/s, the wall time
// against the target and against a raw read of the same file measured just before it, and
// how much the peak resident memory grew, to show that the trace is streamed rather than held
// whole (a DOM of it would take several times its size).
#include <benchmark/benchmark.h>

#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <memory>
#include <string>

#include "core/timings/io/json_scanner.h"
#include "core/timings/io/registry.h"

namespace {

constexpr double kTargetSeconds = 2.0;
constexpr std::uintmax_t kTraceBytes = 200ull * 1000 * 1000;

// Peak resident set size in bytes (VmHWM), or 0 where /proc is not available.
double peak_rss_bytes() {
    std::ifstream status("/proc/self/status");
    std::string line;
    while (std::getline(status, line))
        if (line.starts_with("VmHWM:")) return std::stod(line.substr(6)) * 1024.0;
    return 0;
}

// A trace shaped like a jax.profiler export: metadata first, then steps, each an
// XLA Modules event over a few dozen XLA Ops events with HLO text in their args, plus host
// events that the importer must skip.
class TraceFile {
public:
    TraceFile() : path_(std::filesystem::temp_directory_path() / "tilelens_bench_trace.json") {
        std::ofstream out(path_, std::ios::binary);
        std::string buf =
            R"({"displayTimeUnit": "ns", "traceEvents": [)"
            "\n"
            R"({"ph": "M", "pid": 1, "name": "process_name", "args": {"name": "/device:TPU:0"}},)"
            "\n"
            R"({"ph": "M", "pid": 1, "tid": 1, "name": "thread_name", "args": {"name": "XLA Modules"}},)"
            "\n"
            R"({"ph": "M", "pid": 1, "tid": 2, "name": "thread_name", "args": {"name": "XLA Ops"}},)"
            "\n"
            R"({"ph": "M", "pid": 2, "tid": 9, "name": "thread_name", "args": {"name": "python3"}},)"
            "\n";
        std::uintmax_t written = 0;
        double ts = 0;
        char line[512];
        for (long step = 0; written + buf.size() < kTraceBytes; ++step) {
            std::snprintf(
                line, sizeof line,
                R"j({"ph": "X", "pid": 1, "tid": 1, "ts": %.3f, "dur": 4000.0, "name": "jit_train_step(%ld)", "args": {"run_id": %ld}},)j"
                "\n",
                ts, step % 7, step);
            buf += line;
            for (int op = 0; op < 40; ++op) {
                const bool kernel = op % 4 == 0;
                std::snprintf(
                    line, sizeof line,
                    R"j({"ph": "X", "pid": 1, "tid": 2, "ts": %.3f, "dur": %.3f, "name": "%s.%d", "args": {"long_name": "%%%s.%d = bf16[4096,4096]{1,0} custom-call(bf16[4096,4096]{1,0} %%p0, bf16[4096,4096]{1,0} %%p1)", "tf_op": "jit(train_step)/jit(main)/pallas_call"}},)j"
                    "\n",
                    ts + 10 + op * 95.0, kernel ? 61.25 + (step % 5) : 33.5,
                    kernel ? "matmul" : "fusion", op, kernel ? "matmul" : "fusion", op);
                buf += line;
            }
            std::snprintf(
                line, sizeof line,
                R"j({"ph": "X", "pid": 2, "tid": 9, "ts": %.3f, "dur": 12.5, "name": "PjitFunction(train_step)"},)j"
                "\n",
                ts);
            buf += line;
            ts += 4100;
            if (buf.size() > (1 << 20)) {
                out << buf;
                written += buf.size();
                buf.clear();
            }
        }
        buf += R"({"ph": "i", "pid": 1, "tid": 2, "ts": 0, "name": "end", "s": "t"}]})"
               "\n";
        out << buf;
    }
    ~TraceFile() {
        std::error_code ec;
        std::filesystem::remove(path_, ec);
    }
    std::string path() const { return path_.string(); }

private:
    std::filesystem::path path_;
};

// The floor for any importer: the same file through the same istream in the importer's chunk
// size, counting newlines with memchr so that every byte is looked at. Returns seconds.
double raw_read_seconds(const std::string& path, std::size_t* newlines) {
    const auto start = std::chrono::steady_clock::now();
    std::ifstream in(path, std::ios::binary);
    const auto buffer = std::make_unique<char[]>(tl::kJsonChunkBytes);
    std::size_t lines = 0;
    for (;;) {
        in.read(buffer.get(), static_cast<std::streamsize>(tl::kJsonChunkBytes));
        const auto got = static_cast<std::size_t>(in.gcount());
        if (got == 0) break;
        const char* p = buffer.get();
        const char* end = p + got;
        while (const void* nl = std::memchr(p, '\n', static_cast<std::size_t>(end - p))) {
            ++lines;
            p = static_cast<const char*>(nl) + 1;
        }
    }
    *newlines = lines;
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

void BM_ImportChromeTrace200MB(benchmark::State& state) {
    static const TraceFile trace;  // generated once, before the first timed import
    const double bytes = static_cast<double>(std::filesystem::file_size(trace.path()));
    const double rss_before = peak_rss_bytes();
    double wall = 0, raw = 0;
    std::size_t records = 0, newlines = 0;
    for (auto _ : state) {
        // The baseline right before each import, so that both see the same machine load.
        state.PauseTiming();
        raw = raw_read_seconds(trace.path(), &newlines);
        benchmark::DoNotOptimize(newlines);
        state.ResumeTiming();
        const auto start = std::chrono::steady_clock::now();
        const auto result = tl::import_timing_file(trace.path());
        wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        records = result.records.size();
        if (!result.complete || records == 0)
            state.SkipWithError("the generated trace did not import");
        benchmark::DoNotOptimize(result);
    }
    const double growth = peak_rss_bytes() - rss_before;
    state.SetBytesProcessed(static_cast<std::int64_t>(bytes) * state.iterations());
    state.counters["file_MB"] = bytes / 1e6;
    state.counters["MB_per_s"] = bytes / 1e6 / wall;
    state.counters["wall_s"] = wall;
    state.counters["target_s"] = kTargetSeconds;
    state.counters["wall_over_target"] = wall / kTargetSeconds;
    state.counters["raw_read_s"] = raw;
    state.counters["ratio_to_raw_read"] = wall / raw;
    state.counters["peak_rss_growth_MB"] = growth / 1e6;
    state.counters["records"] = static_cast<double>(records);
}
BENCHMARK(BM_ImportChromeTrace200MB)->Unit(benchmark::kSecond)->Iterations(2)->UseRealTime();

}  // namespace
