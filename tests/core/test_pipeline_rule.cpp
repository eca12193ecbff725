// The pipeline rule ("a block is copied in, or an output visit starts, when the block index
// changes") lives twice: in the analysis, which counts copies and visits without running
// anything, and in the interpreter's grid runner, which moves the data. These tests hold the
// two against each other, program by program, on every example and on random specs, so the
// picture and the numbers can never tell different stories (docs/semantics.md).
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "core/analysis/analysis.h"
#include "core/interp/interpreter.h"
#include "core/spec/instance.h"
#include "core/spec/spec_io.h"
#include "test_interp_util.h"

namespace tl {
namespace {

namespace fs = std::filesystem;

// Compares the interpreter's copies and visits with the analysis of the same instance;
// returns the number of operands compared (0 when the kernel cannot run here).
int compare_pipelines(const Instance& inst, const KernelSpec& kernel, Revisit revisit,
                      const std::string& what) {
    AnalysisOptions aopt;
    aopt.revisit = revisit;
    const Analysis a = analyse(inst, aopt);
    if (!a.errors().empty()) return 0;

    std::map<int, std::set<std::int64_t>> copied;  // input operand -> programs
    RunOptions opt;
    opt.reference = false;
    opt.on_input_copy = [&](int op, std::int64_t p) { copied[op].insert(p); };
    const RunResult run = interpret(inst, kernel, Uninitialized::Zero, revisit, 0, opt);
    if (!run.ok) {
        ADD_FAILURE() << what << ": the interpreter did not run: " << join(run.errors);
        return 0;
    }
    int compared = 0;
    for (const int op : run.input_operands) {
        std::set<std::int64_t> expected;
        for (std::int64_t p = 0; p < a.programs(); ++p)
            if (a.is_copy(p, op)) expected.insert(p);
        EXPECT_EQ(copied[op], expected) << what << ": copies of input " << op;
        EXPECT_EQ(static_cast<std::int64_t>(copied[op].size()), a.traffic(op).block_copies)
            << what << ": block copies of input " << op;
        ++compared;
    }
    for (std::size_t i = 0; i < run.output_operands.size(); ++i) {
        const int op = run.output_operands[i];
        const auto& visits = run.writers[i].visits;
        EXPECT_EQ(static_cast<std::int64_t>(visits.size()), a.traffic(op).visits)
            << what << ": visits of output " << op;
        std::set<std::int64_t> ends, expected;
        for (const auto& v : visits) ends.insert(v.last_program);
        for (std::int64_t p = 0; p < a.programs(); ++p)
            if (a.is_copy(p, op)) expected.insert(p);
        EXPECT_EQ(ends, expected) << what << ": write-backs of output " << op;
        // A visit is one run of programs, numbered in the order it started.
        std::vector<WriterRecord::Visit> by_start(visits.begin(), visits.end());
        std::sort(by_start.begin(), by_start.end(),
                  [](const auto& x, const auto& y) { return x.first_program < y.first_program; });
        std::int64_t wrong = -1;
        for (std::size_t v = 0; v < by_start.size() && wrong < 0; ++v)
            for (std::int64_t p = by_start[v].first_program; p <= by_start[v].last_program; ++p)
                if (a.visit_of(p, op) != static_cast<std::int64_t>(v)) wrong = p;
        EXPECT_EQ(wrong, -1) << what << ": the visit of program " << wrong << " of output " << op;
        ++compared;
    }
    return compared;
}

TEST(PipelineRule, AnalysisAndInterpreterAgreeOnEveryExample) {
    const fs::path examples = fs::path(TILELENS_SOURCE_DIR) / "resources" / "examples";
    int specs = 0;
    for (const auto& entry : fs::directory_iterator(examples)) {
        const std::string file = entry.path().filename().string();
        if (!file.ends_with(".tilelens.json")) continue;
        const LoadResult loaded = load_spec_file(entry.path().string());
        ASSERT_TRUE(loaded.spec) << file << ": " << join(loaded.errors);
        if (!loaded.spec->kernel) continue;
        const ResolveResult r = resolve(*loaded.spec);
        ASSERT_TRUE(r.instance) << file << ": " << join(r.errors);
        for (const Revisit revisit : {Revisit::Tpu, Revisit::Ideal})
            specs += compare_pipelines(*r.instance, *loaded.spec->kernel, revisit, file) > 0;
    }
    EXPECT_GE(specs, 20) << "most examples have a kernel the interpreter runs";
}

// Index maps for a rank-2 operand on a 2-D or 3-D grid: identity, swapped, revisits (an axis
// dropped), a constant, and strided or wrapped maps that come back to earlier blocks.
const std::vector<std::string> kMaps2 = {"lambda i, j: (i, j)",
                                         "lambda i, j: (j % {R}, i % {C})",
                                         "lambda i, j: (i, 0)",
                                         "lambda i, j: (0, 0)",
                                         "lambda i, j: ((i + j) % {R}, j % {C})",
                                         "lambda i, j: (i // 2, (j * 3) % {C})"};
const std::vector<std::string> kMaps3 = {"lambda i, j, k: (i, j)",
                                         "lambda i, j, k: (i, k % {C})",
                                         "lambda i, j, k: (k % {R}, j)",
                                         "lambda i, j, k: ((i + k) % {R}, j)",
                                         "lambda i, j, k: (0, (j + k) % {C})",
                                         "lambda i, j, k: (i // 2, j)"};

std::string fill(std::string map, std::int64_t rows, std::int64_t cols) {
    for (const auto& [key, v] : {std::pair{std::string("{R}"), rows}, {"{C}", cols}})
        for (auto at = map.find(key); at != std::string::npos; at = map.find(key))
            map.replace(at, key.size(), std::to_string(v));
    return map;
}

TEST(PipelineRule, AnalysisAndInterpreterAgreeOnRandomSpecs) {
    std::mt19937 rng(20261204);
    const auto pick = [&](std::int64_t lo, std::int64_t hi) {
        return std::uniform_int_distribution<std::int64_t>(lo, hi)(rng);
    };
    int compared = 0;
    for (int trial = 0; trial < 200; ++trial) {
        const bool three = pick(0, 1) == 1;
        const auto& maps = three ? kMaps3 : kMaps2;
        const std::int64_t bm = pick(1, 6), bn = pick(1, 6);
        const std::int64_t m = pick(1, 25), n = pick(1, 25);
        const std::int64_t rows = (m + bm - 1) / bm, cols = (n + bn - 1) / bn;
        Json grid = Json::array({pick(1, 5), pick(1, 5)});
        if (three) grid.push_back(pick(1, 4));
        Json j = {
            {"tilelens", 1}, {"name", "random"}, {"params", {{"M", m}, {"N", n}}}, {"grid", grid}};
        j["operands"] = Json::array();
        for (const char* name : {"x", "y", "o"}) {
            const std::string map = fill(
                maps[static_cast<std::size_t>(pick(0, std::int64_t(maps.size()) - 1))], rows, cols);
            j["operands"].push_back(test::operand(name, name[0] == 'o' ? "output" : "input",
                                                  {"M", "N"}, "float32", {bm, bn}, map));
        }
        j["kernel"] = {{"body", "add"}};
        const std::string what = "trial " + std::to_string(trial) + ": " + j.dump();
        const LoadResult loaded = load_spec(j.dump(), "random.tilelens.json");
        ASSERT_TRUE(loaded.spec) << what << "\n" << join(loaded.errors);
        const ResolveResult r = resolve(*loaded.spec);
        ASSERT_TRUE(r.instance) << what << "\n" << join(r.errors);
        const Revisit revisit = trial % 2 ? Revisit::Tpu : Revisit::Ideal;
        compared += compare_pipelines(*r.instance, *loaded.spec->kernel, revisit, what) > 0;
        if (HasFatalFailure()) return;
    }
    EXPECT_GE(compared, 190) << "nearly every random spec runs";
}

}  // namespace
}  // namespace tl
