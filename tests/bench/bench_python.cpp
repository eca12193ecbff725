// Python kernels: recording and analysing a 4,096-program kernel file (target under 1 s),
// against analysing the same recorded spec written out (the child process's share); and the
// numerics of the blocked matmul file at 1024^3 with 128 blocks (target under 10 s), against
// the built-in interpreter on the same matmul, both measured in this run; and the matmul
// and a flash-attention sweep under the JAX engine against the stand-ins in the same run.
#include <benchmark/benchmark.h>

#include <chrono>
#include <cstdio>
#include <limits>

#include "core/audit/audit.h"
#include "core/spec/spec_io.h"

namespace {

const std::string kKernels = TILELENS_SOURCE_DIR "/tests/python/kernels/";

tl::Spec python_spec(const std::string& file, const std::string& call, const std::string& args,
                     const std::string& extra) {
    const auto r = tl::load_spec(R"({"tilelens": 2, "name": "bench", "params": {"N": 1024},
        "python": {"file": ")" + kKernels +
                                     file + R"(", "call": ")" + call + R"(", "args": )" + args +
                                     extra + R"(}, "target": "tpu-v5e"})",
                                 "bench");
    return r.spec.value_or(tl::Spec{});
}

double audit_seconds(const tl::Spec& spec, tl::AuditStage stage, tl::AuditResult* out) {
    tl::AuditOptions o;
    o.stage = stage;
    o.sweep = tl::SweepMode::Off;
    const auto t0 = std::chrono::steady_clock::now();
    *out = tl::run_audit(spec, o);
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

void BM_PythonRecordAndAnalyse4096(benchmark::State& state) {
    const tl::Spec spec = python_spec("small_kernels.py", "many_programs",
                                      R"([{"shape": [512, 8192], "dtype": "float32"}])", "");
    double python = std::numeric_limits<double>::infinity(), written = python;
    tl::AuditResult r;
    for (auto _ : state) {
        const double s = audit_seconds(spec, tl::AuditStage::Indexing, &r);
        python = std::min(python, s);
        state.SetIterationTime(s);
        if (!r.recorded) {
            state.SkipWithError("the kernel file did not record");
            return;
        }
        tl::AuditResult w;
        written = std::min(written, audit_seconds(*r.recorded, tl::AuditStage::Indexing, &w));
    }
    std::printf(
        "record + analyse of a %lld-program kernel file: %.3f s (the recorded spec analysed "
        "alone: %.4f s, %.0fx); target < 1 s: %s\n",
        static_cast<long long>(r.programs.value_or(0)), python, written, python / written,
        python < 1.0 ? "met" : "NOT met");
}
BENCHMARK(BM_PythonRecordAndAnalyse4096)
    ->Iterations(3)
    ->UseManualTime()
    ->Unit(benchmark::kMillisecond);

void BM_PythonMatmulNumerics1024(benchmark::State& state) {
    const tl::Spec spec = python_spec(
        "blocked_matmul.py", "matmul",
        R"([{"shape": ["N", "N"], "dtype": "float32"}, {"shape": ["N", "N"], "dtype": "float32"}])",
        R"(, "kwargs": {"bm": 128, "bk": 128, "bn": 128}, "reference": "matmul_reference")");
    auto builtin =
        tl::load_spec_file(TILELENS_SOURCE_DIR "/resources/examples/matmul-rect.tilelens.json")
            .spec.value_or(tl::Spec{});
    builtin.params = {{"M", 1024}, {"N", 1024}, {"K", 1024}, {"bm", 128}, {"bn", 128}, {"bk", 128}};
    double python = std::numeric_limits<double>::infinity(), interp = python;
    tl::AuditResult r;
    for (auto _ : state) {
        const double s = audit_seconds(spec, tl::AuditStage::All, &r);
        python = std::min(python, s);
        state.SetIterationTime(s);
        if (r.numerics != tl::StageStatus::Pass) {
            state.SkipWithError("the numerics did not pass");
            return;
        }
        tl::AuditResult b;
        interp = std::min(interp, audit_seconds(builtin, tl::AuditStage::All, &b));
    }
    std::printf(
        "numerics of the blocked matmul file at 1024^3, 128 blocks (%lld programs): %.2f s "
        "(built-in interpreter on the same matmul: %.2f s, %.1fx); target < 10 s: %s\n",
        static_cast<long long>(r.programs.value_or(0)), python, interp, python / interp,
        python < 10.0 ? "met" : "NOT met");
}
BENCHMARK(BM_PythonMatmulNumerics1024)
    ->Iterations(2)
    ->UseManualTime()
    ->Unit(benchmark::kMillisecond);

tl::AuditResult audit_on(const tl::Spec& spec, tl::PythonEngine engine, tl::SweepMode sweep,
                         double* seconds) {
    tl::AuditOptions o;
    o.sweep = sweep;
    o.python_engine = engine;
    const auto t0 = std::chrono::steady_clock::now();
    tl::AuditResult r = tl::run_audit(spec, o);
    *seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return r;
}

// One workload under both engines in the same run: the stand-ins are the baseline.
void engines_compared(benchmark::State& state, const tl::Spec& spec, tl::SweepMode sweep,
                      const char* what) {
    double standins = std::numeric_limits<double>::infinity(), jax = standins;
    std::size_t cases = 0;
    for (auto _ : state) {
        double s = 0, j = 0;
        const tl::AuditResult a = audit_on(spec, tl::PythonEngine::Standins, sweep, &s);
        const tl::AuditResult b = audit_on(spec, tl::PythonEngine::Jax, sweep, &j);
        if (a.engine != "standins" || b.engine != "jax" || a.verdict != b.verdict) {
            state.SkipWithError("the engines did not both run, or their verdicts differ");
            return;
        }
        standins = std::min(standins, s);
        jax = std::min(jax, j);
        cases = b.cases.size();
        state.SetIterationTime(s + j);
    }
    std::printf("%s (%zu case(s)): stand-ins %.2f s, JAX %.2f s (%.1fx the stand-ins)\n", what,
                cases, standins, jax, jax / standins);
}

// The TPU matmul guide's blocked matmul at 1024^3 with 128 blocks (512 programs), numerics on.
void BM_EnginesMatmul1024(benchmark::State& state) {
    const tl::Spec spec = python_spec(
        "blocked_matmul.py", "matmul",
        R"([{"shape": ["N", "N"], "dtype": "float32"}, {"shape": ["N", "N"], "dtype": "float32"}])",
        R"(, "kwargs": {"bm": 128, "bk": 128, "bn": 128}, "reference": "matmul_reference")");
    engines_compared(state, spec, tl::SweepMode::Off, "blocked matmul 1024^3, 128 blocks");
}
BENCHMARK(BM_EnginesMatmul1024)->Iterations(1)->UseManualTime()->Unit(benchmark::kMillisecond);

// A flash-attention forward kernel's hostile-shape sweep over the sequence length.
void BM_EnginesFlashSweep(benchmark::State& state) {
    const auto r = tl::load_spec(R"({"tilelens": 2, "name": "flash", "params": {"S": 256},
        "python": {"file": ")" + kKernels +
                                     R"(flash_forward.py", "call": "flash_forward",
          "args": [{"shape": [1, 2, "S", 64], "dtype": "float32"},
                   {"shape": [1, 2, "S", 64], "dtype": "float32"},
                   {"shape": [1, 2, "S", 64], "dtype": "float32"}],
          "reference": "attention_reference"}, "target": "tpu-v5e"})",
                                 "flash");
    engines_compared(state, r.spec.value_or(tl::Spec{}), tl::SweepMode::Auto,
                     "flash attention sweep over S");
}
BENCHMARK(BM_EnginesFlashSweep)->Iterations(1)->UseManualTime()->Unit(benchmark::kMillisecond);

}  // namespace
