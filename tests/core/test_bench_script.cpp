// The benchmark script of `plan --emit-bench`: emitted for a spec and candidates, run under the
// numpy stand-in for jax (which interprets pallas_call over the grid and logs the calls), and
// its CSV imported through the core's importer.
#include <cmath>
#include <fstream>
#include <map>
#include <sstream>

#include "core/plan/bench_runtime.h"
#include "core/plan/bench_script.h"
#include "core/target/target.h"
#include "core/timings/io/registry.h"
#include "test_bench_util.h"
#include "test_interp_util.h"

namespace tl {
namespace {

using test::load;
using test::matmul_spec;
using test::operand;
using Candidate = std::map<std::string, std::int64_t>;

const TargetProfile& target(const std::string& id) {
    const TargetProfile* t = builtin_targets().find(id);
    EXPECT_NE(t, nullptr) << id;
    return *t;
}

std::int64_t cdiv(std::int64_t a, std::int64_t b) {
    return (a + b - 1) / b;
}

// The emitted script, run; its CSV imported and its call log parsed.
struct Outcome {
    std::vector<TimingRecord> records;
    Json log;
    std::string script;
};

Outcome emit_and_run(const Spec& spec, const std::string& target_id,
                     const std::vector<Candidate>& candidates) {
    test::ScratchDir dir;
    BenchScriptOptions options;
    options.runs = 3;
    options.warmup = 1;
    options.csv_path = (dir / "timings.csv").string();  // the script's default: no --csv
    const BenchScript script = emit_bench_script(spec, target(target_id), candidates, options);
    EXPECT_TRUE(script.errors.empty()) << script.errors.front();
    Outcome o;
    o.script = script.text;
    if (!script.errors.empty()) return o;
    test::write_text(dir / "bench.py", script.text);
    const test::PythonRun run = test::run_python(dir / "bench.py", "", dir / "log.json");
    EXPECT_EQ(run.status, 0) << run.output;
    ImportResult imported = import_timing_file((dir / "timings.csv").string());
    EXPECT_TRUE(imported.complete);
    EXPECT_TRUE(imported.warnings.empty()) << join(imported.warnings) << "\n" << run.output;
    o.records = std::move(imported.records);
    o.log = Json::parse(test::read_text(dir / "log.json"), nullptr, false);
    EXPECT_FALSE(o.log.is_discarded()) << run.output;
    return o;
}

const TimingRecord* find(const std::vector<TimingRecord>& records, const std::string& impl,
                         const Json& params) {
    for (const auto& r : records)
        if (r.impl == impl && same_params(r.params, params)) return &r;
    return nullptr;
}

void expect_timed(const TimingRecord* r, const std::string& target_id,
                  TimingSource source = TimingSource::Measured) {
    ASSERT_NE(r, nullptr);
    EXPECT_EQ(r->target, target_id);
    EXPECT_EQ(r->status, TimingStatus::Ok);
    EXPECT_EQ(r->method, TimingMethod::WallclockSynced);
    EXPECT_EQ(r->source, source);
    EXPECT_EQ(r->n, 3);
    ASSERT_TRUE(r->median_s && r->min_s && r->max_s);
    EXPECT_TRUE(std::isfinite(*r->median_s) && *r->median_s > 0);
    EXPECT_LE(*r->min_s, *r->median_s);
    EXPECT_LE(*r->median_s, *r->max_s);
}

void expect_verified(const TimingRecord* r, bool verified) {
    ASSERT_NE(r, nullptr);
    EXPECT_EQ(r->verified, verified) << r->label << " " << r->params.dump();
}

Json matmul_k_tail(bool mask) {
    Json j = matmul_spec(20, 12, 18, 8, 8, 8);
    j["name"] = "mm-rect";
    j["dimension_semantics"] = {"parallel", "parallel", "arbitrary"};
    j["kernel"]["mask_k_tail"] = mask;
    j["target"] = "tpu-v5e";
    return j;
}

TEST(BenchScript, MatmulCandidatesRunCheckAndImport) {
    const Spec spec = load(matmul_k_tail(true));
    const std::vector<Candidate> candidates{
        {{"bm", 8}, {"bn", 8}, {"bk", 8}},
        {{"bm", 16}, {"bn", 8}, {"bk", 4}},
        {{"bm", 8}, {"bn", 16}, {"bk", 16}},
    };
    const Outcome o = emit_and_run(spec, "tpu-v5e", candidates);
    // Expressions are printed from their syntax tree, with the script's own helpers.
    EXPECT_NE(o.script.find("_tl_cdiv(M, bm)"), std::string::npos);
    EXPECT_NE(o.script.find("lambda i, j, k: (k, j)"), std::string::npos);

    const Json& calls = o.log["pallas_calls"];
    ASSERT_EQ(calls.size(), candidates.size()) << o.log.dump(1);
    for (std::size_t c = 0; c < candidates.size(); ++c) {
        const std::int64_t bm = candidates[c].at("bm"), bn = candidates[c].at("bn"),
                           bk = candidates[c].at("bk");
        const std::int64_t gm = cdiv(20, bm), gn = cdiv(12, bn), gk = cdiv(18, bk);
        const Json& call = calls[c];
        EXPECT_EQ(call["grid"], Json({gm, gn, gk}));
        EXPECT_EQ(call["block_shapes"], Json({{bm, bk}, {bk, bn}, {bm, bn}}));
        EXPECT_EQ(call["backend"], "mosaic_tpu");
        EXPECT_EQ(call["dimension_semantics"], Json({"parallel", "parallel", "arbitrary"}));
        EXPECT_EQ(call["out_shape"], Json({20, 12}));
        EXPECT_EQ(call["runs"], 1 + 1 + 3);  // the check, the warm-up, the timed runs
        // The index maps as the stand-in evaluated them, program by program in grid order.
        Json x = Json::array(), y = Json::array(), out = Json::array();
        for (std::int64_t i = 0; i < gm; ++i)
            for (std::int64_t j = 0; j < gn; ++j)
                for (std::int64_t k = 0; k < gk; ++k) {
                    x.push_back({i, k});
                    y.push_back({k, j});
                    out.push_back({i, j});
                }
        EXPECT_EQ(call["index_maps"], Json({x, y, out}));
    }
    // Each candidate and the reference: compiled once, checked once, warmed up, timed.
    EXPECT_EQ(o.log["counts"]["jit"], 4);
    EXPECT_EQ(o.log["counts"]["compile"], 4);
    EXPECT_EQ(o.log["counts"]["block_until_ready"], 4 * (1 + 1 + 3));

    ASSERT_EQ(o.records.size(), candidates.size() + 1);
    for (const auto& c : candidates) {
        const Json params = {{"M", 20},          {"N", 12},          {"K", 18},
                             {"bm", c.at("bm")}, {"bn", c.at("bn")}, {"bk", c.at("bk")}};
        const TimingRecord* r = find(o.records, "pallas", params);
        expect_timed(r, "tpu-v5e");
        if (!r) continue;
        EXPECT_EQ(r->verified, true) << params.dump();
        EXPECT_EQ(r->kernel, "mm-rect");
        EXPECT_EQ(r->dtype, "float32");
    }
    const TimingRecord* xla = find(o.records, "xla", {{"M", 20}, {"N", 12}, {"K", 18}});
    expect_timed(xla, "tpu-v5e");
    expect_verified(xla, true);
}

TEST(BenchScript, PaddingSummedIntoOutputsIsUnverified) {
    // Without mask_k_tail the partial K block sums padding (NaN in the stand-in): bk = 8 leaves
    // a tail of K = 18, bk = 6 divides it.
    const Spec spec = load(matmul_k_tail(false));
    const Outcome o = emit_and_run(spec, "tpu-v5e", {{{"bk", 8}}, {{"bk", 6}}});
    ASSERT_EQ(o.records.size(), 3u);
    const Json base = {{"M", 20}, {"N", 12}, {"K", 18}, {"bm", 8}, {"bn", 8}};
    Json tail = base, divides = base;
    tail["bk"] = 8;
    divides["bk"] = 6;
    const TimingRecord* wrong = find(o.records, "pallas", tail);
    expect_timed(wrong, "tpu-v5e");
    expect_verified(wrong, false);
    const TimingRecord* right = find(o.records, "pallas", divides);
    expect_timed(right, "tpu-v5e");
    expect_verified(right, true);
}

TEST(BenchScript, ScratchAccumulatorAndRowsum) {
    Json mm = matmul_k_tail(true);
    mm["kernel"]["accumulator"] = "f32_scratch";
    const Outcome a = emit_and_run(load(mm), "tpu-v5e", {{{"bk", 8}}});
    ASSERT_EQ(a.log["pallas_calls"].size(), 1u);
    EXPECT_EQ(a.log["pallas_calls"][0]["scratch_shapes"], Json({{8, 8}}));
    const TimingRecord* r = find(
        a.records, "pallas", {{"M", 20}, {"N", 12}, {"K", 18}, {"bm", 8}, {"bn", 8}, {"bk", 8}});
    expect_timed(r, "tpu-v5e");
    expect_verified(r, true);

    // Row sums over a column axis that is not last, the ragged column block masked.
    Json rs = {{"tilelens", 1},
               {"name", "rows"},
               {"params", {{"R", 20}, {"C", 30}, {"br", 8}, {"bc", 8}}},
               {"grid", {"cdiv(R, br)", "cdiv(C, bc)"}},
               {"kernel", {{"body", "rowsum"}, {"reduction_axis", 1}, {"mask_tail", true}}},
               {"target", "tpu-v5e"}};
    rs["operands"] = Json::array(
        {operand("x", "input", {"R", "C"}, "float32", {"br", "bc"}, "lambda i, c: (i, c)"),
         operand("o", "output", {"R", 1}, "float32", {"br", 1}, "lambda i, c: (i, 0)")});
    const Outcome b = emit_and_run(load(rs), "tpu-v5e", {{{"bc", 8}}, {{"bc", 16}}});
    ASSERT_EQ(b.records.size(), 3u);
    for (std::int64_t bc : {8, 16}) {
        const TimingRecord* row =
            find(b.records, "pallas", {{"R", 20}, {"C", 30}, {"br", 8}, {"bc", bc}});
        expect_timed(row, "tpu-v5e");
        expect_verified(row, true);
    }

    // The sums as a rank-1 array, one block of br sums per program; no mask this time, so
    // the ragged column block sums padding.
    rs["operands"][1] = operand("o", "output", {"R"}, "float32", {"br"}, "lambda i, c: (i,)");
    rs["kernel"]["mask_tail"] = false;
    const Outcome c = emit_and_run(load(rs), "tpu-v5e", {{{"bc", 10}}, {{"bc", 8}}});
    ASSERT_EQ(c.records.size(), 3u);
    expect_verified(find(c.records, "pallas", {{"R", 20}, {"C", 30}, {"br", 8}, {"bc", 10}}), true);
    expect_verified(find(c.records, "pallas", {{"R", 20}, {"C", 30}, {"br", 8}, {"bc", 8}}), false);
}

Json elementwise(const std::string& body, const std::string& grid0) {
    Json j = {{"tilelens", 1},
              {"name", "ew"},
              {"params", {{"M", 20}, {"N", 12}, {"bm", 8}, {"bn", 8}}},
              {"grid", {grid0, "cdiv(N, bn)"}},
              {"dimension_semantics", {"parallel", "parallel"}},
              {"kernel", {{"body", body}}},
              {"target", "tpu-v5e"}};
    j["operands"] = Json::array(
        {operand("a", "input", {"M", "N"}, "float32", {"bm", "bn"}, "lambda i, j: (i, j)"),
         operand("b", "input", {"M", "N"}, "float32", {"bm", "bn"}, "lambda i, j: (i, j)"),
         operand("out", "output", {"M", "N"}, "float32", {"bm", "bn"}, "lambda i, j: (i, j)")});
    return j;
}

TEST(BenchScript, ElementwiseAddAndAFailingCandidate) {
    const Outcome o = emit_and_run(load(elementwise("add", "cdiv(M, bm)")), "tpu-v5e",
                                   {{{"bm", 8}}, {{"bm", 16}, {"bn", 4}}});
    ASSERT_EQ(o.records.size(), 3u);
    ASSERT_EQ(o.log["pallas_calls"].size(), 2u);
    EXPECT_EQ(o.log["pallas_calls"][1]["grid"], Json({2, 3}));
    EXPECT_EQ(o.log["pallas_calls"][1]["block_shapes"], Json({{16, 4}, {16, 4}, {16, 4}}));
    for (const auto& [bm, bn] : {std::pair{8, 8}, std::pair{16, 4}}) {
        const TimingRecord* r =
            find(o.records, "pallas", {{"M", 20}, {"N", 12}, {"bm", bm}, {"bn", bn}});
        expect_timed(r, "tpu-v5e");
        expect_verified(r, true);
    }
    EXPECT_NE(find(o.records, "xla", {{"M", 20}, {"N", 12}}), nullptr);

    // One row block too many: with bm = 10 the third block lies wholly past M = 20, which the
    // stand-in refuses (as the TPU interpret mode does); that candidate is a failed row and
    // the script goes on to the next.
    const Outcome f = emit_and_run(load(elementwise("mul", "M // bm + 1")), "tpu-v5e",
                                   {{{"bm", 10}}, {{"bm", 8}}});
    ASSERT_EQ(f.records.size(), 3u);
    const TimingRecord* failed =
        find(f.records, "pallas", {{"M", 20}, {"N", 12}, {"bm", 10}, {"bn", 8}});
    ASSERT_NE(failed, nullptr);
    EXPECT_EQ(failed->status, TimingStatus::Failed);
    EXPECT_EQ(failed->verified, false);
    const TimingRecord* ok =
        find(f.records, "pallas", {{"M", 20}, {"N", 12}, {"bm", 8}, {"bn", 8}});
    expect_timed(ok, "tpu-v5e");
    expect_verified(ok, true);
}

TEST(BenchScript, SoftmaxIsRightOnlyWithWholeRowBlocks) {
    Json j = {{"tilelens", 1},
              {"name", "sm"},
              {"params", {{"R", 16}, {"C", 24}, {"br", 8}, {"bc", 8}}},
              {"grid", {"cdiv(R, br)", "cdiv(C, bc)"}},
              {"kernel", {{"body", "softmax"}}},
              {"target", "gpu-triton"}};
    j["operands"] = Json::array(
        {operand("x", "input", {"R", "C"}, "float32", {"br", "bc"}, "lambda i, j: (i, j)"),
         operand("o", "output", {"R", "C"}, "float32", {"br", "bc"}, "lambda i, j: (i, j)")});
    const Outcome o = emit_and_run(load(j), "gpu-triton", {{{"bc", 8}}, {{"bc", 24}}});
    ASSERT_EQ(o.records.size(), 3u);
    // A GPU target: Triton's compiler params, no TPU ones.
    EXPECT_EQ(o.log["pallas_calls"][0]["backend"], "triton");
    EXPECT_TRUE(o.log["pallas_calls"][0]["dimension_semantics"].is_null());
    EXPECT_EQ(o.script.find("import tpu as pltpu"), std::string::npos);
    const TimingRecord* narrow =
        find(o.records, "pallas", {{"R", 16}, {"C", 24}, {"br", 8}, {"bc", 8}});
    const TimingRecord* whole =
        find(o.records, "pallas", {{"R", 16}, {"C", 24}, {"br", 8}, {"bc", 24}});
    expect_timed(narrow, "gpu-triton");
    expect_timed(whole, "gpu-triton");
    expect_verified(narrow, false);
    expect_verified(whole, true);
}

TEST(BenchScript, InterpretTargetSqueezedAndWholeArrayBlocks) {
    // One batch row per program: the squeezed dimension is gone in the body.
    Json j = {{"tilelens", 1},
              {"name", "batched"},
              {"params", {{"B", 3}, {"M", 20}, {"N", 12}, {"bm", 8}}},
              {"grid", {"B", "cdiv(M, bm)"}},
              {"kernel", {{"body", "scale"}, {"alpha", -0.5}}},
              {"target", "interpret"}};
    const Json block = Json::array({nullptr, "bm", "N"});
    j["operands"] = Json::array(
        {operand("x", "input", {"B", "M", "N"}, "float32", block, "lambda b, i: (b, i, 0)"),
         operand("o", "output", {"B", "M", "N"}, "float32", block, "lambda b, i: (b, i, 0)")});
    const Outcome o = emit_and_run(load(j), "interpret", {{{"bm", 8}}, {{"bm", 4}}});
    ASSERT_EQ(o.log["pallas_calls"].size(), 2u);
    EXPECT_EQ(o.log["pallas_calls"][1]["grid"], Json({3, 5}));
    EXPECT_EQ(o.log["pallas_calls"][1]["block_shapes"], Json({{nullptr, 4, 12}, {nullptr, 4, 12}}));
    EXPECT_EQ(o.log["pallas_calls"][1]["interpret"], true);
    EXPECT_TRUE(o.log["pallas_calls"][1]["backend"].is_null());
    for (std::int64_t bm : {8, 4}) {
        const TimingRecord* r =
            find(o.records, "pallas", {{"B", 3}, {"M", 20}, {"N", 12}, {"bm", bm}});
        expect_timed(r, "interpret", TimingSource::Interpret);
        expect_verified(r, true);
    }

    // No block shape and no index map: the whole arrays, one program.
    Json t = {{"tilelens", 1},
              {"name", "whole"},
              {"params", {{"R", 5}, {"C", 7}}},
              {"grid", Json::array()},
              {"kernel", {{"body", "transpose"}}}};
    t["operands"] = Json::array({operand("x", "input", {"R", "C"}, "float32", nullptr, ""),
                                 operand("o", "output", {"C", "R"}, "float32", nullptr, "")});
    const Outcome w = emit_and_run(load(t), "interpret", std::vector<Candidate>{Candidate{}});
    ASSERT_EQ(w.log["pallas_calls"].size(), 1u);
    EXPECT_EQ(w.log["pallas_calls"][0]["grid"], Json::array());
    EXPECT_EQ(w.log["pallas_calls"][0]["block_shapes"], Json({{5, 7}, {7, 5}}));
    EXPECT_EQ(w.log["pallas_calls"][0]["index_maps"], Json({{{0, 0}}, {{0, 0}}}));
    const TimingRecord* r = find(w.records, "pallas", {{"R", 5}, {"C", 7}});
    expect_timed(r, "interpret", TimingSource::Interpret);
    expect_verified(r, true);
}

std::string all(const std::vector<std::string>& errors) {
    std::string s;
    for (const auto& e : errors) s += e + "\n";
    return s;
}

TEST(BenchScript, Format2KeysThatChangeTheCallAreEmittedOrRefusedNeverDropped) {
    Json j = {{"tilelens", 2},
              {"name", "c"},
              {"params", {{"N", 256}, {"b", 128}}},
              {"grid", {"cdiv(N, b)"}},
              {"kernel", {{"body", "copy"}}}};
    j["operands"] = Json::array(
        {operand("x", "input", {"N", 128}, "float32", {"b", 128}, "lambda i: (i, 0)"),
         operand("o", "output", {"N", 128}, "float32", {"b", 128}, "lambda i: (i, 0)")});
    // discard and data do not change what is timed: the script is written.
    Json plain = j;
    plain["operands"][1]["discard"] = true;
    plain["operands"][0]["data"] = "iota";
    EXPECT_TRUE(emit_bench_script(load(plain), target("tpu-v5e"), {{{"b", 128}}}).errors.empty());
    // An alias, a restored revisit, a hand-moved operand and float8 change the call: refused.
    j["operands"][1]["alias_of"] = "x";
    j["operands"][1]["revisit"] = "any";
    j["operands"][0]["memory_space"] = "smem";
    const BenchScript s = emit_bench_script(load(j), target("tpu-v5e"), {{{"b", 128}}});
    EXPECT_TRUE(s.text.empty());
    const std::string text = all(s.errors);
    EXPECT_NE(text.find("operands[1].alias_of"), std::string::npos) << text;
    EXPECT_NE(text.find("operands[1].revisit"), std::string::npos) << text;
    EXPECT_NE(text.find("operands[0].memory_space"), std::string::npos) << text;
}

TEST(BenchScript, AnUnsupportedBodyIsRefusedNamingTheSupportedOnes) {
    Json j = {{"tilelens", 1},
              {"name", "attn"},
              {"params", {{"S", 16}, {"T", 16}, {"D", 8}, {"bs", 8}, {"bt", 8}}},
              {"grid", {"cdiv(S, bs)", "cdiv(T, bt)"}},
              {"kernel", {{"body", "attention"}, {"reduction_axis", 1}}}};
    j["operands"] = Json::array(
        {operand("q", "input", {"S", "D"}, "float32", {"bs", "D"}, "lambda i, t: (i, 0)"),
         operand("k", "input", {"T", "D"}, "float32", {"bt", "D"}, "lambda i, t: (t, 0)"),
         operand("v", "input", {"T", "D"}, "float32", {"bt", "D"}, "lambda i, t: (t, 0)"),
         operand("o", "output", {"S", "D"}, "float32", {"bs", "D"}, "lambda i, t: (i, 0)")});
    const BenchScript s = emit_bench_script(load(j), target("tpu-v5e"), {{{"bs", 8}}});
    EXPECT_TRUE(s.text.empty());
    ASSERT_FALSE(s.errors.empty());
    const std::string text = all(s.errors);
    EXPECT_NE(text.find("kernel.body"), std::string::npos) << text;
    EXPECT_NE(text.find("'attention'"), std::string::npos) << text;
    EXPECT_NE(text.find("supported: copy, add, sub, mul, max, scale, transpose, matmul, rowsum, "
                        "softmax"),
              std::string::npos)
        << text;

    // A reduction on a GPU target would race across parallel programs: refused too.
    const BenchScript g =
        emit_bench_script(load(matmul_k_tail(true)), target("gpu-triton"), {{{"bk", 8}}});
    EXPECT_TRUE(g.text.empty());
    EXPECT_NE(all(g.errors).find("kernel.reduction_axis"), std::string::npos) << all(g.errors);

    // Mosaic GPU kernels are written with another API: refused, pointing at Triton.
    const BenchScript h = emit_bench_script(load(elementwise("add", "cdiv(M, bm)")),
                                            target("gpu-h100"), {{{"bm", 8}}});
    EXPECT_TRUE(h.text.empty());
    EXPECT_NE(all(h.errors).find("gpu-triton"), std::string::npos) << all(h.errors);
}

TEST(BenchScript, NamesThatAreNotSafePythonIdentifiersAreRefused) {
    // The loader takes any identifier as an operand name, Python keywords included.
    Json j = elementwise("add", "cdiv(M, bm)");
    j["operands"][1]["name"] = "class";
    const Spec keyword = load(j);
    ASSERT_EQ(keyword.operands[1].name, "class");
    const BenchScript s = emit_bench_script(keyword, target("tpu-v5e"), {{{"bm", 8}}});
    EXPECT_TRUE(s.text.empty());
    EXPECT_NE(all(s.errors).find("operands[1].name: 'class' is a Python keyword"),
              std::string::npos)
        << all(s.errors);

    // A spec built in memory bypasses the loader: code in a name never reaches the script.
    Spec injected = load(elementwise("add", "cdiv(M, bm)"));
    injected.operands[0].name = "a_ref, b): import os  #";
    injected.params.emplace_back("_tl_cdiv", 3);
    injected.operands[2].name = "b";
    const BenchScript t = emit_bench_script(injected, target("tpu-v5e"), {{{"bm", 8}}});
    EXPECT_TRUE(t.text.empty());
    EXPECT_NE(all(t.errors).find("operands[0].name:"), std::string::npos) << all(t.errors);
    EXPECT_NE(all(t.errors).find("params._tl_cdiv:"), std::string::npos) << all(t.errors);
    EXPECT_NE(all(t.errors).find("operands[2].name: 'b' is also the name of operands[1]"),
              std::string::npos)
        << all(t.errors);

    // A lambda parameter is checked where it is printed.
    Json m = elementwise("add", "cdiv(M, bm)");
    m["operands"][0]["index_map"] = "lambda _tl_i, j: (_tl_i, j)";
    const BenchScript u = emit_bench_script(load(m), target("tpu-v5e"), {{{"bm", 8}}});
    EXPECT_NE(all(u.errors).find("operands[0].index_map:1:8: '_tl_i' starts with '_tl'"),
              std::string::npos)
        << all(u.errors);
}

TEST(BenchScript, CandidatesAndFeaturesTheScriptCannotEmit) {
    const Spec spec = load(matmul_k_tail(true));
    const BenchScript none = emit_bench_script(spec, target("tpu-v5e"), {});
    EXPECT_NE(all(none.errors).find("no candidate"), std::string::npos) << all(none.errors);
    const BenchScript unknown = emit_bench_script(spec, target("tpu-v5e"), {{{"bq", 8}}});
    EXPECT_NE(all(unknown.errors).find("candidates[0]: 'bq' is not a param"), std::string::npos)
        << all(unknown.errors);
    const BenchScript zero = emit_bench_script(spec, target("tpu-v5e"), {{{"bk", 0}}});
    EXPECT_NE(all(zero.errors).find("candidates[0] (bk=0)"), std::string::npos) << all(zero.errors);

    Json sp = matmul_k_tail(true);
    sp["scalar_prefetch"] = Json::array({{{"name", "s"}, {"values", {0, 1, 2}}}});
    for (auto& op : sp["operands"]) {
        std::string map = op["index_map"];
        op["index_map"] = map.replace(map.find(':'), 1, ", s:");
    }
    const BenchScript prefetch = emit_bench_script(load(sp), target("tpu-v5e"), {{{"bk", 8}}});
    EXPECT_NE(all(prefetch.errors).find("scalar_prefetch"), std::string::npos)
        << all(prefetch.errors);

    Json opt = matmul_k_tail(true);
    opt["kernel"]["accumulator"] = "f32_scratch";
    Spec bad = load(opt);
    bad.kernel->options["accumulator"] = "f16_scratch";
    const BenchScript choice = emit_bench_script(bad, target("tpu-v5e"), {{{"bk", 8}}});
    EXPECT_NE(all(choice.errors).find("kernel.accumulator"), std::string::npos)
        << all(choice.errors);
}

std::string source_file(const std::string& path) {
    std::ifstream in(std::string(TILELENS_SOURCE_DIR) + "/" + path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

TEST(BenchScript, FixedPartsAreTheirPythonFilesByteForByte) {
    const std::string header = source_file("core/plan/python/bench_header.py");
    const std::string runtime = source_file("core/plan/python/bench_runtime.py");
    ASSERT_FALSE(header.empty());
    ASSERT_FALSE(runtime.empty());
    EXPECT_EQ(bench::bench_header(), header);
    EXPECT_EQ(bench::bench_runtime(), runtime);
    const BenchScript script = emit_bench_script(load(matmul_spec(64, 48, 32, 16, 16, 16)),
                                                 target("tpu-v5e"), {{{"bm", 32}}});
    ASSERT_TRUE(script.errors.empty()) << script.errors.front();
    EXPECT_EQ(script.text.rfind(header, 0), 0u) << "the script starts with the header";
    EXPECT_NE(script.text.find(runtime), std::string::npos);
}

}  // namespace
}  // namespace tl
