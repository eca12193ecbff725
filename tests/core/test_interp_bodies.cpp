// Every body against its reference, on divisible and ragged shapes, in every dtype it takes.
#include <gtest/gtest.h>

#include "test_interp_util.h"

namespace tl::test {
namespace {

const std::vector<std::string> kAllDtypes = {"float32", "bfloat16", "float16", "float64", "int8",
                                             "int16",   "int32",    "uint8",   "bool"};
const std::vector<std::string> kFloatDtypes = {"float32", "bfloat16", "float16", "float64"};

Json base(const std::string& name, Json params, Json grid) {
    return {{"tilelens", 1}, {"name", name}, {"params", params}, {"grid", grid}};
}

// A 2-D elementwise, transpose, rowsum or softmax spec over x (R, C).
Json two_d(const std::string& body, const std::string& dtype, bool ragged) {
    const std::int64_t r = ragged ? 37 : 32, c = ragged ? 300 : 256;
    const bool whole_rows = body == "softmax";
    Json j = base(body, {{"R", r}, {"C", c}, {"br", 8}, {"bc", whole_rows ? c : 128}},
                  {"cdiv(R, br)", "cdiv(C, bc)"});
    Json ops = Json::array();
    ops.push_back(operand("x", "input", {"R", "C"}, dtype, {"br", "bc"}, "lambda i, j: (i, j)"));
    if (body == "add" || body == "sub" || body == "mul" || body == "max")
        ops.push_back(
            operand("y", "input", {"R", "C"}, dtype, {"br", "bc"}, "lambda i, j: (i, j)"));
    if (body == "transpose")
        ops.push_back(
            operand("o", "output", {"C", "R"}, dtype, {"bc", "br"}, "lambda i, j: (j, i)"));
    else if (body == "rowsum")
        ops.push_back(operand("o", "output", {"R", 1}, dtype, {"br", 1}, "lambda i, j: (i, 0)"));
    else
        ops.push_back(
            operand("o", "output", {"R", "C"}, dtype, {"br", "bc"}, "lambda i, j: (i, j)"));
    j["operands"] = ops;
    j["kernel"] = {{"body", body}};
    if (body == "scale") j["kernel"]["alpha"] = 2.5;
    if (body == "rowsum") {
        j["kernel"]["reduction_axis"] = 1;
        j["kernel"]["mask_tail"] = true;
    }
    return j;
}

Json attention_spec(const std::string& dtype, bool ragged) {
    Json j = base(
        "attention",
        {{"S", ragged ? 40 : 64}, {"T", ragged ? 100 : 128}, {"D", 32}, {"bq", 16}, {"bk", 64}},
        {"cdiv(S, bq)", "cdiv(T, bk)"});
    j["operands"] = Json::array(
        {operand("q", "input", {"S", "D"}, dtype, {"bq", "D"}, "lambda i, t: (i, 0)"),
         operand("k", "input", {"T", "D"}, dtype, {"bk", "D"}, "lambda i, t: (t, 0)"),
         operand("v", "input", {"T", "D"}, dtype, {"bk", "D"}, "lambda i, t: (t, 0)"),
         operand("o", "output", {"S", "D"}, dtype, {"bq", "D"}, "lambda i, t: (i, 0)")});
    j["kernel"] = {{"body", "attention"}, {"reduction_axis", 1}, {"mask_kv_tail", true}};
    return j;
}

Json spec_for(const std::string& body, const std::string& dtype, bool ragged) {
    if (body == "attention") return attention_spec(dtype, ragged);
    if (body == "matmul") {
        Json j = ragged ? matmul_spec(70, 90, 200, 32, 64, 128, dtype)
                        : matmul_spec(64, 96, 256, 32, 32, 64, dtype);
        j["kernel"]["mask_k_tail"] = true;
        return j;
    }
    return two_d(body, dtype, ragged);
}

struct BodyCase {
    std::string body, dtype;
    bool ragged;
};

// Readable in ctest's listing instead of the struct's bytes.
void PrintTo(const BodyCase& c, std::ostream* os) {
    *os << c.body << ' ' << c.dtype << (c.ragged ? " ragged" : " divisible");
}

std::string case_name(const testing::TestParamInfo<BodyCase>& info) {
    return info.param.body + "_" + info.param.dtype +
           (info.param.ragged ? "_ragged" : "_divisible");
}

std::vector<BodyCase> all_cases() {
    std::vector<BodyCase> cases;
    for (const std::string body : {"copy", "add", "sub", "mul", "max", "scale", "transpose",
                                   "matmul", "rowsum", "softmax", "attention"}) {
        const bool floats_only = body == "softmax" || body == "attention";
        for (const auto& dt : floats_only ? kFloatDtypes : kAllDtypes)
            for (bool ragged : {false, true}) cases.push_back({body, dt, ragged});
    }
    return cases;
}

class BodyVsReference : public testing::TestWithParam<BodyCase> {};

TEST_P(BodyVsReference, MatchesUnderNanAndBothRevisitModels) {
    const BodyCase& c = GetParam();
    for (const char* revisit : {"tpu", "ideal"}) {
        Json j = spec_for(c.body, c.dtype, c.ragged);
        set_policy(j, "nan", revisit);
        const NumericsResult r = numerics(j);
        ASSERT_TRUE(r.ran) << describe(r);
        EXPECT_TRUE(r.passed()) << revisit << describe(r);
        ASSERT_EQ(r.outputs.size(), 1u);
        EXPECT_EQ(r.outputs[0].mismatches, 0);
        EXPECT_FALSE(std::isnan(r.max_abs_error));
    }
}

INSTANTIATE_TEST_SUITE_P(AllBodies, BodyVsReference, testing::ValuesIn(all_cases()), case_name);

TEST(BodyVsReference, MixedDtypesMatmulAccumulatesInF32) {
    Json j = matmul_spec(64, 64, 512, 32, 32, 128, "bfloat16", "float32");
    const NumericsResult r = numerics(j);
    EXPECT_TRUE(r.passed()) << describe(r);
    // bf16 inputs are exact in f32 products: the error is f32 accumulation only.
    EXPECT_LT(r.max_abs_error, 1e-3);
}

TEST(BodyVsReference, OutputAccumulatorRoundsEveryStepScratchOnce) {
    // bf16 output, K = 2048 in 16 steps: "output" rounds the partial sum to bf16 each step,
    // "f32_scratch" rounds once at the end, so each of its elements is within one bf16
    // rounding (2^-8 relative) of the exact product, up to f32 accumulation error.
    Json j = matmul_spec(64, 64, 2048, 64, 64, 128, "bfloat16");
    const Spec s1 = load(j);
    j["kernel"]["accumulator"] = "f32_scratch";
    const Spec s2 = load(j);
    const Instance inst = resolve_or_fail(s1);
    const RunResult out_acc = interpret(inst, *s1.kernel, Uninitialized::Nan, Revisit::Tpu, 0);
    const RunResult scratch = interpret(inst, *s2.kernel, Uninitialized::Nan, Revisit::Tpu, 0);
    ASSERT_TRUE(out_acc.ok && scratch.ok);
    double worst_out = 0, worst_scratch = 0;
    for (std::int64_t i = 0; i < scratch.outputs[0].size(); ++i) {
        const double ref = scratch.references[0].get(i);
        const double bound = std::abs(ref) * 0x1.0p-8 + 1e-3;
        worst_scratch = std::max(worst_scratch, std::abs(scratch.outputs[0].get(i) - ref) / bound);
        worst_out = std::max(worst_out, std::abs(out_acc.outputs[0].get(i) - ref) / bound);
    }
    EXPECT_LE(worst_scratch, 1.0);
    EXPECT_GT(worst_out, 1.0);  // 16 roundings of partial sums exceed one rounding somewhere
    // Both stay within the default tolerance.
    EXPECT_TRUE(check_numerics(inst, s1).passed());
    EXPECT_TRUE(check_numerics(inst, s2).passed());
}

}  // namespace
}  // namespace tl::test
