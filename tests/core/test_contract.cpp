// The contract check on hand-built instances: each rule on its boundary numbers, the messages
// and their nearest fixes, VMEM sums computed by hand, grid semantics and the GPU rules.
#include <gtest/gtest.h>

#include "core/target/contract.h"

namespace tl {
namespace {

constexpr std::int64_t kMiB = 1024 * 1024;

const TargetProfile& target(std::string_view id) {
    return *builtin_targets().find(id);
}

ResolvedBlockDim blocked(std::int64_t n) {
    return {BlockDim::Kind::Blocked, n, 0, 0};
}
ResolvedBlockDim squeezed() {
    return {BlockDim::Kind::Squeezed, 1, 0, 0};
}
ResolvedBlockDim element(std::int64_t n) {
    return {BlockDim::Kind::Element, n, 0, 0};
}

ResolvedOperand operand(std::string name, DType dtype, std::vector<std::int64_t> shape,
                        std::vector<ResolvedBlockDim> block, Role role = Role::Input,
                        int buffers = 2) {
    ResolvedOperand op;
    op.name = std::move(name);
    op.role = role;
    op.dtype = dtype;
    op.shape = std::move(shape);
    op.block = std::move(block);
    op.buffer_count = buffers;
    return op;
}

ResolvedOperand simple(std::string name, DType dtype, std::vector<std::int64_t> shape,
                       std::vector<std::int64_t> block, Role role = Role::Input, int buffers = 2) {
    std::vector<ResolvedBlockDim> dims;
    for (auto b : block) dims.push_back(blocked(b));
    return operand(std::move(name), dtype, std::move(shape), std::move(dims), role, buffers);
}

Instance instance(std::vector<ResolvedOperand> ops, std::vector<std::int64_t> grid = {},
                  std::vector<Semantics> sem = {}) {
    Instance inst;
    inst.operands = std::move(ops);
    inst.grid = std::move(grid);
    inst.semantics = std::move(sem);
    return inst;
}

ContractResult check(const ResolvedOperand& op, std::string_view id = "tpu-v5e") {
    return check_contract(instance({op}), target(id));
}

std::vector<std::string> rules(const ContractResult& r) {
    std::vector<std::string> out;
    for (const auto& f : r.violations) out.push_back(f.rule);
    return out;
}

bool accepted_2d(DType d, std::vector<std::int64_t> shape, std::vector<std::int64_t> block) {
    return !check(simple("x", d, std::move(shape), std::move(block))).rejected();
}

bool accepted_1d(DType d, std::int64_t array, std::int64_t block) {
    return !check(simple("v", d, {array}, {block})).rejected();
}

using Strings = std::vector<std::string>;

TEST(ContractTiling, TheDocumentedExampleMessage) {
    const auto r = check(simple("x", DType::Float32, {300, 128}, {100, 128}));
    ASSERT_EQ(r.violations.size(), 1u);
    const Finding& f = r.violations[0];
    EXPECT_EQ(f.kind, FindingKind::ContractViolation);
    EXPECT_EQ(f.severity, Severity::Error);
    EXPECT_EQ(f.rule, "block_tiling");
    EXPECT_EQ(f.operand, "x");
    EXPECT_EQ(f.message,
              "operand x: block (100, 128) float32: the second-to-last block dimension 100 must "
              "equal the array dimension 300 or be a multiple of 8; nearest valid: 96 or 104");
}

TEST(ContractTiling, MultiplesOfEightAndOneTwentyEight) {
    EXPECT_TRUE(accepted_2d(DType::Float32, {300, 500}, {8, 128}));
    EXPECT_TRUE(accepted_2d(DType::Float32, {300, 500}, {16, 256}));
    EXPECT_FALSE(accepted_2d(DType::Float32, {300, 500}, {7, 128}));
    EXPECT_FALSE(accepted_2d(DType::Float32, {300, 500}, {9, 128}));
    EXPECT_FALSE(accepted_2d(DType::Float32, {300, 500}, {8, 127}));
    EXPECT_FALSE(accepted_2d(DType::Float32, {300, 500}, {8, 129}));
    // Larger than the array is still a multiple: allowed (the edge is padded).
    EXPECT_TRUE(accepted_2d(DType::Float32, {5, 100}, {8, 128}));
}

TEST(ContractTiling, EqualToTheArrayIsAlwaysAccepted) {
    EXPECT_TRUE(accepted_2d(DType::Float32, {300, 500}, {300, 500}));
    EXPECT_TRUE(accepted_2d(DType::Float32, {3, 100}, {3, 100}));
    EXPECT_TRUE(accepted_2d(DType::Float32, {300, 100}, {8, 100}));
    EXPECT_FALSE(accepted_2d(DType::Float32, {300, 100}, {8, 99}));
}

TEST(ContractTiling, RuleIsDtypeIndependent) {
    for (auto d : {DType::Float32, DType::BFloat16, DType::Int8, DType::Int16, DType::Bool}) {
        EXPECT_TRUE(accepted_2d(d, {64, 256}, {8, 128})) << to_string(d);
        EXPECT_FALSE(accepted_2d(d, {64, 256}, {4, 128})) << to_string(d);
    }
}

TEST(ContractTiling, OnlyTheLastTwoDimensionsHaveRules) {
    EXPECT_TRUE(accepted_2d(DType::Float32, {5, 16, 256}, {3, 8, 128}));
    EXPECT_FALSE(accepted_2d(DType::Float32, {5, 16, 256}, {3, 8, 100}));
}

TEST(ContractTiling, BothDimensionsWrongGiveTwoFindings) {
    const auto r = check(simple("x", DType::Float32, {300, 500}, {10, 200}));
    EXPECT_EQ(rules(r), (Strings{"block_tiling", "block_tiling"}));
    ASSERT_EQ(r.violations.size(), 2u);
    EXPECT_NE(r.violations[1].message.find("the last block dimension 200 must equal the array "
                                           "dimension 500 or be a multiple of 128; nearest "
                                           "valid: 128 or 256"),
              std::string::npos)
        << r.violations[1].message;
}

TEST(ContractTiling, SmallArrayDimensionIsOffered) {
    const auto r = check(simple("x", DType::Float32, {5, 128}, {4, 128}));
    ASSERT_EQ(r.violations.size(), 1u);
    EXPECT_NE(r.violations[0].message.find("nearest valid: 5 (the array dimension) or 8"),
              std::string::npos)
        << r.violations[0].message;
}

TEST(ContractTiling, SqueezedDimensionsCountAsSizeOne) {
    EXPECT_FALSE(
        check(operand("x", DType::Float32, {4, 16, 256}, {squeezed(), blocked(8), blocked(128)}))
            .rejected());
    // Squeezed in the second-to-last place: 1 is neither 300 nor a multiple of 8.
    const auto r = check(operand("x", DType::Float32, {300, 128}, {squeezed(), blocked(128)}));
    ASSERT_EQ(rules(r), Strings{"block_tiling"});
    EXPECT_NE(r.violations[0].message.find("block (None, 128) float32: the second-to-last block "
                                           "dimension is squeezed"),
              std::string::npos)
        << r.violations[0].message;
    // ... but fine when the array dimension is 1.
    EXPECT_FALSE(
        check(operand("x", DType::Float32, {1, 128}, {squeezed(), blocked(128)})).rejected());
}

TEST(ContractTiling, ElementDimensionsUseTheirElementSize) {
    EXPECT_FALSE(
        check(operand("x", DType::Float32, {300, 128}, {element(8), element(128)})).rejected());
    const auto r = check(operand("x", DType::Float32, {300, 128}, {element(100), element(128)}));
    ASSERT_EQ(rules(r), Strings{"block_tiling"});
    EXPECT_NE(r.violations[0].message.find("block (Element(100), Element(128))"),
              std::string::npos);
}

TEST(ContractRank1, PerBitwidthMinimum) {
    // f32: powers of two from 128.
    EXPECT_TRUE(accepted_1d(DType::Float32, 100000, 128));
    EXPECT_FALSE(accepted_1d(DType::Float32, 100000, 64));
    EXPECT_TRUE(accepted_1d(DType::Float32, 100000, 256));
    // bf16: from 256.
    EXPECT_FALSE(accepted_1d(DType::BFloat16, 100000, 128));
    EXPECT_TRUE(accepted_1d(DType::BFloat16, 100000, 256));
    // int16 as bf16, int8 and uint8 from 512.
    EXPECT_FALSE(accepted_1d(DType::Int16, 100000, 128));
    EXPECT_TRUE(accepted_1d(DType::Int16, 100000, 256));
    EXPECT_FALSE(accepted_1d(DType::Int8, 100000, 256));
    EXPECT_TRUE(accepted_1d(DType::Int8, 100000, 512));
    EXPECT_FALSE(accepted_1d(DType::UInt8, 100000, 256));
    // bool is stored as int32, so 128 suffices.
    EXPECT_TRUE(accepted_1d(DType::Bool, 100000, 128));
}

TEST(ContractRank1, MultiplesOf1024AndEqualToArray) {
    EXPECT_TRUE(accepted_1d(DType::Float32, 100000, 1024));
    EXPECT_TRUE(accepted_1d(DType::Float32, 100000, 3072));  // not a power of two
    EXPECT_TRUE(accepted_1d(DType::Int8, 100000, 3072));
    EXPECT_FALSE(accepted_1d(DType::Float32, 100000, 1536));
    EXPECT_FALSE(accepted_1d(DType::Float32, 100000, 384));
    EXPECT_TRUE(accepted_1d(DType::Float32, 1000, 1000));
    EXPECT_TRUE(accepted_1d(DType::Int8, 7, 7));
    EXPECT_FALSE(accepted_1d(DType::Float32, 1000, 999));
}

TEST(ContractRank1, MessageAndNearestSizes) {
    auto r = check(simple("v", DType::Float32, {1000}, {100}));
    ASSERT_EQ(r.violations.size(), 1u);
    EXPECT_EQ(r.violations[0].message,
              "operand v: block (100,) float32: a rank-1 block (here 100) must equal the array "
              "dimension 1000, be a multiple of 1024, or be a power of two of at least 128 "
              "(128 × 32 / 32 bits); nearest valid: 128");
    r = check(simple("v", DType::Float32, {100000}, {1536}));
    EXPECT_NE(r.violations[0].message.find("nearest valid: 1024 or 2048"), std::string::npos);
    r = check(simple("v", DType::Float32, {100000}, {3000}));
    EXPECT_NE(r.violations[0].message.find("nearest valid: 2048 or 3072"), std::string::npos);
    r = check(simple("v", DType::BFloat16, {100000}, {384}));
    EXPECT_NE(r.violations[0].message.find("at least 256 (128 × 32 / 16 bits); nearest valid: "
                                           "256 or 512"),
              std::string::npos)
        << r.violations[0].message;
}

TEST(ContractRank, EmptyOrMismatchedBlock) {
    auto r = check(simple("s", DType::Float32, {}, {}));
    EXPECT_EQ(rules(r), Strings{"rank"});
    r = check(simple("x", DType::Float32, {8, 128}, {128}));
    EXPECT_EQ(rules(r), Strings{"rank"});
    EXPECT_NE(r.violations[0].message.find("1 dimensions but the array has 2"), std::string::npos);
}

TEST(ContractDtype, Float64AndFloat16RejectedOnTpu) {
    auto r = check(simple("x", DType::Float64, {8, 128}, {8, 128}));
    ASSERT_EQ(rules(r), Strings{"dtype"});
    EXPECT_EQ(r.violations[0].operand, "x");
    EXPECT_EQ(r.violations[0].message,
              "operand x: dtype float64 is not supported on tpu-v5e (supported: float32, "
              "bfloat16, int8, int16, int32, uint8, bool, float8_e4m3fn, float8_e5m2, int4, "
              "uint16, uint32); use float32");
    r = check(simple("h", DType::Float16, {8, 128}, {8, 128}));
    ASSERT_EQ(rules(r), Strings{"dtype"});
    EXPECT_NE(r.violations[0].message.find("use bfloat16"), std::string::npos);
    EXPECT_FALSE(check(simple("x", DType::Float64, {8, 128}, {8, 128}), "gpu-h100").rejected());
    EXPECT_FALSE(check(simple("x", DType::Float64, {8, 128}, {8, 128}), "interpret").rejected());
}

TEST(ContractAdvice, PackedDtypesPreferTallerTiles) {
    auto r = check(simple("x", DType::BFloat16, {64, 256}, {8, 128}));
    EXPECT_FALSE(r.rejected());
    ASSERT_EQ(r.advice.size(), 1u);
    EXPECT_NE(r.advice[0].find("bfloat16 packs 16 rows per tile"), std::string::npos);
    r = check(simple("x", DType::Int8, {64, 256}, {16, 128}));
    ASSERT_EQ(r.advice.size(), 1u);
    EXPECT_NE(r.advice[0].find("packs 32 rows"), std::string::npos);
    EXPECT_TRUE(check(simple("x", DType::BFloat16, {64, 256}, {16, 128})).advice.empty());
    EXPECT_TRUE(check(simple("x", DType::Float32, {64, 256}, {8, 128})).advice.empty());
    // A block already spanning every row cannot be taller.
    EXPECT_TRUE(check(simple("x", DType::BFloat16, {8, 256}, {8, 128})).advice.empty());
}

// 1024 × 1024 float32 = 4194304 bytes; two buffers for each of x and o = 16777216, exactly the
// 16 MiB default scoped limit of tpu-v5e.
Instance just_fitting() {
    return instance({simple("x", DType::Float32, {4096, 1024}, {1024, 1024}),
                     simple("o", DType::Float32, {4096, 1024}, {1024, 1024}, Role::Output)},
                    {4}, {Semantics::Parallel});
}

TEST(ContractVmem, JustFitting) {
    const auto r = check_contract(just_fitting(), target("tpu-v5e"));
    EXPECT_FALSE(r.rejected()) << r.violations[0].message;
    EXPECT_EQ(r.vmem_bytes, 16777216);
    EXPECT_EQ(r.vmem_limit_bytes, 16 * kMiB);
    ASSERT_EQ(r.vmem_parts.size(), 2u);
    EXPECT_EQ(r.vmem_parts[0].buffers, 2);
    EXPECT_EQ(r.vmem_parts[0].block_bytes, 4194304);
}

TEST(ContractVmem, OneByteOver) {
    Instance inst = just_fitting();
    // One int8 element, single-buffered: it still occupies a row of 128 lanes in VMEM.
    inst.operands.push_back(simple("z", DType::Int8, {1}, {1}, Role::Input, 1));
    const auto r = check_contract(inst, target("tpu-v5e"));
    ASSERT_EQ(rules(r), Strings{"vmem"});
    EXPECT_EQ(r.vmem_bytes, 16777344);
    const std::string& m = r.violations[0].message;
    EXPECT_EQ(m,
              "VMEM: x 2 × 4194304 + o 2 × 4194304 + z 1 × 128 = 16777344 bytes (16.0 MiB) "
              "exceeds the scoped VMEM limit of 16777216 bytes (16 MiB) on tpu-v5e (the default, "
              "user-changeable) by 128 bytes; fix: smaller blocks that keep the tiling rule, e.g. "
              "x (1024, 1024) -> (512, 1024) (total 12583040 bytes (12.0 MiB)); or raise "
              "target_overrides.vmem_limit_bytes (vmem_limit_bytes in the kernel's compiler "
              "params) to at least 16777344 (physical VMEM 134217728 bytes (128 MiB))");

    // Raising the limit to exactly the total accepts it; one byte less does not.
    Diagnostics errors;
    const auto raised = apply_overrides(target("tpu-v5e"),
                                        Json::parse(R"({"vmem_limit_bytes": 16777344})"), &errors);
    EXPECT_FALSE(check_contract(inst, raised).rejected());
    const auto short_by_one = apply_overrides(
        target("tpu-v5e"), Json::parse(R"({"vmem_limit_bytes": 16777343})"), &errors);
    EXPECT_TRUE(check_contract(inst, short_by_one).rejected());
}

TEST(ContractVmem, F32ScratchAccumulator) {
    // x and o bf16 (512, 1024): 1 MiB a block, 2 MiB with two buffers each; the f32
    // accumulator for o is 512 × 1024 × 4 = 2 MiB, single-buffered. Total 6 MiB.
    Instance inst =
        instance({simple("x", DType::BFloat16, {512, 1024}, {512, 1024}),
                  simple("o", DType::BFloat16, {512, 1024}, {512, 1024}, Role::Output)});
    EXPECT_EQ(check_contract(inst, target("tpu-v5e")).vmem_bytes, 4 * kMiB);
    ContractOptions opt = contract_options(Json::parse(R"({"accumulator": "f32_scratch"})"));
    EXPECT_TRUE(opt.f32_scratch_for_output);
    const auto r = check_contract(inst, target("tpu-v5e"), opt);
    EXPECT_EQ(r.vmem_bytes, 6 * kMiB);
    ASSERT_EQ(r.vmem_parts.size(), 3u);
    EXPECT_EQ(r.vmem_parts[2].label, "f32 accumulator (o)");
    EXPECT_FALSE(
        contract_options(Json::parse(R"({"accumulator": "output"})")).f32_scratch_for_output);
    EXPECT_FALSE(contract_options(Json()).f32_scratch_for_output);
}

TEST(ContractVmem, BeyondPhysicalCannotBeRaised) {
    // 8192 × 4096 × 4 = 128 MiB a block, two buffers: 256 MiB > 128 MiB physical on v5e.
    const auto r = check(simple("x", DType::Float32, {8192, 4096}, {8192, 4096}));
    ASSERT_EQ(rules(r), Strings{"vmem"});
    EXPECT_NE(r.violations[0].message.find("raising vmem_limit_bytes cannot help"),
              std::string::npos);
}

TEST(ContractVmem, BoolCountsFourBytesOnTpu) {
    const auto op = simple("m", DType::Bool, {8, 128}, {8, 128});
    EXPECT_EQ(check(op).vmem_bytes, 8 * 128 * 4 * 2);
    EXPECT_EQ(check(op, "interpret").vmem_bytes, 8 * 128 * 1 * 2);
}

TEST(ShrinkBlocks, HalvesTheLargestDimensionKeepingTheRule) {
    // 1024 × 1024 f32 × 2 buffers = 8 MiB; to fit 1 MiB: 1024 -> 512 on dim 0, then the larger
    // dim 1 -> 512, then dim 0 -> 256: 256 × 512 × 4 × 2 = 1 MiB.
    const Instance inst = instance({simple("x", DType::Float32, {4096, 4096}, {1024, 1024})});
    auto fixes = shrink_blocks_to_fit(inst, target("tpu-v5e"), {}, kMiB);
    ASSERT_TRUE(fixes);
    ASSERT_EQ(fixes->size(), 1u);
    EXPECT_EQ((*fixes)[0].to, (std::vector<std::int64_t>{256, 512}));
    // The smallest valid TPU block (8, 128) cannot shrink further.
    const Instance tiny = instance({simple("x", DType::Float32, {4096, 4096}, {8, 128})});
    EXPECT_FALSE(shrink_blocks_to_fit(tiny, target("tpu-v5e"), {}, 100));
}

TEST(NearestSizes, Helpers) {
    const SizeRule rows{SizeRule::Kind::Multiple, 8, true};
    EXPECT_EQ(nearest_valid_sizes(rows, 100, 300), (std::vector<std::int64_t>{96, 104}));
    EXPECT_EQ(nearest_valid_sizes(rows, 4, 5), (std::vector<std::int64_t>{5, 8}));
    EXPECT_EQ(nearest_valid_sizes(rows, 100, 101), (std::vector<std::int64_t>{96, 101, 104}));
    EXPECT_TRUE(nearest_valid_sizes(rows, 96, 300).empty());
    EXPECT_EQ(format_sizes({5, 8}, 5), "5 (the array dimension) or 8");
    EXPECT_EQ(format_sizes({96, 101, 104}, 101), "96, 101 (the array dimension) or 104");

    const SizeRule lanes{SizeRule::Kind::Multiple, 128, true};
    EXPECT_FALSE(largest_fitting_at_most(lanes, 64, 300));
    EXPECT_EQ(largest_fitting_at_most(lanes, 200, 300), 128);
    EXPECT_EQ(largest_fitting_at_most(lanes, 64, 50), 50);

    const SizeRule pow2{SizeRule::Kind::PowerOfTwo, 1, false};
    EXPECT_EQ(nearest_valid_sizes(pow2, 100, 100), (std::vector<std::int64_t>{64, 128}));
    EXPECT_TRUE(size_fits(pow2, 1, 7));
    EXPECT_FALSE(size_fits(pow2, 0, 7));
}

TEST(ContractGrid, ParallelAxesFormAPrefix) {
    const auto op = simple("x", DType::Float32, {64, 128}, {8, 128});
    using S = Semantics;
    auto run = [&](std::vector<S> sem) {
        std::vector<std::int64_t> grid(sem.size(), 2);
        return check_contract(instance({op}, grid, sem), target("tpu-v5e"));
    };
    EXPECT_FALSE(run({S::Parallel, S::Parallel, S::Arbitrary}).rejected());
    EXPECT_FALSE(run({S::Arbitrary, S::Arbitrary}).rejected());
    EXPECT_FALSE(run({}).rejected());
    const auto r = run({S::Parallel, S::Arbitrary, S::Parallel});
    ASSERT_EQ(rules(r), Strings{"grid_semantics"});
    EXPECT_EQ(r.violations[0].message,
              "dimension_semantics (parallel, arbitrary, parallel): grid axis 2 is parallel but "
              "follows arbitrary axis 1; parallel axes must form a prefix of the grid: reorder "
              "the grid so that the parallel axes come first (and their index-map parameters "
              "with them), or mark axis 2 arbitrary");
    EXPECT_EQ(rules(run({S::Arbitrary, S::Parallel})), Strings{"grid_semantics"});
    // Semantics missing for an axis count as arbitrary.
    const auto short_sem = check_contract(instance({op}, {2, 2}, {S::Parallel}), target("tpu-v4"));
    EXPECT_FALSE(short_sem.rejected());
}

TEST(ContractGrid, MegacoreAdvice) {
    const auto op = simple("x", DType::Float32, {64, 128}, {8, 128});
    const auto inst = instance({op}, {8}, {Semantics::Arbitrary});
    const auto r = check_contract(inst, target("tpu-v4"));
    ASSERT_EQ(r.advice.size(), 1u);
    EXPECT_NE(r.advice[0].find("megacore"), std::string::npos);
    EXPECT_TRUE(check_contract(inst, target("tpu-v5e")).advice.empty());
}

TEST(ContractGpu, MosaicMinorDimensionSixteenBytes) {
    // 4 float32 = 16 bytes, 8 bfloat16 = 16 bytes, 16 int8 = 16 bytes.
    EXPECT_FALSE(check(simple("x", DType::Float32, {64, 256}, {64, 4}), "gpu-h100").rejected());
    EXPECT_FALSE(check(simple("x", DType::BFloat16, {64, 256}, {64, 8}), "gpu-h100").rejected());
    EXPECT_FALSE(check(simple("x", DType::Int8, {64, 256}, {64, 16}), "gpu-mosaic").rejected());
    EXPECT_TRUE(check(simple("x", DType::Int8, {64, 256}, {64, 8}), "gpu-mosaic").rejected());
    auto r = check(simple("x", DType::Float32, {64, 256}, {64, 6}), "gpu-h100");
    ASSERT_EQ(rules(r), Strings{"block_tiling"});
    EXPECT_EQ(r.violations[0].message,
              "operand x: block (64, 6) float32: the minor-most block dimension 6 spans 24 "
              "bytes; Mosaic GPU needs a multiple of 16 bytes (a multiple of 4 float32 "
              "elements); nearest valid: 4 or 8");
    // No exemption for a block equal to the array.
    EXPECT_TRUE(check(simple("x", DType::Float32, {64, 6}, {64, 6}), "gpu-h200").rejected());
    // No (8, 128) rule on GPU.
    EXPECT_FALSE(check(simple("x", DType::Float32, {300, 256}, {100, 64}), "gpu-h100").rejected());
    // Element dimensions are not supported by Mosaic GPU.
    r = check(operand("x", DType::Float32, {64, 256}, {element(16), blocked(64)}), "gpu-h100");
    EXPECT_EQ(rules(r), Strings{"block_tiling"});
}

TEST(ContractGpu, TritonBlockSpecsAreFree) {
    // Triton restricts the body's loads and stores, not the BlockSpec: a 384-row block read
    // in 128-row slices is valid, so it is advice, never a violation.
    const auto pow2 = check(simple("x", DType::Float32, {300, 500}, {64, 128}), "gpu-triton");
    EXPECT_FALSE(pow2.rejected());
    EXPECT_TRUE(pow2.advice.empty());
    const auto r = check(simple("x", DType::Float32, {384, 64}, {384, 64}), "gpu-triton");
    EXPECT_FALSE(r.rejected());
    ASSERT_EQ(r.advice.size(), 1u);
    EXPECT_NE(r.advice[0].find("block dimension 0 is 384, not a power of two"), std::string::npos)
        << r.advice[0];
    // BlockSpecs point into global memory: no shared-memory budget, however large the block.
    EXPECT_FALSE(
        check(simple("k", DType::Float32, {4096, 4096}, {4096, 4096}), "gpu-triton").rejected());
}

TEST(ContractGpu, SharedMemoryBudget) {
    // 64 × 128 × 4 = 32768 per block; a sequential axis is pipelined, so x, y and o are
    // double-buffered: 196608 <= 233472 (228 KiB).
    const auto fits = instance({simple("x", DType::Float32, {512, 512}, {64, 128}),
                                simple("y", DType::Float32, {512, 512}, {64, 128}),
                                simple("o", DType::Float32, {512, 512}, {64, 128}, Role::Output)},
                               {8, 4}, {Semantics::Parallel, Semantics::Arbitrary});
    auto r = check_contract(fits, target("gpu-h100"));
    EXPECT_FALSE(r.rejected());
    EXPECT_EQ(r.vmem_bytes, 196608);
    EXPECT_EQ(r.vmem_limit_bytes, 233472);
    // With every axis parallel each program is its own thread block and loads its blocks
    // once (Mosaic GPU pipelines only the sequential axes).
    auto parallel = fits;
    parallel.semantics = {Semantics::Parallel, Semantics::Parallel};
    EXPECT_EQ(check_contract(parallel, target("gpu-h100")).vmem_bytes, 98304);
    // 128 × 128 × 4 × 2 × 3 = 393216 > 233472.
    auto big = fits;
    for (auto& op : big.operands) op.block = {blocked(128), blocked(128)};
    r = check_contract(big, target("gpu-h100"));
    ASSERT_EQ(rules(r), Strings{"vmem"});
    const std::string& m = r.violations[0].message;
    EXPECT_EQ(m.rfind("shared memory: x 2 × 65536", 0), 0u) << m;
    EXPECT_NE(m.find("393216 bytes (384 KiB) exceeds the shared memory budget of 233472 bytes "
                     "(228 KiB) per block"),
              std::string::npos)
        << m;
    EXPECT_EQ(m.find("raise"), std::string::npos);  // the budget is physical
}

TEST(ContractInterpret, NoRules) {
    const auto inst = instance({simple("x", DType::Float64, {300, 500}, {100, 7}),
                                simple("o", DType::Float16, {300, 500}, {100, 7}, Role::Output)},
                               {2, 2}, {Semantics::Arbitrary, Semantics::Parallel});
    const auto r = check_contract(inst, target("interpret"));
    EXPECT_FALSE(r.rejected());
    EXPECT_TRUE(r.rules_checked.empty());
    EXPECT_EQ(r.vmem_limit_bytes, 0);
    EXPECT_EQ(r.vmem_bytes, 100 * 7 * 8 * 2 + 100 * 7 * 2 * 2);
}

TEST(ContractRules, CheckedListsAndDescriptions) {
    const auto op = simple("x", DType::Float32, {64, 128}, {8, 128});
    EXPECT_EQ(check(op).rules_checked,
              (Strings{"rank", "block_tiling", "dtype", "vmem", "grid_semantics"}));
    EXPECT_EQ(check(op, "gpu-triton").rules_checked, (Strings{"dtype"}));
    EXPECT_EQ(check(op, "gpu-h100").rules_checked, (Strings{"block_tiling", "dtype", "vmem"}));
    EXPECT_NE(rule_description("vmem", target("tpu-v6e")).find("33554432 bytes (32 MiB)"),
              std::string::npos);
    EXPECT_NE(rule_description("block_tiling", target("gpu-triton")).find("power-of-two"),
              std::string::npos);
}

}  // namespace
}  // namespace tl
