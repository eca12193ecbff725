// The proof for every size: quasi-linear growth of expressions, and the verdict, first
// failure and failing sizes against the range proof (every size analysed) on the examples
// and on random specs.
#include <gtest/gtest.h>

#include <functional>
#include <random>
#include <string>

#include "core/audit/range_proof.h"
#include "core/audit/symbolic_proof.h"
#include "core/expr/expr.h"
#include "core/expr/quasi_linear.h"
#include "core/spec/spec_io.h"
#include "example_specs.h"

namespace tl {
namespace {

using expr::QuasiLinear;

const std::map<std::string, std::int64_t> kParams{{"bm", 128}, {"K", 256}, {"M", 300}};

std::optional<QuasiLinear> growth(const std::string& text) {
    return expr::quasi_linear(text, kParams, "M");
}

TEST(QuasiLinear, SlopeAndPeriodOfSizes) {
    auto q = growth("cdiv(M, bm)");
    ASSERT_TRUE(q);
    EXPECT_EQ(q->num, 1);
    EXPECT_EQ(q->den, 128);
    EXPECT_EQ(q->period, 128);
    q = growth("M // 128 + 2 * K");
    ASSERT_TRUE(q);
    EXPECT_EQ(q->den, 128);
    q = growth("M % 6");
    ASSERT_TRUE(q);
    EXPECT_EQ(q->num, 0);
    EXPECT_EQ(q->period, 6);
    q = growth("3 * M - 1");
    ASSERT_TRUE(q && q->affine());
    EXPECT_EQ(q->num, 3);
    q = growth("max(M // 2, M // 2 + 1)");
    ASSERT_TRUE(q);
    EXPECT_EQ(q->period, 2);
    EXPECT_TRUE(growth("K")->constant());
    EXPECT_FALSE(growth("M * M"));
    EXPECT_FALSE(growth("min(M, 128)"));  // a kink, not a period
    EXPECT_FALSE(growth("M // (M - 1)"));
    EXPECT_FALSE(growth("unknown + M"));
}

TEST(QuasiLinear, IndexMapResultsPerGridIndex) {
    const std::string map = "lambda i, j, k: (2 * i + 1, k, 7)";
    auto q = expr::quasi_linear_result(map, kParams, 0, 0);
    ASSERT_TRUE(q && q->affine());
    EXPECT_EQ(q->num, 2);
    EXPECT_FALSE(expr::quasi_linear_result(map, kParams, 1, 0));  // reads k, not i
    EXPECT_TRUE(expr::quasi_linear_result(map, kParams, 2, 1)->constant());
}

// f(x + T) * den == f(x) * den + num * T wherever the analysis claims growth (num / den, T).
TEST(QuasiLinear, ClaimsHoldOnRandomExpressions) {
    std::mt19937 rng(7);
    auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
    std::function<std::string(int)> term = [&](int depth) -> std::string {
        if (depth == 0 || pick(0, 3) == 0) return pick(0, 2) ? "M" : std::to_string(pick(-9, 9));
        const std::string a = term(depth - 1), c = std::to_string(pick(1, 12));
        switch (pick(0, 7)) {
            case 0:
                return "(" + a + " + " + term(depth - 1) + ")";
            case 1:
                return "(" + a + " - " + term(depth - 1) + ")";
            case 2:
                return "(" + c + " * " + a + ")";
            case 3:
                return "(" + a + " // " + (pick(0, 3) ? c : "-" + c) + ")";
            case 4:
                return "(" + a + " % " + c + ")";
            case 5:
                return "cdiv(" + a + ", " + c + ")";
            case 6:
                return "max(" + a + ", " + term(depth - 1) + ")";
            default:
                return "min(" + a + ", " + a + " + " + c + ")";
        }
    };
    int claimed = 0;
    for (int n = 0; n < 3000; ++n) {
        const std::string text = term(4);
        const auto q = expr::quasi_linear(text, {}, "M");
        if (!q) continue;
        ++claimed;
        expr::Env env;
        auto fn = expr::compile_lambda("lambda M: (" + text + ")", env, 1, 1);
        ASSERT_TRUE(std::holds_alternative<expr::Compiled>(fn)) << text;
        const auto& f = std::get<expr::Compiled>(fn);
        for (std::int64_t x = -40; x < 200; x += 3) {
            std::int64_t a = 0, b = 0, y = x + q->period;
            ASSERT_TRUE(f.eval(&x, &a) && f.eval(&y, &b)) << text;
            EXPECT_EQ(b * q->den, a * q->den + q->num * q->period) << text << " at " << x;
        }
    }
    EXPECT_GT(claimed, 1000);
}

// The symbolic verdict against every size from 1 to `bound` analysed.
void expect_agrees(const Spec& spec, const std::string& param, const SymbolicProofOptions& opt,
                   const SymbolicProof& sym, std::int64_t bound, const std::string& what) {
    RangeProofOptions ro;
    ro.bound = bound;
    ro.program_budget = std::int64_t{1} << 26;
    ro.revisit = opt.revisit;
    ro.concurrent_grid = opt.concurrent_grid;
    ro.jobs = 1;
    const auto range = prove_ranges(spec, {{param, 0}}, ro);
    ASSERT_EQ(range.size(), 1u);
    const RangeProof& r = range[0];
    if (sym.first_failure && *sym.first_failure <= r.to) {
        EXPECT_EQ(r.first_failure, sym.first_failure) << what;
    } else {
        EXPECT_FALSE(r.first_failure) << what << ": range proof fails at " << *r.first_failure;
    }
}

// The symbolic proof answers for most params of the examples, and finds failing ones.
TEST(SymbolicProof, ProvesMostParamsOfTheExamples) {
    int proved = 0, failing = 0;
    for (const std::string& path : test::example_spec_paths()) {
        const auto loaded = load_spec_file(path);
        if (!loaded.spec) continue;
        for (const auto& [param, value] : loaded.spec->params)
            for (const Revisit rv : {Revisit::Tpu, Revisit::Ideal})
                if (const auto sym = prove_every_size(*loaded.spec, param, {rv, false})) {
                    ++proved;
                    failing += sym->holds ? 0 : 1;
                }
    }
    EXPECT_GT(proved, 20);
    EXPECT_GT(failing, 2);
}

// One example per test: the range proofs are the slowest unit tests under the sanitizers,
// and separate tests spread them over the cores.
class SymbolicProofExample : public ::testing::TestWithParam<std::string> {};

TEST_P(SymbolicProofExample, AgreesWithTheRangeProof) {
    const std::string& path = GetParam();
    const auto loaded = load_spec_file(path);
    ASSERT_TRUE(loaded.spec) << path;
    for (const auto& [param, value] : loaded.spec->params)
        for (const Revisit rv : {Revisit::Tpu, Revisit::Ideal}) {
            const SymbolicProofOptions opt{rv, false};
            if (const auto sym = prove_every_size(*loaded.spec, param, opt))
                expect_agrees(*loaded.spec, param, opt, *sym, 700, path + " " + param);
        }
}

INSTANTIATE_TEST_SUITE_P(Examples, SymbolicProofExample,
                         ::testing::ValuesIn(test::example_spec_paths()),
                         [](const ::testing::TestParamInfo<std::string>& info) {
                             return test::example_test_name(info.param);
                         });

TEST(SymbolicProof, CdivCoversEveryMAndFloorFailsOffTheBlock) {
    const auto loaded = load_spec_file(std::string(TILELENS_SOURCE_DIR) +
                                       "/resources/examples/matmul-rect.tilelens.json");
    ASSERT_TRUE(loaded.spec);
    auto sym = prove_every_size(*loaded.spec, "M");
    ASSERT_TRUE(sym);
    EXPECT_TRUE(sym->holds);
    EXPECT_FALSE(sym->first_failure);
    Spec floor = *loaded.spec;
    floor.grid[1] = std::string("N // bn");
    sym = prove_every_size(floor, "N");
    ASSERT_TRUE(sym);
    EXPECT_FALSE(sym->holds);
    EXPECT_EQ(sym->first_failure, 1);  // N = 1: no program at all
    EXPECT_EQ(sym->failing_sizes, "N % 128 != 0");
}

// Random specs over one param M: grids, shapes and maps in the supported form.
struct RandomSpec {
    std::mt19937 rng;
    int pick(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); }

