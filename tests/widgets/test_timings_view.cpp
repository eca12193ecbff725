// The Timings tab's plain functions: provenance, FLOPs/bytes per candidate, the view's
// decision and exclusions, axis scales and labels. No window involved.
#include <gtest/gtest.h>

#include <memory>

#include "core/analysis/analysis.h"
#include "core/base/format.h"
#include "core/kernels/flops.h"
#include "core/plan/tile_plan.h"
#include "core/spec/instance.h"
#include "core/spec/spec_io.h"
#include "core/timings/candidate_costs.h"
#include "core/timings/provenance.h"
#include "core/timings/timings_summary.h"
#include "timings_test_util.h"
#include "widgets/timings/candidate_categories.h"
#include "widgets/timings/chart_scale.h"
#include "widgets/timings/distinct_names.h"

using namespace tl;
using namespace tl::gui;
using namespace timings_test;

namespace {

TimingRecord record(std::optional<TimingSource> source, std::optional<bool> verified) {
    TimingRecord r;
    r.kernel = "matmul";
    r.impl = "pallas";
    r.target = "tpu-v5e";
    r.source = source;
    r.verified = verified;
    return r;
}

}  // namespace

TEST(TimingsProvenance, NamesTheFourKindsAndFlagsUnverifiedMeasurements) {
    const auto measured = provenance_of(record(TimingSource::Measured, true));
    EXPECT_EQ(measured.kind, Provenance::Measured);
    EXPECT_FALSE(measured.unverified);
    EXPECT_EQ(badge_text(measured), "measured (tpu-v5e)");
    EXPECT_TRUE(provenance_of(record(TimingSource::Measured, false)).unverified);
    EXPECT_TRUE(provenance_of(record(TimingSource::Measured, std::nullopt)).unverified);
    EXPECT_EQ(badge_text(provenance_of(record(TimingSource::Interpret, false))), "interpreted");
    EXPECT_EQ(badge_text(provenance_of(record(TimingSource::Estimated, false))), "estimated");
    const auto none = provenance_of(record(std::nullopt, true));
    EXPECT_EQ(none.kind, Provenance::Unmeasured);
    EXPECT_FALSE(none.unverified);  // only a measurement can be unverified
}

TEST(TimingsCosts, UseTheFilesFiguresFirstThenTheSpecsModel) {
    const Spec spec = matmulSpec();
    TimingRecord own = record(TimingSource::Measured, true);
    own.flops = 1e9;
    own.bytes = 2e6;
    TimingRecord modelled = record(TimingSource::Measured, true);
    modelled.params = Json{{"M", 256}, {"N", 384}, {"K", 512}, {"bm", 128}, {"bn", 128}};
    TimingRecord baseline = modelled;
    baseline.impl = "xla";
    TimingRecord other = modelled;
    other.kernel = "softmax";

    const auto costs = candidate_costs({own, modelled, baseline, other}, &spec);
    EXPECT_EQ(costs[0].flops, 1e9);
    EXPECT_EQ(costs[0].bytes, 2e6);
    EXPECT_EQ(costs[0].flops_from, "file");

    // The candidate's bytes are the pipeline model's traffic for its own blocks.
    const auto inst = resolve(spec, {{"M", 256}, {"N", 384}, {"K", 512}, {"bm", 128}, {"bn", 128}});
    ASSERT_TRUE(inst.instance);
    EXPECT_EQ(costs[1].flops, double(*kernel_flops("matmul", *inst.instance)));
    EXPECT_EQ(costs[1].flops, 2.0 * 256 * 384 * 512);
    EXPECT_EQ(costs[1].bytes, double(analyse(*inst.instance).total_hbm_bytes()));
    EXPECT_EQ(costs[1].bytes_from, "pipeline model");
    // A baseline runs its own tiling: each array moved once.
    EXPECT_EQ(costs[2].bytes, 2.0 * (256 * 512 + 512 * 384 + 256 * 384));
    EXPECT_EQ(costs[2].bytes_from, "compulsory traffic");
    EXPECT_FALSE(costs[3].flops);
    EXPECT_NE(costs[3].note.find("softmax"), std::string::npos);

    const auto none = candidate_costs({modelled}, nullptr);
    EXPECT_FALSE(none[0].flops);
    EXPECT_NE(none[0].note.find("open the spec"), std::string::npos);
}

