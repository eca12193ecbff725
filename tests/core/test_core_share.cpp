// The TensorCores a kernel runs on: a TPU7x device is one of the chip's two cores; a megacore
// chip (v4, v5p) gives a kernel both only for its leading "parallel" grid axes.
#include <gtest/gtest.h>

#include <string>

#include "core/audit/audit.h"
#include "core/audit/report_markdown.h"
#include "core/plan/plan_model.h"
#include "core/plan/tile_plan.h"
#include "core/target/core_share.h"
#include "core/target/target.h"
#include "test_interp_util.h"
#include "test_plan_util.h"

namespace tl {
namespace {

using test::load;
using test::matmul_spec;
using test::resolve_or_fail;

const TargetProfile& target(const std::string& id) {
    return *builtin_targets().find(id);
}

Json on_v5p(Json j) {
    j["target"] = "tpu-v5p";
    return j;
}

Json with_semantics(Json j, const Json& semantics) {
    j["dimension_semantics"] = semantics;
    return j;
}

TEST(CoreShare, AChipWithOneTensorCoreIsUsedWhole) {
    const Instance inst = resolve_or_fail(load(matmul_spec(1024, 1024, 1024, 128, 128, 128)));
    const CoreShare s = core_share(target("tpu-v5e"), &inst);
    EXPECT_EQ(s.fraction(), 1);
    EXPECT_TRUE(s.note.empty());
    EXPECT_EQ(core_share(target("gpu-h100"), &inst).fraction(), 1);
}

TEST(CoreShare, ATpu7xKernelRunsOnOneOfTheChipsTwoCores) {
    // Each TPU7x TensorCore is its own device, whatever the grid says.
    const Instance inst = resolve_or_fail(load(with_semantics(
        matmul_spec(1024, 1024, 1024, 128, 128, 128), {"parallel", "parallel", "arbitrary"})));
    const CoreShare s = core_share(target("tpu-v7x"), &inst);
    EXPECT_EQ(s.used, 1);
    EXPECT_EQ(s.fraction(), 0.5);
    EXPECT_NE(s.note.find("each core is its own device"), std::string::npos) << s.note;
    EXPECT_EQ(core_share(target("tpu-v7x"), nullptr).fraction(), 0.5);
    const TargetProfile scaled = scaled_to_share(target("tpu-v7x"), s);
    EXPECT_DOUBLE_EQ(*scaled.peak(DType::BFloat16), *target("tpu-v7x").peak(DType::BFloat16) / 2);
    EXPECT_DOUBLE_EQ(*scaled.hbm_bytes_per_s, *target("tpu-v7x").hbm_bytes_per_s / 2);
}

TEST(CoreShare, AMegacoreChipNeedsALeadingParallelAxisWithMoreThanOneProgram) {
    const TargetProfile& v5p = target("tpu-v5p");
    // No semantics: every axis arbitrary, one core runs the whole grid.
    const Instance serial = resolve_or_fail(load(matmul_spec(1024, 1024, 1024, 128, 128, 128)));
    const CoreShare one = core_share(v5p, &serial);
    EXPECT_EQ(one.used, 1);
    EXPECT_EQ(one.fraction(), 0.5);
    EXPECT_DOUBLE_EQ(one.steps_per_core(serial.programs()), serial.programs());
    EXPECT_NE(one.note.find("no leading grid axis is \"parallel\""), std::string::npos) << one.note;
    // Parallel rows, 8 of them: both cores, 4 each, all 512 steps split evenly.
    const Instance rows = resolve_or_fail(load(with_semantics(
        matmul_spec(1024, 1024, 1024, 128, 128, 128), {"parallel", "arbitrary", "arbitrary"})));
    const CoreShare both = core_share(v5p, &rows);
    EXPECT_EQ(both.used, 2);
    EXPECT_EQ(both.fraction(), 1);
    EXPECT_DOUBLE_EQ(both.steps_per_core(rows.programs()), rows.programs() / 2.0);
    EXPECT_TRUE(both.note.empty()) << both.note;
    // Three parallel programs: one core runs two of them, so the pair gets 3/4 of the chip.
    const Instance three = resolve_or_fail(load(with_semantics(
        matmul_spec(384, 128, 128, 128, 128, 128), {"parallel", "arbitrary", "arbitrary"})));
    const CoreShare uneven = core_share(v5p, &three);
    EXPECT_EQ(uneven.used, 2);
    EXPECT_DOUBLE_EQ(uneven.fraction(), 0.75);
    EXPECT_NE(uneven.note.find("2 on the busier core"), std::string::npos) << uneven.note;
    // A parallel axis of one program does not help: bm = M leaves one row of blocks.
    const Instance whole = resolve_or_fail(load(with_semantics(
        matmul_spec(128, 1024, 1024, 128, 128, 128), {"parallel", "arbitrary", "arbitrary"})));
    EXPECT_EQ(core_share(v5p, &whole).used, 1);
}

TEST(CoreShare, TheModelAndTheRooflineUseTheCoresTheKernelGets) {
    const Json base = on_v5p(matmul_spec(4096, 4096, 4096, 512, 512, 512, "bfloat16"));
    const Spec serial = load(base);
    const Spec split = load(with_semantics(base, {"parallel", "parallel", "arbitrary"}));
    const auto modelled = [](const Spec& spec) {
        const Instance inst = resolve_or_fail(spec);
        const TargetProfile& v5p = target("tpu-v5p");
        return model_time(v5p, inst, &*spec.kernel, 2.0 * 4096 * 4096 * 4096,
                          v5p.peak(DType::BFloat16), 0);
    };
    const auto one = modelled(serial), two = modelled(split);
    ASSERT_TRUE(one && two);
    EXPECT_DOUBLE_EQ(one->compute_s, 2 * two->compute_s);
    EXPECT_DOUBLE_EQ(one->steps_s, 2 * two->steps_s);
    // The plan says why, and its roof is one core's.
    const PlanOutcome plan = plan_tiles(serial, PlanOptions{});
    ASSERT_TRUE(plan.plan);
    EXPECT_DOUBLE_EQ(*plan.plan->peak_flops, *target("tpu-v5p").peak(DType::BFloat16) / 2);
    bool said = false;
    for (const auto& n : plan.plan->notes)
        said = said || n.find("leave one of TPU v5p's TensorCores idle") != std::string::npos;
    EXPECT_TRUE(said);
    // So does the audit, and its roof is one core's.
    const AuditResult audit =
        run_audit(load(on_v5p(matmul_spec(256, 256, 256, 128, 128, 128, "bfloat16"))));
    EXPECT_NE(audit.roofline_cores.find("one of TPU v5p's 2 TensorCores"), std::string::npos)
        << audit.roofline_cores;
    EXPECT_DOUBLE_EQ(*audit.peak_flops_per_s, *target("tpu-v5p").peak(DType::BFloat16) / 2);
    EXPECT_NE(report_markdown(audit).find("| roofline uses | one of TPU v5p"), std::string::npos);
}

// tokamax's autotuning cache for its Pallas ragged_dot on TPU7x (openxla/tokamax,
// tokamax/data/autotuning/tpu7x/pallas_mosaic_tpu_ragged_dot.json): XProf device times, no
// dispatch. One group holding all 4096 rows is a 4096^3 matmul, tiles (tile_m, tile_k, tile_n)
// = (512, 4096, 1024), 0.174 ms (the file at 783ea95); eight explicit groups of 1024 rows into
// 14336 columns, tiles (1024, 2048, 1024), 1.107 ms (the file at 66c9a6d), modelled as eight
// 1024 x 4096 x 14336 matmuls. Its first grid axis is "parallel". With the chip's figures the
// model was twice too fast (0.40, 0.44); the kernel gets one of the chip's two TensorCores.
TEST(PlanModel, PredictsPublishedTpu7xMatmulTimesOnOneTensorCore) {
    struct Row {
        std::int64_t m, n, k, bm, bn, bk, runs;
        double measured_s;
    };
    const Row rows[] = {{4096, 4096, 4096, 512, 1024, 4096, 1, 0.174e-3},
                        {1024, 14336, 4096, 1024, 1024, 2048, 8, 1.107e-3}};
    for (const Row& r : rows) {
        Json j = with_semantics(matmul_spec(r.m, r.n, r.k, r.bm, r.bn, r.bk, "bfloat16"),
                                {"parallel", "arbitrary", "arbitrary"});
        j["target"] = "tpu-v7x";
        const auto own = test::own_candidate(load(j));
        ASSERT_TRUE(own) << r.m;
        test::expect_within_one_and_a_half(
            test::matmul_row("TPU7x", r.m, r.n, r.k, r.bm, r.bn, r.bk, r.runs),
            *own->modelled_s * static_cast<double>(r.runs), r.measured_s);
    }
}

}  // namespace
}  // namespace tl
