// Hints that are true: for each fix a finding proposes on the examples, the test applies the
// fix as the message states it (reading the numbers and axes from the message itself) and
// audits again: the finding must be gone.
#include <gtest/gtest.h>

#include <regex>
#include <string>

#include "core/audit/audit.h"
#include "core/spec/spec_io.h"

namespace tl {
namespace {

Spec example(const std::string& path) {
    const auto r = load_spec_file(std::string(TILELENS_SOURCE_DIR) + "/resources/examples/" + path);
    EXPECT_TRUE(r.spec) << join(r.errors);
    return r.spec.value_or(Spec{});
}

std::vector<Finding> findings(const Spec& spec) {
    AuditOptions opt;
    opt.stage = AuditStage::Indexing;
    opt.sweep = SweepMode::Off;
    return run_audit(spec, opt).findings;
}

// The message of the first error of `kind` (on `operand` when given); empty when none.
std::string hint(const Spec& spec, FindingKind kind, const std::string& operand = {}) {
    for (const auto& f : findings(spec))
        if (f.kind == kind && f.severity == Severity::Error &&
            (operand.empty() || f.operand == operand))
            return f.message;
    return {};
}

std::smatch must_match(const std::string& text, const std::string& pattern) {
    std::smatch m;
    EXPECT_TRUE(std::regex_search(text, m, std::regex(pattern))) << pattern << " in: " << text;
    return m;
}

// The results of `lambda ...: (a, b, c)` split at top-level commas.
std::vector<std::string> results_of(const std::string& map) {
    std::string body = map.substr(map.find(':') + 1);
    body = body.substr(body.find('(') + 1);
    body = body.substr(0, body.rfind(')'));
    std::vector<std::string> out(1);
    int depth = 0;
    for (char c : body) {
        depth += c == '(' || c == '[';
        depth -= c == ')' || c == ']';
        if (c == ',' && depth == 0)
            out.emplace_back();
        else
            out.back() += c;
    }
    return out;
}

std::string with_results(const std::string& map, const std::vector<std::string>& results) {
    std::string out = map.substr(0, map.find(':') + 1) + " (";
    for (std::size_t i = 0; i < results.size(); ++i) out += (i ? ", " : "") + results[i];
    return out + ")";
}

TEST(HintsApply, ElementOffsetsDividedByTheBlockSize) {
    Spec s = example("element-offsets.tilelens.json");
    for (auto& op : s.operands) {
        const std::string h = hint(s, FindingKind::BlockOutOfBounds, op.name);
        if (h.empty()) continue;
        // "... on dimension 1 ... (divide by the block size: 128 // 128 = 1)"
        const auto dim = std::stoi(must_match(h, R"(on dimension (\d+))")[1]);
        const auto size = must_match(h, R"(divide by the block size: \d+ // (\d+))")[1].str();
        auto r = results_of(*op.index_map);
        r[static_cast<std::size_t>(dim)] = "(" + r[static_cast<std::size_t>(dim)] + ") // " + size;
        op.index_map = with_results(*op.index_map, r);
        // One dimension at a time, as the message names one.
        while (!hint(s, FindingKind::BlockOutOfBounds, op.name).empty()) {
            const std::string h2 = hint(s, FindingKind::BlockOutOfBounds, op.name);
            const auto d2 = std::stoi(must_match(h2, R"(on dimension (\d+))")[1]);
            const auto b2 = must_match(h2, R"(divide by the block size: \d+ // (\d+))")[1].str();
            auto r2 = results_of(*op.index_map);
            r2[static_cast<std::size_t>(d2)] =
                "(" + r2[static_cast<std::size_t>(d2)] + ") // " + b2;
            op.index_map = with_results(*op.index_map, r2);
        }
    }
    for (const auto& f : findings(s)) EXPECT_NE(f.severity, Severity::Error) << f.message;
}

TEST(HintsApply, TheReductionAxisMovedLast) {
    Spec s = example("reduction-wrong-axis.tilelens.json");
    const std::string h = hint(s, FindingKind::NonconsecutiveRevisit);
    const int axis = std::stoi(must_match(h, R"(last grid axis \(grid axis (\d+))")[1]);
    // Move the axis last: the grid, its semantics, every lambda's parameters, the body's options.
    const auto move_last = [axis](auto& v) {
        auto x = v[static_cast<std::size_t>(axis)];
        v.erase(v.begin() + axis);
        v.push_back(x);
    };
    const int rank = static_cast<int>(s.grid.size());
    move_last(s.grid);
    if (s.dimension_semantics) move_last(*s.dimension_semantics);
    for (auto& op : s.operands) {
        if (!op.index_map) continue;
        const std::string& m = *op.index_map;
        const auto colon = m.find(':');
        std::vector<std::string> params(1);
        for (char c : m.substr(6, colon - 6))
            if (c == ',')
                params.emplace_back();
            else if (c != ' ')
                params.back() += c;
        move_last(params);
        std::string head = "lambda";
        for (std::size_t i = 0; i < params.size(); ++i) head += (i ? ", " : " ") + params[i];
        op.index_map = head + m.substr(colon);
    }
    for (const char* key : {"reduction_axis", "init_axis"})
        if (s.kernel && s.kernel->options.contains(key) && s.kernel->options[key] == axis)
            s.kernel->options[key] = rank - 1;
    EXPECT_TRUE(hint(s, FindingKind::NonconsecutiveRevisit).empty());
    EXPECT_TRUE(hint(s, FindingKind::MultiplyWrittenOutput).empty());
}

TEST(HintsApply, TheRacingAxisMarkedArbitrary) {
    Spec s = example("reduction-parallel.tilelens.json");
    const std::string h = hint(s, FindingKind::ParallelRace);
    const int axis = std::stoi(must_match(h, R"(Mark axis (\d+) arbitrary)")[1]);
    (*s.dimension_semantics)[static_cast<std::size_t>(axis)] = Semantics::Arbitrary;
    EXPECT_TRUE(hint(s, FindingKind::ParallelRace).empty());
    EXPECT_TRUE(hint(s, FindingKind::ContractViolation).empty());
}

TEST(HintsApply, TheNearestValidBlockSize) {
    Spec s = example("tpu-invalid-block.tilelens.json");
    for (int guard = 0; guard < 8; ++guard) {
        const std::string h = hint(s, FindingKind::ContractViolation);
        if (h.empty()) break;
        // "operand x: block (100, 128) float32: the second-to-last block dimension 100 ...;
        // nearest valid: 96 or 104"
        const std::string name = must_match(h, R"(operand (\w+):)")[1];
        const bool second = h.find("second-to-last") != std::string::npos;
        const std::string size = must_match(h, R"(nearest valid: (\d+))")[1];
        for (auto& op : s.operands) {
            if (op.name != name || !op.block_shape) continue;
            auto& dims = *op.block_shape;
            dims[dims.size() - (second ? 2 : 1)].size = SizeValue{std::stoll(size)};
        }
    }
    EXPECT_TRUE(hint(s, FindingKind::ContractViolation).empty());
}

TEST(HintsApply, CdivForAFloorDivisionGrid) {
    Spec s = example("matmul-floor-grid-rect.tilelens.json");
    for (int guard = 0; guard < 4; ++guard) {
        const std::string h = hint(s, FindingKind::UncoveredOutput);
        if (h.empty()) break;
        const auto m = must_match(h, R"(grid axis (\d+) has .*; use (cdiv\([^)]*\)))");
        s.grid[static_cast<std::size_t>(std::stoi(m[1]))] = SizeValue{m[2].str()};
    }
    EXPECT_TRUE(hint(s, FindingKind::UncoveredOutput).empty());
}

TEST(HintsApply, SwappedAxesAreSwappedBackNotMadeCdiv) {
    // M = 320 rows need 3 blocks and 320 // 128 = 2 matches the axis the rows follow, so a
    // floor-division guess would fit the numbers; the columns follow the 3-program axis.
    const LoadResult loaded = load_spec(R"JSON({"tilelens": 2, "name": "swapped",
        "params": {"M": 320, "N": 256, "bm": 128, "bn": 128},
        "grid": ["cdiv(N, bn)", "cdiv(M, bm)"],
        "operands": [
          {"name": "x", "role": "input", "shape": ["M", "N"], "dtype": "float32",
           "block_shape": ["bm", "bn"], "index_map": "lambda j, i: (i, j)"},
          {"name": "o", "role": "output", "shape": ["M", "N"], "dtype": "float32",
           "block_shape": ["bm", "bn"], "index_map": "lambda j, i: (j, i)"}],
        "target": "interpret"})JSON",
                                        "swapped.tilelens.json");
    ASSERT_TRUE(loaded.spec) << join(loaded.errors);
    Spec s = *loaded.spec;
    const std::string h = hint(s, FindingKind::UncoveredOutput, "o");
    EXPECT_EQ(h.find("floor division"), std::string::npos) << h;
    const auto m = must_match(h, R"(swap results (\d+) and (\d+) of the index map)");
    auto& map = *s.operands[1].index_map;
    auto results = results_of(map);
    std::swap(results[std::stoul(m[1])], results[std::stoul(m[2])]);
    map = with_results(map, results);
    EXPECT_TRUE(hint(s, FindingKind::UncoveredOutput, "o").empty()) << map;
    EXPECT_TRUE(hint(s, FindingKind::BlockOutOfBounds, "o").empty()) << map;
}