TEST(TimingsCosts, RefuseInstancesTooLargeToModelWithAReason) {
    const Spec spec = matmulSpec();
    TimingRecord r = record(TimingSource::Measured, true);
    r.params = Json{{"M", 4096}, {"N", 4096}, {"K", 4096}, {"bm", 8}, {"bn", 8}, {"bk", 8}};
    const auto costs = candidate_costs({r}, &spec, "pallas", 4096);
    EXPECT_FALSE(costs[0].bytes);
    // The note says why (the grid is past the programs limit) and how to get past it.
    EXPECT_NE(costs[0].note.find("over the limit"), std::string::npos) << costs[0].note;
    EXPECT_NE(costs[0].note.find("--limit programs="), std::string::npos) << costs[0].note;
}

TEST(TimingsCosts, SeparableMapsAreModelledPastThePerProgramLimit) {
    // 32^3 programs, past a per-program limit of 4096: the matmul's maps are separable, so the
    // closed form gives the traffic the per-program pass would (the grid limit is the
    // analysis's own, the same in the explorer and this tab).
    const Spec spec = matmulSpec();
    TimingRecord r = record(TimingSource::Measured, true);
    const std::map<std::string, std::int64_t> params{{"M", 1024}, {"N", 1024}, {"K", 1024},
                                                     {"bm", 32},  {"bn", 32},  {"bk", 32}};
    r.params = Json(params);
    const auto costs = candidate_costs({r}, &spec, "pallas", 4096);
    const auto inst = resolve(spec, params);
    ASSERT_TRUE(inst.instance);
    ASSERT_GT(inst.instance->programs(), 4096);
    ASSERT_TRUE(costs[0].bytes) << costs[0].note;
    EXPECT_EQ(*costs[0].bytes, double(analyse(*inst.instance).total_hbm_bytes()));
    EXPECT_EQ(costs[0].bytes_from, "pipeline model");
}

TEST(TimingsCosts, KeepModelledFiguresWhileTheSpecStaysTheSame) {
    Spec spec = matmulSpec();
    TimingRecord r = record(TimingSource::Measured, true);
    r.params = Json{{"M", 256}, {"N", 256}, {"K", 256}};
    CostCache cache;
    const double modelled = *candidate_costs({r}, &spec, "pallas", 1 << 20, &cache)[0].flops;
    ASSERT_EQ(cache.entries.size(), 1u);
    cache.entries.begin()->second.flops = 42;  // a reused entry shows through
    EXPECT_EQ(candidate_costs({r}, &spec, "pallas", 1 << 20, &cache)[0].flops, 42);
    spec.params.push_back({"unused", 1});  // another spec: modelled again
    EXPECT_EQ(candidate_costs({r}, &spec, "pallas", 1 << 20, &cache)[0].flops, modelled);
}

