// pytest-benchmark JSON (tests/golden/timings/pytest-benchmark/).
#include "test_timings_util.h"

namespace tl {
namespace {

using testing::all_warnings;
using testing::find_warning;
using testing::import_fixture;

TEST(PytestBenchmark, StatsParamsAndExtraInfo) {
    const auto r = import_fixture("pytest-benchmark", "pytest-benchmark/benchmarks.json");
    ASSERT_TRUE(r.complete) << all_warnings(r);
    ASSERT_EQ(r.records.size(), 4u) << all_warnings(r);

    const auto& a = r.records[0];
    EXPECT_EQ(a.line, 12);
    EXPECT_EQ(a.format, "pytest-benchmark");
    EXPECT_EQ(a.label, "test_matmul[128-256]");
    EXPECT_EQ(a.kernel, "matmul");  // "test_" and the id dropped
    EXPECT_EQ(a.params.dump(), R"({"bm":128,"bn":256})");
    EXPECT_EQ(a.impl, "pallas");
    EXPECT_EQ(a.target, "tpu-v5e");
    EXPECT_EQ(a.method, TimingMethod::WallclockSynced);
    EXPECT_EQ(a.verified, true);
    EXPECT_EQ(a.n, 20);
    EXPECT_DOUBLE_EQ(*a.median_s, 0.00118);
    EXPECT_DOUBLE_EQ(*a.min_s, 0.0010);
    EXPECT_DOUBLE_EQ(*a.max_s, 0.0014);
    EXPECT_DOUBLE_EQ(*a.mean_s, 0.0012);
    EXPECT_DOUBLE_EQ(*a.std_s, 0.0001);
    EXPECT_FALSE(a.p20_s);  // q1/q3 are quartiles, not p20/p80
    EXPECT_DOUBLE_EQ(*a.flops, 2e9);
    EXPECT_DOUBLE_EQ(*a.bytes, 1e7);

    const auto& xla = r.records[1];
    EXPECT_EQ(xla.kernel, "matmul");  // extra_info.kernel
    EXPECT_EQ(xla.impl, "xla");
    EXPECT_TRUE(xla.params.empty());
    EXPECT_DOUBLE_EQ(*xla.median_s, 0.0015);

    const auto& inf = r.records[2];  // stats of Infinity: a failed candidate
    EXPECT_EQ(inf.line, 32);
    EXPECT_EQ(inf.status, TimingStatus::Failed);
    EXPECT_FALSE(inf.median_s);
    EXPECT_EQ(inf.params["bm"], 512);
    EXPECT_FALSE(inf.verified);

    const auto& id = r.records[3];  // no params: read from the test id
    EXPECT_EQ(id.params.dump(), R"({"bm":64})");
    EXPECT_EQ(id.dtype, "bfloat16");
    EXPECT_EQ(id.method, TimingMethod::Unknown);

    EXPECT_TRUE(find_warning(r, 38, "non-standard JSON numbers")) << all_warnings(r);
    EXPECT_TRUE(find_warning(r, 40, "unknown method 'stopwatch'"));
    EXPECT_TRUE(find_warning(r, 47, "'test_broken' has no stats.median: skipped"));
    EXPECT_TRUE(find_warning(r, 40, "1 record does not say how it was timed"));
    EXPECT_EQ(r.warnings.size(), 4u) << all_warnings(r);
}

TEST(PytestBenchmark, GroupsAndModulesAreDifferentCandidates) {
    // Two libraries timed under the same test names, told apart only by their group (the
    // shape of a real comparison file: 302 us for one, 40 us for the other), and one test
    // name in two modules without a group.
    const auto r = testing::import_text("pytest-benchmark", R"js({
      "machine_info": {"cpu": {"brand_raw": "AMD EPYC 7B12", "count": 8}},
      "benchmarks": [
        {"group": "cupy", "name": "test_rotate[90]", "fullname": "tests/test_cupy.py::test_rotate[90]",
         "stats": {"median": 0.000302, "rounds": 100}},
        {"group": "millipyde", "name": "test_rotate[90]", "fullname": "tests/test_mp.py::test_rotate[90]",
         "stats": {"median": 0.000040, "rounds": 100}},
        {"group": null, "name": "test_blur", "fullname": "a/test_one.py::test_blur",
         "stats": {"median": 0.001, "rounds": 10}},
        {"group": null, "name": "test_blur", "fullname": "a/test_two.py::test_blur",
         "stats": {"median": 0.003, "rounds": 10}}]})js");
    ASSERT_EQ(r.records.size(), 4u) << all_warnings(r);
    EXPECT_EQ(r.records[0].impl, "cupy");
    EXPECT_EQ(r.records[1].impl, "millipyde");
    EXPECT_DOUBLE_EQ(*r.records[0].median_s, 0.000302);
    EXPECT_DOUBLE_EQ(*r.records[1].median_s, 0.000040);
    EXPECT_EQ(r.records[2].impl, "a/test_one.py");
    EXPECT_EQ(r.records[3].impl, "a/test_two.py");
    for (const auto& rec : r.records) EXPECT_EQ(rec.device, "AMD EPYC 7B12");
    for (const auto& w : r.warnings)
        EXPECT_EQ(w.message.find("same candidate"), std::string::npos) << w.message;
}

TEST(PytestBenchmark, GarbageIsAWarningNotACrash) {
    for (const char* text : {"", "{", "[]", "{\"benchmarks\": [1, null, {\"stats\": 5}]}",
                             "{\"benchmarks\": [{\"name\": 3, \"stats\": {\"median\": \"x\"}}]}",
                             "{\"benchmarks\": [{\"name\": \"t\", \"params\": 7, \"extra_info\": "
                             "[], \"stats\": {\"median\": 1, \"rounds\": \"many\"}}]}"}) {
        const auto r = testing::import_text("pytest-benchmark", text);
        EXPECT_FALSE(r.warnings.empty() && r.records.empty()) << text;
    }
}

}  // namespace
}  // namespace tl
