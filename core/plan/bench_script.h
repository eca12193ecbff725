#pragma once
// The benchmark script of `tilelens-audit plan --emit-bench FILE` (docs/timings.md, "Measurement
// plan and benchmark script"): a Python (JAX) program to run on the target that builds each
// tile candidate's pallas_call from the spec, compiles it once, checks its output against a
// jnp reference there, times it and the XLA baseline with warm-up and block_until_ready, and
// writes the TileLens timings CSV. Every name from the spec is checked before it becomes code;
// expressions are printed from their syntax tree and values written as literals.
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "core/spec/spec.h"
#include "core/target/target.h"

namespace tl {

struct BenchScriptOptions {
    int warmup = 3;
    int runs = 50;
    std::string csv_path = "timings.csv";  // the script's default output (--csv overrides it)
};

struct BenchScript {
    std::string text;                 // the Python script; empty when errors is not
    std::vector<std::string> errors;  // non-empty => no script
};

// `candidates`: for each tile candidate, the param values that differ from the spec's (e.g.
// {bm: 256, bn: 128, bk: 512}); the spec's other params stay as written. Errors name the
// spec's JSON path (or the candidate) and what the script cannot do: an unsupported body or
// option (with the supported bodies), scalar prefetch, element block dimensions, a name that
// is not a safe Python identifier, a candidate that does not resolve.
BenchScript emit_bench_script(const Spec& spec, const TargetProfile& target,
                              const std::vector<std::map<std::string, std::int64_t>>& candidates,
                              const BenchScriptOptions& options = {});

}  // namespace tl