TEST(TimingsView, DecidesAsCoreDoesAndSaysWhyRecordsAreLeftOut) {
    const ImportResult imported = importFile(sweepCsv());
    TimingsSettings settings;
    settings.target = "tpu-v5e";
    const TimingsView v = make_timings_view(imported.records, imported.warnings, nullptr, settings);

    DecisionConfig config;
    config.target = "tpu-v5e";
    const Decision core = decide(imported.records, config);
    EXPECT_EQ(v.decision.sentence, core.sentence);
    EXPECT_EQ(v.decision.best, core.best);
    ASSERT_TRUE(v.decision.best);
    EXPECT_TRUE(v.facts[*v.decision.best].best);
    EXPECT_TRUE(v.facts[*v.decision.baseline].baseline);
    ASSERT_EQ(v.records.size(), imported.records.size());  // no spec: no planned row
    for (const auto& e : core.excluded) {
        ASSERT_TRUE(v.facts[e.index].excluded);
        EXPECT_EQ(*v.facts[e.index].excluded, e.reason);
    }
    // The interpreted and the estimated record are both left out, with their reason.
    int interpreted = 0, estimated = 0;
    for (std::size_t i = 0; i < v.records.size(); ++i) {
        if (v.facts[i].provenance.kind == Provenance::Interpreted) {
            ++interpreted;
            EXPECT_NE(v.facts[i].excluded->find("interpret"), std::string::npos);
        }
        if (v.facts[i].provenance.kind == Provenance::Estimated) {
            ++estimated;
            EXPECT_NE(v.facts[i].excluded->find("estimated"), std::string::npos);
        }
    }
    EXPECT_EQ(interpreted, 1);
    EXPECT_EQ(estimated, 1);
    EXPECT_EQ(v.targets, (std::vector<std::string>{"cpu", "tpu-v5e", "tpu-v5p"}));
    EXPECT_EQ(v.roofline_target, "tpu-v5e");
}

TEST(TimingsView, PlacesRecordsOnTheRooflineOfTheirTargetAsCoreComputes) {
    const ImportResult imported = importFile(sweepCsv());
    const auto spec = std::make_shared<const Spec>(matmulSpec());
    const TimingsView v = make_timings_view(imported.records, {}, spec, {});
    const TargetProfile* v5e = builtin_targets().find("tpu-v5e");
    ASSERT_TRUE(v5e);
    int placed = 0;
    for (std::size_t i = 0; i < imported.records.size(); ++i) {
        const TimingRecord& r = v.records[i];
        if (r.target != "tpu-v5e" || r.status != TimingStatus::Ok || !r.median_s) continue;
        const RecordFacts& f = v.facts[i];
        ASSERT_TRUE(f.roofline) << f.roofline_note;
        const auto expected =
            roofline_point(*f.cost.flops, *f.cost.bytes, *v5e->peak(DType::BFloat16),
                           *v5e->hbm_bytes_per_s, r.median_s);
        EXPECT_DOUBLE_EQ(f.roofline->intensity, expected->intensity);
        EXPECT_DOUBLE_EQ(*f.roofline->achieved_flops, *expected->achieved_flops);
        EXPECT_DOUBLE_EQ(*f.roofline->fraction_of_roof, *expected->fraction_of_roof);
        EXPECT_DOUBLE_EQ(*f.cost.flops, 2.0 * 4096 * 4096 * 4096);
        ++placed;
    }
    EXPECT_GE(placed, 6);
    // The CPU interpretation has no roof to be placed under.
    for (std::size_t i = 0; i < v.records.size(); ++i)
        if (v.records[i].target == "cpu") {
            EXPECT_FALSE(v.facts[i].roofline);
        }
}

TEST(TimingsView, ShowsTheOpenSpecAsAnUnmeasuredCandidateUntilItIsTimed) {
    const auto spec = std::make_shared<const Spec>(matmulSpec());
    const TimingsView empty = make_timings_view({}, {}, spec, {});
    ASSERT_EQ(empty.records.size(), 1u);
    EXPECT_TRUE(empty.facts[0].planned);
    EXPECT_EQ(empty.facts[0].provenance.kind, Provenance::Unmeasured);
    ASSERT_TRUE(empty.facts[0].roofline);
    EXPECT_FALSE(empty.facts[0].roofline->achieved_flops);  // a bound, never a time
    EXPECT_NE(empty.facts[0].excluded->find("unmeasured"), std::string::npos);

    TimingRecord timed = empty.records[0];
    timed.format = "tilelens-csv";
    timed.source = TimingSource::Measured;
    timed.verified = true;
    timed.median_s = 1e-5;
    const TimingsView measured = make_timings_view({timed}, {}, spec, {});
    EXPECT_EQ(measured.records.size(), 1u);
    EXPECT_FALSE(measured.facts[0].planned);
}

