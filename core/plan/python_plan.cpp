#include "core/plan/python_plan.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <mutex>

#include "core/base/parallel_for.h"
#include "core/expr/expr.h"
#include "core/pyrun/recorded_spec.h"

namespace tl {
namespace {

bool sizes_an_argument(const PythonSpec& py, const std::string& name) {
    for (const auto& a : py.args)
        for (const auto& d : a.shape)
            if (const auto* t = std::get_if<std::string>(&d); t && mentions_name(*t, name))
                return true;
    return false;
}

// The largest array-argument dimension at the spec's own params.
std::int64_t largest_dimension(const PythonSpec& py, const ParamMap& params) {
    expr::Env env;
    env.params = &params;
    std::int64_t largest = 1;
    for (const auto& a : py.args)
        for (const auto& d : a.shape) {
            std::int64_t v = 1;
            if (const auto* i = std::get_if<std::int64_t>(&d))
                v = *i;
            else if (auto r = expr::evaluate(std::get<std::string>(d), env);
                     std::holds_alternative<std::int64_t>(r))
                v = std::get<std::int64_t>(r);
            largest = std::max(largest, v);
        }
    return largest;
}

std::vector<TileParam> python_tile_params(const Spec& spec) {
    const ParamMap own(spec.params.begin(), spec.params.end());
    const std::int64_t largest = largest_dimension(*spec.python, own);
    std::vector<TileParam> out;
    for (const auto& [key, value] : spec.python->kwargs.items()) {
        if (!value.is_object() || !value.contains("expr")) continue;
        const std::string name = value["expr"].get<std::string>();
        const auto it = own.find(name);
        if (it == own.end() || sizes_an_argument(*spec.python, name)) continue;
        if (std::any_of(out.begin(), out.end(), [&](const TileParam& t) { return t.name == name; }))
            continue;
        TileParam t{name, it->second, largest, {}};
        for (std::int64_t v = 8; v <= largest; v *= 2) t.values.push_back(v);
        t.values.push_back(it->second);
        std::sort(t.values.begin(), t.values.end());
        t.values.erase(std::unique(t.values.begin(), t.values.end()), t.values.end());
        out.push_back(std::move(t));
    }
    return out;
}

std::vector<ParamMap> combinations(const std::vector<TileParam>& tiles, std::size_t cap,
                                   bool* capped) {
    std::vector<ParamMap> out = {{}};
    for (const auto& t : tiles) {
        std::vector<ParamMap> next;
        for (const auto& m : out)
            for (const auto v : t.values) {
                ParamMap n = m;
                n[t.name] = v;
                next.push_back(std::move(n));
            }
        out = std::move(next);
    }
    // The spec's own tiling first; the nearest others (fewest doublings away) after it.
    const auto distance = [&](const ParamMap& m) {
        double d = 0;
        for (const auto& t : tiles)
            d += std::abs(std::log2(static_cast<double>(m.at(t.name))) -
                          std::log2(static_cast<double>(t.spec_value)));
        return d;
    };
    std::stable_sort(out.begin(), out.end(), [&](const ParamMap& a, const ParamMap& b) {
        return distance(a) < distance(b);
    });
    *capped = out.size() > cap;
    if (*capped) out.resize(cap);
    return out;
}

struct Examined {
    std::optional<TilePlan> plan;  // of the recorded spec
    std::string failure;           // why the file could not be recorded
};

Examined examine(const Spec& spec, const ParamMap& tile, const PythonPlanOptions& o) {
    PythonRequest req;
    req.spec_dir = o.spec_dir;
    req.params = ParamMap(spec.params.begin(), spec.params.end());
    for (const auto& [k, v] : tile) req.params[k] = v;
    req.limits = o.limits;
    const PythonRun run = run_python(spec, req);
    Examined e;
    if (!run.ok()) {
        e.failure = run.failure ? run.failure->to_string() : join(run.errors, "; ");
        return e;
    }
    const LoadResult rec = recorded_spec(run.call(), spec);
    if (!rec.spec) {
        e.failure = join(rec.errors, "; ");
        return e;
    }
    PlanOutcome p = plan_tiles(*rec.spec, o.plan);
    if (!p.plan) e.failure = join(p.errors, "; ");
    e.plan = std::move(p.plan);
    return e;
}

}  // namespace

PlanOutcome plan_python_tiles(const Spec& spec, const PythonPlanOptions& o) {
    PlanOutcome out;
    const std::vector<TileParam> tiles = python_tile_params(spec);
    bool capped = false;
    const std::vector<ParamMap> combos = combinations(
        tiles, static_cast<std::size_t>(std::max<std::int64_t>(1, o.max_candidates)), &capped);
    std::vector<Examined> results(combos.size());
    std::atomic<std::size_t> done{0};
    std::mutex report;
    parallel_for(combos.size(), o.jobs, [&](std::size_t i) {  // o.jobs 0: one per core
        if (o.plan.cancel && o.plan.cancel->load()) return;   // the rest are skipped the same way
        results[i] = examine(spec, combos[i], o);
        const std::size_t d = ++done;
        if (o.plan.progress) {
            const std::lock_guard lock(report);
            o.plan.progress(static_cast<int>(d), static_cast<int>(combos.size()));
        }
    });
    if (o.plan.cancel && o.plan.cancel->load()) {
        out.cancelled = true;
        return out;
    }
    // The header comes from the spec's own tiling (combination 0).
    if (!results[0].plan) {
        out.errors.push_back({"", "python", 0, 0,
                              "the spec's own tiling could not be planned: " + results[0].failure});
        return out;
    }
    TilePlan plan = *results[0].plan;
    plan.tile_params = tiles;
    plan.candidates.clear();
    plan.rejected.clear();
    plan.not_modelled.clear();
    plan.notes.clear();
    plan.fixed.clear();
    for (const auto& param : spec.params)
        if (std::none_of(tiles.begin(), tiles.end(),
                         [&](const TileParam& t) { return t.name == param.first; }))
            plan.fixed[param.first] = param.second;
    for (std::size_t i = 0; i < combos.size(); ++i) {
        const Examined& e = results[i];
        if (!e.plan) {
            plan.rejected.push_back({combos[i], "python", e.failure});
            continue;
        }
        for (auto c : e.plan->candidates) {
            c.params = combos[i];
            c.is_spec = i == 0;
            plan.candidates.push_back(std::move(c));
        }
        for (auto r : e.plan->rejected) {
            r.params = combos[i];
            plan.rejected.push_back(std::move(r));
        }
    }
    std::stable_sort(plan.candidates.begin(), plan.candidates.end(), ranks_before);
    plan.notes.push_back(
        "each candidate is the kernel file's pallas_call recorded with those "
        "keyword arguments (" +
        std::to_string(combos.size()) + (combos.size() == 1 ? " run of " : " runs of ") +
        spec.python->file + ")");
    if (tiles.empty())
        plan.notes.push_back(
            "no tile params: no param reaches python.kwargs as {\"expr\": NAME} without sizing "
            "an array argument; only the file's own tiling is listed");
    if (capped)
        plan.notes.push_back("only the " + std::to_string(combos.size()) +
                             " combinations nearest the spec's own tiling were run");
    out.plan = std::move(plan);
    return out;
}

}  // namespace tl
