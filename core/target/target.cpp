#include "core/target/target.h"

#include <algorithm>
#include <cctype>
#include <cstdio>

#include "core/base/format.h"
#include "core/expr/expr.h"

namespace tl {

std::string_view to_string(TargetKind k) {
    switch (k) {
        case TargetKind::Tpu:
            return "tpu";
        case TargetKind::Gpu:
            return "gpu";
        case TargetKind::Interpret:
            return "interpret";
    }
    return "?";
}

std::string_view to_string(GpuBackend b) {
    switch (b) {
        case GpuBackend::None:
            return "none";
        case GpuBackend::Mosaic:
            return "mosaic";
        case GpuBackend::Triton:
            return "triton";
    }
    return "?";
}

bool TargetProfile::supports(DType d) const {
    return std::find(dtypes.begin(), dtypes.end(), d) != dtypes.end();
}

std::optional<double> TargetProfile::peak(DType d) const {
    auto it = peak_flops.find(d);
    if (it == peak_flops.end()) return std::nullopt;
    return it->second;
}

std::string_view TargetProfile::scratch_memory_name() const {
    return kind == TargetKind::Gpu ? "shared memory" : "VMEM";
}

std::optional<double> ridge_point(const TargetProfile& t, DType d) {
    auto p = t.peak(d);
    if (!p || !t.hbm_bytes_per_s || *t.hbm_bytes_per_s <= 0) return std::nullopt;
    return *p / *t.hbm_bytes_per_s;
}

const TargetProfile* TargetCatalog::find(std::string_view id) const {
    for (const auto& t : targets_)
        if (t.id == id) return &t;
    return nullptr;
}

std::vector<std::string> TargetCatalog::ids() const {
    std::vector<std::string> out;
    out.reserve(targets_.size());
    for (const auto& t : targets_) out.push_back(t.id);
    return out;
}

std::string TargetCatalog::unknown_target_message(std::string_view id) const {
    std::string known;
    for (const auto& t : targets_) {
        if (!known.empty()) known += ", ";
        known += t.id;
    }
    return "unknown target '" + std::string(id) + "'; known: " + known + ";" +
           did_you_mean(id, ids());
}

bool limit_for_params(TargetProfile& profile, const std::map<std::string, std::int64_t>& params,
                      std::string* error) {
    if (profile.vmem_limit_expr.empty()) return true;
    expr::Env env;
    env.params = &params;
    const auto value = expr::evaluate(profile.vmem_limit_expr, env);
    const auto fail = [&](const std::string& why) {
        if (error)
            *error = "target_overrides.vmem_limit_bytes '" + profile.vmem_limit_expr + "': " + why;
        return false;
    };
    if (const auto* e = std::get_if<expr::Error>(&value)) return fail(e->message);
    const std::int64_t limit = std::get<std::int64_t>(value);
    if (limit <= 0) return fail("is " + std::to_string(limit) + " here; a limit must be positive");
    if (profile.vmem_bytes && limit > *profile.vmem_bytes)
        return fail("is " + format_bytes(limit) + " here, above the physical VMEM of " +
                    format_bytes(*profile.vmem_bytes) + " on " + profile.id);
    profile.vmem_limit_bytes = limit;
    profile.vmem_limit_default = false;
    return true;
}

std::optional<TargetProfile> resolve_target(const TargetCatalog& catalog, std::string_view id,
                                            const Json& overrides, Diagnostics* errors,
                                            std::string_view path) {
    const TargetProfile* base = catalog.find(id);
    if (!base) {
        if (errors)
            errors->push_back({"", std::string(path), 0, 0, catalog.unknown_target_message(id)});
        return std::nullopt;
    }
    Diagnostics local;
    TargetProfile out = apply_overrides(*base, overrides, &local);
    if (!local.empty()) {
        if (errors) errors->insert(errors->end(), local.begin(), local.end());
        return std::nullopt;
    }
    return out;
}

const TargetCatalog& builtin_targets() {
    static const TargetCatalog catalog = [] {
        Diagnostics errors;
        if (auto c = load_targets(builtin_targets_json(), &errors)) return std::move(*c);
        // Only a broken build gets here (the test suite parses the same text): keep the
        // interpreter usable and say why the hardware targets are missing.
        std::fprintf(stderr, "tilelens: embedded resources/targets.json is invalid:\n%s\n",
                     join(errors).c_str());
        TargetProfile interpret;
        interpret.id = "interpret";
        interpret.display_name = "Interpreter (no target rules)";
        for (auto d : {DType::Float32, DType::BFloat16, DType::Float16, DType::Float64, DType::Int8,
                       DType::Int16, DType::Int32, DType::UInt8, DType::Bool})
            interpret.dtypes.push_back(d);
        return TargetCatalog({interpret});
    }();
    return catalog;
}

}  // namespace tl
