// The planner's time model against published kernel times (docs/report-format.md, "The time
// model"): a FIT set, which the model's constants were fitted to, a HELD-OUT set, which was
// never used to choose them, and RANK tables, of which only the order is compared. Prints every
// case's measured and modelled time and their ratio, each set's geometric-mean and worst ratio, and
// each table's Spearman rank correlation with its ties; all computed from the model at run time.
#include <benchmark/benchmark.h>

#include <cmath>
#include <cstdio>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/plan/tile_plan.h"
#include "core/spec/instance.h"
#include "core/spec/spec_io.h"
#include "core/target/target.h"
#include "time_model_cases.h"

namespace {

using tl::bench::TimeModelCase;

struct ModelledCase {
    TimeModelCase row;
    double modelled_s = 0;  // the kernel and, where the row says so, the operation's copies
    double copies_s = 0;
    std::string limited_by;
};

// The time to read and write every operand once at the bandwidth of the device XLA runs the
// operation on (one core of a chip whose cores are separate devices): the layout copies an
// operation makes around its kernel.
double copies_time(const TimeModelCase& c) {
    if (c.copies == 0) return 0;
    const auto spec = tl::load_spec(tl::bench::time_model_spec(c).dump(), c.table);
    const auto inst = spec.spec ? tl::resolve(*spec.spec).instance : std::nullopt;
    const tl::TargetProfile* t = tl::builtin_targets().find(c.target);
    if (!inst || !t || !t->hbm_bytes_per_s) return 0;
    double bytes = 0;
    for (const auto& op : inst->operands)
        bytes += 2.0 * static_cast<double>(tl::dtype_storage_bytes(op.dtype, op.elements()));
    const int cores = t->cores.value_or(1);
    const double bw = *t->hbm_bytes_per_s / (t->megacore || cores <= 1 ? 1 : cores);
    return bytes / bw;
}

// The spec's own tiling as the planner models it.
std::optional<tl::PlanCandidate> modelled_own_tiling(const TimeModelCase& c, std::string& error) {
    const tl::LoadResult loaded =
        tl::load_spec(tl::bench::time_model_spec(c).dump(), c.table + ".tilelens.json");
    if (!loaded.spec) {
        error = "line " + std::to_string(c.line) + ": the spec does not load";
        return std::nullopt;
    }
    // Only the spec's own tiling is needed, and the planner examines it past any budget.
    tl::PlanOptions one;
    one.max_combinations = 1;
    const tl::PlanOutcome out = tl::plan_tiles(*loaded.spec, one);
    if (out.plan)
        for (const auto& cand : out.plan->candidates)
            if (cand.is_spec && cand.modelled_s) return cand;
    error = "line " + std::to_string(c.line) + ": the spec's own tiling is not modelled";
    const auto own = tl::bench::time_model_spec(c)["params"];
    if (out.plan)
        for (const auto& r : out.plan->rejected) {
            bool is_own = true;
            for (const auto& [name, value] : r.params)
                is_own = is_own && own.contains(name) && own[name] == value;
            if (is_own) error += " (" + r.rule + ": " + r.message + ")";
        }
    for (const auto& e : out.errors) error += " (" + e.message + ")";
    return std::nullopt;
}

double geomean_ratio(const std::vector<ModelledCase>& cases) {
    double log_sum = 0;
    for (const auto& c : cases) log_sum += std::log(c.modelled_s / c.row.measured_s);
    return std::exp(log_sum / static_cast<double>(cases.size()));
}

void print_set(const std::string& set, const std::vector<ModelledCase>& cases) {
    const ModelledCase* worst = nullptr;
    int within = 0;
    for (const auto& c : cases) {
        const double r = c.modelled_s / c.row.measured_s;
        within += r <= 1.5 && r >= 1 / 1.5;
        if (!worst ||
            std::abs(std::log(r)) > std::abs(std::log(worst->modelled_s / worst->row.measured_s)))
            worst = &c;
    }
    std::printf(
        "%s: %zu cases, geometric-mean ratio %.2f, worst %.2f (%s line %d), %d within 1.5x\n",
        set.c_str(), cases.size(), geomean_ratio(cases), worst->modelled_s / worst->row.measured_s,
        worst->row.table.c_str(), worst->row.line, within);
}

// Spearman's rho of modelled against measured, with the pairs the model ties (equal to nine
// digits) and those it orders against the measurements.
void print_rank_table(const std::string& table, const std::vector<ModelledCase>& cases) {
    std::vector<double> modelled, measured;
    for (const auto& c : cases) {
        char digits[32];
        std::snprintf(digits, sizeof digits, "%.9g", c.modelled_s);
        modelled.push_back(std::stod(digits));
        measured.push_back(c.row.measured_s);
    }
    int pairs = 0, tied = 0, wrong = 0;
    for (std::size_t a = 0; a < cases.size(); ++a)
        for (std::size_t b = a + 1; b < cases.size(); ++b) {
            ++pairs;
            if (modelled[a] == modelled[b])
                ++tied;
            else if ((modelled[a] < modelled[b]) != (measured[a] < measured[b]))
                ++wrong;
        }
    std::printf(
        "  %s: Spearman %.2f over %zu rows; of %d pairs the model ties %d and "
        "orders %d against the measurements\n",
        table.c_str(), tl::bench::spearman(modelled, measured), cases.size(), pairs, tied, wrong);
}

void BM_TimeModelAgainstPublishedTimes(benchmark::State& state) {
    std::vector<std::string> errors;
    const auto rows = tl::bench::read_time_model_cases(
        std::string(TILELENS_SOURCE_DIR) + "/tests/bench/data/time_model_cases.txt", errors);
    std::map<std::string, std::vector<ModelledCase>> by_set, by_table;
    for (auto _ : state) {
        by_set.clear();
        by_table.clear();
        std::string error;
        for (const auto& r : rows) {
            const auto c = modelled_own_tiling(r, error);
            if (!c) errors.push_back(error);
            if (!c) continue;
            const double copies = copies_time(r);
            const ModelledCase m{r, *c->modelled_s + copies, copies, c->limited_by};
            by_set[r.set].push_back(m);
            by_table[r.set + " " + r.table].push_back(m);
        }
    }
    for (const auto& e : errors) std::printf("error: %s\n", e.c_str());
    if (!errors.empty() || by_set.empty()) return state.SkipWithError("cases do not model");
    for (const auto& [table, cases] : by_table) {
        std::printf("%s\n", table.c_str());
        for (const auto& c : cases)
            std::printf(
                "  line %2d %-9s %s: measured %.4g ms, modelled %.4g ms (copies %.4g), ratio %.2f, "
                "kernel alone %.2f (%s)\n",
                c.row.line, c.row.body.c_str(), c.row.target.c_str(), c.row.measured_s * 1e3,
                c.modelled_s * 1e3, c.copies_s * 1e3, c.modelled_s / c.row.measured_s,
                (c.modelled_s - c.copies_s) / c.row.measured_s, c.limited_by.c_str());
        if (cases.size() >= 3) print_rank_table(table, cases);
        if (cases.front().row.set == "rank") continue;
        int within = 0;
        for (const auto& c : cases) {
            const double r = c.modelled_s / c.row.measured_s;
            within += r <= 1.5 && r >= 1 / 1.5;
        }
        std::printf("  %s: geometric-mean ratio %.2f, %d of %zu within 1.5x\n", table.c_str(),
                    geomean_ratio(cases), within, cases.size());
    }
    // A rank table's chip is not known for sure: only its order is a finding.
    for (const auto& [set, cases] : by_set)
        if (set != "rank") print_set(set, cases);
    state.counters["fit_geomean_ratio"] = geomean_ratio(by_set["fit"]);
    state.counters["heldout_geomean_ratio"] = geomean_ratio(by_set["heldout"]);
}
BENCHMARK(BM_TimeModelAgainstPublishedTimes)->Iterations(1)->Unit(benchmark::kMillisecond);

}  // namespace
