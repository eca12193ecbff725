#pragma once
// Shared helpers of the Timings tab tests: fixture paths, imported records, the matmul spec.
#include <gtest/gtest.h>
#include <QString>
#include <string>
#include <vector>

#include "core/spec/spec_io.h"
#include "core/timings/io/registry.h"

namespace timings_test {

inline std::string golden(const char* relative) {
    return std::string(TILELENS_SOURCE_DIR "/tests/golden/timings/") + relative;
}
inline std::string sweepCsv() {
    return TILELENS_SOURCE_DIR "/tests/widgets/data/timings/sweep.csv";
}
// A pytest-benchmark file of two libraries (groups cupy and millipyde) timing one transpose at
// input sizes 500 to 4000; cupy is fastest at 1000, millipyde at 500.
inline std::string sizesJson() {
    return TILELENS_SOURCE_DIR "/tests/widgets/data/timings/pytest-sizes.json";
}
inline QString q(const std::string& s) {
    return QString::fromStdString(s);
}

inline tl::ImportResult importFile(const std::string& path) {
    tl::ImportResult r = tl::import_timing_file(path);
    EXPECT_FALSE(r.records.empty()) << path;
    return r;
}

// The example matmul with bfloat16 operands, as the timed kernels are.
inline tl::Spec matmulSpec() {
    tl::LoadResult loaded =
        tl::load_spec_file(TILELENS_SOURCE_DIR "/resources/examples/matmul-rect.tilelens.json");
    EXPECT_TRUE(loaded.spec) << tl::join(loaded.errors);
    tl::Spec spec = *loaded.spec;
    for (auto& op : spec.operands) op.dtype = tl::DType::BFloat16;
    return spec;
}

}  // namespace timings_test
