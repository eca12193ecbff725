// The parallel run of the grid (core/interp/detail/parallel_grid.h) against the run in order:
// the same outputs, writer records and findings, bit for bit, on specs that cut and on specs
// that must not.
#include <gtest/gtest.h>

#include <cstring>

#include "core/interp/detail/data_gen.h"
#include "core/interp/detail/grid_runner.h"
#include "core/interp/detail/parallel_grid.h"
#include "core/interp/reference/reference.h"
#include "test_interp_util.h"

namespace tl::test {
namespace {

struct Both {
    RunResult in_order, parallel;
    NumericsResult numerics_in_order, numerics_parallel;
};

Both run_both(const Json& j, int threads) {
    const Spec s = load(j);
    const Instance inst = resolve_or_fail(s);
    RunOptions one, many;
    one.threads = 1;
    many.threads = threads;
    many.min_parallel_work = 0;
    Both b;
    b.numerics_in_order = check_numerics(inst, s, one, &b.in_order);
    b.numerics_parallel = check_numerics(inst, s, many, &b.parallel);
    return b;
}

// How many stretches the spec's run is cut into on `threads` threads.
std::size_t stretches(const Json& j, int threads) {
    const Spec s = load(j);
    const Instance inst = resolve_or_fail(s);
    interp::BodySetup setup;
    setup.instance = &inst;
    setup.options = &s.kernel->options;
    interp::split_operands(inst, setup.inputs, setup.outputs);
    Diagnostics errors;
    auto body = interp::make_body(s.kernel->body, setup, errors);
    if (!body) {
        ADD_FAILURE() << join(errors);
        return 0;
    }
    RunOptions o;
    o.threads = threads;
    o.min_parallel_work = 0;
    return interp::stretch_starts(inst, *body, s.revisit, o).size();
}

bool same_bits(const Buffer& a, const Buffer& b) {
    return a.dtype() == b.dtype() && a.shape() == b.shape() &&
           std::memcmp(a.raw(), b.raw(), a.bytes()) == 0;
}

void expect_same(const Both& b) {
    ASSERT_TRUE(b.in_order.ok) << join(b.in_order.errors);
    ASSERT_TRUE(b.parallel.ok) << join(b.parallel.errors);
    ASSERT_EQ(b.in_order.outputs.size(), b.parallel.outputs.size());
    for (std::size_t o = 0; o < b.in_order.outputs.size(); ++o) {
        EXPECT_TRUE(same_bits(b.in_order.outputs[o], b.parallel.outputs[o])) << "output " << o;
        EXPECT_TRUE(same_bits(b.in_order.references[o], b.parallel.references[o]))
            << "reference " << o;
        const WriterRecord &w1 = b.in_order.writers[o], &w2 = b.parallel.writers[o];
        EXPECT_EQ(w1.writer, w2.writer) << "output " << o;
        ASSERT_EQ(w1.visits.size(), w2.visits.size()) << "output " << o;
        for (std::size_t v = 0; v < w1.visits.size(); ++v) {
            EXPECT_EQ(w1.visits[v].first_program, w2.visits[v].first_program);
            EXPECT_EQ(w1.visits[v].last_program, w2.visits[v].last_program);
        }
    }
    EXPECT_EQ(b.in_order.input_read_padding, b.parallel.input_read_padding);
    const NumericsResult &n1 = b.numerics_in_order, &n2 = b.numerics_parallel;
    ASSERT_TRUE(n1.ran);
    ASSERT_TRUE(n2.ran);
    ASSERT_EQ(n1.findings.size(), n2.findings.size()) << describe(n1) << "\n--\n" << describe(n2);
    for (std::size_t f = 0; f < n1.findings.size(); ++f) {
        EXPECT_EQ(n1.findings[f].kind, n2.findings[f].kind);
        EXPECT_EQ(n1.findings[f].message, n2.findings[f].message);
        EXPECT_EQ(n1.findings[f].cause, n2.findings[f].cause);
        EXPECT_EQ(n1.findings[f].element, n2.findings[f].element);
        EXPECT_EQ(n1.findings[f].program, n2.findings[f].program);
        EXPECT_EQ(n1.findings[f].count, n2.findings[f].count);
    }
    ASSERT_EQ(n1.outputs.size(), n2.outputs.size());
    for (std::size_t o = 0; o < n1.outputs.size(); ++o) {
        EXPECT_EQ(n1.outputs[o].mismatches, n2.outputs[o].mismatches);
        EXPECT_EQ(
            std::memcmp(&n1.outputs[o].max_abs_error, &n2.outputs[o].max_abs_error, sizeof(double)),
            0);
    }
}

void set_semantics(Json& j, std::vector<std::string> s) {
    j["dimension_semantics"] = s;
}

TEST(InterpParallel, MatmulWithParallelRowsAndColumnsMatchesTheOrderedRun) {
    // Edge blocks on every dimension and no K mask: the NaN padding reaches the output, so
    // there are findings naming elements and programs too.
    Json j = matmul_spec(70, 90, 50, 16, 32, 16);
    set_semantics(j, {"parallel", "parallel", "arbitrary"});
    for (int threads : {2, 3, 7}) {
        EXPECT_GT(stretches(j, threads), 1u) << threads;
        const Both b = run_both(j, threads);
        expect_same(b);
        EXPECT_FALSE(b.numerics_in_order.findings.empty());
    }
}

TEST(InterpParallel, MaskedMatmulPassesInBothRuns) {
    Json j = matmul_spec(64, 96, 40, 16, 32, 16);
    j["kernel"]["mask_k_tail"] = true;
    set_semantics(j, {"parallel", "parallel", "arbitrary"});
    ASSERT_GT(stretches(j, 2), 1u);
    const Both b = run_both(j, 2);
    expect_same(b);
    EXPECT_TRUE(b.numerics_parallel.passed()) << describe(b.numerics_parallel);
}

TEST(InterpParallel, ScratchCarriedAcrossParallelValuesIsNotCut) {
    // init_axis 0: the f32 scratch is zeroed only for i == 0 and carries over every other i,
    // so no cut is allowed after the first row of blocks; the results still match.
    Json j = matmul_spec(64, 64, 64, 16, 16, 16, "bfloat16");
    j["kernel"]["accumulator"] = "f32_scratch";
    j["kernel"]["init_axis"] = 0;
    set_semantics(j, {"parallel", "parallel", "arbitrary"});
    EXPECT_EQ(stretches(j, 2), 1u);
    const Both b = run_both(j, 2);
    expect_same(b);
    EXPECT_FALSE(b.numerics_in_order.findings.empty());
}

TEST(InterpParallel, RowsumReductionMatchesTheOrderedRun) {
    Json j = {{"tilelens", 1},
              {"name", "rowsum"},
              {"params", {{"R", 100}, {"C", 70}, {"br", 8}, {"bc", 32}}},
              {"grid", {"cdiv(R, br)", "cdiv(C, bc)"}},
              {"dimension_semantics", {"parallel", "arbitrary"}}};
    j["operands"] = Json::array(
        {operand("x", "input", {"R", "C"}, "float32", {"br", "bc"}, "lambda i, k: (i, k)"),
         operand("o", "output", {"R", 1}, "float32", {"br", 1}, "lambda i, k: (i, 0)")});
    j["kernel"] = {{"body", "rowsum"}, {"reduction_axis", 1}, {"mask_tail", true}};
    ASSERT_GT(stretches(j, 2), 1u);
    const Both b = run_both(j, 2);
    expect_same(b);
    EXPECT_TRUE(b.numerics_parallel.passed()) << describe(b.numerics_parallel);
}

TEST(InterpParallel, RacingWritesAcrossAParallelAxisKeepTheLastWriter) {
    // o's index map folds i: rows of blocks i and i + 2 write the same output blocks (a
    // parallel race, and nonconsecutive revisits), and half of o is never written. The
    // ordered run keeps the later row's write-back; so must the merge, with the same visits
    // named in the findings.
    Json j = matmul_spec(64, 64, 32, 16, 16, 16);
    j["operands"][2]["index_map"] = "lambda i, j, k: (i % 2, j)";
    set_semantics(j, {"parallel", "parallel", "arbitrary"});
    ASSERT_GT(stretches(j, 2), 1u);
    const Both b = run_both(j, 2);
    expect_same(b);
    EXPECT_FALSE(b.numerics_in_order.findings.empty());
}

TEST(InterpParallel, OverlappingElementWindowsMergeElementByElement) {
    // Element-indexed output windows overlap between programs (a writer per element); rows
    // of programs differ on a parallel axis.
    Json j = {{"tilelens", 2},
              {"name", "halo"},
              {"params", {{"R", 12}, {"C", 40}}},
              {"grid", {"R", 5}},
              {"dimension_semantics", {"parallel", "parallel"}}};
    const Json rows = Json::array({nullptr, Json{{"element", 12}, {"padding", {2, 2}}}});
    j["operands"] = Json::array(
        {operand("x", "input", {"R", "C"}, "float32", rows, "lambda i, j: (i, 8 * j)"),
         operand("o", "output", {"R", "C"}, "float32", rows, "lambda i, j: ((i + 5) % R, 8 * j)")});
    j["kernel"] = {{"body", "copy"}};
    ASSERT_GT(stretches(j, 3), 1u);
    const Both b = run_both(j, 3);
    expect_same(b);
    EXPECT_TRUE(b.in_order.writers[0].per_element);
}

TEST(InterpParallel, AttentionOverParallelQueryBlocksMatchesTheOrderedRun) {
    Json j = {{"tilelens", 1},
              {"name", "attn"},
              {"params", {{"T", 40}, {"D", 16}, {"bq", 8}, {"bkv", 16}}},
              {"grid", {"cdiv(T, bq)", "cdiv(T, bkv)"}},
              {"dimension_semantics", {"parallel", "arbitrary"}}};
    j["operands"] = Json::array(
        {operand("q", "input", {"T", "D"}, "float32", {"bq", "D"}, "lambda i, k: (i, 0)"),
         operand("k", "input", {"T", "D"}, "float32", {"bkv", "D"}, "lambda i, k: (k, 0)"),
         operand("v", "input", {"T", "D"}, "float32", {"bkv", "D"}, "lambda i, k: (k, 0)"),
         operand("o", "output", {"T", "D"}, "float32", {"bq", "D"}, "lambda i, k: (i, 0)")});
    j["kernel"] = {{"body", "attention"}, {"reduction_axis", 1}};
    ASSERT_GT(stretches(j, 2), 1u);
    expect_same(run_both(j, 2));
}

TEST(InterpParallel, OrderDependentPoliciesRunInOrder) {
    Json ideal = matmul_spec(64, 64, 32, 16, 16, 16);
    set_semantics(ideal, {"parallel", "parallel", "arbitrary"});
    set_policy(ideal, "nan", "ideal");
    EXPECT_EQ(stretches(ideal, 2), 1u);
    expect_same(run_both(ideal, 2));

    Json any = matmul_spec(64, 64, 32, 16, 16, 16);
    any["tilelens"] = 2;
    set_semantics(any, {"parallel", "parallel", "arbitrary"});
    any["operands"][2]["revisit"] = "any";
    EXPECT_EQ(stretches(any, 2), 1u);

    Json arbitrary = matmul_spec(64, 64, 32, 16, 16, 16);  // no parallel axis
    EXPECT_EQ(stretches(arbitrary, 2), 1u);
}

TEST(InterpParallel, AnIndexMapFailureIsReportedAsInOrder) {
    Json j = matmul_spec(64, 64, 32, 16, 16, 16);
    j["operands"][0]["index_map"] = "lambda i, j, k: (i // (3 - i), k)";
    set_semantics(j, {"parallel", "parallel", "arbitrary"});
    const Spec s = load(j);
    const Instance inst = resolve_or_fail(s);
    RunOptions one, two;
    one.threads = 1;
    two.threads = 2;
    two.min_parallel_work = 0;
    const RunResult a = interpret(inst, *s.kernel, s.uninitialized, s.revisit, s.seed, one);
    const RunResult b = interpret(inst, *s.kernel, s.uninitialized, s.revisit, s.seed, two);
    EXPECT_FALSE(a.ok);
    EXPECT_FALSE(b.ok);
    EXPECT_EQ(join(a.errors), join(b.errors));
}

TEST(InterpParallel, ProgressReachesTheTotalOnTheCallingThread) {
    Json j = matmul_spec(64, 64, 32, 16, 16, 16);
    set_semantics(j, {"parallel", "parallel", "arbitrary"});
    const Spec s = load(j);
    const Instance inst = resolve_or_fail(s);
    RunOptions o;
    o.threads = 2;
    o.min_parallel_work = 0;
    std::int64_t last = -1;
    const auto caller = std::this_thread::get_id();
    bool same_thread = true;
    o.progress = [&](std::int64_t done, std::int64_t total) {
        same_thread = same_thread && std::this_thread::get_id() == caller;
        EXPECT_LE(done, total);
        last = done;
    };
    const RunResult r = interpret(inst, *s.kernel, s.uninitialized, s.revisit, s.seed, o);
    ASSERT_TRUE(r.ok);
    EXPECT_EQ(last, inst.programs());
    EXPECT_TRUE(same_thread);
}

TEST(InterpParallel, TheMatmulReferenceIsTheSameOnAnyNumberOfThreads) {
    // 600 rows: the float64 product is split into slabs of rows, whatever the threads.
    Buffer x(DType::Float32, {600, 70}), y(DType::Float32, {70, 50});
    generate_input(x, 3, 0);
    generate_input(y, 3, 1);
    const Json j = matmul_spec(600, 50, 70, 600, 50, 70);
    const Instance inst = resolve_or_fail(load(j));
    const Buffer one = reference::compute("matmul", {}, {&x, &y}, inst.operands[2], 1);
    for (int threads : {2, 3})
        EXPECT_TRUE(
            same_bits(one, reference::compute("matmul", {}, {&x, &y}, inst.operands[2], threads)))
            << threads;
}

}  // namespace
}  // namespace tl::test