TEST(HintsApply, RaisingTheVmemLimitAsAdvised) {
    Spec s = example("matmul-rect.tilelens.json");
    s.params = {{"M", 4096}, {"N", 4096}, {"K", 4096}, {"bm", 2048}, {"bn", 2048}, {"bk", 512}};
    const std::string h = hint(s, FindingKind::ContractViolation);
    const std::string at_least = must_match(h, R"(vmem_limit_bytes.* to at least (\d+))")[1];
    s.target_overrides["vmem_limit_bytes"] = std::stoll(at_least);
    EXPECT_TRUE(hint(s, FindingKind::ContractViolation).empty());
    // And one byte less is not enough: the figure is exact.
    s.target_overrides["vmem_limit_bytes"] = std::stoll(at_least) - 1;
    EXPECT_FALSE(hint(s, FindingKind::ContractViolation).empty());
}

TEST(HintsApply, ATableDrivenRevisitMarkedRevisitAny) {
    Spec s = example("real/bug-docs-sparse-dsd-ungrouped-rows.tilelens.json");
    const std::string h = hint(s, FindingKind::NonconsecutiveRevisit);
    ASSERT_NE(h.find("scalar-prefetch table"), std::string::npos) << h;
    ASSERT_NE(h.find("revisit \"any\""), std::string::npos) << h;
    for (auto& op : s.operands)
        if (op.role == Role::Output) op.revisit = OutputRevisit::Any;
    EXPECT_TRUE(hint(s, FindingKind::NonconsecutiveRevisit).empty());
    EXPECT_TRUE(hint(s, FindingKind::MultiplyWrittenOutput).empty());
}

}  // namespace
}  // namespace tl
