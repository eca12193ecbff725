#include "core/timings/io/device_target.h"

#include <cctype>

#include "core/base/format.h"
#include "core/target/target.h"
#include "core/timings/io/importer.h"

namespace tl {
namespace {

std::string lower_name(std::string_view s) {
    std::string out(s);
    for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

bool has(const std::string& text, std::string_view part) {
    return text.find(part) != std::string::npos;
}

constexpr std::int64_t kGiB = std::int64_t{1} << 30;

// The profile a GPU's name names, or why none: variants whose figures differ from the
// profile's are refused by name (PCIe and NVL cards run slower clocks and memory).
GpuTarget target_by_name(const std::string& name) {
    GpuTarget out;
    const std::string n = lower_name(name);
    if (has(n, "gh200") || has(n, "gb200") || has(n, "gb300")) {
        out.why = "a superchip GPU TileLens has no profile for";
    } else if (has(n, "pcie") || has(n, "nvl")) {
        if (has(n, "h100") || has(n, "h200"))
            out.why = "a PCIe or NVL card, slower than the SXM profile " +
                      std::string(has(n, "h100") ? "gpu-h100" : "gpu-h200");
    } else if (has(n, "h100")) {
        out.target = "gpu-h100";
    } else if (has(n, "h200")) {
        out.target = "gpu-h200";
    } else if (has(n, "b200")) {
        out.target = "gpu-b200";
    } else if (has(n, "mi300x")) {
        out.target = "gpu-mi300x";
    }
    return out;
}

// Without a model name: the one profile whose compute capability, SMs and memory fit.
std::optional<std::string> target_by_facts(const GpuIdentity& g) {
    std::string vendor =
        lower_name(g.vendor.empty() ? g.name.substr(0, g.name.find(' ')) : g.vendor);
    if (!g.major || !g.minor || !g.cores) return std::nullopt;
    const std::int64_t mem = g.memory.value_or(0);
    if (vendor == "nvidia" && *g.major == 9 && *g.minor == 0 && *g.cores == 132) {
        if (mem > 0 && mem <= 96 * kGiB) return "gpu-h100";
        if (mem >= 120 * kGiB && mem <= 150 * kGiB) return "gpu-h200";
    }
    if (vendor == "nvidia" && *g.major == 10 && *g.minor == 0 && *g.cores == 148) return "gpu-b200";
    // gfx942 with 304 CUs is an MI300X or an MI325X; 192 GiB tells the MI300X.
    if (vendor == "amd" && *g.major == 9 && *g.minor == 4 && *g.cores == 304 && mem > 0 &&
        mem <= 200 * kGiB)
        return "gpu-mi300x";
    return std::nullopt;
}

}  // namespace

std::optional<std::string> target_of_tpu_type(std::string kind) {
    for (char& c : kind) c = c == ' ' ? '_' : static_cast<char>(std::tolower(c));
    if (kind == "tpu_v5e") kind = "tpu_v5_lite";
    if (kind == "tpu_v5p") kind = "tpu_v5";
    if (kind == "tpu_v6e") kind = "tpu_v6_lite";
    if (!kind.starts_with("tpu")) return std::nullopt;
    return target_of_device_kind(kind);
}

std::string tpu_type_in(std::string_view process_name) {
    for (std::string_view start : {"TPU v", "TPU7"}) {
        const auto at = process_name.find(start);
        if (at == std::string_view::npos) continue;
        std::string_view rest = process_name.substr(at);
        const auto end = rest.find_first_of("),;");
        rest = rest.substr(0, end);
        while (!rest.empty() && rest.back() == ' ') rest.remove_suffix(1);
        return std::string(rest);
    }
    return "";
}

GpuTarget target_of_gpu(const GpuIdentity& gpu) {
    GpuTarget out = target_by_name(gpu.name);
    if (!out.target && out.why.empty()) out.target = target_by_facts(gpu);
    if (!out.target) {
        if (out.why.empty()) out.why = "not a GPU TileLens has a target for";
        return out;
    }
    // A name may be shared by variants: the profile's SMs and memory must agree with the file's.
    const TargetProfile* p = builtin_targets().find(*out.target);
    if (p && gpu.cores && p->compute_units && *gpu.cores != *p->compute_units) {
        out.why = std::to_string(*gpu.cores) + " SMs or CUs where " + *out.target + " has " +
                  std::to_string(*p->compute_units) + ": another variant";
        out.target.reset();
    } else if (p && gpu.memory && p->memory_bytes &&
               (*gpu.memory > *p->memory_bytes * 5 / 4 || *gpu.memory < *p->memory_bytes * 3 / 4)) {
        out.why = format_bytes_short(*gpu.memory) + " of memory where " + *out.target + " has " +
                  format_bytes_short(*p->memory_bytes) + ": another variant";
        out.target.reset();
    }
    return out;
}

}  // namespace tl
