// The closed form against the full per-program analysis: equal traffic for every operand,
// the same out-of-bounds verdict, and `clean` only where the full analysis finds no error —
// on every example and on thousands of random separable specs.
#include <gtest/gtest.h>

#include <random>
#include <string>

#include "core/analysis/analysis.h"
#include "core/analysis/separable.h"
#include "core/expr/expr.h"
#include "core/spec/spec_io.h"
#include "example_specs.h"

namespace tl {
namespace {

bool has_error(const Analysis& a) {
    if (!a.errors().empty()) return true;
    for (const Finding& f : a.findings())
        if (f.severity == Severity::Error) return true;
    return false;
}

bool has_kind(const Analysis& a, FindingKind kind, const std::string& operand) {
    for (const Finding& f : a.findings())
        if (f.kind == kind && f.operand == operand) return true;
    return false;
}

// Compares the two forms; returns whether the closed form applied.
bool agree(const Instance& inst, const AnalysisOptions& opt, const std::string& what,
           int* clean_count = nullptr) {
    const auto fast = analyse_separable(inst, opt);
    if (!fast) return false;
    const Analysis full = analyse(inst, opt);
    EXPECT_EQ(fast->programs, full.programs()) << what;
    for (std::size_t i = 0; i < inst.operands.size(); ++i) {
        const auto& ro = inst.operands[i];
        const OperandTraffic& want = full.traffic(static_cast<int>(i));
        const OperandTraffic& got = fast->ops[i].traffic;
        const std::string where = what + ", operand " + ro.name;
        EXPECT_EQ(got.block_copies, want.block_copies) << where;
        EXPECT_EQ(got.visits, want.visits) << where;
        EXPECT_EQ(got.hbm_bytes, want.hbm_bytes) << where;
        EXPECT_EQ(got.vmem_bytes, want.vmem_bytes) << where;
        EXPECT_EQ(got.elements_padded_on_read, want.elements_padded_on_read) << where;
        EXPECT_EQ(got.programs, want.programs) << where;
        if (!ro.manual()) {
            EXPECT_EQ(fast->ops[i].out_of_bounds,
                      has_kind(full, FindingKind::BlockOutOfBounds, ro.name))
                << where;
        }
    }
    EXPECT_EQ(fast->total_hbm_bytes(), full.total_hbm_bytes()) << what;
    if (fast->clean) {
        EXPECT_FALSE(has_error(full)) << what << ": the closed form says clean";
        if (clean_count) ++*clean_count;
    }
    return true;
}

TEST(Separable, AgreesWithTheFullAnalysisOnEveryExample) {
    int applied = 0, specs = 0;
    for (const std::string& path : test::example_spec_paths()) {
        const auto loaded = load_spec_file(path);
        if (!loaded.spec) continue;
        const ResolveResult r = resolve(*loaded.spec);
        if (!r.instance) continue;
        ++specs;
        for (const Revisit rv : {Revisit::Tpu, Revisit::Ideal})
            for (const bool gpu : {false, true}) {
                AnalysisOptions opt;
                opt.revisit = rv;
                opt.concurrent_grid = gpu;
                applied += agree(*r.instance, opt, path) ? 1 : 0;
            }
    }
    EXPECT_GT(specs, 20);
    EXPECT_GT(applied, 4 * 10);  // most examples have separable maps
}

// A random spec whose every index-map result reads at most one grid axis.
struct RandomSpec {
    std::mt19937 rng;
    int pick(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); }

    std::string result(int g, std::int64_t n, const char* const* names) {
        const std::string v = names[pick(0, g - 1)];
        switch (pick(0, 9)) {
            case 0:
                return std::to_string(pick(0, 2));
            case 1:
                return v + " + 1";
            case 2:
                return "2 * " + v;
            case 3:
                return v + " // 2";
            case 4:
                return v + " - 1";
            case 5:
                return std::to_string(n) + " - 1 - " + v;
            case 6:
                return "min(" + v + ", 2)";
            default:
                return v;
        }
    }

