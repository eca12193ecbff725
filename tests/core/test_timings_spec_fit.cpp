// Records whose params do not fit the open spec (docs/timings.md, "The roofline"): a param
// the spec has not, a value that is no whole number, one its `requires` refuses, one that
// empties its grid. Each is said at the record's line, and its roofline is left out.
#include <gtest/gtest.h>

#include "core/spec/spec_io.h"
#include "core/timings/candidate_costs.h"

namespace tl {
namespace {

// The documented matmul with a floor grid (M // bm) and a precondition on N.
Spec floor_matmul() {
    const LoadResult loaded = load_spec(R"spec({
  "tilelens": 2, "name": "matmul",
  "params": {"M": 300, "N": 512, "K": 256, "bm": 128, "bn": 128, "bk": 128},
  "requires": ["N % bn == 0"],
  "grid": ["M // bm", "N // bn", "K // bk"],
  "dimension_semantics": ["parallel", "parallel", "arbitrary"],
  "operands": [
    {"name": "x", "role": "input", "shape": ["M", "K"], "dtype": "float32",
     "block_shape": ["bm", "bk"], "index_map": "lambda i, j, k: (i, k)"},
    {"name": "y", "role": "input", "shape": ["K", "N"], "dtype": "float32",
     "block_shape": ["bk", "bn"], "index_map": "lambda i, j, k: (k, j)"},
    {"name": "o", "role": "output", "shape": ["M", "N"], "dtype": "float32",
     "block_shape": ["bm", "bn"], "index_map": "lambda i, j, k: (i, j)"}],
  "kernel": {"body": "matmul", "reduction_axis": 2}, "target": "tpu-v5e"})spec",
                                        "matmul.tilelens.json");
    EXPECT_TRUE(loaded.spec) << join(loaded.errors);
    return loaded.spec ? *loaded.spec : Spec{};
}

TimingRecord record(int line, Json params) {
    TimingRecord r;
    r.file = "runs.csv";
    r.line = line;
    r.kernel = "matmul";
    r.impl = "pallas";
    r.params = std::move(params);
    return r;
}

TEST(SpecFit, EachMisfitIsSaidAtItsLineAndHasNoRoofline) {
    const Spec spec = floor_matmul();
    const std::vector<TimingRecord> records{
        record(3, {{"bm", 128}, {"bn", 128}}),               // fits
        record(4, {{"bm", 512}}),                            // 300 // 512 = 0 row blocks
        record(5, {{"bm", 128}, {"bq", 32}, {"bkvp", 64}}),  // params the spec has not
        record(6, {{"bn", 96}}),                             // 512 % 96 != 0
        record(7, {{"bm", "128x"}}),                         // not a whole number
    };
    const auto costs = candidate_costs(records, &spec);
    ASSERT_EQ(costs.size(), 5u);
    EXPECT_TRUE(costs[0].misfit.empty()) << costs[0].misfit;
    EXPECT_TRUE(costs[0].flops && costs[0].bytes);
    for (std::size_t i = 1; i < costs.size(); ++i) {
        EXPECT_FALSE(costs[i].misfit.empty()) << i;
        EXPECT_FALSE(costs[i].flops) << i;  // no roofline for a configuration not modelled
        EXPECT_FALSE(costs[i].bytes) << i;
    }
    EXPECT_NE(costs[1].misfit.find("with bm=512, they make the spec's grid empty (grid [0, 4, 2])"),
              std::string::npos)
        << costs[1].misfit;
    EXPECT_NE(costs[2].misfit.find("params bq, bkvp are not the spec's (it has M, N, K, bm"),
              std::string::npos)
        << costs[2].misfit;
    EXPECT_NE(costs[3].misfit.find("with bn=96, the spec refuses them"), std::string::npos)
        << costs[3].misfit;
    EXPECT_NE(costs[3].misfit.find("N % bn == 0"), std::string::npos) << costs[3].misfit;
    EXPECT_NE(costs[4].misfit.find("bm is \"128x\", not a whole number"), std::string::npos)
        << costs[4].misfit;

    const Diagnostics warnings = params_misfit_warnings(records, costs);
    ASSERT_EQ(warnings.size(), 4u);
    EXPECT_EQ(warnings[0].file, "runs.csv");
    EXPECT_EQ(warnings[0].line, 4);
    EXPECT_NE(warnings[0].message.find("the params of matmul (bm=512) do not fit the spec"),
              std::string::npos)
        << warnings[0].message;
    EXPECT_NE(warnings[0].message.find("its roofline is left out"), std::string::npos);
    // Past the named ones, one more warning counts the rest.
    const Diagnostics capped = params_misfit_warnings(records, costs, 2);
    ASSERT_EQ(capped.size(), 3u);
    EXPECT_NE(capped[2].message.find("2 more records"), std::string::npos) << capped[2].message;
}

TEST(SpecFit, RecordsOfAnotherKernelOrWithoutParamsAreNotJudged) {
    const Spec spec = floor_matmul();
    TimingRecord other = record(2, {{"tile", 7}});
    other.kernel = "softmax";
    const TimingRecord bare = record(3, Json::object());  // a trace's kernel: no params
    const auto costs = candidate_costs({other, bare}, &spec);
    EXPECT_TRUE(costs[0].misfit.empty());
    EXPECT_TRUE(costs[1].misfit.empty());
    EXPECT_TRUE(costs[1].flops);  // the spec's own params
}

}  // namespace
}  // namespace tl
