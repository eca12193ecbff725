// Resolving specs to instances: evaluated sizes, block kinds, index maps, limits.
#include <filesystem>
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

#include "core/spec/instance.h"
#include "core/spec/spec_io.h"

namespace tl {
namespace {

namespace fs = std::filesystem;

Spec golden(const std::string& name) {
    const auto path = fs::path(TILELENS_SOURCE_DIR) / "tests" / "golden" / "spec" / "valid" /
                      (name + ".tilelens.json");
    auto r = load_spec_file(path.string());
    EXPECT_TRUE(r.spec) << join(r.errors);
    return r.spec.value_or(Spec{});
}

Instance resolved(const Spec& spec, const std::map<std::string, std::int64_t>& overrides = {}) {
    auto r = resolve(spec, overrides);
    EXPECT_TRUE(r.instance) << join(r.errors);
    return r.instance ? std::move(*r.instance) : Instance{};
}

std::vector<std::int64_t> map(const ResolvedOperand& op, std::vector<std::int64_t> args) {
    std::vector<std::int64_t> out(static_cast<std::size_t>(op.rank()));
    expr::Error err;
    EXPECT_TRUE(op.index_map->eval(args.data(), out.data(), &err)) << err.message;
    return out;
}

Spec one_operand(std::vector<SizeValue> shape, std::vector<SizeValue> grid = {}) {
    Spec s;
    s.name = "t";
    s.grid = std::move(grid);
    OperandSpec o;
    o.name = "o";
    o.role = Role::Output;
    o.shape = std::move(shape);
    s.operands.push_back(o);
    return s;
}

std::string messages(const ResolveResult& r) {
    return join(r.errors);
}

TEST(Resolve, MatmulRect) {
    const Instance inst = resolved(golden("matmul_rect"));
    // cdiv(300, 128) = 3, cdiv(500, 128) = 4, cdiv(256, 128) = 2.
    EXPECT_EQ(inst.grid, (std::vector<std::int64_t>{3, 4, 2}));
    EXPECT_EQ(inst.programs(), 24);
    EXPECT_EQ(inst.semantics, (std::vector<Semantics>{Semantics::Parallel, Semantics::Parallel,
                                                      Semantics::Arbitrary}));
    ASSERT_EQ(inst.operands.size(), 3u);
    const auto& x = inst.operands[0];
    EXPECT_EQ(x.shape, (std::vector<std::int64_t>{300, 256}));
    EXPECT_EQ(x.elements(), 76800);
    EXPECT_EQ(x.block[0].size, 128);
    EXPECT_EQ(x.block_elements(), 16384);
    EXPECT_EQ(x.block_bytes(), 65536);
    EXPECT_EQ(inst.params.at("bk"), 128);
    EXPECT_EQ(map(x, {2, 3, 1}), (std::vector<std::int64_t>{2, 1}));
    EXPECT_EQ(map(inst.operands[1], {2, 3, 1}), (std::vector<std::int64_t>{1, 3}));
    EXPECT_EQ(map(inst.operands[2], {2, 3, 1}), (std::vector<std::int64_t>{2, 3}));
}

TEST(Resolve, OverridesReplaceAndAddParams) {
    const Instance inst = resolved(golden("matmul_rect"), {{"M", 1}, {"unused", 5}});
    EXPECT_EQ(inst.grid, (std::vector<std::int64_t>{1, 4, 2}));
    EXPECT_EQ(inst.operands[0].shape, (std::vector<std::int64_t>{1, 256}));
    EXPECT_EQ(inst.params.at("unused"), 5);
    EXPECT_EQ(inst.params.at("N"), 500);
}

TEST(Resolve, UnravelIsRowMajorAndRavelInvertsIt) {
    Instance inst;
    inst.grid = {3, 4, 2};
    std::int64_t c[3];
    inst.unravel(1, c);
    EXPECT_EQ((std::vector<std::int64_t>{c[0], c[1], c[2]}), (std::vector<std::int64_t>{0, 0, 1}));
    inst.unravel(2, c);
    EXPECT_EQ((std::vector<std::int64_t>{c[0], c[1], c[2]}), (std::vector<std::int64_t>{0, 1, 0}));
    inst.unravel(23, c);
    EXPECT_EQ((std::vector<std::int64_t>{c[0], c[1], c[2]}), (std::vector<std::int64_t>{2, 3, 1}));
    for (std::int64_t p = 0; p < inst.programs(); ++p) {
        inst.unravel(p, c);
        EXPECT_EQ(inst.ravel(c), p);
    }
    Instance single;
    EXPECT_EQ(single.programs(), 1);
    EXPECT_EQ(single.ravel(nullptr), 0);
}

TEST(Resolve, ZeroGridAxisGivesNoPrograms) {
    Spec s = one_operand({SizeValue{std::int64_t{4}}}, {SizeValue{std::string("N // 128")}});
    s.params = {{"N", 100}};
    const Instance inst = resolved(s);
    EXPECT_EQ(inst.grid, (std::vector<std::int64_t>{0}));
    EXPECT_EQ(inst.programs(), 0);
}

TEST(Resolve, WholeArrayBlockAndNoIndexMap) {
    const Instance inst = resolved(golden("minimal"));
    const auto& o = inst.operands[0];
    ASSERT_EQ(o.block.size(), 1u);
    EXPECT_EQ(o.block[0].kind, BlockDim::Kind::Blocked);
    EXPECT_EQ(o.block[0].size, 8);
    EXPECT_FALSE(o.index_map);
    EXPECT_EQ(inst.programs(), 1);
}

TEST(Resolve, SqueezedDimsHaveSizeOne) {
    const Instance inst = resolved(golden("squeezed"));
    EXPECT_EQ(inst.grid, (std::vector<std::int64_t>{4, 4}));  // B, R // br = 64 // 16
    const auto& x = inst.operands[0];
    EXPECT_EQ(x.block[0].kind, BlockDim::Kind::Squeezed);
    EXPECT_EQ(x.block[0].size, 1);
    EXPECT_EQ(x.block[1].size, 16);
    EXPECT_EQ(x.block[2].size, 128);
    EXPECT_EQ(x.block_elements(), 16 * 128);
    EXPECT_EQ(map(x, {3, 2}), (std::vector<std::int64_t>{3, 2, 0}));
}

TEST(Resolve, ElementDimsKeepPadding) {
    const Instance inst = resolved(golden("element_padding"));
    EXPECT_EQ(inst.grid, (std::vector<std::int64_t>{4}));  // cdiv(1000, 256)
    const auto& x = inst.operands[0];
    EXPECT_EQ(x.block[0].kind, BlockDim::Kind::Element);
    EXPECT_EQ(x.block[0].size, 258);  // bn + 2
    EXPECT_EQ(x.block[0].pad_lo, 1);
    EXPECT_EQ(x.block[0].pad_hi, 1);
    EXPECT_EQ(map(x, {3}), (std::vector<std::int64_t>{768}));
    const auto& w = inst.operands[1];
    EXPECT_EQ(w.block[0].kind, BlockDim::Kind::Element);
    EXPECT_EQ(w.block[1].kind, BlockDim::Kind::Blocked);
    EXPECT_EQ(w.block_elements(), 6);
}

TEST(Resolve, ScalarPrefetchArraysFeedIndexMaps) {
    const Instance inst = resolved(golden("scalar_prefetch"));
    EXPECT_EQ(inst.prefetch, (std::vector<std::vector<std::int64_t>>{{3, 0, 2, 1}, {0}}));
    const auto& x = inst.operands[0];
    ASSERT_TRUE(x.index_map);
    EXPECT_EQ(x.index_map->arity(), 3);  // one grid index, then one per prefetch array
    for (std::int64_t i = 0; i < 4; ++i)
        EXPECT_EQ(map(x, {i, 0, 0})[0], (std::vector<std::int64_t>{3, 0, 2, 1})[i]);
}

TEST(Resolve, SweepOnlyNamesDefaultToTheirFirstValue) {
    const Spec s = golden("sweep_zip");
    const Instance base = resolved(s);
    EXPECT_EQ(base.params.at("tail"), 0);
    EXPECT_EQ(base.operands[0].shape, (std::vector<std::int64_t>{64, 16}));
    const Instance other = resolved(s, {{"M", 96}, {"tail", 1}});
    EXPECT_EQ(other.operands[0].shape, (std::vector<std::int64_t>{97, 16}));
    EXPECT_EQ(other.grid, (std::vector<std::int64_t>{4}));  // cdiv(97, 32)
}

TEST(Resolve, SizesBelowOneNameTheExpressionAndValue) {
    Spec s = golden("matmul_rect");
    const auto r = resolve(s, {{"M", 100}, {"K", 0}});
    EXPECT_FALSE(r.instance);
    // K = 0 makes K's shape entries 0 in x and y; the grid entry cdiv(0, 128) = 0 is allowed.
    EXPECT_EQ(messages(r),
              "operands[0].shape[1]: K = 0; a size must be at least 1\n"
              "operands[1].shape[0]: K = 0; a size must be at least 1");
    s.grid[0] = SizeValue{std::string("M - 200")};
    EXPECT_TRUE(resolve(s).instance);  // 300 - 200 = 100 programs on axis 0
    const auto neg = resolve(s, {{"M", 150}});
    EXPECT_EQ(messages(neg), "grid[0]: M - 200 = -50; a grid size must be at least 0");
}

TEST(Resolve, RuntimeErrorsKeepPathAndColumn) {
    Spec s = golden("matmul_rect");
    const auto r = resolve(s, {{"bn", 0}});
    ASSERT_FALSE(r.errors.empty());
    EXPECT_EQ(r.errors[0].path, "grid[1]");
    EXPECT_EQ(r.errors[0].line, 1);
    EXPECT_GE(r.errors[0].column, 1);
    EXPECT_NE(r.errors[0].message.find("division by zero"), std::string::npos)
        << r.errors[0].message;
}

TEST(Resolve, LimitsNameTheFigureAndTheLimit) {
    const Spec s = golden("matmul_rect");
    Limits limits;
    limits.max_programs = 10;
    limits.max_elements = 100000;
    const auto r = resolve(s, {}, limits);
    EXPECT_FALSE(r.instance);
    // 300*256 + 256*500 + 300*500 = 354800 elements.
    EXPECT_EQ(messages(r),
              "grid: the grid is 24 programs (3 x 4 x 2), over the limit of 10 (programs); raise "
              "it with --limit programs=24; or use larger blocks or smaller shapes\n"
              "operands: the operands' size is 354800 elements in all, over the limit of 100000 "
              "(elements); raise it with --limit elements=354800; or check the shapes");
    limits.max_block_elements = 1000;
    const auto b = resolve(s, {}, limits);
    ASSERT_GE(b.errors.size(), 2u);
    EXPECT_EQ(b.errors[1].to_string(),
              "operands[0].block_shape: a block is 16384 elements, over the limit of 1000 "
              "(block-elements); raise it with --limit block-elements=16Ki; or use smaller "
              "blocks");
}

TEST(Resolve, AWholeArrayBlockCountsAgainstTheBlockLimit) {
    Spec s = one_operand({SizeValue{std::int64_t{300}}, SizeValue{std::int64_t{200}}});
    s.operands[0].block_shape.reset();
    s.operands[0].index_map.reset();
    Limits limits;
    limits.max_block_elements = 50000;
    EXPECT_EQ(messages(resolve(s, {}, limits)),
              "operands[0].block_shape: the whole-array block is 60000 elements, over the limit "
              "of 50000 (block-elements); raise it with --limit block-elements=60000; or give the "
              "operand a block_shape");
    limits.max_block_elements = 60000;
    EXPECT_TRUE(resolve(s, {}, limits).instance);
}

// Only the interpreter holds whole arrays, and it has its own memory limit: a matmul far past
// what it would allocate still resolves for the contract and indexing stages.
TEST(Resolve, ShapesPastInterpreterMemoryStillResolve) {
    const Spec s = golden("matmul_rect");
    const auto r = resolve(
        s, {{"M", 65536}, {"N", 65536}, {"K", 8192}, {"bm", 512}, {"bn", 512}, {"bk", 512}});
    ASSERT_TRUE(r.instance) << join(r.errors);
    EXPECT_EQ(r.instance->programs(), 128 * 128 * 16);
    EXPECT_EQ(r.instance->operands[2].elements(), std::int64_t{65536} * 65536);
}

TEST(Resolve, HugeShapesOverflowIntoAnErrorNotACrash) {
    const std::int64_t big = std::int64_t{1} << 40;
    const Spec s = one_operand({SizeValue{big}, SizeValue{big}}, {SizeValue{big}, SizeValue{big}});
    const auto r = resolve(s);
    EXPECT_EQ(messages(r),
              "grid: the grid is more than 9223372036854775807 programs "
              "(1099511627776 x 1099511627776), over the limit of 67108864 (programs); --limit "
              "programs goes up to 4611686018427387904, which is not enough; or use larger "
              "blocks or smaller shapes\n"
              "operands[0].block_shape: the whole-array block is more than "
              "9223372036854775807 elements, over the limit of 4294967296 (block-elements); "
              "--limit block-elements goes up to 4611686018427387904, which is not enough; or "
              "give the operand a block_shape\n"
              "operands: the operands' size is more than 9223372036854775807 elements in all, "
              "over the limit of 1099511627776 (elements); --limit elements goes up to "
              "4611686018427387904, which is not enough; or check the shapes");
}

TEST(Resolve, HandBuiltInconsistentSpecsAreErrors) {
    Spec s = one_operand({SizeValue{std::int64_t{4}}, SizeValue{std::int64_t{4}}});
    s.operands[0].block_shape = std::vector<BlockDim>{BlockDim{}};
    s.dimension_semantics = std::vector<Semantics>{Semantics::Parallel};
    s.operands.push_back(
        one_operand(std::vector<SizeValue>(7, SizeValue{std::int64_t{2}})).operands[0]);
    s.operands.back().buffer_count = 0;
    const auto r = resolve(s);
    EXPECT_EQ(messages(r),
              "dimension_semantics: has 1 entries but the grid has 0 axes\n"
              "operands[0].block_shape: has 1 entries but the shape has rank 2\n"
              "operands[1].buffer_count: must be 1 or 2, got 0\n"
              "operands[1].shape: rank 7; an operand has 0 to 6 dimensions");
}

}  // namespace
}  // namespace tl