TEST(TimingsView, AFloat32SpecOnATargetWithoutItsPeakUsesThePlannersStandIn) {
    // tpu-v5e has no float32 figure: the chart's roof, the audit and the planner all take the
    // bfloat16 peak and say so, rather than the chart alone drawing nothing.
    const LoadResult loaded =
        load_spec_file(TILELENS_SOURCE_DIR "/resources/examples/matmul-rect.tilelens.json");
    ASSERT_TRUE(loaded.spec) << join(loaded.errors);
    ASSERT_EQ(loaded.spec->operands.front().dtype, DType::Float32);
    const auto spec = std::make_shared<const Spec>(*loaded.spec);
    const TimingsView v = make_timings_view({}, {}, spec, {});
    ASSERT_TRUE(v.roof);
    EXPECT_EQ(v.roof->dtype, "bfloat16 (no float32 figure)");
    const PlanOutcome plan = plan_tiles(*spec);
    ASSERT_TRUE(plan.plan);
    EXPECT_EQ(v.roof->peak_flops, plan.plan->peak_flops);
    EXPECT_EQ(v.roof->dtype, plan.plan->peak_label);
    ASSERT_EQ(v.records.size(), 1u);
    ASSERT_TRUE(v.facts[0].roofline) << v.facts[0].roofline_note;
}

TEST(TimingsScale, TurnsLogarithmicOnlyForWideRanges) {
    EXPECT_FALSE(wants_log_scale({1e-3, 2e-3, 5e-3}));
    EXPECT_TRUE(wants_log_scale({1e-3, 2e-3, 5e-2}));
    EXPECT_FALSE(wants_log_scale({0, 1e-3, 5e-2}));  // zero has no place on a log axis
    EXPECT_FALSE(wants_log_scale({}));
    const ValueRange lin = padded_range({1.0, 3.0}, false);
    EXPECT_EQ(lin.lo, 0);
    EXPECT_GT(lin.hi, 3.0);
    const ValueRange log = padded_range({1e-4, 1e-2}, true);
    EXPECT_LT(log.lo, 1e-4);
    EXPECT_GT(log.hi, 1e-2);
    EXPECT_GT(failed_marker_value(lin, false), lin.hi);
    EXPECT_GT(failed_marker_value(log, true), log.hi);
}

TEST(TimingsScale, FormatsRatesAndLabelsCandidatesByWhatDiffers) {
    EXPECT_EQ(format_si(1.97e14, "FLOP/s"), "197 TFLOP/s");
    EXPECT_EQ(format_si(8.19e11, "B/s"), "819 GB/s");
    EXPECT_EQ(format_si(2.5e9, "FLOP"), "2.5 GFLOP");
    EXPECT_EQ(format_intensity(341.33), "341 FLOP/B");
    EXPECT_EQ(format_seconds_short(0.01), "10 ms");
    EXPECT_EQ(format_seconds_short(0.0025), "2.5 ms");
    EXPECT_EQ(format_seconds_short(1e-4), "100 \xc2\xb5s");
    TimingRecord a, b, c;
    a.params = Json{{"M", 4096}, {"bm", 128}};
    b.params = Json{{"M", 4096}, {"bm", 256}};
    c.label = "test_matmul_xla";
    const CandidateLabels labels = candidate_labels({&a, &b, &c});
    EXPECT_EQ(labels.common, "M=4096");
    EXPECT_EQ(labels.labels, (std::vector<std::string>{"bm=128", "bm=256", "test_matmul_xla"}));
}

