#include "core/kernels/flops.h"

#include <gtest/gtest.h>

namespace tl {
namespace {

ResolvedOperand op(const char* name, Role role, std::vector<std::int64_t> shape) {
    ResolvedOperand o;
    o.name = name;
    o.role = role;
    o.shape = std::move(shape);
    return o;
}

Instance make(std::vector<ResolvedOperand> ops) {
    Instance inst;
    inst.operands = std::move(ops);
    return inst;
}

TEST(Flops, MatmulIsTwoMNKFromTheArrayShapes) {
    // 2 * 300 * 500 * 256: the padded blocks of a 128 tiling do not count.
    const auto inst = make({op("x", Role::Input, {300, 256}), op("y", Role::Input, {256, 500}),
                            op("o", Role::Output, {300, 500})});
    EXPECT_EQ(kernel_flops("matmul", inst), 76'800'000);
}

TEST(Flops, MatchesOperandsByRoleNotOrder) {
    // The output listed first: K still comes from the first input.
    const auto inst = make({op("o", Role::Output, {4, 6}), op("x", Role::Input, {4, 3}),
                            op("y", Role::Input, {3, 6})});
    EXPECT_EQ(kernel_flops("matmul", inst), 2 * 4 * 6 * 3);
}

TEST(Flops, ElementwiseCountsOnePerOutputElement) {
    const auto inst = make({op("x", Role::Input, {300, 500}), op("y", Role::Input, {300, 500}),
                            op("o", Role::Output, {300, 500})});
    for (const char* body : {"add", "sub", "mul", "max"})
        EXPECT_EQ(kernel_flops(body, inst), 150'000);
    const auto scale = make({op("x", Role::Input, {7}), op("o", Role::Output, {7})});
    EXPECT_EQ(kernel_flops("scale", scale), 7);
}

TEST(Flops, DataMovementIsZero) {
    const auto inst = make({op("x", Role::Input, {3, 5}), op("o", Role::Output, {5, 3})});
    EXPECT_EQ(kernel_flops("copy", inst), 0);
    EXPECT_EQ(kernel_flops("transpose", inst), 0);
}

TEST(Flops, ReductionsAndSoftmax) {
    const auto rowsum = make({op("x", Role::Input, {300, 500}), op("o", Role::Output, {300, 1})});
    EXPECT_EQ(kernel_flops("rowsum", rowsum), 150'000);
    const auto softmax = make({op("x", Role::Input, {4, 8}), op("o", Role::Output, {4, 8})});
    EXPECT_EQ(kernel_flops("softmax", softmax), 5 * 32);
}

TEST(Flops, AttentionIsFourSTD) {
    const auto inst = make({op("q", Role::Input, {128, 64}), op("k", Role::Input, {256, 64}),
                            op("v", Role::Input, {256, 64}), op("o", Role::Output, {128, 64})});
    EXPECT_EQ(kernel_flops("attention", inst), 4LL * 128 * 256 * 64);
}

TEST(Flops, BatchedMultiHeadAttentionCountsEveryBatchAndHead) {
    // q [B, H, S, D] against k, v [B, H, T, D]: 4·B·H·S·T·D, and one exp per score.
    const auto inst =
        make({op("q", Role::Input, {2, 8, 128, 64}), op("k", Role::Input, {2, 8, 256, 64}),
              op("v", Role::Input, {2, 8, 256, 64}), op("o", Role::Output, {2, 8, 128, 64})});
    EXPECT_EQ(kernel_flops("attention", inst), 4LL * 2 * 8 * 128 * 256 * 64);
    EXPECT_EQ(kernel_transcendentals("attention", inst), 2LL * 8 * 128 * 256);
    EXPECT_EQ(flops_unknown_reason("attention", inst), "");
    // Mismatched ranks do not fit the body: no figure, and the reason says so.
    const auto ranks = make({op("q", Role::Input, {8, 128, 64}), op("k", Role::Input, {256, 64}),
                             op("v", Role::Input, {256, 64}), op("o", Role::Output, {8, 128, 64})});
    EXPECT_EQ(kernel_flops("attention", ranks), std::nullopt);
    EXPECT_NE(flops_unknown_reason("attention", ranks).find("do not fit"), std::string::npos);
}

TEST(Flops, TranscendentalsAreTheExponentialsOfSoftmax) {
    const auto softmax = make({op("x", Role::Input, {4, 8}), op("o", Role::Output, {4, 8})});
    EXPECT_EQ(kernel_transcendentals("softmax", softmax), 32);
    const auto mm = make({op("x", Role::Input, {4, 8}), op("y", Role::Input, {8, 2}),
                          op("o", Role::Output, {4, 2})});
    EXPECT_EQ(kernel_transcendentals("matmul", mm), 0);
    EXPECT_EQ(kernel_transcendentals("conv2d", mm), std::nullopt);
    EXPECT_EQ(flops_unknown_reason("conv2d", mm), "the body 'conv2d' has no FLOP count");
}

TEST(Flops, UnknownBodyMissingOperandsAndOverflowGiveNothing) {
    const auto one_input = make({op("x", Role::Input, {4, 4}), op("o", Role::Output, {4, 4})});
    EXPECT_EQ(kernel_flops("conv2d", one_input), std::nullopt);
    EXPECT_EQ(kernel_flops("matmul", one_input), std::nullopt);
    const std::int64_t big = std::int64_t{1} << 31;
    const auto huge = make({op("x", Role::Input, {big, big}), op("y", Role::Input, {big, big}),
                            op("o", Role::Output, {big, big})});
    EXPECT_EQ(kernel_flops("matmul", huge), std::nullopt);
}

}  // namespace
}  // namespace tl
