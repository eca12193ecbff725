#pragma once
// The fixed part of the benchmark script (Python): data generation, building and compiling
// each candidate, the check against the reference, the timing loop and the CSV writer. It
// uses the names the spec-specific part defines (SPEC_PARAMS, _tl_layout, _tl_kernel, ...).
#include <string_view>

namespace tl::bench {

// The docstring and the imports every script starts with.
std::string_view bench_header();
std::string_view bench_runtime();

}  // namespace tl::bench