TEST(TimingsCategories, GroupCandidatesByParamsInAnyOrderAndKeepTheFastest) {
    std::vector<TimingRecord> records(5);
    records[0].params = Json{{"bm", 128}, {"bn", 256}};
    records[1].params = Json{{"bn", 256}, {"bm", 128}};  // the same candidate on another target
    records[2].params = Json{{"bm", 512}};
    records[3].label = "test_matmul_xla";
    records[4].params = Json{{"bm", 64}};
    records[0].median_s = 3e-3;
    records[1].median_s = 1e-3;
    records[2].median_s = 2e-3;
    records[3].status = TimingStatus::Failed;
    records[4].median_s = 5e-3;
    const auto all = candidate_categories(records, {0, 1, 2, 3, 4});
    EXPECT_EQ(all.total, 4u);
    EXPECT_EQ(all.category_of, (std::vector<int>{0, 0, 1, 2, 3}));

    // Capped at two: bm=128/bn=256 (1 ms at best) and bm=512 (2 ms), in the order first seen.
    const auto capped = candidate_categories(records, {0, 1, 2, 3, 4}, 2);
    EXPECT_EQ(capped.total, 4u);
    EXPECT_EQ(capped.first_record, (std::vector<std::size_t>{0, 2}));
    EXPECT_EQ(capped.category_of, (std::vector<int>{0, 0, 1, -1, -1}));
}

TEST(TimingsCategories, OrderByProblemPutsSizesInNumericOrder) {
    // Four sizes, first seen out of order, one category of them twice; text "4000" would sort
    // before "500".
    std::vector<TimingRecord> records(5);
    const int sizes[] = {4000, 500, 2000, 500, 1000};
    for (std::size_t i = 0; i < records.size(); ++i)
        records[i].params = Json{{"rounds", 100}, {"input_size", sizes[i]}};
    CandidateCategories c = candidate_categories(records, {0, 1, 2, 3, 4});
    ASSERT_EQ(c.first_record, (std::vector<std::size_t>{0, 1, 2, 4}));
    order_by_problem(records, c, false);
    EXPECT_EQ(c.first_record, (std::vector<std::size_t>{1, 4, 2, 0}));
    EXPECT_EQ(c.category_of, (std::vector<int>{3, 0, 2, 0, 1}));
}

TEST(DistinctNames, NamesThatDifferOnlyAtTheirEndAreShortenedApart) {
    const std::vector<std::string> sizes{
        "benchmark_transpose \xc2\xb7 rounds=100, warmup_rounds=25, input_size=500",
        "benchmark_transpose \xc2\xb7 rounds=100, warmup_rounds=25, input_size=4000"};
    // The plain shortening keeps the head: the two would read alike.
    EXPECT_EQ(abbreviated(sizes[0], 32), abbreviated(sizes[1], 32));
    const auto shortened = distinct_abbreviations(sizes, 32);
    ASSERT_EQ(shortened.size(), 2u);
    EXPECT_NE(shortened[0], shortened[1]);
    for (std::size_t i = 0; i < 2; ++i) {
        // At most 32 characters (the middle dot and the ellipses are one each, 2 and 3 bytes).
        EXPECT_LE(QString::fromStdString(shortened[i]).size(), 32) << shortened[i];
        EXPECT_EQ(shortened[i].rfind("benchmark_", 0), 0u) << shortened[i];
    }
    EXPECT_NE(shortened[0].find("input_size=500"), std::string::npos) << shortened[0];
    EXPECT_NE(shortened[1].find("input_size=4000"), std::string::npos) << shortened[1];

    // cuBLAS kernels that differ in their last letters, templated kernels in their arguments;
    // equal names stay equal, and a short name is kept as it is.
    const std::vector<std::string> kernels{
        "ampere_bf16_s16816gemm_bf16_128x64_ldg8_f2f_stages_64x4_tn",
        "ampere_bf16_s16816gemm_bf16_128x64_ldg8_f2f_stages_64x4_nn",
        "void gemm<float, 128>(float const*, float*)",
        "void gemm<half, 128>(float const*, float*)",
        "ampere_bf16_s16816gemm_bf16_128x64_ldg8_f2f_stages_64x4_tn",
        "softmax"};
    const auto k = distinct_abbreviations(kernels, 24);
    EXPECT_NE(k[0], k[1]);
    EXPECT_NE(k[2], k[3]);
    EXPECT_EQ(k[0], k[4]);
    EXPECT_EQ(k[5], "softmax");
    EXPECT_TRUE(k[0].size() > 2 && k[0].substr(k[0].size() - 2) == "tn") << k[0];
    for (const auto& name : k) EXPECT_LE(QString::fromStdString(name).size(), 24) << name;
}