    ResolvedBlockDim block_dim(std::int64_t n) {
        switch (pick(0, 7)) {
            case 0:
                return {BlockDim::Kind::Squeezed, 1, 0, 0};
            case 1:
                return {BlockDim::Kind::Element, pick(1, 8), pick(0, 2), 0};
            case 2:
                return {BlockDim::Kind::Blocked, n, 0, 0};
            default:
                return {BlockDim::Kind::Blocked, pick(1, 12), 0, 0};
        }
    }

    // A well-formed spec: cdiv-sized grid axes, the output reading the leading axes once
    // each, the axes it ignores trailing and arbitrary; inputs read any axis.
    Instance tidy() {
        static const char* const names[] = {"i", "j", "k"};
        Instance inst;
        const int g = pick(1, 3);
        std::string params;
        for (int a = 0; a < g; ++a) {
            inst.grid.push_back(pick(1, 6));
            params += (a ? ", " : "") + std::string(names[a]);
        }
        const int out_rank = pick(1, g);
        for (int a = 0; a < g; ++a)
            inst.semantics.push_back(a < out_rank && pick(0, 1) ? Semantics::Parallel
                                                                : Semantics::Arbitrary);
        for (int o = 0; o < 3; ++o) {
            ResolvedOperand ro;
            ro.name = "op" + std::to_string(o);
            ro.role = o == 2 ? Role::Output : Role::Input;
            const int rank = ro.role == Role::Output ? out_rank : pick(1, 3);
            std::string map = "lambda " + params + ": (";
            for (int d = 0; d < rank; ++d) {
                const int a = ro.role == Role::Output ? d : pick(0, g - 1);
                const std::int64_t b = pick(1, 8), grid = inst.grid[static_cast<std::size_t>(a)];
                ro.shape.push_back(
                    pick(static_cast<int>((grid - 1) * b + 1), static_cast<int>(grid * b)));
                ro.block.push_back({BlockDim::Kind::Blocked, b, 0, 0});
                map += (d ? ", " : "") + std::string(names[a]);
            }
            map += rank == 1 ? ",)" : ")";
            ro.index_map = std::get<expr::Compiled>(expr::compile_lambda(map, {}, g, rank));
            inst.operands.push_back(std::move(ro));
        }
        return inst;
    }

