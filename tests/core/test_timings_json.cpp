// The `timings --json` document against a hand-written expected file.
#include <cmath>
#include <fstream>

#include "core/timings/decision.h"
#include "core/timings/timings_json.h"
#include "test_timings_util.h"

namespace tl {
namespace {

// Same keys in the same order, same strings and literals, numbers within 1e-7 relative.
void expect_same(const Json& want, const Json& got, const std::string& path) {
    if (want.is_number() && got.is_number()) {
        const double w = want.get<double>(), g = got.get<double>();
        EXPECT_NEAR(g, w, 1e-7 * std::max(1.0, std::fabs(w))) << path;
        return;
    }
    ASSERT_EQ(want.type(), got.type())
        << path << ": want " << want.dump() << ", got " << got.dump();
    if (want.is_object()) {
        std::vector<std::string> wk, gk;
        for (const auto& [k, v] : want.items()) wk.push_back(k);
        for (const auto& [k, v] : got.items()) gk.push_back(k);
        ASSERT_EQ(wk, gk) << path;
        for (const auto& k : wk) expect_same(want[k], got[k], path + "." + k);
    } else if (want.is_array()) {
        ASSERT_EQ(want.size(), got.size()) << path;
        for (std::size_t i = 0; i < want.size(); ++i)
            expect_same(want[i], got[i], path + "[" + std::to_string(i) + "]");
    } else {
        EXPECT_EQ(want, got) << path;
    }
}

TEST(TimingsJson, TheTileLensCsvExampleWithItsDecision) {
    const auto r = testing::import_fixture("tilelens-csv", "tilelens-csv/example.csv");
    const Decision d = decide(r.records);
    std::ifstream in(testing::timing_fixture("tilelens-csv/example.expected.json"));
    const Json want = Json::parse(in);
    const Json got = Json::parse(write_timings_json(r.records, r.warnings, &d));
    expect_same(want, got, "");
}

TEST(TimingsJson, UnknownValuesAreNullAndWarningsCarryTheirPlace) {
    TimingRecord r;  // nothing known
    const Json j = timing_record_json(r);
    for (const char* key :
         {"file", "line", "format", "kernel", "impl", "target", "device", "dtype", "n", "median_s",
          "min_s", "max_s", "mean_s", "std_s", "source", "verified", "share"})
        EXPECT_TRUE(j[key].is_null()) << key;
    EXPECT_EQ(j["params"], Json::object());
    EXPECT_EQ(j["method"], "unknown");
    EXPECT_EQ(j["status"], "ok");

    Diagnostics warnings{{"bench.json", "", 40, 0, "aggregate row 'cv' has no time: skipped"},
                         {"trace.json", "traceEvents[3]", 0, 0, "an event without ph: skipped"}};
    const Json doc = timings_json({}, warnings);
    EXPECT_EQ(doc["tilelens_timings"], 1);
    EXPECT_FALSE(doc.contains("decision"));
    EXPECT_EQ(
        doc["warnings"][0].dump(),
        R"({"file":"bench.json","line":40,"message":"aggregate row 'cv' has no time: skipped"})");
    EXPECT_EQ(doc["warnings"][1]["line"], 0);
    EXPECT_EQ(doc["warnings"][1]["message"], "traceEvents[3]: an event without ph: skipped");
}

TEST(TimingsJson, ExcludedRecordsAndNoBest) {
    const auto r = testing::import_fixture("tilelens-csv", "tilelens-csv/ugly.csv");
    DecisionConfig config;
    config.kernel = "matmul";
    config.target = "tpu-v5e";
    const Decision d = decide(r.records, config);
    const Json j = decision_json(d, r.records);
    // Lines 6 (failed), 8 (interpret on cpu) are excluded; 5 and 7 are pallas candidates.
    ASSERT_EQ(j["excluded"].size(), 2u) << j.dump(1);
    EXPECT_EQ(j["excluded"][0]["line"], 6);
    EXPECT_EQ(j["excluded"][1]["line"], 8);
    EXPECT_EQ(j["best"]["params"]["bm"], 512);

    const Decision none = decide({}, config);
    const Json n = decision_json(none, {});
    EXPECT_TRUE(n["best"].is_null());
    EXPECT_TRUE(n["speedup"].is_null());
    EXPECT_TRUE(n["earns_complexity"].is_null());
}

}  // namespace
}  // namespace tl
