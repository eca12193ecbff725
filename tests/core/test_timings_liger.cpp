// Liger-Kernel benchmark CSVs (docs/timings.md, "Formats"): speed rows as records with their
// percentiles, GPU and target; memory rows counted and skipped. The fixture is an excerpt of
// the project's H100 NVL results (its .source.md).
#include <gtest/gtest.h>

#include "test_timings_util.h"

namespace tl {
namespace {

using testing::all_warnings;

TEST(Liger, SpeedRowsAreRecordsOnTheirGpu) {
    const std::string rel = "real/liger_h100_benchmark_data.csv";
    EXPECT_EQ(testing::detected_format("all_benchmark_data.csv", rel), "liger-benchmark-csv");
    const auto r = testing::import_fixture("liger-benchmark-csv", rel);
    ASSERT_EQ(r.records.size(), 4u) << all_warnings(r);
    const auto& first = r.records[0];
    EXPECT_EQ(first.kernel, "rms_norm/forward");
    EXPECT_EQ(first.impl, "liger");
    EXPECT_EQ(first.line, 2);
    EXPECT_EQ(first.params["H"], 1024);
    EXPECT_EQ(first.params["M"], 2048);
    EXPECT_EQ(first.dtype, "bfloat16");
    EXPECT_NEAR(*first.median_s, 0.007872000336647034e-3, 1e-15);
    EXPECT_NEAR(*first.p20_s, 0.00774399982765317e-3, 1e-15);
    EXPECT_NEAR(*first.p80_s, 0.008031999692320824e-3, 1e-15);
    EXPECT_EQ(first.device, "NVIDIA H100 NVL");
    // An NVL card is slower than the SXM profile: no target, and a warning says why.
    EXPECT_FALSE(first.target);
    EXPECT_NE(all_warnings(r).find("the GPU 'NVIDIA H100 NVL' is a PCIe or NVL card"),
              std::string::npos)
        << all_warnings(r);
    EXPECT_EQ(r.records[3].impl, "huggingface");
    EXPECT_NEAR(*r.records[3].median_s, 0.09071999788284302e-3, 1e-15);
    EXPECT_NE(all_warnings(r).find("1 row holds memory in MB, not a time: skipped"),
              std::string::npos)
        << all_warnings(r);
}

TEST(Liger, AnSxmH100IsItsProfileAndTargetFillsNothingElse) {
    std::ifstream in(testing::timing_fixture("real/liger_h100_benchmark_data.csv"));
    std::string text{std::istreambuf_iterator<char>(in), {}};
    for (auto at = text.find("H100 NVL"); at != std::string::npos; at = text.find("H100 NVL"))
        text.replace(at, 8, "H100 80GB HBM3");
    ImportConfig config;
    config.target = "gpu-h200";
    const auto r = testing::import_text("liger-benchmark-csv", text, config);
    ASSERT_EQ(r.records.size(), 4u) << all_warnings(r);
    for (const auto& rec : r.records) EXPECT_EQ(rec.target, "gpu-h100");
    EXPECT_NE(all_warnings(r).find("4 records keep the target the file names (gpu-h100)"),
              std::string::npos)
        << all_warnings(r);
}

}  // namespace
}  // namespace tl
