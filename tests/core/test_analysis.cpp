// Windows, pipeline traffic, coverage and the inverse map, checked against hand-worked cases.
#include <gtest/gtest.h>

#include "tests/core/test_analysis_util.h"

namespace tl {
namespace {

using namespace tl::testing;

// Shape (100, 90), block (10, 20), grid (10, 5) = cdiv per axis.
Instance documented(Role role) {
    Instance inst = grid_of({10, 5});
    inst.operands.push_back(
        operand("x", role, {100, 90}, {blocked(10), blocked(20)}, "lambda i, j: (i, j)", 2));
    return inst;
}

TEST(Analysis, DocumentedEdgeBlock) {
    const Analysis a = analyse(documented(Role::Input));
    ASSERT_EQ(a.programs(), 50);
    const std::int64_t p = 2 * 5 + 4;  // program (2, 4)
    EXPECT_EQ(a.program_coords(p), (V{2, 4}));
    EXPECT_EQ(vec(a.block_index(p, 0)), (V{2, 4}));
    const Window w = a.window(p, 0);
    EXPECT_EQ(w.start, (V{20, 80}));  // rows 20..29, columns 80..99
    EXPECT_EQ(w.size, (V{10, 20}));
    const Window c = a.clipped(p, 0);
    EXPECT_EQ(c.start, (V{20, 80}));  // columns 80..89 are valid, 90..99 padding
    EXPECT_EQ(c.size, (V{10, 10}));
    EXPECT_FALSE(a.out_of_bounds(p, 0));

    // Every block differs from the previous one: 50 copies; every element is read once;
    // the 10 blocks of the last column read 10 x 10 padding elements each.
    const OperandTraffic& t = a.traffic(0);
    EXPECT_EQ(t.block_copies, 50);
    EXPECT_EQ(t.hbm_bytes, 100 * 90 * 4);
    EXPECT_EQ(t.elements_padded_on_read, 10 * 100);
    EXPECT_EQ(t.vmem_bytes, 2 * 200 * 4);
    EXPECT_EQ(t.programs, 50);
    const Finding* f = find_kind(a, FindingKind::PaddedReads, "x");
    ASSERT_NE(f, nullptr);
    EXPECT_EQ(f->severity, Severity::Info);
    EXPECT_EQ(f->count, 1000);
    EXPECT_EQ(f->program, (V{0, 4}));  // the first block to run past the array
    EXPECT_EQ(count_kind(a, FindingKind::UnreadInput), 0);

    const Coverage& cov = a.coverage(0);
    EXPECT_EQ(cov.breaks[0].size(), 11u);  // 0, 10, ..., 100
    EXPECT_EQ(cov.breaks[1], (V{0, 20, 40, 60, 80, 90}));
    EXPECT_EQ(cov.cells(), 50);
    EXPECT_EQ(cov.count_at(V{25, 85}), 1);
    EXPECT_EQ(cov.count_at(V{25, 95}), 0);  // outside the array
}

TEST(Analysis, DocumentedEdgeBlockAsOutput) {
    const Analysis a = analyse(documented(Role::Output));
    const OperandTraffic& t = a.traffic(0);
    EXPECT_EQ(t.visits, 50);
    EXPECT_EQ(t.block_copies, 50);
    EXPECT_EQ(t.hbm_bytes, 100 * 90 * 4);  // writes past the array are dropped
    EXPECT_EQ(t.elements_padded_on_read, 0);
    EXPECT_TRUE(a.findings().empty());
    EXPECT_EQ(a.total_hbm_bytes(), 36000);
    EXPECT_EQ(a.total_vmem_bytes(), 1600);
}

// grid (2, 3, 4), k fastest: x(i, k) and y(k, j) change at every program, o(i, j) once per
// 4 programs.
TEST(Analysis, MatmulCopySkip) {
    const Analysis a = analyse(matmul(16, 24, 32, 8, 8, 8, {2, 3, 4}));
    ASSERT_EQ(a.programs(), 24);
    EXPECT_EQ(a.traffic(0).block_copies, 24);
    EXPECT_EQ(a.traffic(1).block_copies, 24);
    EXPECT_EQ(a.traffic(2).visits, 6);
    EXPECT_EQ(a.traffic(2).block_copies, 6);
    // x: every block (i, k) is copied once for each j: 3 x 16 x 32 elements x 4 bytes.
    EXPECT_EQ(a.traffic(0).hbm_bytes, 3 * 16 * 32 * 4);
    EXPECT_EQ(a.traffic(1).hbm_bytes, 2 * 32 * 24 * 4);
    EXPECT_EQ(a.traffic(2).hbm_bytes, 16 * 24 * 4);
    EXPECT_EQ(a.total_hbm_bytes(), (3 * 16 * 32 + 2 * 32 * 24 + 16 * 24) * 4);
    EXPECT_EQ(a.total_vmem_bytes(), 3 * 2 * 64 * 4);
    EXPECT_TRUE(a.findings().empty());

    EXPECT_TRUE(a.is_copy(5, 0));
    EXPECT_FALSE(a.is_copy(2, 2));    // (0, 0, 2): o stays on block (0, 0)
    EXPECT_TRUE(a.is_copy(3, 2));     // (0, 0, 3): last k, write-back follows
    EXPECT_TRUE(a.is_copy(23, 2));    // the last program always writes back
    EXPECT_EQ(a.visit_of(5, 2), 1);   // (0, 1, 1)
    EXPECT_EQ(a.visit_of(23, 2), 5);  // (1, 2, 3)
    EXPECT_EQ(a.visit_of(5, 0), -1);  // inputs have no visits

    // Input coverage counts copies: each x block is copied once per j, each y block per i.
    EXPECT_EQ(a.coverage(0).count_at(V{0, 0}), 3);
    EXPECT_EQ(a.coverage(1).count_at(V{31, 23}), 2);
    EXPECT_EQ(a.coverage(2).count_at(V{15, 23}), 1);
    EXPECT_EQ(a.coverage(2).cells(), 2 * 3);
}

// Grid (i, k, j): x(i, k) now stays put while j runs, y(k, j) and o(i, j) change each time.
TEST(Analysis, CopySkipFollowsTheBlockIndex) {
    Instance inst = grid_of({2, 4, 3});
    inst.operands.push_back(
        operand("x", Role::Input, {16, 32}, {blocked(8), blocked(8)}, "lambda i, k, j: (i, k)", 3));
    inst.operands.push_back(operand("o", Role::Output, {16, 24}, {blocked(8), blocked(8)},
                                    "lambda i, k, j: (i, j)", 3));
    const Analysis a = analyse(inst);
    EXPECT_EQ(a.traffic(0).block_copies, 8);
    EXPECT_TRUE(a.is_copy(0, 0));
    EXPECT_FALSE(a.is_copy(1, 0));  // (0, 0, 1): same x block as (0, 0, 0)
    EXPECT_TRUE(a.is_copy(3, 0));   // (0, 1, 0): block (0, 1)
    EXPECT_EQ(a.traffic(1).visits, 24);
}

TEST(Analysis, ElementPaddedHalo) {
    // A 1-D halo: offset 4i into the array padded by 1, window [4i - 1, 4i + 5).
    Instance inst = grid_of({4});
    inst.operands.push_back(
        operand("x", Role::Input, {16}, {element(6, 1, 1)}, "lambda i: (i * 4,)", 1));
    const Analysis a = analyse(inst);
    EXPECT_EQ(vec(a.block_index(2, 0)), (V{8}));
    EXPECT_EQ(a.window(0, 0).start, (V{-1}));
    EXPECT_EQ(a.window(0, 0).size, (V{6}));
    EXPECT_EQ(a.clipped(0, 0).start, (V{0}));
    EXPECT_EQ(a.clipped(0, 0).size, (V{5}));
    EXPECT_EQ(a.window(3, 0).start, (V{11}));
    EXPECT_EQ(a.clipped(3, 0).size, (V{5}));
    EXPECT_EQ(a.traffic(0).block_copies, 4);
    EXPECT_EQ(a.traffic(0).elements_padded_on_read, 2);  // one at each end
    EXPECT_EQ(a.traffic(0).hbm_bytes, (5 + 6 + 6 + 5) * 4);
    EXPECT_EQ(a.traffic(0).vmem_bytes, 2 * 6 * 4);

    const Coverage& c = a.coverage(0);
    EXPECT_EQ(c.breaks[0], (V{0, 3, 5, 7, 9, 11, 13, 16}));
    EXPECT_EQ(c.counts, (std::vector<std::int32_t>{1, 2, 1, 2, 1, 2, 1}));
    EXPECT_EQ(c.count_at(V{4}), 2);
    EXPECT_EQ(c.count_at(V{15}), 1);

    EXPECT_EQ(a.programs_touching(0, V{4}), (V{0, 1}));
    EXPECT_EQ(a.programs_touching(0, V{8}), (V{1, 2}));
    EXPECT_EQ(a.programs_touching(0, V{-1}), (V{0}));  // the padding program 0 reads
    EXPECT_EQ(a.programs_touching(0, V{-2}), V{});
    EXPECT_EQ(count_kind(a, FindingKind::BlockOutOfBounds), 0);
}

TEST(Analysis, SqueezedDims) {
    Instance inst = grid_of({4, 2});
    inst.operands.push_back(operand("x", Role::Input, {4, 6, 8},
                                    {squeezed(), blocked(3), blocked(8)}, "lambda b, j: (b, j, 0)",
                                    2));
    const Analysis a = analyse(inst);
    const std::int64_t p = 2 * 2 + 1;  // (2, 1)
    EXPECT_EQ(vec(a.block_index(p, 0)), (V{2, 1, 0}));
    EXPECT_EQ(a.window(p, 0).start, (V{2, 3, 0}));
    EXPECT_EQ(a.window(p, 0).size, (V{1, 3, 8}));
    EXPECT_EQ(a.traffic(0).vmem_bytes, 2 * 1 * 3 * 8 * 4);
    EXPECT_EQ(a.traffic(0).hbm_bytes, 4 * 6 * 8 * 4);
    EXPECT_EQ(a.coverage(0).cells(), 4 * 2 * 1);
    EXPECT_EQ(a.coverage(0).count_at(V{3, 5, 7}), 1);
    EXPECT_EQ(a.programs_touching(0, V{3, 4, 0}), (V{7}));
    EXPECT_TRUE(a.findings().empty());
}

TEST(Analysis, InverseMapMatmul) {
    const Analysis a = analyse(matmul(16, 24, 32, 8, 8, 8, {2, 3, 4}));
    // Linear id = i * 12 + j * 4 + k.
    EXPECT_EQ(a.programs_touching(0, V{0, 0}), (V{0, 4, 8}));           // x block (0, 0): i=0, k=0
    EXPECT_EQ(a.programs_touching(1, V{31, 9}), (V{7, 19}));            // y block (3, 1)
    EXPECT_EQ(a.programs_touching(2, V{15, 23}), (V{20, 21, 22, 23}));  // o block (1, 2)
    EXPECT_EQ(a.programs_touching(2, V{16, 0}), V{});                   // outside the output
    EXPECT_EQ(a.programs_touching(2, V{1}), V{});                       // wrong rank
    EXPECT_EQ(a.programs_touching(7, V{0, 0}), V{});                    // no such operand
}

TEST(Analysis, InverseMapOutputSkipsDroppedWrites) {
    const Analysis a = analyse(documented(Role::Output));
    EXPECT_EQ(a.programs_touching(0, V{25, 85}), (V{14}));
    EXPECT_EQ(a.programs_touching(0, V{25, 95}), V{});  // in the window, but dropped
    const Analysis in = analyse(documented(Role::Input));
    EXPECT_EQ(in.programs_touching(0, V{25, 95}), (V{14}));  // read as padding
}

TEST(Analysis, NoIndexMapMeansZeros) {
    Instance inst = grid_of({3});
    inst.operands.push_back(operand("w", Role::Input, {8, 8}, {blocked(8), blocked(8)}, "", 1));
    const Analysis a = analyse(inst);
    EXPECT_EQ(vec(a.block_index(2, 0)), (V{0, 0}));
    EXPECT_EQ(a.traffic(0).block_copies, 1);  // the same block throughout: copied once
    EXPECT_EQ(a.programs_touching(0, V{7, 7}), (V{0, 1, 2}));
}

TEST(Analysis, EmptyGridIsOneProgram) {
    Instance inst = grid_of({});
    inst.operands.push_back(operand("o", Role::Output, {5}, {blocked(5)}, "", 0));
    const Analysis a = analyse(inst);
    EXPECT_EQ(a.programs(), 1);
    EXPECT_EQ(a.traffic(0).visits, 1);
    EXPECT_TRUE(a.is_copy(0, 0));
    EXPECT_TRUE(a.findings().empty());
}

TEST(Analysis, ZeroProgramGrid) {
    Instance inst = grid_of({0, 3});
    inst.operands.push_back(
        operand("x", Role::Input, {8, 8}, {blocked(4), blocked(4)}, "lambda i, j: (i, j)", 2));
    inst.operands.push_back(
        operand("o", Role::Output, {8, 8}, {blocked(4), blocked(4)}, "lambda i, j: (i, j)", 2));
    const Analysis a = analyse(inst);
    EXPECT_EQ(a.programs(), 0);
    EXPECT_EQ(a.traffic(0).block_copies, 0);
    EXPECT_EQ(a.traffic(1).visits, 0);
    EXPECT_EQ(a.traffic(1).vmem_bytes, 2 * 16 * 4);
    EXPECT_TRUE(a.block_index(0, 0).empty());
    EXPECT_EQ(a.programs_touching(1, V{0, 0}), V{});
    const Finding* u = find_kind(a, FindingKind::UncoveredOutput, "o");
    ASSERT_NE(u, nullptr);
    EXPECT_EQ(u->count, 64);
    EXPECT_EQ(u->element, (V{0, 0}));
    EXPECT_NE(u->message.find("no programs"), std::string::npos) << u->message;
    const Finding* r = find_kind(a, FindingKind::UnreadInput, "x");
    ASSERT_NE(r, nullptr);
    EXPECT_EQ(r->count, 64);
}

TEST(Analysis, DivisionByZeroNamesTheProgram) {
    // j == 1 divides by zero: programs (0, 1) and (1, 1) fail, the rest are fine.
    Instance inst = grid_of({2, 3});
    inst.operands.push_back(operand("o", Role::Output, {8, 12}, {blocked(4), blocked(4)},
                                    "lambda i, j: (i + 0 // (j - 1), j)", 2));
    const Analysis a = analyse(inst);
    ASSERT_EQ(a.errors().size(), 1u);
    EXPECT_EQ(a.errors()[0].path, "operands[0].index_map");
    EXPECT_NE(a.errors()[0].message.find("(0, 1)"), std::string::npos) << a.errors()[0].message;
    EXPECT_NE(a.errors()[0].message.find("2 programs"), std::string::npos);
    EXPECT_TRUE(a.block_index(1, 0).empty());
    EXPECT_EQ(vec(a.block_index(2, 0)), (V{0, 2}));
    EXPECT_EQ(a.window(1, 0).size, (V{0, 0}));
    EXPECT_FALSE(a.is_copy(1, 0));
    EXPECT_EQ(a.visit_of(1, 0), -1);
    EXPECT_EQ(a.traffic(0).programs, 4);
    EXPECT_EQ(a.traffic(0).visits, 4);
    // Blocks (0, 1) and (1, 1) are never written: columns 4..7 of both row blocks.
    const Finding* u = find_kind(a, FindingKind::UncoveredOutput, "o");
    ASSERT_NE(u, nullptr);
    EXPECT_EQ(u->count, 32);
    EXPECT_EQ(u->element, (V{0, 4}));
}

TEST(Analysis, MemoryDoesNotGrowWithElements) {
    const Analysis small = analyse(matmul(1024, 1024, 1024, 128, 128, 128, {8, 8, 8}));
    const Analysis big = analyse(matmul(65536, 65536, 65536, 8192, 8192, 8192, {8, 8, 8}));
    EXPECT_EQ(small.memory_bytes(), big.memory_bytes());
    EXPECT_EQ(big.coverage(2).cells(), 64);
}

TEST(Analysis, DefaultIsEmpty) {
    const Analysis a;
    EXPECT_EQ(a.programs(), 0);
    EXPECT_TRUE(a.findings().empty());
    EXPECT_EQ(a.traffic(0).block_copies, 0);
    EXPECT_TRUE(a.coverage(0).counts.empty());
}

}  // namespace
}  // namespace tl