    std::string size_of(const std::string& b) {
        switch (pick(0, 6)) {
            case 0:
                return "M // " + b;
            case 1:
                return "cdiv(M, " + b + ") + " + std::to_string(pick(-1, 1));
            case 2:
                return "cdiv(M + " + std::to_string(pick(1, 5)) + ", " + b + ")";
            case 3:
                return std::to_string(pick(1, 4));
            default:
                return "cdiv(M, " + b + ")";
        }
    }

    Spec make() {
        Spec s;
        s.name = "random";
        const int b1 = pick(1, 9), b2 = pick(1, 5);
        s.params = {{"M", 20}, {"b", b1}, {"c", b2}};
        const int g = pick(1, 3);
        static const char* const names[] = {"i", "j", "k"};
        std::string args;
        for (int a = 0; a < g; ++a) {
            const std::string size = a == 0 ? size_of("b") : pick(0, 1) ? "cdiv(M, c)" : "2";
            s.grid.emplace_back(size);
            args += (a ? ", " : "") + std::string(names[a]);
        }
        std::vector<Semantics> sem;
        for (int a = 0; a < g; ++a)
            sem.push_back(pick(0, 1) ? Semantics::Parallel : Semantics::Arbitrary);
        s.dimension_semantics = sem;
        for (int o = 0; o < 2; ++o) {
            OperandSpec op;
            op.name = o ? "out" : "x";
            op.role = o ? Role::Output : Role::Input;
            op.discard = o && pick(0, 9) == 0;
            if (o && pick(0, 7) == 0) op.revisit = OutputRevisit::Any;
            const int rank = pick(1, 2);
            std::string map = "lambda " + args + ": (";
            std::vector<BlockDim> blocks;
            for (int d = 0; d < rank; ++d) {
                const bool first = d == 0;
                BlockDim bd;
                if (first) {
                    op.shape.emplace_back(std::string(pick(0, 3) ? "M" : "M + 3"));
                    bd.size = std::string("b");
                } else {
                    op.shape.emplace_back(std::int64_t{pick(1, 12)});
                    bd.size = std::int64_t{pick(1, 6)};
                }
                if (pick(0, 5) == 0) bd.kind = BlockDim::Kind::Squeezed;
                blocks.push_back(bd);
                // Mostly: the first dimension on axis 0 (sized by M), the others fixed.
                const std::string v = names[pick(0, 2) ? 0 : pick(0, g - 1)];
                if (!first && pick(0, 9) < 7) {
                    map += std::string(", ") + "0";
                    continue;
                }
                std::string r;
                switch (pick(0, 6)) {
                    case 0:
                        r = std::to_string(pick(0, 1));
                        break;
                    case 1:
                        r = v + " + 1";
                        break;
                    case 2:
                        r = "2 * " + v;
                        break;
                    case 3:
                        r = "3 - " + v;
                        break;
                    default:
                        r = v;
                }
                map += (d ? ", " : "") + r;
            }
            op.block_shape = blocks;
            op.index_map = map + (rank == 1 ? ",)" : ")");
            s.operands.push_back(std::move(op));
        }
        return s;
    }
};

// 1500 random specs, each shard checking every third against the range proof; the counts
// are over all of them.
class SymbolicProofRandom : public ::testing::TestWithParam<int> {};

TEST_P(SymbolicProofRandom, AgreesWithTheRangeProof) {
    constexpr int kShards = 3;
    RandomSpec gen{std::mt19937(42)};
    int proved = 0, holds = 0, described = 0;
    for (int n = 0; n < 1500; ++n) {
        const Spec spec = gen.make();
        const SymbolicProofOptions opt{gen.pick(0, 3) ? Revisit::Tpu : Revisit::Ideal,
                                       gen.pick(0, 5) == 0};
        const auto sym = prove_every_size(spec, "M", opt);
        if (!sym) continue;
        ++proved;
        holds += sym->holds ? 1 : 0;
        described += sym->failing_sizes ? 1 : 0;
        if (n % kShards != GetParam()) continue;
        expect_agrees(spec, "M", opt, *sym, 150,
                      "random spec " + std::to_string(n) + ": " + save_spec(spec));
        if (HasFailure()) return;
    }
    EXPECT_GT(proved, 1000);
    EXPECT_GT(holds, 50);
    EXPECT_GT(described, 100);
}

INSTANTIATE_TEST_SUITE_P(Shards, SymbolicProofRandom, ::testing::Values(0, 1, 2));

}  // namespace
}  // namespace tl
