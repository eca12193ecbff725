#include "core/plan/tile_plan.h"

#include <algorithm>
#include <limits>
#include <set>
#include <variant>

#include "core/analysis/analysis.h"
#include "core/analysis/separable.h"
#include "core/kernels/flops.h"
#include "core/plan/plan_model.h"
#include "core/spec/instance.h"
#include "core/target/contract.h"
#include "core/target/core_share.h"
#include "core/target/roofline.h"
#include "core/target/target.h"

namespace tl {
namespace {

constexpr std::int64_t kSmallestLadderSize = 8;

bool sizes_a_shape(const Spec& spec, const std::string& name) {
    for (const auto& op : spec.operands)
        for (const auto& dim : op.shape)
            if (const auto* text = std::get_if<std::string>(&dim);
                text && mentions_name(*text, name))
                return true;
    return false;
}

// `peak` and `bandwidth` are those of the cores this candidate runs on.
void model_roofline(std::optional<double> peak, std::optional<double> bandwidth, PlanCandidate& c) {
    if (!bandwidth) return;
    const double bytes = static_cast<double>(c.hbm_bytes);
    if (c.flops && *c.flops > 0 && peak) {
        if (const auto p = roofline_point(*c.flops, bytes, *peak, *bandwidth)) {
            c.roofline_s = p->roofline_s;
            c.bound = p->compute_bound ? "compute" : "memory";
        }
        return;
    }
    c.roofline_s = bytes / *bandwidth;  // nothing to compute: data movement only
    c.bound = "memory";
}

// A matmul body's (bm, bn) float32 result is a compiler temporary in VMEM next to the
// pipeline's buffers: a tiling that fits only without it does not fit.
std::optional<std::string> matmul_temporary_overflow(const TargetProfile& target,
                                                     const Instance& inst, const Spec& spec,
                                                     const ContractResult& contract) {
    const auto b = matmul_blocks(inst, spec.kernel ? &*spec.kernel : nullptr);
    // The contract's limit is this tiling's own when the spec computes it from the params.
    const std::int64_t limit = contract.vmem_limit_bytes;
    if (target.kind != TargetKind::Tpu || !b || limit <= 0 || contract.vmem_bytes <= 0)
        return std::nullopt;
    const std::int64_t temp = b->bm * b->bn * 4, need = contract.vmem_bytes + temp;
    if (need <= limit) return std::nullopt;
    return "VMEM: the blocks take " + format_bytes(contract.vmem_bytes) + " and the (" +
           std::to_string(b->bm) + ", " + std::to_string(b->bn) +
           ") float32 matmul result the compiler keeps in VMEM another " + format_bytes(temp) +
           ": " + format_bytes(need) + " exceeds the scoped VMEM limit of " + format_bytes(limit) +
           " on " + target.id + "; use smaller blocks, or raise target_overrides.vmem_limit_bytes";
}

// The HBM and VMEM bytes a candidate moves, into `c`; false, with the reason in `no`, when the
// analysis finds an error in it.
bool count_traffic(const Instance& inst, const Spec& spec, const TargetProfile& target,
                   const PlanOptions& options, PlanCandidate& c, PlanRejection& no) {
    AnalysisOptions aopt;
    aopt.revisit = spec.revisit;
    aopt.concurrent_grid = runs_grid_concurrently(target);
    // Separable maps are answered per axis; the full pass runs for the others and to word
    // the finding that rejects a candidate (docs/semantics.md, "Closed form").
    const auto fast = options.closed_form ? analyse_separable(inst, aopt) : std::nullopt;
    if (fast && fast->clean) {
        c.hbm_bytes = fast->total_hbm_bytes();
        c.vmem_bytes = fast->total_vmem_bytes();
    } else {
        const Analysis analysis = analyse(inst, aopt);
        if (!analysis.errors().empty()) {
            no.rule = "spec";
            no.message = analysis.errors().front().to_string();
            return false;
        }
        for (const auto& f : analysis.findings())
            if (f.severity == Severity::Error) {
                no.rule = to_string(f.kind);
                no.message = f.message;
                return false;
            }
        c.hbm_bytes = analysis.total_hbm_bytes();
        c.vmem_bytes = analysis.total_vmem_bytes();
    }
    return true;
}

// Checks one combination: resolved, within the program budget, accepted by the contract,
// clean under the indexing checks; then its traffic and bound.
std::variant<PlanCandidate, PlanRejection> examine(const Spec& spec, const TargetProfile& target,
                                                   const ParamMap& tiles,
                                                   const PlanOptions& options) {
    PlanRejection no{tiles, "", ""};
    {
        ParamMap all(spec.params.begin(), spec.params.end());
        for (const auto& [k, v] : tiles) all[k] = v;
        if (auto unmet = unmet_requirement(spec, all)) {  // not a tiling the kernel accepts
            no.rule = "requires";
            no.message = "the tiling breaks the spec's requirement '" + *unmet + "'";
            return no;
        }
    }
    // The planner's own budget decides which grids are too big, so resolve may take any.
    Limits limits;
    limits.max_programs = std::numeric_limits<std::int64_t>::max();
    const ResolveResult resolved = resolve(spec, tiles, limits);
    if (!resolved.instance) {
        no.rule = "spec";
        no.message = join(resolved.errors, "; ");
        return no;
    }
    const Instance& inst = *resolved.instance;
    if (inst.programs() > options.max_programs) {
        no.rule = "programs";
        no.message = std::to_string(inst.programs()) + " programs: more than the " +
                     std::to_string(options.max_programs) +
                     " the planner models; blocks this small are not worth timing";
        return no;
    }
    const ContractOptions copt =
        spec.kernel ? contract_options(spec.kernel->options) : ContractOptions{};
    const ContractResult contract = check_contract(inst, target, copt);
    if (contract.rejected()) {
        no.rule = contract.violations.front().rule;
        no.message = contract.violations.front().message;
        return no;
    }
    if (auto over = matmul_temporary_overflow(target, inst, spec, contract)) {
        no.rule = "vmem";
        no.message = std::move(*over);
        return no;
    }
    PlanCandidate c;
    if (!count_traffic(inst, spec, target, options, c, no)) return no;
    c.params = tiles;
    c.programs = inst.programs();
    if (spec.kernel)
        if (const auto f = kernel_flops(spec.kernel->body, inst)) c.flops = static_cast<double>(*f);
    if (contract.vmem_bytes > 0) c.vmem_bytes = contract.vmem_bytes;
    c.vmem_limit_bytes = contract.vmem_limit_bytes;
    // A candidate's grid decides how many TensorCores share its programs
    // (core/target/core_share.h).
    const CoreShare share = core_share(target, &inst);
    const TargetProfile on_cores = scaled_to_share(target, share);
    model_roofline(roofline_peak(on_cores, inst).flops_per_s, on_cores.hbm_bytes_per_s, c);
    c.single_core = share.used < share.cores;
    if (const auto m = model_time(target, inst, spec.kernel ? &*spec.kernel : nullptr, c.flops,
                                  roofline_peak(target, inst).flops_per_s, c.hbm_bytes)) {
        c.modelled_s = m->modelled_s;
        c.limited_by = m->limited_by;
    }
    return c;
}

}  // namespace

bool ranks_before(const PlanCandidate& a, const PlanCandidate& b) {
    if (a.modelled_s.has_value() != b.modelled_s.has_value()) return a.modelled_s.has_value();
    if (a.modelled_s && *a.modelled_s != *b.modelled_s) return *a.modelled_s < *b.modelled_s;
    if (a.roofline_s.has_value() != b.roofline_s.has_value()) return a.roofline_s.has_value();
    if (a.roofline_s && *a.roofline_s != *b.roofline_s) return *a.roofline_s < *b.roofline_s;
    // Equal bounds: less traffic leaves more room under the memory roof, then less VMEM.
    if (a.hbm_bytes != b.hbm_bytes) return a.hbm_bytes < b.hbm_bytes;
    if (a.vmem_bytes != b.vmem_bytes) return a.vmem_bytes < b.vmem_bytes;
    return a.programs < b.programs;
}

std::vector<TileParam> tile_params(const Spec& spec) {
    const ResolveResult base = resolve(spec);
    return base.instance ? tile_params(spec, *base.instance) : std::vector<TileParam>{};
}

std::vector<TileParam> tile_params(const Spec& spec, const Instance& base) {
    std::vector<TileParam> out;
    for (const auto& [name, value] : spec.params) {
        if (sizes_a_shape(spec, name)) continue;
        TileParam p{name, value, 0, {}};
        for (std::size_t o = 0; o < spec.operands.size(); ++o) {
            const auto& block = spec.operands[o].block_shape;
            if (!block) continue;
            for (std::size_t d = 0; d < block->size(); ++d) {
                const auto* text = std::get_if<std::string>(&(*block)[d].size);
                if ((*block)[d].kind != BlockDim::Kind::Blocked || !text || *text != name) continue;
                p.largest_dim = std::max(p.largest_dim, base.operands[o].shape[d]);
            }
            // An inner tile's size is a tiling choice like a block's (a tile larger than its
            // block is refused when the candidate resolves).
            const auto& inner = spec.operands[o].inner;
            for (std::size_t d = 0; inner && d < inner->tile.size(); ++d) {
                const auto* text =
                    inner->tile[d] ? std::get_if<std::string>(&*inner->tile[d]) : nullptr;
                if (text && *text == name && d < base.operands[o].shape.size())
                    p.largest_dim = std::max(p.largest_dim, base.operands[o].shape[d]);
            }
        }
        if (p.largest_dim == 0) continue;
        std::set<std::int64_t> values{value, p.largest_dim};
        for (std::int64_t v = kSmallestLadderSize; v < p.largest_dim; v *= 2) values.insert(v);
        p.values.assign(values.begin(), values.end());
        out.push_back(std::move(p));
    }
    return out;
}

namespace {

// The error for the interpret target, which has no hardware to plan for.
Diagnostic interpret_target_error(const PlanOptions& options) {
    std::string ids;
    for (const auto& id : builtin_targets().ids())
        if (id != "interpret") ids += (ids.empty() ? "" : ", ") + id;
    return {"", options.target ? "--target" : "target", 0, 0,
            "the interpret target has no hardware to plan for; pass --target with one of: " + ids};
}

// The plan's header: tile params, the fixed params, the roof, and notes on what is missing.
TilePlan plan_header(const Spec& spec, const Instance& base, const TargetProfile& profile,
                     const std::string& target_id) {
    TilePlan plan;
    plan.spec = spec.name;
    plan.target = target_id;
    plan.tile_params = tile_params(spec, base);
    for (const auto& param : spec.params) {
        const bool tile = std::any_of(plan.tile_params.begin(), plan.tile_params.end(),
                                      [&](const TileParam& p) { return p.name == param.first; });
        if (!tile) plan.fixed[param.first] = param.second;
    }
    // The figures of the cores the spec's own tiling runs on; each candidate has its own.
    const CoreShare share = core_share(profile, &base);
    const TargetProfile on_cores = scaled_to_share(profile, share);
    const RooflinePeak peak = roofline_peak(on_cores, base);
    plan.peak_flops = peak.flops_per_s;
    plan.peak_label = peak.label;
    plan.hbm_bytes_per_s = on_cores.hbm_bytes_per_s;
    if (!share.note.empty()) plan.notes.push_back("the spec's own tiling: " + share.note);
    if (!plan.hbm_bytes_per_s)
        plan.notes.push_back("no HBM bandwidth figure for " + target_id +
                             ": no roofline bound; set target_overrides.hbm_bytes_per_s");
    if (plan.tile_params.empty())
        plan.notes.push_back(
            "no tile params: no param sizes a block dimension on its own (write block_shape "
            "entries as params, e.g. [\"bm\", \"bk\"]); only the spec's own tiling is listed");
    return plan;
}

// Examines every combination of tile values in odometer order (last param fastest), up to
// the budget; false when cancelled.
bool examine_all(const Spec& spec, const TargetProfile& profile, const PlanOptions& options,
                 TilePlan& plan) {
    std::vector<std::size_t> at(plan.tile_params.size(), 0);
    std::int64_t combinations = 1;
    for (const auto& p : plan.tile_params)
        combinations = std::min<std::int64_t>(combinations * std::int64_t(p.values.size()),
                                              std::int64_t{1} << 40);
    std::int64_t examined = 0;
    bool own_seen = false;
    const int to_examine = static_cast<int>(std::min(combinations, options.max_combinations));
    for (bool more = true; more && examined < options.max_combinations; ++examined) {
        if (options.progress && examined > 0)
            options.progress(static_cast<int>(examined), to_examine);
        if (options.cancel && options.cancel->load(std::memory_order_relaxed)) return false;
        ParamMap tiles;
        bool own = true;
        for (std::size_t i = 0; i < at.size(); ++i) {
            const auto& p = plan.tile_params[i];
            tiles[p.name] = p.values[at[i]];
            own = own && p.values[at[i]] == p.spec_value;
        }
        own_seen = own_seen || own;
        if (!own && !spec.scalar_prefetch.empty()) {
            plan.not_modelled.push_back(
                {tiles, "prefetch_tables",
                 "the scalar-prefetch tables hold block indices for the spec's own tile sizes; "
                 "this tiling needs tables built for it, so it is not modelled"});
        } else if (auto result = examine(spec, profile, tiles, options);
                   auto* c = std::get_if<PlanCandidate>(&result)) {
            c->is_spec = own;
            plan.candidates.push_back(std::move(*c));
        } else {
            plan.rejected.push_back(std::get<PlanRejection>(std::move(result)));
        }
        more = false;
        for (std::size_t i = at.size(); i-- > 0;) {
            if (++at[i] < plan.tile_params[i].values.size()) {
                more = true;
                break;
            }
            at[i] = 0;
        }
    }
    if (options.progress) options.progress(static_cast<int>(examined), to_examine);
    // Past the budget, the spec's own tiling is still examined: it is what the user compares.
    if (!own_seen) {
        ParamMap tiles;
        for (const auto& p : plan.tile_params) tiles[p.name] = p.spec_value;
        auto result = examine(spec, profile, tiles, options);
        if (auto* c = std::get_if<PlanCandidate>(&result)) {
            c->is_spec = true;
            plan.candidates.push_back(std::move(*c));
        } else {
            plan.rejected.push_back(std::get<PlanRejection>(std::move(result)));
        }
    }
    if (combinations > examined)
        plan.notes.push_back(std::to_string(combinations - examined) + " of " +
                             std::to_string(combinations) +
                             " combinations not examined (the planner stops at " +
                             std::to_string(options.max_combinations) + ")");
    return true;
}

}  // namespace

PlanOutcome plan_tiles(const Spec& spec, const PlanOptions& options) {
    PlanOutcome out;
    const std::string target_id = options.target.value_or(spec.target_id());
    const ResolveResult base = resolve(spec);
    out.errors = base.errors;
    const auto profile = resolve_target(builtin_targets(), target_id, spec.target_overrides,
                                        &out.errors, options.target ? "--target" : "target");
    if (!base.instance || !profile || !out.errors.empty()) return out;
    if (profile->kind == TargetKind::Interpret) {
        out.errors.push_back(interpret_target_error(options));
        return out;
    }
    TilePlan plan = plan_header(spec, *base.instance, *profile, target_id);
    if (!examine_all(spec, *profile, options, plan)) {
        out.cancelled = true;
        return out;
    }
    if (profile->megacore) {
        const auto one = std::count_if(plan.candidates.begin(), plan.candidates.end(),
                                       [](const PlanCandidate& c) { return c.single_core; });
        if (one > 0)
            plan.notes.push_back(
                std::to_string(one) + " of " + std::to_string(plan.candidates.size()) +
                " candidates leave one of " + profile->display_name +
                "'s TensorCores idle (no leading \"parallel\" grid axis with more than one "
                "program): they are modelled at one core's share of peak and bandwidth");
    }
    std::stable_sort(plan.candidates.begin(), plan.candidates.end(), ranks_before);
    out.plan = std::move(plan);
    return out;
}

}  // namespace tl
