#pragma once
// The fixed parts of the benchmark script (Python), kept in core/plan/python/ and compiled in
// by embed_text.cmake: the docstring and imports, then data generation, building and
// compiling each candidate, the check against the reference, the timing loop and the CSV
// writer. The runtime uses the names the spec-specific part defines (SPEC_PARAMS,
// _tl_layout, _tl_kernel, ...).
#include <string_view>

namespace tl::bench {

// The docstring and the imports every script starts with.
std::string_view bench_header();
// Everything after the spec-specific part.
std::string_view bench_runtime();

}  // namespace tl::bench