    Instance make() {
        if (pick(0, 1)) return tidy();
        static const char* const names[] = {"i", "j", "k"};
        Instance inst;
        const int g = pick(1, 3);
        std::string params;
        for (int a = 0; a < g; ++a) {
            inst.grid.push_back(pick(1, 6));
            inst.semantics.push_back(pick(0, 1) ? Semantics::Parallel : Semantics::Arbitrary);
            params += (a ? ", " : "") + std::string(names[a]);
        }
        const int n_ops = pick(1, 3);
        for (int o = 0; o < n_ops; ++o) {
            ResolvedOperand ro;
            ro.name = "op" + std::to_string(o);
            ro.role = (o == n_ops - 1 || pick(0, 2) == 0) ? Role::Output : Role::Input;
            const int rank = pick(1, 3);
            std::string map = "lambda " + params + ": (";
            for (int d = 0; d < rank; ++d) {
                const std::int64_t n = pick(1, 30);
                ro.shape.push_back(n);
                ro.block.push_back(block_dim(n));
                map += (d ? ", " : "") + result(g, pick(1, 8), names);
            }
            map += rank == 1 ? ",)" : ")";
            auto compiled = expr::compile_lambda(map, {}, g, rank);
            if (auto* c = std::get_if<expr::Compiled>(&compiled)) ro.index_map = *c;
            ro.dtype =
                pick(0, 4) == 0 ? DType::Int4 : (pick(0, 1) ? DType::Float32 : DType::BFloat16);
            ro.buffer_count = pick(1, 3);
            if (ro.role == Role::Output) {
                ro.discard = pick(0, 9) == 0;
                ro.revisit = pick(0, 5) == 0 ? OutputRevisit::Any : OutputRevisit::Immediate;
                if (o > 0 && pick(0, 9) == 0) ro.alias_of = 0;
            }
            if (pick(0, 19) == 0) ro.memory_space = MemorySpace::Any;
            inst.operands.push_back(std::move(ro));
        }
        return inst;
    }
};

TEST(Separable, AgreesWithTheFullAnalysisOnRandomSeparableSpecs) {
    RandomSpec gen{std::mt19937(20261204)};
    int applied = 0, clean = 0, full_clean = 0;
    for (int i = 0; i < 4000; ++i) {
        const Instance inst = gen.make();
        AnalysisOptions opt;
        opt.revisit = gen.pick(0, 3) == 0 ? Revisit::Ideal : Revisit::Tpu;
        opt.concurrent_grid = gen.pick(0, 4) == 0;
        if (agree(inst, opt, "random spec " + std::to_string(i), &clean)) {
            ++applied;
            full_clean += has_error(analyse(inst, opt)) ? 0 : 1;
        }
    }
    // Every spec here is separable; a failing map (e.g. a result past the array) still is.
    EXPECT_EQ(applied, 4000);
    // Enough of both verdicts to mean something, and `clean` misses few clean specs.
    EXPECT_GT(clean, 200) << full_clean;
    EXPECT_LT(clean, 4000 - 200);
    EXPECT_GE(clean, full_clean * 9 / 10) << clean << " of " << full_clean << " clean specs";
}

TEST(Separable, DeclinesMapsThatMixAxesOrReadTables) {
    Instance inst;
    inst.grid = {4, 4};
    inst.semantics.assign(2, Semantics::Arbitrary);
    ResolvedOperand o;
    o.name = "o";
    o.role = Role::Output;
    o.shape = {16};
    o.block = {{BlockDim::Kind::Blocked, 1, 0, 0}};
    o.index_map =
        std::get<expr::Compiled>(expr::compile_lambda("lambda i, j: (4 * i + j,)", {}, 2, 1));
    inst.operands.push_back(o);
    EXPECT_FALSE(analyse_separable(inst).has_value());
    // The same coverage as separable maps: (i, j) over a 2-D output.
    inst.operands[0].shape = {4, 4};
    inst.operands[0].block = {{BlockDim::Kind::Blocked, 1, 0, 0},
                              {BlockDim::Kind::Blocked, 1, 0, 0}};
    inst.operands[0].index_map =
        std::get<expr::Compiled>(expr::compile_lambda("lambda i, j: (i, j)", {}, 2, 2));
    const auto fast = analyse_separable(inst);
    ASSERT_TRUE(fast.has_value());
    EXPECT_TRUE(fast->clean);
    EXPECT_EQ(fast->ops[0].distinct_blocks, 16);
    EXPECT_EQ(fast->ops[0].revisits, 0);
}

TEST(Separable, SeesRevisitsRacesAndTheFloorGridTail) {
    Instance inst;
    inst.grid = {3, 2};  // M = 10 with floor(10 / 3) = 3 blocks of 3: element 9 is missed
    inst.semantics = {Semantics::Parallel, Semantics::Parallel};
    ResolvedOperand o;
    o.name = "o";
    o.role = Role::Output;
    o.shape = {10};
    o.block = {{BlockDim::Kind::Blocked, 3, 0, 0}};
    o.index_map = std::get<expr::Compiled>(expr::compile_lambda("lambda i, j: (i,)", {}, 2, 1));
    inst.operands.push_back(o);
    const auto fast = analyse_separable(inst);
    ASSERT_TRUE(fast.has_value());
    EXPECT_FALSE(fast->ops[0].covered);
    EXPECT_TRUE(fast->ops[0].race);       // axis j is parallel and the map ignores it
    EXPECT_EQ(fast->ops[0].revisits, 0);  // (i, 0) and (i, 1) are consecutive: one visit
    EXPECT_FALSE(fast->clean);
    inst.grid = {4, 2};
    inst.semantics = {Semantics::Parallel, Semantics::Arbitrary};
    EXPECT_TRUE(analyse_separable(inst)->clean);
    inst.operands[0].index_map =
        std::get<expr::Compiled>(expr::compile_lambda("lambda i, j: (j,)", {}, 2, 1));
    inst.operands[0].shape = {6};
    inst.grid = {2, 2};
    const auto revisit = analyse_separable(inst);
    EXPECT_EQ(revisit->ops[0].revisits, 2);  // blocks 0 and 1 visited again under i = 1
    EXPECT_TRUE(revisit->ops[0].race);
    EXPECT_FALSE(revisit->clean);
}

}  // namespace
}  // namespace tl
