// Verification you can give (docs/timings.md, "The rule of evidence" and "The decision"): the
// attestation of a file's outputs, a file's own verified=false, and the provisional decision and
// plan that unverified measurements make.
#include <gtest/gtest.h>

#include "core/plan/tile_plan.h"
#include "core/spec/spec_io.h"
#include "core/timings/decision.h"
#include "core/timings/provenance.h"
#include "core/timings/timings_json.h"
#include "core/timings/timings_markdown.h"
#include "core/timings/timings_summary.h"
#include "test_timings_util.h"

namespace tl {
namespace {

const std::string kNote = "outputs compared with jnp reference on v5e, 2026-11-30, A. Author";

// The real tokamax autotuning cache of ragged_dot on TPU v5e (three configs, no baseline).
ImportResult tokamax_v5e() {
    return import_timing_file(
        testing::timing_fixture("real/tpu_v5_lite/pallas_mosaic_tpu_ragged_dot.json"));
}

TimingRecord rec(const char* impl, Json params, double median, std::optional<bool> verified) {
    TimingRecord r;
    r.kernel = "matmul";
    r.impl = impl;
    r.target = "tpu-v5e";
    r.params = std::move(params);
    r.n = 50;
    r.median_s = median;
    r.min_s = median * 0.98;
    r.max_s = median * 1.02;
    r.method = TimingMethod::DeviceProfiler;
    r.source = TimingSource::Measured;
    r.verified = verified;
    r.share = 0.2;
    r.line = 1;
    return r;
}

TEST(Attestation, MarksEveryRecordOfARealTokamaxCacheAndKeepsTheNote) {
    ImportResult r = tokamax_v5e();
    ASSERT_EQ(r.records.size(), 3u) << testing::all_warnings(r);
    for (const auto& rec : r.records) {
        EXPECT_FALSE(rec.verified);  // the cache says nothing about checked outputs
        EXPECT_TRUE(provenance_of(rec).unverified);
    }
    const std::size_t warnings = r.warnings.size();
    attest_verified(r, "ragged.json", kNote);
    EXPECT_EQ(r.warnings.size(), warnings);  // nothing refused, nothing to say
    for (const auto& rec : r.records) {
        EXPECT_EQ(rec.verified, true);
        EXPECT_EQ(rec.attestation, kNote);
        const ProvenanceInfo p = provenance_of(rec);
        EXPECT_FALSE(p.unverified);
        EXPECT_EQ(verification_text(p), "verified (attested)");
        EXPECT_NE(badge_explanation(p).find(kNote), std::string::npos) << badge_explanation(p);
        EXPECT_EQ(timing_record_json(rec)["attestation"], kNote);
    }
}

TEST(Attestation, AFilesOwnWordWinsAndItsFalseRowsAreNamed) {
    const std::string csv =
        "# tilelens-timings/1\n"
        "kernel,impl,target,params,n,median_s,min_s,max_s,method,source,verified\n"
        "matmul,pallas,tpu-v5e,bm=128,5,1e-3,1e-3,1e-3,device-profiler,measured,true\n"
        "matmul,pallas,tpu-v5e,bm=256,5,2e-3,2e-3,2e-3,device-profiler,measured,false\n"
        "matmul,pallas,tpu-v5e,bm=512,5,3e-3,3e-3,3e-3,device-profiler,measured,\n"
        "matmul,pallas,tpu-v5e,bm=1024,5,inf,inf,inf,device-profiler,measured,\n";
    ImportConfig config;
    config.file = "mixed.csv";
    ImportResult r = testing::import_text("tilelens-csv", csv, config);
    ASSERT_EQ(r.records.size(), 4u) << testing::all_warnings(r);
    attest_verified(r, "mixed.csv", kNote);
    EXPECT_EQ(r.records[0].verified, true);  // the file's own check
    EXPECT_FALSE(r.records[0].attestation);
    EXPECT_EQ(r.records[1].verified, false);  // the file says no: the flag does not override it
    EXPECT_FALSE(r.records[1].attestation);
    EXPECT_TRUE(provenance_of(r.records[1]).failed_check);
    EXPECT_EQ(r.records[2].verified, true);  // silent: the note vouches for it
    EXPECT_EQ(r.records[2].attestation, kNote);
    EXPECT_FALSE(r.records[3].verified);  // a failed run has no outputs to check
    const Diagnostic* w = testing::find_warning(r, 4, "--verified does not override");
    ASSERT_NE(w, nullptr) << testing::all_warnings(r);
    EXPECT_EQ(w->file, "mixed.csv");
    EXPECT_NE(w->message.find("1 record says"), std::string::npos) << w->message;

    // The decision never uses the row whose check failed, even when it is the only one.
    DecisionConfig cfg;
    cfg.kernel = "matmul";
    const Decision d = decide({r.records[1]}, cfg);
    EXPECT_FALSE(d.best);
    ASSERT_EQ(d.excluded.size(), 1u);
    EXPECT_NE(d.excluded[0].reason.find("never used"), std::string::npos);
}

TEST(Attestation, ABlankNoteIsNoNote) {
    EXPECT_EQ(trimmed_note("  \t\n "), "");
    EXPECT_EQ(trimmed_note("  checked on v6e by A. Author \n"), "checked on v6e by A. Author");
}

TEST(ProvisionalDecision, OnlyUnverifiedRecordsDecideProvisionally) {
    const std::vector<TimingRecord> rs{rec("pallas", {{"bm", 256}}, 1.0e-3, std::nullopt),
                                       rec("pallas", {{"bm", 128}}, 1.5e-3, std::nullopt),
                                       rec("xla", {}, 2.0e-3, std::nullopt)};
    const Decision d = decide(rs);
    ASSERT_TRUE(d.best && d.baseline);
    EXPECT_EQ(*d.best, 0u);
    EXPECT_TRUE(d.provisional);
    EXPECT_EQ(d.verified_records, 0u);
    EXPECT_EQ(d.unverified_records, 3u);
    // speedup 2; share 0.2: 1 / (0.8 + 0.1) = 1.1111, saves 10% -> would earn it, never final.
    EXPECT_NEAR(*d.saving, 0.1, 1e-12);
    EXPECT_FALSE(d.earns_complexity);
    EXPECT_EQ(d.provisional_earns, true);
    EXPECT_EQ(d.sentence.rfind("Provisional: the kernel is 2.00\xc3\x97 faster than xla", 0), 0u)
        << d.sentence;
    EXPECT_NE(d.sentence.find("(50 runs, unverified)"), std::string::npos) << d.sentence;
    EXPECT_NE(d.sentence.find("would earn its complexity"), std::string::npos) << d.sentence;
    EXPECT_NE(d.sentence.find("(3 unverified and 0 verified measured record(s))"),
              std::string::npos)
        << d.sentence;
    EXPECT_NE(d.sentence.find("--verified"), std::string::npos) << d.sentence;

    const Json j = decision_json(d, rs);
    EXPECT_EQ(j["provisional"], true);
    EXPECT_EQ(j["verified_records"], 0);
    EXPECT_EQ(j["unverified_records"], 3);
    EXPECT_TRUE(j["earns_complexity"].is_null());
    EXPECT_EQ(j["provisional_earns_complexity"], true);
    // Added keys come after the keys that were there before.
    std::vector<std::string> keys;
    for (const auto& [k, v] : j.items()) keys.push_back(k);
    const std::vector<std::string> tail(keys.end() - 5, keys.end());
    EXPECT_EQ(tail,
              (std::vector<std::string>{"excluded", "provisional", "verified_records",
                                        "unverified_records", "provisional_earns_complexity"}));
}

TEST(ProvisionalDecision, AVerifiedRecordMakesItFinal) {
    std::vector<TimingRecord> rs{rec("pallas", {{"bm", 256}}, 1.0e-3, std::nullopt),
                                 rec("xla", {}, 2.0e-3, std::nullopt)};
    ASSERT_TRUE(decide(rs).provisional);
    // A verified run of another tiling arrives: slower than the unverified one, yet it decides.
    rs.push_back(rec("pallas", {{"bm", 128}}, 1.6e-3, true));
    rs.push_back(rec("xla", {}, 2.1e-3, true));
    const Decision d = decide(rs);
    ASSERT_TRUE(d.best && d.baseline);
    EXPECT_EQ(*d.best, 2u);
    EXPECT_EQ(*d.baseline, 3u);  // the verified baseline of the same problem before the faster
    EXPECT_FALSE(d.provisional);
    EXPECT_EQ(d.verified_records, 2u);
    EXPECT_EQ(d.unverified_records, 2u);
    // speedup 2.1 / 1.6 = 1.3125; share 0.2: saves 0.2 (1 - 1/1.3125) = 4.76% -> earns it.
    EXPECT_EQ(d.earns_complexity, true);
    EXPECT_FALSE(d.provisional_earns);
    EXPECT_EQ(d.sentence.find("Provisional"), std::string::npos) << d.sentence;
    EXPECT_NE(d.sentence.find("(50 runs, verified)"), std::string::npos) << d.sentence;
    ASSERT_EQ(d.excluded.size(), 1u);  // the unverified candidate, with why
    EXPECT_EQ(d.excluded[0].index, 0u);
    EXPECT_NE(d.excluded[0].reason.find("1 verified candidate record(s) decide instead"),
              std::string::npos);
    EXPECT_EQ(decision_json(d, rs)["provisional"], false);
}

TEST(ProvisionalDecision, AnUnverifiedBaselineKeepsItProvisional) {
    const std::vector<TimingRecord> rs{rec("pallas", {{"bm", 256}}, 1.0e-3, true),
                                       rec("xla", {}, 1.1e-3, std::nullopt)};
    const Decision d = decide(rs);
    ASSERT_TRUE(d.baseline);
    EXPECT_TRUE(d.provisional);
    EXPECT_NE(d.sentence.find("no baseline (xla)"), std::string::npos) << d.sentence;
    EXPECT_EQ(d.sentence.find("no candidate"), std::string::npos) << d.sentence;
}

TEST(ProvisionalDecision, TheTargetOfVerifiedRecordsIsChosen) {
    auto elsewhere = rec("pallas", {{"bm", 256}}, 0.5e-3, std::nullopt);
    elsewhere.target = "tpu-v4";
    const Decision d = decide({elsewhere, rec("pallas", {{"bm", 128}}, 1.0e-3, true)});
    EXPECT_EQ(d.target, "tpu-v5e");
    EXPECT_EQ(d.best, 1u);
    EXPECT_FALSE(d.provisional);
}

TEST(ProvisionalDecision, ARealTokamaxCacheDecidesProvisionallyUntilAttested) {
    ImportResult r = tokamax_v5e();
    DecisionConfig cfg;
    cfg.kernel = "pallas_mosaic_tpu_ragged_dot";
    Decision d = decide(r.records, cfg);
    ASSERT_TRUE(d.best);
    EXPECT_TRUE(d.provisional);
    EXPECT_EQ(d.unverified_records, 3u);
    EXPECT_NEAR(*r.records[*d.best].median_s, 0.763e-3, 1e-9);  // the 4096^3 config's 0.763 ms
    attest_verified(r, "ragged.json", kNote);
    d = decide(r.records, cfg);
    EXPECT_FALSE(d.provisional);
    EXPECT_EQ(d.verified_records, 3u);
    EXPECT_EQ(d.sentence.rfind("the best candidate", 0), 0u) << d.sentence;
}

TEST(ProvisionalDecision, MarkdownHeadsItProvisionalAndListsTheNote) {
    std::vector<TimingRecord> rs{rec("pallas", {{"bm", 256}}, 1.0e-3, std::nullopt),
                                 rec("xla", {}, 2.0e-3, std::nullopt)};
    rs[0].file = "bench.csv";
    TimingsSettings settings;
    std::string md = timings_markdown(make_timings_view(rs, {}, nullptr, settings), 2, true);
    EXPECT_NE(md.find("## Provisional decision\n\n> Provisional: "), std::string::npos) << md;
    EXPECT_NE(md.find("| state | **provisional**"), std::string::npos) << md;
    EXPECT_NE(md.find("| unverified measured records | 2 |"), std::string::npos) << md;
    EXPECT_NE(md.find("| unverified |"), std::string::npos) << md;

    rs[0].verified = rs[1].verified = true;
    rs[0].attestation = kNote;
    md = timings_markdown(make_timings_view(rs, {}, nullptr, settings), 2, true);
    EXPECT_EQ(md.find("Provisional"), std::string::npos) << md;
    EXPECT_NE(md.find("## Decision\n\n> the kernel is 2.00"), std::string::npos) << md;
    EXPECT_NE(md.find("| verified (attested): \xe2\x80\x9c" + kNote + "\xe2\x80\x9d |"),
              std::string::npos)
        << md;
}

// The matmul-rect example on tpu-v5e, planned.
TilePlan matmul_rect_plan(Spec& spec) {
    LoadResult loaded = load_spec_file(std::string(TILELENS_SOURCE_DIR) +
                                       "/resources/examples/matmul-rect.tilelens.json");
    EXPECT_TRUE(loaded.spec) << join(loaded.errors);
    spec = *loaded.spec;
    PlanOutcome out = plan_tiles(spec);
    EXPECT_TRUE(out.plan) << join(out.errors);
    return out.plan ? *out.plan : TilePlan{};
}

TEST(ProvisionalPlan, AnUnverifiedMeasurementMarksItsCandidateMeasuredUnverified) {
    Spec spec;
    TilePlan plan = matmul_rect_plan(spec);
    auto unverified = rec("pallas", {{"bm", 128}, {"bn", 128}, {"bk", 128}}, 2e-5, std::nullopt);
    unverified.kernel = "matmul-rect";
    unverified.file = "trace.json";
    attach_measurements(plan, spec, {unverified});
    const auto it = std::find_if(plan.candidates.begin(), plan.candidates.end(),
                                 [](const PlanCandidate& c) { return c.measured(); });
    ASSERT_NE(it, plan.candidates.end());
    EXPECT_TRUE(it->measured_unverified());
    EXPECT_TRUE(plan.provisional());
    const std::size_t index = static_cast<std::size_t>(it - plan.candidates.begin());
    Json j = plan_json(plan);
    EXPECT_EQ(j["candidates"][index]["status"], "measured-unverified");
    EXPECT_EQ(j["candidates"][index]["verified"], false);
    EXPECT_EQ(j["provisional"], true);

    // A verified measurement of the same candidate, slower, still replaces it.
    auto verified = unverified;
    verified.verified = true;
    verified.median_s = 3e-5;
    verified.file = "bench.csv";
    const auto notes = attach_measurements(plan, spec, {verified, unverified});
    EXPECT_FALSE(plan.candidates[index].measured_unverified());
    EXPECT_EQ(plan.candidates[index].measured_from, "bench.csv:1");
    EXPECT_FALSE(plan.provisional());
    ASSERT_EQ(notes.size(), 1u);
    EXPECT_NE(notes[0].find("the verified one (bench.csv:1) is kept"), std::string::npos);
    j = plan_json(plan);
    EXPECT_EQ(j["candidates"][index]["status"], "measured");
    EXPECT_EQ(j["provisional"], false);
}

}  // namespace
}  // namespace tl
