// The indexing findings of the analysis, on the failures users actually hit.
#include <gtest/gtest.h>

#include "tests/core/test_analysis_util.h"

namespace tl {
namespace {

using namespace tl::testing;

bool has(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

// M = 300, bm = 128; N = 512, bn = 256; K = 192, bk = 64.
Instance rect_matmul(std::int64_t gm) {
    Instance inst = matmul(300, 512, 192, 128, 256, 64, {gm, 2, 3});
    inst.params = {{"M", 300}, {"N", 512}, {"K", 192}, {"bm", 128}, {"bn", 256}, {"bk", 64}};
    return inst;
}

TEST(AnalysisFindings, FloorDivisionGridLeavesTheTailUncovered) {
    const Analysis a = analyse(rect_matmul(300 / 128));
    const Finding* u = find_kind(a, FindingKind::UncoveredOutput, "o");
    ASSERT_NE(u, nullptr);
    EXPECT_EQ(u->severity, Severity::Error);
    EXPECT_EQ(u->count, (300 - 256) * 512);  // rows 256..299, every column
    EXPECT_EQ(u->element, (V{256, 0}));
    EXPECT_TRUE(has(u->message, "cdiv(M, bm)")) << u->message;
    EXPECT_TRUE(has(u->message, "grid axis 0")) << u->message;
    const Finding* r = find_kind(a, FindingKind::UnreadInput, "x");
    ASSERT_NE(r, nullptr);
    EXPECT_EQ(r->severity, Severity::Warning);
    EXPECT_EQ(r->count, (300 - 256) * 192);
    EXPECT_EQ(r->element, (V{256, 0}));
    EXPECT_EQ(count_kind(a, FindingKind::BlockOutOfBounds), 0);
}

TEST(AnalysisFindings, CdivGridCoversEverything) {
    const Analysis a = analyse(rect_matmul(3));
    EXPECT_EQ(count_kind(a, FindingKind::UncoveredOutput), 0);
    EXPECT_EQ(count_kind(a, FindingKind::UnreadInput), 0);
    EXPECT_EQ(count_kind(a, FindingKind::MultiplyWrittenOutput), 0);
    // x: 18 copies (k is fastest), the 6 with i = 2 hold 128 - 44 padding rows of 64.
    EXPECT_EQ(a.traffic(0).block_copies, 18);
    EXPECT_EQ(a.traffic(0).elements_padded_on_read, 6 * (128 - 44) * 64);
    const Finding* p = find_kind(a, FindingKind::PaddedReads, "x");
    ASSERT_NE(p, nullptr);
    EXPECT_EQ(p->count, 6 * (128 - 44) * 64);
    EXPECT_EQ(p->program, (V{2, 0, 0}));
    EXPECT_EQ(count_kind(a, FindingKind::PaddedReads), 1);  // y's blocks all fit
    EXPECT_EQ(a.traffic(2).visits, 6);
    EXPECT_EQ(a.traffic(2).hbm_bytes, 300 * 512 * 4);
}

// Reduction axis first: grid (K/bk, M/bm, N/bn), o(i, j) from axes 1 and 2.
Instance wrong_axis() {
    Instance inst = grid_of({2, 2, 2});
    inst.operands.push_back(
        operand("x", Role::Input, {16, 16}, {blocked(8), blocked(8)}, "lambda k, i, j: (i, k)", 3));
    inst.operands.push_back(operand("o", Role::Output, {16, 16}, {blocked(8), blocked(8)},
                                    "lambda k, i, j: (i, j)", 3));
    return inst;
}

TEST(AnalysisFindings, WrongAxisReductionUnderTpu) {
    const Analysis a = analyse(wrong_axis());
    // j fastest: every program moves to another block; each block gets 2 visits.
    EXPECT_EQ(a.traffic(1).visits, 8);
    const Finding* r = find_kind(a, FindingKind::NonconsecutiveRevisit, "o");
    ASSERT_NE(r, nullptr);
    EXPECT_EQ(r->severity, Severity::Error);
    EXPECT_EQ(r->count, 4);               // all four blocks
    EXPECT_EQ(r->program, (V{1, 0, 0}));  // block (0, 0) again after (0, *, *)
    EXPECT_EQ(r->element, (V{0, 0}));
    EXPECT_TRUE(has(r->message, "(0, 0, 0)")) << r->message;
    EXPECT_TRUE(has(r->message, "last grid axis")) << r->message;
    EXPECT_TRUE(has(r->message, "grid axis 0")) << r->message;
    const Finding* m = find_kind(a, FindingKind::MultiplyWrittenOutput, "o");
    ASSERT_NE(m, nullptr);
    EXPECT_EQ(m->count, 256);
    EXPECT_EQ(m->element, (V{0, 0}));
    EXPECT_EQ(m->program, (V{1, 0, 0}));
    EXPECT_EQ(a.coverage(1).count_at(V{9, 9}), 2);
    EXPECT_EQ(count_kind(a, FindingKind::ParallelRace), 0);
}

TEST(AnalysisFindings, WrongAxisReductionUnderIdeal) {
    const Analysis a = analyse(wrong_axis(), {Revisit::Ideal});
    const Finding* r = find_kind(a, FindingKind::NonconsecutiveRevisit, "o");
    ASSERT_NE(r, nullptr);
    EXPECT_EQ(r->severity, Severity::Warning);
    EXPECT_TRUE(has(r->message, "passes here, fails on TPU")) << r->message;
    EXPECT_EQ(count_kind(a, FindingKind::MultiplyWrittenOutput), 0);
    EXPECT_EQ(a.coverage(1).count_at(V{9, 9}), 1);  // one distinct block
    EXPECT_EQ(a.traffic(1).visits, 8);              // the pipeline still writes back 8 times
}

TEST(AnalysisFindings, ParallelReductionAxisRaces) {
    Instance inst = matmul(16, 16, 16, 8, 8, 8, {2, 2, 2});
    inst.semantics.assign(3, Semantics::Parallel);
    const Analysis a = analyse(inst);
    const Finding* r = find_kind(a, FindingKind::ParallelRace, "o");
    ASSERT_NE(r, nullptr);
    EXPECT_EQ(r->count, 4);
    EXPECT_EQ(r->program, (V{0, 0, 1}));
    EXPECT_TRUE(has(r->message, "(0, 0, 0)")) << r->message;
    EXPECT_TRUE(has(r->message, "Mark axis 2 arbitrary")) << r->message;
    // The visits are consecutive: no revisit, no double write-back.
    EXPECT_EQ(count_kind(a, FindingKind::NonconsecutiveRevisit), 0);
    EXPECT_EQ(count_kind(a, FindingKind::MultiplyWrittenOutput), 0);

    inst.semantics = {Semantics::Parallel, Semantics::Parallel, Semantics::Arbitrary};
    EXPECT_EQ(count_kind(analyse(inst), FindingKind::ParallelRace), 0);
}

TEST(AnalysisFindings, RaceSeenThroughTheValuesNotTheDependencies) {
    // i // 2 reads axis 0, yet programs (0, 0) and (1, 0) write the same block.
    Instance inst = grid_of({4, 1}, {Semantics::Parallel, Semantics::Arbitrary});
    inst.operands.push_back(operand("o", Role::Output, {16, 8}, {blocked(8), blocked(8)},
                                    "lambda i, j: (i // 2, j)", 2));
    const Analysis a = analyse(inst);
    EXPECT_EQ(a.traffic(0).visits, 2);
    const Finding* r = find_kind(a, FindingKind::ParallelRace, "o");
    ASSERT_NE(r, nullptr);
    EXPECT_EQ(r->count, 2);
    EXPECT_EQ(r->program, (V{1, 0}));
    EXPECT_TRUE(has(r->message, "Mark axis 0 arbitrary")) << r->message;
}

TEST(AnalysisFindings, ElementOffsetsInsteadOfBlockIndices) {
    // jax #38497: the map returns i * 128, an element offset, for a blocked dimension.
    Instance inst = grid_of({2, 1});
    inst.operands.push_back(operand("o", Role::Output, {256, 128}, {blocked(128), blocked(128)},
                                    "lambda i, j: (i * 128, j)", 2));
    const Analysis a = analyse(inst);
    const Finding* b = find_kind(a, FindingKind::BlockOutOfBounds, "o");
    ASSERT_NE(b, nullptr);
    EXPECT_EQ(b->severity, Severity::Error);
    EXPECT_EQ(b->count, 1);
    EXPECT_EQ(b->program, (V{1, 0}));
    EXPECT_TRUE(has(b->message, "(128, 0)")) << b->message;
    EXPECT_TRUE(has(b->message, "0..1")) << b->message;
    EXPECT_TRUE(has(b->message, "return block indices (divide by the block size")) << b->message;
    EXPECT_TRUE(a.out_of_bounds(1, 0));
    EXPECT_FALSE(a.out_of_bounds(0, 0));
    EXPECT_EQ(a.traffic(0).hbm_bytes, 128 * 128 * 4);  // the out-of-bounds block moves nothing
    const Finding* u = find_kind(a, FindingKind::UncoveredOutput, "o");
    ASSERT_NE(u, nullptr);
    EXPECT_EQ(u->count, 128 * 128);
    EXPECT_EQ(u->element, (V{128, 0}));
    EXPECT_TRUE(has(u->message, "block_out_of_bounds")) << u->message;
}

TEST(AnalysisFindings, NegativeIndexIsOutOfBounds) {
    Instance inst = grid_of({3});
    inst.operands.push_back(operand("x", Role::Input, {24}, {blocked(8)}, "lambda i: (i - 1,)", 1));
    const Analysis a = analyse(inst);
    const Finding* b = find_kind(a, FindingKind::BlockOutOfBounds, "x");
    ASSERT_NE(b, nullptr);
    EXPECT_EQ(b->count, 1);
    EXPECT_EQ(b->program, (V{0}));
    EXPECT_TRUE(has(b->message, "-1")) << b->message;
    EXPECT_FALSE(has(b->message, "element offsets")) << b->message;
    EXPECT_EQ(a.traffic(0).elements_padded_on_read, 0);
    const Finding* u = find_kind(a, FindingKind::UnreadInput, "x");
    ASSERT_NE(u, nullptr);
    EXPECT_EQ(u->count, 8);  // elements 16..23
    EXPECT_EQ(u->element, (V{16}));
}

TEST(AnalysisFindings, SqueezedIndexPastTheEnd) {
    Instance inst = grid_of({4});
    inst.operands.push_back(
        operand("x", Role::Input, {4, 8}, {squeezed(), blocked(8)}, "lambda b: (b + 1, 0)", 1));
    const Analysis a = analyse(inst);
    const Finding* b = find_kind(a, FindingKind::BlockOutOfBounds, "x");
    ASSERT_NE(b, nullptr);
    EXPECT_EQ(b->program, (V{3}));
    EXPECT_TRUE(has(b->message, "0..3")) << b->message;
    const Finding* u = find_kind(a, FindingKind::UnreadInput, "x");
    ASSERT_NE(u, nullptr);
    EXPECT_EQ(u->count, 8);  // row 0
    EXPECT_EQ(u->element, (V{0, 0}));
}

TEST(AnalysisFindings, HalfReadInput) {
    Instance inst = grid_of({1});
    inst.operands.push_back(
        operand("x", Role::Input, {16, 16}, {blocked(8), blocked(16)}, "lambda i: (i, 0)", 1));
    const Analysis a = analyse(inst);
    const Finding* u = find_kind(a, FindingKind::UnreadInput, "x");
    ASSERT_NE(u, nullptr);
    EXPECT_EQ(u->severity, Severity::Warning);
    EXPECT_EQ(u->count, 128);
    EXPECT_EQ(u->element, (V{8, 0}));
    EXPECT_EQ(a.coverage(0).count_at(V{7, 15}), 1);
    EXPECT_EQ(a.coverage(0).count_at(V{8, 0}), 0);
}

TEST(AnalysisFindings, OverlappingOutputBlocksUnderBothPolicies) {
    // Halo-shaped output windows [4i - 1, 4i + 5) overlap their neighbours by 2 elements.
    Instance inst = grid_of({4});
    inst.operands.push_back(
        operand("o", Role::Output, {16}, {element(6, 1, 1)}, "lambda i: (i * 4,)", 1));
    for (Revisit r : {Revisit::Tpu, Revisit::Ideal}) {
        const Analysis a = analyse(inst, {r});
        const Finding* m = find_kind(a, FindingKind::MultiplyWrittenOutput, "o");
        ASSERT_NE(m, nullptr);
        EXPECT_EQ(m->count, 6);  // [3, 5), [7, 9), [11, 13)
        EXPECT_EQ(m->element, (V{3}));
        EXPECT_EQ(m->program, (V{1}));
        EXPECT_TRUE(has(m->message, "overlap")) << m->message;
        EXPECT_EQ(count_kind(a, FindingKind::NonconsecutiveRevisit), 0);
        EXPECT_EQ(count_kind(a, FindingKind::UncoveredOutput), 0);
    }
}

TEST(AnalysisFindings, FindingsNameTheirOperand) {
    const Analysis a = analyse(rect_matmul(2));
    for (const Finding& f : a.findings()) {
        EXPECT_FALSE(f.operand.empty()) << f.kind;
        EXPECT_TRUE(f.count.has_value()) << f.kind;
        EXPECT_TRUE(has(f.message, "'" + f.operand + "'")) << f.message;
    }
}

}  // namespace
}  // namespace tl
