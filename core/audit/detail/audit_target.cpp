// The target's datasheet figures for the audit's measurement plan and roofline.
#include <cstdio>

#include "core/audit/detail/audit_detail.h"
#include "core/base/format.h"
#include "core/kernels/flops.h"
#include "core/target/core_share.h"
#include "core/target/roofline.h"

namespace tl {

// The datasheet figures the measurement plan lists, and the ones the roofline uses.
void describe_target(const TargetProfile& t, const Instance& inst, AuditResult& r) {
    for (const auto& [dtype, peak] : t.peak_flops)
        r.target_figures.push_back({std::string(to_string(dtype)) + " peak",
                                    format_si(peak, is_float(dtype) ? "FLOP/s" : "OP/s", 4)});
    if (t.hbm_bytes_per_s)
        r.target_figures.push_back({"HBM bandwidth", format_si(*t.hbm_bytes_per_s, "B/s", 4)});
    const std::string mem(t.scratch_memory_name());
    if (t.vmem_bytes) r.target_figures.push_back({mem + " per core", format_bytes(*t.vmem_bytes)});
    TargetProfile own = t;  // a limit computed from the params, at this instance's
    const bool computed = !t.vmem_limit_expr.empty() && limit_for_params(own, inst.params, nullptr);
    if (own.vmem_limit_bytes)
        r.target_figures.push_back(
            {mem + " limit", format_bytes(*own.vmem_limit_bytes) +
                                 (computed ? " (" + t.vmem_limit_expr + ", from the params)"
                                  : own.vmem_limit_default ? " (compiler default, can be raised)"
                                                           : "")});
    if (t.cores)
        r.target_figures.push_back(
            {"cores", std::to_string(*t.cores) + (t.megacore ? " (megacore)" : "")});

    // The roofline uses the cores this kernel runs on, not the whole chip
    // (core/target/core_share.h).
    const CoreShare share = core_share(t, &inst);
    const TargetProfile on_cores = scaled_to_share(t, share);
    r.roofline_cores = share.note;
    r.hbm_bytes_per_s = on_cores.hbm_bytes_per_s;
    const RooflinePeak peak = roofline_peak(on_cores, inst);
    r.peak_flops_per_s = peak.flops_per_s;
    r.peak_label = peak.label;
}

}  // namespace tl
