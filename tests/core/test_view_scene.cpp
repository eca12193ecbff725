// Operand scenes: what each operand view draws for a program, checked on hand-worked cases.
#include <gtest/gtest.h>

#include "core/view/operand_scene.h"
#include "core/view/sheet_layout.h"
#include "tests/core/test_analysis_util.h"

namespace tl::view {
namespace {

using namespace tl::testing;

TEST(OperandScene, DocumentedEdgeBlockIsValidThenPadding) {
    // Shape (100, 90), block (10, 20), program (2, 4): rows 20-29, columns 80-99, of which
    // columns 80-89 are in the array.
    for (Role role : {Role::Input, Role::Output}) {
        Instance inst = grid_of({10, 5});
        inst.operands.push_back(
            operand("x", role, {100, 90}, {blocked(10), blocked(20)}, "lambda i, j: (i, j)", 2));
        const auto a = analysed(inst);
        const auto s = build_scenes(a, program_of(*a, {2, 4}))[0];
        ASSERT_TRUE(s.has_block);
        EXPECT_EQ(s.window, (ElementRect{20, 80, 30, 100}));
        EXPECT_EQ(s.clipped, (ElementRect{20, 80, 30, 90}));
        EXPECT_EQ(s.array, (ElementRect{0, 0, 100, 90}));
        EXPECT_EQ(s.extent, (ElementRect{0, 0, 100, 100}));  // the edge block's overhang
        EXPECT_EQ(s.state(25, 85), CellState::Valid);
        EXPECT_EQ(s.state(25, 95),
                  role == Role::Input ? CellState::PaddingOnRead : CellState::DroppedWrite);
        EXPECT_EQ(s.state(19, 85), CellState::Array);
        EXPECT_EQ(s.state(19, 95), CellState::Outside);
        EXPECT_EQ(s.block_index, (V{2, 4}));
        EXPECT_EQ(s.block_label_at(20, 80), (V{2, 4}));
        EXPECT_TRUE(s.block_label_at(21, 80).empty());  // not where a block starts
    }
}

TEST(OperandScene, OtherBlocksOfTheSameVisitAreTheReductionPanel) {
    // matmul-rect: o(300, 500) = x(300, 256) @ y(256, 500), blocks 128, grid (3, 4, 2).
    const auto a = analysed(matmul(300, 500, 256, 128, 128, 128, {3, 4, 2}));
    const std::int64_t p = program_of(*a, {1, 2, 0});
    const ProgramSpan visit = visit_span(*a, p);
    EXPECT_EQ(visit.first, p);
    EXPECT_EQ(visit.last, p + 1);  // k = 0, 1 write the same output block
    const auto scenes = build_scenes(a, p);
    ASSERT_EQ(scenes.size(), 3u);
    const auto& x = scenes[0];
    EXPECT_EQ(x.window, (ElementRect{128, 0, 256, 128}));
    ASSERT_EQ(x.visit_blocks.size(), 1u);
    EXPECT_EQ(x.visit_blocks[0], (ElementRect{128, 128, 256, 256}));  // x block (1, 1)
    const auto& y = scenes[1];
    ASSERT_EQ(y.visit_blocks.size(), 1u);
    EXPECT_EQ(y.visit_blocks[0], (ElementRect{128, 256, 256, 384}));  // y block (1, 2)
    EXPECT_TRUE(scenes[2].visit_blocks.empty());  // an output visit is one block
    EXPECT_TRUE(x.copy);
    EXPECT_FALSE(scenes[2].copy);  // written back after k = 1, not k = 0
    EXPECT_EQ(x.role_index, 0);
    EXPECT_EQ(y.role_index, 1);
}

TEST(OperandScene, CornerBlockPadsOnReadAndDropsWrites) {
    const auto a = analysed(matmul(300, 500, 256, 128, 128, 128, {3, 4, 2}));
    const auto scenes = build_scenes(a, program_of(*a, {2, 3, 1}));
    const auto& o = scenes[2];
    EXPECT_EQ(o.window, (ElementRect{256, 384, 384, 512}));
    EXPECT_EQ(o.clipped, (ElementRect{256, 384, 300, 500}));
    EXPECT_EQ(o.extent, (ElementRect{0, 0, 384, 512}));
    EXPECT_EQ(o.state(299, 499), CellState::Valid);
    EXPECT_EQ(o.state(300, 400), CellState::DroppedWrite);
    EXPECT_EQ(o.state(290, 505), CellState::DroppedWrite);
    EXPECT_TRUE(o.copy);
    const auto& x = scenes[0];
    EXPECT_EQ(x.state(310, 130), CellState::PaddingOnRead);
    EXPECT_EQ(x.state(299, 130), CellState::Valid);
}

TEST(OperandScene, CoverageCountsZeroOneAndTwo) {
    // Floor grid on M = 300: rows 256..299 of the output are never written.
    const auto floor = analysed(matmul(300, 512, 256, 128, 128, 128, {2, 4, 2}));
    const auto o = build_scenes(floor, 0)[2];
    ASSERT_TRUE(o.has_coverage);
    EXPECT_EQ(o.count_at(280, 10), 0);
    EXPECT_EQ(o.count_at(10, 10), 1);
    EXPECT_EQ(o.count_at(300, 10), 0);  // outside the array
    EXPECT_EQ(o.rows.cut(o.rows.count() - 2), 256);

    // Reduction on the leading axis: every output block is visited twice (TPU revisit).
    Instance inst = grid_of({2, 2, 2});
    inst.operands.push_back(operand("o", Role::Output, {256, 256}, {blocked(128), blocked(128)},
                                    "lambda k, i, j: (i, j)", 3));
    const auto twice = build_scenes(analysed(inst), 0)[0];
    EXPECT_EQ(twice.count_at(200, 3), 2);
}

TEST(OperandScene, RankThreeShowsTheSliceOfTheProgramsBlock) {
    Instance inst = grid_of({4, 3, 2});
    inst.operands.push_back(operand("x", Role::Input, {4, 30, 40},
                                    {squeezed(), blocked(10), blocked(20)},
                                    "lambda b, i, j: (b, i, j)", 3));
    const auto a = analysed(inst);
    const auto s = build_scenes(a, program_of(*a, {2, 1, 1}))[0];
    EXPECT_EQ(s.slice, (V{2}));
    EXPECT_EQ(s.row_dim, 1);
    EXPECT_EQ(s.col_dim, 2);
    EXPECT_EQ(s.window, (ElementRect{10, 20, 20, 40}));
    EXPECT_EQ(s.element(12, 25), (V{2, 12, 25}));
    std::int64_t r = 0, c = 0;
    EXPECT_TRUE(s.displayed(V{2, 12, 25}, &r, &c));
    EXPECT_EQ(r, 12);
    EXPECT_EQ(c, 25);
    EXPECT_FALSE(s.displayed(V{1, 12, 25}, &r, &c));
    EXPECT_EQ(s.block_label_at(10, 20), (V{2, 1, 1}));
    EXPECT_EQ(s.count_at(12, 25), 1);  // the coverage of slice 2
}

TEST(OperandScene, RankOneIsARow) {
    Instance inst = grid_of({5});
    inst.operands.push_back(
        operand("x", Role::Input, {5000}, {blocked(1024)}, "lambda i: (i,)", 1));
    const auto s = build_scenes(analysed(inst), 4)[0];
    EXPECT_EQ(s.row_dim, -1);
    EXPECT_EQ(s.array, (ElementRect{0, 0, 1, 5000}));
    EXPECT_EQ(s.extent, (ElementRect{0, 0, 1, 5120}));
    EXPECT_EQ(s.window, (ElementRect{0, 4096, 1, 5120}));
    EXPECT_EQ(s.state(0, 5010), CellState::PaddingOnRead);
    EXPECT_EQ(s.element(0, 7), (V{7}));
    EXPECT_EQ(s.block_label_at(0, 1024), (V{1}));
}

TEST(OperandScene, AnOutOfBoundsBlockHasNoValidPart) {
    Instance inst = grid_of({4});
    // Element offsets returned as block indices: blocks 0, 128, 256, 384 of a 4-block array.
    inst.operands.push_back(
        operand("o", Role::Output, {512}, {blocked(128)}, "lambda i: (i * 128,)", 1));
    const auto s = build_scenes(analysed(inst), 1)[0];
    EXPECT_TRUE(s.out_of_bounds);
    EXPECT_TRUE(s.clipped.empty());
    EXPECT_EQ(s.window, (ElementRect{0, 16384, 1, 16512}));
    EXPECT_EQ(s.state(0, 16400), CellState::DroppedWrite);
}

TEST(OperandScene, ALongVisitIsScannedOnlyUpToTheLimit) {
    // 100,000 programs accumulate into one output block.
    Instance inst = grid_of({1, 100000});
    inst.operands.push_back(operand("x", Role::Input, {8, 128 * 100000}, {blocked(8), blocked(128)},
                                    "lambda i, j: (0, j)", 2));
    inst.operands.push_back(
        operand("o", Role::Output, {8, 128}, {blocked(8), blocked(128)}, "lambda i, j: (0, 0)", 2));
    const auto a = analysed(inst);
    const ProgramSpan span = visit_span(*a, 50000, 1000);
    EXPECT_EQ(span.first, 49000);
    EXPECT_EQ(span.last, 51000);
    EXPECT_TRUE(span.truncated);
    const auto x = build_operand_scene(a, 0, 50000, span, 64);
    EXPECT_EQ(x.visit_blocks.size(), 64u);
    EXPECT_TRUE(x.visit_truncated);
}

TEST(OperandScene, AHugeArrayBuildsFromBlocksNotElements) {
    // 16384 x 16384 outputs with 128 x 128 blocks: 128 x 128 x 128 programs.
    const auto a = analysed(matmul(16384, 16384, 16384, 128, 128, 128, {128, 128, 128}));
    const auto scenes = build_scenes(a, 12345);
    EXPECT_EQ(scenes[2].rows.cells(), 128);
    EXPECT_EQ(scenes[0].visit_blocks.size(), 127u);  // the rest of x's row panel
    EXPECT_TRUE(scenes[2].has_coverage);             // 128 x 128 cells, not 268M elements
}

TEST(SheetLayout, InputsSitAboveOutputsWithoutOverlap) {
    const auto a = analysed(matmul(300, 500, 256, 128, 128, 128, {3, 4, 2}));
    const auto scenes = build_scenes(a, 0);
    const SheetLayout l = layout_sheet(scenes, 1000, 1400);  // portrait: the sketch draws more
    ASSERT_EQ(l.panels.size(), 3u);
    EXPECT_LT(l.panels[0].bottom(), l.panels[2].y);
    EXPECT_DOUBLE_EQ(l.panels[0].y, l.panels[1].y);
    EXPECT_LT(l.panels[0].right(), l.panels[1].x);
    EXPECT_LE(l.legend.bottom(), 1400 + 1e-9);
    EXPECT_FALSE(l.panels[0].intersects(l.panels[1]));
    const SheetLayout natural = layout_sheet(scenes, 1200, 0);
    EXPECT_GT(natural.height, natural.panels[2].bottom());
}

TEST(SheetLayout, AWideSheetPutsEveryOperandOnOneRowWhenThatDrawsThemLarger) {
    const auto a = analysed(matmul(300, 500, 256, 128, 128, 128, {3, 4, 2}));
    const auto scenes = build_scenes(a, 0);
    const SheetLayout l = layout_sheet(scenes, 1920, 1080);
    ASSERT_EQ(l.panels.size(), 3u);
    for (std::size_t i = 1; i < 3; ++i) {
        EXPECT_DOUBLE_EQ(l.panels[i].y, l.panels[0].y);
        EXPECT_LT(l.panels[i - 1].right(), l.panels[i].x);
    }
    EXPECT_LE(l.panels[2].right(), 1920 + 1e-9);
    EXPECT_LE(l.legend.bottom(), 1080 + 1e-9);
    // Taller than either row of the sketch would be.
    EXPECT_GT(l.panels[0].h, 1080 / 2.0);
}

}  // namespace
}  // namespace tl::view
