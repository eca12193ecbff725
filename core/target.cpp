#include "core/target.h"

#include <algorithm>
#include <cctype>
#include <cstdio>

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

namespace {

std::size_t edit_distance(std::string_view a, std::string_view b) {
    std::vector<std::size_t> row(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        std::size_t diag = row[0];
        row[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            const auto ca = std::tolower(static_cast<unsigned char>(a[i - 1]));
            const auto cb = std::tolower(static_cast<unsigned char>(b[j - 1]));
            const std::size_t next = std::min({row[j] + 1, row[j - 1] + 1, diag + (ca != cb)});
            diag = row[j];
            row[j] = next;
        }
    }
    return row[b.size()];
}

}  // namespace

std::vector<std::string> closest_names(std::string_view name,
                                       const std::vector<std::string>& known) {
    std::vector<std::string> out;
    // A name cut short ("tpu-v5", "vmem_limit") is completed rather than corrected.
    if (name.size() >= 3)
        for (const auto& k : known)
            if (k.size() > name.size() && k.starts_with(name)) out.push_back(k);
    if (!out.empty()) return out;
    // Close enough to be a typo: a third of the name, at least 2 edits.
    const std::size_t limit = std::max<std::size_t>(2, name.size() / 3);
    std::size_t best = limit + 1;
    for (const auto& k : known) {
        const std::size_t d = edit_distance(name, k);
        if (d > limit) continue;
        if (d < best) {
            best = d;
            out.clear();
        }
        if (d == best) out.push_back(k);
    }
    if (!out.empty() || name.size() < 2) return out;
    // A fragment such as "v5e" names the target that contains it.
    for (const auto& k : known)
        if (k.find(name) != std::string::npos) out.push_back(k);
    return out;
}

std::string did_you_mean(std::string_view name, const std::vector<std::string>& known) {
    const auto close = closest_names(name, known);
    if (close.empty()) return "";
    std::string out = " did you mean ";
    for (std::size_t i = 0; i < close.size(); ++i) {
        if (i > 0) out += i + 1 == close.size() ? " or " : ", ";
        out += "'" + close[i] + "'";
    }
    return out + "?";
}

std::string format_bytes(std::int64_t bytes) {
    std::string out = std::to_string(bytes) + (bytes == 1 ? " byte" : " bytes");
    constexpr std::int64_t kKiB = 1024, kMiB = kKiB * 1024, kGiB = kMiB * 1024;
    if (bytes < kKiB) return out;
    const std::int64_t unit = bytes >= kGiB ? kGiB : bytes >= kMiB ? kMiB : kKiB;
    const char* name = unit == kGiB ? "GiB" : unit == kMiB ? "MiB" : "KiB";
    char buf[48];
    if (bytes % unit == 0)
        std::snprintf(buf, sizeof buf, " (%lld %s)", static_cast<long long>(bytes / unit), name);
    else
        std::snprintf(buf, sizeof buf, " (%.1f %s)", static_cast<double>(bytes) / unit, name);
    return out + buf;
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
