// The interpreter's pipeline semantics, checked against computations written out here.
#include <gtest/gtest.h>

#include <atomic>

#include "core/interp/fill.h"
#include "test_interp_util.h"

namespace tl::test {
namespace {

struct Interpreted {
    Spec spec;
    Instance inst;
    RunResult res;
};

Interpreted run_spec(const Json& j, Uninitialized u = Uninitialized::Nan, Revisit rv = Revisit::Tpu,
                     const RunOptions& opts = {}) {
    Interpreted r;
    r.spec = load(j);
    r.inst = resolve_or_fail(r.spec);
    r.res = interpret(r.inst, *r.spec.kernel, u, rv, r.spec.seed, opts);
    return r;
}

Json element_block(int size, int lo, int hi) {
    return Json::array({Json{{"element", size}, {"padding", {lo, hi}}}});
}

// o[i, j] = sum over k in [k0, k1) of x[i, k] y[k, j], in double.
double dot(const Buffer& x, const Buffer& y, std::int64_t i, std::int64_t j, std::int64_t k0,
           std::int64_t k1) {
    const std::int64_t k = x.shape()[1], n = y.shape()[1];
    double s = 0;
    for (std::int64_t t = k0; t < k1; ++t) s += x.get(i * k + t) * y.get(t * n + j);
    return s;
}

TEST(InterpSemantics, MatmulMatchesALoopWrittenHere) {
    Json j = matmul_spec(37, 45, 70, 16, 32, 32, "float64");
    j["kernel"]["mask_k_tail"] = true;
    const Interpreted r = run_spec(j);
    ASSERT_TRUE(r.res.ok) << join(r.res.errors);
    const Buffer &x = r.res.inputs[0], &y = r.res.inputs[1], &o = r.res.outputs[0];
    for (std::int64_t i = 0; i < 37; ++i)
        for (std::int64_t c = 0; c < 45; ++c) {
            const double want = dot(x, y, i, c, 0, 70);
            ASSERT_NEAR(o.get(i * 45 + c), want, 1e-12) << i << "," << c;
            ASSERT_NEAR(r.res.references[0].get(i * 45 + c), want, 1e-12);
        }
}

TEST(InterpSemantics, TpuVisitsStartFromTheFillIdealCarriesTheArray) {
    // Reduction axis first, zero fill: under "tpu" the k == 1 visit of each block starts
    // from zero (not from the k == 0 partial sum) and its write-back replaces it, so o holds
    // only the k == 1 product. Under "ideal" the array carries the sum.
    Json j = matmul_spec(64, 64, 64, 32, 32, 32, "float64");
    j["grid"] = {"cdiv(K, bk)", "cdiv(M, bm)", "cdiv(N, bn)"};
    j["operands"][0]["index_map"] = "lambda k, i, j: (i, k)";
    j["operands"][1]["index_map"] = "lambda k, i, j: (k, j)";
    j["operands"][2]["index_map"] = "lambda k, i, j: (i, j)";
    j["kernel"]["reduction_axis"] = 0;
    const Interpreted tpu = run_spec(j, Uninitialized::Zero, Revisit::Tpu);
    const Interpreted ideal = run_spec(j, Uninitialized::Zero, Revisit::Ideal);
    ASSERT_TRUE(tpu.res.ok && ideal.res.ok);
    const Buffer &x = tpu.res.inputs[0], &y = tpu.res.inputs[1];
    for (std::int64_t i = 0; i < 64; i += 7)
        for (std::int64_t c = 0; c < 64; c += 5) {
            EXPECT_NEAR(tpu.res.outputs[0].get(i * 64 + c), dot(x, y, i, c, 32, 64), 1e-12);
            EXPECT_NEAR(ideal.res.outputs[0].get(i * 64 + c), dot(x, y, i, c, 0, 64), 1e-12);
        }
    // Four blocks, each visited twice: eight visits; o[0, 0] last written by program 4,
    // (1, 0, 0) in grid order.
    const WriterRecord& w = tpu.res.writers[0];
    EXPECT_EQ(w.visits.size(), 8u);
    EXPECT_FALSE(w.per_element);
    const auto v = w.visit_at(0);
    ASSERT_GE(v, 0);
    EXPECT_EQ(w.visits[static_cast<std::size_t>(v)].first_program, 4);
    EXPECT_EQ(w.visits[static_cast<std::size_t>(v)].last_program, 4);
}

TEST(InterpSemantics, AccumulationLastsAcrossTheVisit) {
    const Interpreted r =
        run_spec(matmul_spec(64, 32, 96, 32, 32, 32, "float64"), Uninitialized::Nan);
    ASSERT_TRUE(r.res.ok);
    const WriterRecord& w = r.res.writers[0];
    ASSERT_EQ(w.visits.size(), 2u);  // one per output block, three programs each
    EXPECT_EQ(w.visits[0].first_program, 0);
    EXPECT_EQ(w.visits[0].last_program, 2);
    EXPECT_EQ(w.visit_at(33 * 32), 1);  // row 33 is in block 1
    EXPECT_NEAR(r.res.outputs[0].get(5), dot(r.res.inputs[0], r.res.inputs[1], 0, 5, 0, 96), 1e-12);
}

TEST(InterpSemantics, EdgeReadsHoldTheFillAndEdgeWritesAreDropped) {
    // rowsum without the mask over a ragged C = 20 with 16-wide blocks: the second block's
    // 12 padding columns hold the sentinel -12345 (float64), which lands in every row.
    Json j = {{"tilelens", 1}, {"name", "rs"}, {"params", {{"R", 5}, {"C", 20}}}, {"grid", {1, 2}}};
    j["operands"] =
        Json::array({operand("x", "input", {"R", "C"}, "float64", {8, 16}, "lambda i, k: (i, k)"),
                     operand("o", "output", {"R", 1}, "float64", {8, 1}, "lambda i, k: (i, 0)")});
    j["kernel"] = {{"body", "rowsum"}, {"reduction_axis", 1}};
    const Interpreted r = run_spec(j, Uninitialized::Sentinel);
    ASSERT_TRUE(r.res.ok);
    ASSERT_EQ(r.res.outputs[0].size(), 5);  // rows 5..7 of the block were dropped
    for (std::int64_t i = 0; i < 5; ++i) {
        double s = 0;
        for (std::int64_t c = 0; c < 20; ++c) s += r.res.inputs[0].get(i * 20 + c);
        EXPECT_NEAR(r.res.outputs[0].get(i), s + 12 * -12345.0, 1e-9);
    }
    EXPECT_TRUE(r.res.input_read_padding[0]);
}

TEST(InterpSemantics, ElementIndexingAndItsOffByOne) {
    // x (16,) read in element blocks of 8 from the array padded by 2 on each side (the map
    // returns offsets into the padded array); o (16,) in blocks of 8.
    Json j = {{"tilelens", 1}, {"name", "el"}, {"grid", {2}}};
    j["operands"] = Json::array(
        {operand("x", "input", {16}, "float32", element_block(8, 2, 2), "lambda i: (i * 8 + 2,)"),
         operand("o", "output", {16}, "float32", {8}, "lambda i: (i,)")});
    j["kernel"] = {{"body", "copy"}};
    NumericsResult r = numerics(j);
    EXPECT_TRUE(r.passed()) << describe(r);
    // Offset one short: o[c] = x[c - 1]; o[0] reads the padding before x.
    j["operands"][0]["index_map"] = "lambda i: (i * 8 + 1,)";
    r = numerics(j);
    ASSERT_EQ(r.findings.size(), 2u) << describe(r);
    EXPECT_EQ(r.findings[0].cause, "padding");
    EXPECT_EQ(r.findings[0].count, 1);
    EXPECT_EQ(r.findings[0].element, (std::vector<std::int64_t>{0}));
    EXPECT_EQ(r.findings[0].program, (std::vector<std::int64_t>{0}));
    EXPECT_EQ(r.findings[1].cause, "value");
    EXPECT_EQ(r.findings[1].count, 15);
    EXPECT_EQ(r.findings[1].element, (std::vector<std::int64_t>{1}));
}

TEST(InterpSemantics, ElementIndexedOutputsKeepAWriterPerElement) {
    // Overlapping output windows: o (12,) written in element blocks of 8 at offsets 0, 4.
    Json j = {{"tilelens", 1}, {"name", "ov"}, {"grid", {2}}};
    j["operands"] = Json::array(
        {operand("x", "input", {12}, "float32", element_block(8, 0, 0), "lambda i: (i * 4,)"),
         operand("o", "output", {12}, "float32", element_block(8, 0, 0), "lambda i: (i * 4,)")});
    j["kernel"] = {{"body", "copy"}};
    const Interpreted r = run_spec(j);
    ASSERT_TRUE(r.res.ok) << join(r.res.errors);
    const WriterRecord& w = r.res.writers[0];
    EXPECT_TRUE(w.per_element);
    EXPECT_EQ(w.visit_at(3), 0);
    EXPECT_EQ(w.visit_at(4), 1);  // the second window overwrote it
    EXPECT_EQ(w.visit_at(11), 1);
    for (std::int64_t i = 0; i < 12; ++i)
        EXPECT_EQ(r.res.outputs[0].get(i), r.res.inputs[0].get(i));
}

TEST(InterpSemantics, SqueezedAndRank3Blocks) {
    Json sq = {
        {"tilelens", 1}, {"name", "sq"}, {"params", {{"R", 5}, {"C", 200}}}, {"grid", {"R", 2}}};
    sq["operands"] = Json::array(
        {operand("x", "input", {"R", "C"}, "int16", {nullptr, 128}, "lambda i, j: (i, j)"),
         operand("y", "input", {"R", "C"}, "int16", {nullptr, 128}, "lambda i, j: (i, j)"),
         operand("o", "output", {"R", "C"}, "int16", {nullptr, 128}, "lambda i, j: (i, j)")});
    sq["kernel"] = {{"body", "mul"}};
    EXPECT_TRUE(numerics(sq).passed()) << describe(numerics(sq));

    Json r3 = {{"tilelens", 1}, {"name", "r3"}, {"grid", {3, 3, 2}}};
    r3["operands"] = Json::array(
        {operand("x", "input", {3, 20, 130}, "float32", {1, 8, 128}, "lambda b, i, j: (b, i, j)"),
         operand("y", "input", {3, 20, 130}, "float32", {1, 8, 128}, "lambda b, i, j: (b, i, j)"),
         operand("o", "output", {3, 20, 130}, "float32", {1, 8, 128},
                 "lambda b, i, j: (b, i, j)")});
    r3["kernel"] = {{"body", "sub"}};
    const Interpreted r = run_spec(r3);
    ASSERT_TRUE(r.res.ok) << join(r.res.errors);
    for (std::int64_t i = 0; i < r.res.outputs[0].size(); i += 97)
        EXPECT_EQ(r.res.outputs[0].get(i),
                  static_cast<float>(r.res.inputs[0].get(i) - r.res.inputs[1].get(i)));
}

TEST(InterpSemantics, SameSeedSameBitsOtherSeedOtherData) {
    const Json j = matmul_spec(40, 40, 40, 16, 16, 16);
    const Interpreted a = run_spec(j), b = run_spec(j);
    Json k = j;
    k["seed"] = 7;
    const Interpreted c = run_spec(k);
    ASSERT_TRUE(a.res.ok && b.res.ok && c.res.ok);
    for (std::int64_t i = 0; i < a.res.outputs[0].size(); ++i)
        ASSERT_TRUE(a.res.outputs[0].same_value(i, b.res.outputs[0]));
    EXPECT_NE(a.res.inputs[0].get(0), c.res.inputs[0].get(0));
}

TEST(InterpSemantics, CancelProgressAndMemoryLimit) {
    const Json j = matmul_spec(64, 64, 64, 16, 16, 16);
    std::atomic<bool> stop{true};
    RunOptions o;
    o.cancel = &stop;
    Interpreted r = run_spec(j, Uninitialized::Nan, Revisit::Tpu, o);
    EXPECT_FALSE(r.res.ok);
    EXPECT_TRUE(r.res.cancelled);

    std::int64_t calls = 0, last_done = -1, total = 0;
    RunOptions p;
    p.progress = [&](std::int64_t done, std::int64_t all) {
        ++calls;
        EXPECT_GE(done, last_done);
        last_done = done;
        total = all;
    };
    r = run_spec(j, Uninitialized::Nan, Revisit::Tpu, p);
    EXPECT_TRUE(r.res.ok);
    EXPECT_GT(calls, 1);
    EXPECT_EQ(total, 64);
    EXPECT_EQ(last_done, 64);

    RunOptions m;
    m.memory_limit_bytes = 1000;
    r = run_spec(j, Uninitialized::Nan, Revisit::Tpu, m);
    EXPECT_FALSE(r.res.ok);
    ASSERT_EQ(r.res.errors.size(), 1u);
    EXPECT_NE(r.res.errors[0].message.find("limit of"), std::string::npos);
    EXPECT_NE(r.res.errors[0].message.find(std::to_string(r.res.memory_bytes) + " bytes"),
              std::string::npos);
    EXPECT_TRUE(r.res.outputs.empty());  // refused before allocating
}

TEST(InterpSemantics, BadKernelsAreErrorsWithTheirPath) {
    const Spec s = load(matmul_spec(64, 64, 64, 32, 32, 32));
    const Instance inst = resolve_or_fail(s);
    const auto errors_for = [&](KernelSpec k) {
        return interpret(inst, k, Uninitialized::Nan, Revisit::Tpu, 0).errors;
    };
    Diagnostics e = errors_for({"matmul", {{"reduction_axis", 5}}});
    ASSERT_EQ(e.size(), 1u);
    EXPECT_EQ(e[0].path, "kernel.reduction_axis");
    e = errors_for({"matmul", {{"accumulator", "f16_scratch"}}});
    ASSERT_EQ(e.size(), 1u);
    EXPECT_EQ(e[0].path, "kernel.accumulator");
    e = errors_for({"conv2d", Json::object()});
    ASSERT_EQ(e.size(), 1u);
    EXPECT_EQ(e[0].path, "kernel.body");
    EXPECT_NE(e[0].message.find("known: copy"), std::string::npos);
    e = errors_for({"copy", Json::object()});  // copy takes one input
    ASSERT_EQ(e.size(), 1u);
    EXPECT_EQ(e[0].path, "operands");
    e = errors_for({"transpose", Json::object()});
    EXPECT_FALSE(e.empty());  // one input, not two

    Json bad = matmul_spec(64, 64, 64, 32, 32, 32);
    bad["operands"][1]["shape"] = {64, 48};  // y (K, N') with N' != o's N
    const Spec sb = load(bad);
    const NumericsResult r = check_numerics(resolve_or_fail(sb), sb);
    EXPECT_FALSE(r.ran);
    ASSERT_FALSE(r.errors.empty());
    EXPECT_EQ(r.errors[0].path, "operands[2].shape");
    EXPECT_NE(r.errors[0].message.find("[64, 48]"), std::string::npos) << r.errors[0].message;
}

}  // namespace
}  // namespace tl::test
