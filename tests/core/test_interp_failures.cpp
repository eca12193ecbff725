// The known kernel bugs, each with the finding and cause the numerics check must give.
#include <gtest/gtest.h>

#include "test_interp_util.h"

namespace tl::test {
namespace {

const Finding* first_of(const NumericsResult& r, const std::string& cause) {
    for (const auto& f : r.findings)
        if (f.cause == cause) return &f;
    return nullptr;
}

TEST(InterpFailures, UnmaskedKTailIsPaddingUnderNan) {
    Json j = matmul_spec(64, 96, 200, 64, 96, 128);  // grid (1, 1, 2); K block 1 is 72 wide
    set_policy(j, "nan");
    const NumericsResult r = numerics(j);
    ASSERT_TRUE(r.ran) << describe(r);
    ASSERT_EQ(r.findings.size(), 1u) << describe(r);
    const Finding& f = r.findings[0];
    EXPECT_EQ(f.kind, FindingKind::NumericalMismatch);
    EXPECT_EQ(f.severity, Severity::Error);
    EXPECT_EQ(f.cause, "padding");
    EXPECT_EQ(f.operand, "o");
    EXPECT_EQ(f.count, 64 * 96);  // NaN reaches every output element
    EXPECT_EQ(f.element, (std::vector<std::int64_t>{0, 0}));
    EXPECT_EQ(f.program, (std::vector<std::int64_t>{0, 0, 1}));  // the visit's last program
    EXPECT_NE(f.message.find("mask the K tail"), std::string::npos) << f.message;
    EXPECT_NE(f.message.find("'x' and 'y'"), std::string::npos) << f.message;
    EXPECT_NE(f.message.find("max abs error nan"), std::string::npos) << f.message;
    EXPECT_TRUE(std::isnan(r.max_abs_error));
}

TEST(InterpFailures, UnmaskedKTailPassesUnderZero) {
    Json j = matmul_spec(64, 96, 200, 64, 96, 128);
    set_policy(j, "zero");
    const NumericsResult r = numerics(j);
    EXPECT_TRUE(r.passed()) << describe(r);
    EXPECT_LT(r.max_abs_error, 1e-3);
}

TEST(InterpFailures, MaskedKTailPassesUnderNan) {
    Json j = matmul_spec(64, 96, 200, 64, 96, 128);
    j["kernel"]["mask_k_tail"] = true;
    set_policy(j, "nan");
    EXPECT_TRUE(numerics(j).passed());
    // Also with the scratch accumulator and ragged M and N edges.
    Json k = matmul_spec(70, 90, 200, 32, 64, 128);
    k["kernel"]["mask_k_tail"] = true;
    k["kernel"]["accumulator"] = "f32_scratch";
    EXPECT_TRUE(numerics(k).passed()) << describe(numerics(k));
}

// jax-ml/jax#23099: the reduction axis first. Every output block is left after one k step.
Json wrong_axis_spec() {
    Json j = matmul_spec(256, 256, 256, 128, 128, 128);
    j["grid"] = {"cdiv(K, bk)", "cdiv(M, bm)", "cdiv(N, bn)"};
    j["operands"][0]["index_map"] = "lambda k, i, j: (i, k)";
    j["operands"][1]["index_map"] = "lambda k, i, j: (k, j)";
    j["operands"][2]["index_map"] = "lambda k, i, j: (i, j)";
    j["kernel"]["reduction_axis"] = 0;
    return j;
}

TEST(InterpFailures, ReductionAxisFirstFailsUnderTpu) {
    Json j = wrong_axis_spec();
    set_policy(j, "nan", "tpu");
    const NumericsResult r = numerics(j);
    ASSERT_TRUE(r.ran) << describe(r);
    const Finding* f = first_of(r, "uninitialized");
    ASSERT_NE(f, nullptr) << describe(r);
    // The k == 1 visits start from garbage: program (1, 0, 0) writes o[0, 0] last.
    EXPECT_EQ(f->element, (std::vector<std::int64_t>{0, 0}));
    EXPECT_EQ(f->program, (std::vector<std::int64_t>{1, 0, 0}));
    EXPECT_NE(f->message.find("put the reduction axis last"), std::string::npos) << f->message;
}

TEST(InterpFailures, ReductionAxisFirstPassesUnderIdeal) {
    Json j = wrong_axis_spec();
    set_policy(j, "nan", "ideal");
    const NumericsResult r = numerics(j);
    EXPECT_TRUE(r.passed()) << describe(r);
}

TEST(InterpFailures, SwappedIndexMapFailsOnSquareAsAWrongValue) {
    // x's map (k, i): on square shapes every block is inside x, so indexing looks fine, but
    // the product is x^T y: only the numbers show it.
    Json j = matmul_spec(256, 256, 256, 128, 128, 128);
    j["operands"][0]["index_map"] = "lambda i, j, k: (k, i)";
    const NumericsResult r = numerics(j);
    ASSERT_TRUE(r.ran) << describe(r);
    ASSERT_EQ(r.findings.size(), 1u) << describe(r);
    EXPECT_EQ(r.findings[0].cause, "value");
    EXPECT_NE(r.findings[0].message.find("x (i, k)"), std::string::npos);
}

TEST(InterpFailures, SwappedIndexMapOnRectangularReadsPastX) {
    // M = 256, K = 512: k reaches row block 3 of x's 2; those blocks are all fill.
    Json j = matmul_spec(256, 384, 512, 128, 128, 128);
    j["operands"][0]["index_map"] = "lambda i, j, k: (k, i)";
    const NumericsResult r = numerics(j);
    ASSERT_TRUE(r.ran) << describe(r);
    const Finding* f = first_of(r, "padding");
    ASSERT_NE(f, nullptr) << describe(r);
    EXPECT_NE(f->message.find("block_out_of_bounds"), std::string::npos) << f->message;
}

TEST(InterpFailures, SwappedGridSizesPassOnSquareFailOnRectangular) {
    // grid (N blocks, M blocks, K blocks) while the maps take axis 0 as the M axis.
    Json sq = matmul_spec(256, 256, 256, 128, 128, 128);
    sq["grid"] = {"cdiv(N, bn)", "cdiv(M, bm)", "cdiv(K, bk)"};
    EXPECT_TRUE(numerics(sq).passed());
    Json rect = matmul_spec(256, 384, 256, 128, 128, 128);
    rect["grid"] = {"cdiv(N, bn)", "cdiv(M, bm)", "cdiv(K, bk)"};
    const NumericsResult r = numerics(rect);
    ASSERT_TRUE(r.ran) << describe(r);
    const Finding* f = first_of(r, "uninitialized");
    ASSERT_NE(f, nullptr) << describe(r);
    // Column block 2 (columns 256..383) is never visited.
    EXPECT_EQ(f->element, (std::vector<std::int64_t>{0, 256}));
    EXPECT_TRUE(f->program.empty());
    EXPECT_EQ(f->count, 256 * 128);
}

TEST(InterpFailures, SoftmaxBlockNarrowerThanRowIsAValueError) {
    Json j = {{"tilelens", 1},
              {"name", "sm"},
              {"params", {{"R", 16}, {"C", 256}, {"br", 8}, {"bc", 128}}},
              {"grid", {"cdiv(R, br)", "cdiv(C, bc)"}}};
    j["operands"] = Json::array(
        {operand("x", "input", {"R", "C"}, "float32", {"br", "bc"}, "lambda i, j: (i, j)"),
         operand("o", "output", {"R", "C"}, "float32", {"br", "bc"}, "lambda i, j: (i, j)")});
    j["kernel"] = {{"body", "softmax"}};
    const NumericsResult r = numerics(j);
    ASSERT_TRUE(r.ran) << describe(r);
    ASSERT_EQ(r.findings.size(), 1u) << describe(r);
    EXPECT_EQ(r.findings[0].cause, "value");
    EXPECT_EQ(r.findings[0].count, 16 * 256);
    EXPECT_NE(r.findings[0].message.find("narrower than the row (256)"), std::string::npos)
        << r.findings[0].message;
    // Whole rows in the block: passes.
    j["params"]["bc"] = 256;
    EXPECT_TRUE(numerics(j).passed());
}

TEST(InterpFailures, InitOnTheWrongAxis) {
    Json j = matmul_spec(256, 128, 256, 128, 128, 128);  // grid (2, 1, 2)
    j["kernel"]["init_axis"] = 0;  // zeroes whenever i == 0, never when i == 1
    set_policy(j, "nan");
    const NumericsResult r = numerics(j);
    ASSERT_TRUE(r.ran) << describe(r);
    ASSERT_EQ(r.findings.size(), 2u) << describe(r);
    // Row block 1 is never zeroed: its visit starts from the NaN fill.
    const Finding& u = r.findings[0];
    EXPECT_EQ(u.cause, "uninitialized");
    EXPECT_EQ(u.count, 128 * 128);
    EXPECT_EQ(u.element, (std::vector<std::int64_t>{128, 0}));
    EXPECT_EQ(u.program, (std::vector<std::int64_t>{1, 0, 1}));
    EXPECT_NE(u.message.find("zero-initialise at k == 0"), std::string::npos) << u.message;
    // Row block 0 is zeroed at k == 1 too, keeping only the last product: a wrong value.
    const Finding& v = r.findings[1];
    EXPECT_EQ(v.cause, "value");
    EXPECT_EQ(v.count, 128 * 128);
    EXPECT_EQ(v.element, (std::vector<std::int64_t>{0, 0}));
    EXPECT_NE(v.message.find("zero-initialise at k == 0"), std::string::npos) << v.message;
    // Zero fill hides the first half of the bug, not the second.
    set_policy(j, "zero");
    const NumericsResult z = numerics(j);
    ASSERT_EQ(z.findings.size(), 1u) << describe(z);
    EXPECT_EQ(z.findings[0].cause, "value");
    EXPECT_EQ(z.findings[0].element, (std::vector<std::int64_t>{0, 0}));
}

TEST(InterpFailures, FloorGridLeavesAnUncoveredOutput) {
    Json j = matmul_spec(300, 256, 256, 128, 128, 128);
    j["grid"] = {"M // bm", "N // bn", "K // bk"};
    const NumericsResult r = numerics(j);
    ASSERT_TRUE(r.ran) << describe(r);
    ASSERT_EQ(r.findings.size(), 1u) << describe(r);
    const Finding& f = r.findings[0];
    EXPECT_EQ(f.cause, "uninitialized");
    EXPECT_EQ(f.count, 44 * 256);  // rows 256..299
    EXPECT_EQ(f.element, (std::vector<std::int64_t>{256, 0}));
    EXPECT_TRUE(f.program.empty());
    EXPECT_NE(f.message.find("o[256, 0]"), std::string::npos) << f.message;
    EXPECT_NE(f.message.find("No program writes it back"), std::string::npos) << f.message;
    EXPECT_NE(f.message.find("cdiv"), std::string::npos) << f.message;
}

TEST(InterpFailures, RowsumAndAttentionTailsNeedTheirMasks) {
    Json rs = {{"tilelens", 1},
               {"name", "rs"},
               {"params", {{"R", 24}, {"C", 200}, {"br", 8}, {"bc", 128}}},
               {"grid", {"cdiv(R, br)", "cdiv(C, bc)"}}};
    rs["operands"] = Json::array(
        {operand("x", "input", {"R", "C"}, "float32", {"br", "bc"}, "lambda i, k: (i, k)"),
         operand("o", "output", {"R", 1}, "float32", {"br", 1}, "lambda i, k: (i, 0)")});
    rs["kernel"] = {{"body", "rowsum"}, {"reduction_axis", 1}};
    NumericsResult r = numerics(rs);
    ASSERT_EQ(r.findings.size(), 1u) << describe(r);
    EXPECT_EQ(r.findings[0].cause, "padding");
    EXPECT_NE(r.findings[0].message.find("mask_tail"), std::string::npos);
    rs["kernel"]["mask_tail"] = true;
    EXPECT_TRUE(numerics(rs).passed()) << describe(numerics(rs));

    Json at = {{"tilelens", 1},
               {"name", "at"},
               {"params", {{"S", 40}, {"T", 100}, {"D", 32}, {"bq", 16}, {"bk", 64}}},
               {"grid", {"cdiv(S, bq)", "cdiv(T, bk)"}}};
    at["operands"] = Json::array(
        {operand("q", "input", {"S", "D"}, "float32", {"bq", "D"}, "lambda i, t: (i, 0)"),
         operand("k", "input", {"T", "D"}, "float32", {"bk", "D"}, "lambda i, t: (t, 0)"),
         operand("v", "input", {"T", "D"}, "float32", {"bk", "D"}, "lambda i, t: (t, 0)"),
         operand("o", "output", {"S", "D"}, "float32", {"bq", "D"}, "lambda i, t: (i, 0)")});
    at["kernel"] = {{"body", "attention"}, {"reduction_axis", 1}};
    r = numerics(at);
    ASSERT_FALSE(r.findings.empty()) << describe(r);
    EXPECT_EQ(r.findings[0].cause, "padding");
    EXPECT_NE(r.findings[0].message.find("mask_kv_tail"), std::string::npos);
    at["kernel"]["mask_kv_tail"] = true;
    EXPECT_TRUE(numerics(at).passed()) << describe(numerics(at));
}

}  // namespace
}  // namespace tl::test
