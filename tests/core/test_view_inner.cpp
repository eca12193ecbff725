// The inner tiles an operand view draws inside the program's block (docs/spec-format.md,
// "inner"), checked on hand-worked cases.
#include <gtest/gtest.h>

#include "core/view/operand_scene.h"
#include "tests/core/test_analysis_util.h"

namespace tl::view {
// Named: in a unity build this file shares a translation unit with tests whose helpers
// have the same names.
namespace view_inner_test {

using namespace tl::testing;

// Cut points of a partition, in order.
V cuts(const AxisPartition& p) {
    V out;
    for (std::int64_t i = 0; i < p.count(); ++i) out.push_back(p.cut(i));
    return out;
}

// The GPU matmul of the example: M = 1000, N = 1024, K = 512, blocks (128, K) and (K, 128),
// x streamed in (128, 64) tiles, y in (64, 128) tiles, over the grid (8, 8).
Instance gpu_matmul(bool y_streamed) {
    Instance inst = grid_of({8, 8}, {Semantics::Parallel, Semantics::Parallel});
    inst.operands.push_back(operand("x", Role::Input, {1000, 512}, {blocked(128), blocked(512)},
                                    "lambda i, j: (i, 0)", 2));
    inst.operands.push_back(operand("y", Role::Input, {512, 1024}, {blocked(512), blocked(128)},
                                    "lambda i, j: (0, j)", 2));
    inst.operands.push_back(operand("o", Role::Output, {1000, 1024}, {blocked(128), blocked(128)},
                                    "lambda i, j: (i, j)", 2));
    inst.operands[0].inner = ResolvedInner{{128, 64}, 4};
    inst.operands[1].inner = ResolvedInner{{64, 128}, y_streamed ? 4 : 0};
    return inst;
}

TEST(InnerTiles, StreamedRowBlockIsCutIntoColumnTilesAcrossItsPadding) {
    const auto a = analysed(gpu_matmul(true));
    const auto scenes = build_scenes(a, program_of(*a, {7, 2}));
    const InnerTiles& x = scenes[0].inner;
    ASSERT_TRUE(x.present);
    EXPECT_TRUE(x.streamed);
    EXPECT_EQ(x.buffers, 4);
    EXPECT_EQ(x.steps, 8);
    // The last row of blocks runs past M = 1000: its tiles span the window, padding included.
    EXPECT_EQ(x.area, (ElementRect{896, 0, 1024, 512}));
    EXPECT_EQ(cuts(x.rows), (V{896, 1024}));
    EXPECT_EQ(cuts(x.cols), (V{0, 64, 128, 192, 256, 320, 384, 448, 512}));
    EXPECT_EQ(x.first, (ElementRect{896, 0, 1024, 64}));
    EXPECT_EQ(x.shown_tiles(), 8);
    const auto tiles = x.tiles();
    ASSERT_EQ(tiles.size(), 8u);
    EXPECT_EQ(tiles.front(), x.first);
    EXPECT_EQ(tiles.back(), (ElementRect{896, 448, 1024, 512}));
    EXPECT_TRUE(x.hidden_dims.empty());
}

TEST(InnerTiles, ColumnBlockIsCutIntoRowTilesAndHeldDiffersFromStreamed) {
    for (const bool streamed : {true, false}) {
        const auto a = analysed(gpu_matmul(streamed));
        const auto scenes = build_scenes(a, program_of(*a, {0, 2}));
        const InnerTiles& y = scenes[1].inner;
        ASSERT_TRUE(y.present);
        EXPECT_EQ(y.streamed, streamed);
        EXPECT_EQ(y.buffers, streamed ? 4 : 0);
        EXPECT_EQ(y.area, (ElementRect{0, 256, 512, 384}));  // block column j = 2
        EXPECT_EQ(y.rows.cells(), 8);
        EXPECT_EQ(y.cols.cells(), 1);
        EXPECT_EQ(y.first, (ElementRect{0, 256, 64, 384}));
        EXPECT_EQ(y.tiles()[3], (ElementRect{192, 256, 256, 384}));
        EXPECT_FALSE(scenes[2].inner.present);  // the output has no inner tiling
        EXPECT_EQ(scenes[2].inner.shown_tiles(), 0);
    }
}

TEST(InnerTiles, ATileThatDoesNotDivideItsBlockLeavesAPartialLastTile) {
    Instance inst = grid_of({3});
    inst.operands.push_back(
        operand("x", Role::Input, {300, 8}, {blocked(100), blocked(8)}, "lambda i: (i, 0)", 1));
    inst.operands[0].inner = ResolvedInner{{64, 8}, 2};
    const auto a = analysed(inst);
    const auto scenes = build_scenes(a, 1);
    const InnerTiles& t = scenes[0].inner;
    ASSERT_TRUE(t.present);
    EXPECT_EQ(t.steps, 2);
    EXPECT_EQ(cuts(t.rows), (V{100, 164, 200}));  // the second tile is 36 rows
    EXPECT_EQ(t.tiles(), (std::vector<ElementRect>{{100, 0, 164, 8}, {164, 0, 200, 8}}));
    EXPECT_EQ(t.tiles(1).size(), 1u);  // the limit holds
}

TEST(InnerTiles, RankThreeDrawsTheDisplayedDimsAndListsATiledLeadingOne) {
    Instance inst = grid_of({2});
    inst.operands.push_back(operand("k", Role::Input, {4, 64, 32},
                                    {blocked(2), blocked(64), blocked(32)}, "lambda b: (b, 0, 0)",
                                    1));
    inst.operands[0].inner = ResolvedInner{{1, 16, 32}, 0};
    const auto a = analysed(inst);
    const auto s = build_scenes(a, 1)[0];
    const InnerTiles& t = s.inner;
    ASSERT_TRUE(t.present);
    EXPECT_FALSE(t.streamed);
    EXPECT_EQ(t.steps, 8);  // 2 along the leading dimension x 4 along the rows
    EXPECT_EQ(t.shown_tiles(), 4);
    EXPECT_EQ(t.hidden_dims, (std::vector<int>{0}));
    EXPECT_EQ(t.tile_rows, 16);
    EXPECT_EQ(t.tile_cols, 32);
    EXPECT_EQ(t.first, (ElementRect{0, 0, 16, 32}));
}

TEST(InnerTiles, AManualOperandIsTiledOverTheWholeArray) {
    Instance inst = grid_of({2});
    inst.operands.push_back(
        operand("x", Role::Input, {256, 256}, {blocked(256), blocked(256)}, "", 1));
    inst.operands[0].memory_space = MemorySpace::Hbm;
    inst.operands[0].inner = ResolvedInner{{128, 64}, 2};
    const auto a = analysed(inst);
    const auto s = build_scenes(a, 0)[0];
    EXPECT_FALSE(s.has_block);
    ASSERT_TRUE(s.inner.present);
    EXPECT_EQ(s.inner.area, (ElementRect{0, 0, 256, 256}));
    EXPECT_EQ(s.inner.shown_tiles(), 8);
    EXPECT_EQ(s.inner.steps, 8);
}

TEST(InnerTiles, TheTilesFollowTheBlockTheMapGives) {
    Instance inst = gpu_matmul(true);
    inst.operands[0].index_map.reset();  // all zeros: block (0, 0) for every program
    const auto a = analysed(inst);
    const auto s = build_scenes(a, program_of(*a, {3, 0}))[0];
    ASSERT_TRUE(s.has_block);
    EXPECT_EQ(s.inner.area, (ElementRect{0, 0, 128, 512}));  // follows the block, not the grid
}

}  // namespace view_inner_test
}  // namespace tl::view
