// The target's datasheet figures for the audit's measurement plan and roofline.
#include <cstdio>

#include "core/audit_detail.h"

namespace tl {
namespace {

std::string rate(double v, const char* unit) {
    const char* prefixes[] = {"", "k", "M", "G", "T", "P", "E"};
    int i = 0;
    while (v >= 1000 && i < 6) v /= 1000, ++i;
    char buf[48];
    std::snprintf(buf, sizeof buf, "%.4g %s%s", v, prefixes[i], unit);
    return buf;
}

}  // namespace

// The datasheet figures the measurement plan lists, and the ones the roofline uses.
void describe_target(const TargetProfile& t, const Instance& inst, AuditResult& r) {
    for (const auto& [dtype, peak] : t.peak_flops)
        r.target_figures.push_back({std::string(to_string(dtype)) + " peak",
                                    rate(peak, is_float(dtype) ? "FLOP/s" : "OP/s")});
    if (t.hbm_bytes_per_s)
        r.target_figures.push_back({"HBM bandwidth", rate(*t.hbm_bytes_per_s, "B/s")});
    const std::string mem(t.scratch_memory_name());
    if (t.vmem_bytes) r.target_figures.push_back({mem + " per core", format_bytes(*t.vmem_bytes)});
    if (t.vmem_limit_bytes)
        r.target_figures.push_back(
            {mem + " limit",
             format_bytes(*t.vmem_limit_bytes) +
                 (t.vmem_limit_default ? " (compiler default, can be raised)" : "")});
    if (t.cores)
        r.target_figures.push_back(
            {"cores", std::to_string(*t.cores) + (t.megacore ? " (megacore)" : "")});

    // The roofline uses the peak of the first input's dtype; a matmul on TPU without a
    // figure for it (float32 is emulated) falls back to bfloat16 and says so.
    DType dtype = DType::BFloat16;
    for (const auto& op : inst.operands)
        if (op.role == Role::Input) {
            dtype = op.dtype;
            break;
        }
    r.hbm_bytes_per_s = t.hbm_bytes_per_s;
    if (auto p = t.peak(dtype)) {
        r.peak_flops_per_s = p;
        r.peak_label = std::string(to_string(dtype));
    } else if (auto bf = t.peak(DType::BFloat16)) {
        r.peak_flops_per_s = bf;
        r.peak_label = "bfloat16 (no " + std::string(to_string(dtype)) + " figure)";
    }
}

}  // namespace tl
