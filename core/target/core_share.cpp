#include "core/target/core_share.h"

namespace tl {

namespace {

std::string cores_text(const TargetProfile& t, int cores) {
    return "one of " + t.display_name + "'s " + std::to_string(cores) + " TensorCores";
}

}  // namespace

CoreShare core_share(const TargetProfile& t, const Instance* inst) {
    CoreShare s;
    if (t.kind != TargetKind::Tpu || !t.cores || *t.cores <= 1) return s;
    s.cores = *t.cores;
    if (!t.megacore) {
        s.note = cores_text(t, s.cores) +
                 " runs the kernel: each core is its own device, so peak and bandwidth are the "
                 "chip's divided by " +
                 std::to_string(s.cores);
        return s;
    }
    if (!inst) {
        s.used = s.cores;
        return s;
    }
    std::int64_t parallel = 1;
    for (int a = 0; a < inst->grid_rank(); ++a) {
        if (a >= static_cast<int>(inst->semantics.size()) || !is_parallel(inst->semantics[a]))
            break;
        parallel *= inst->grid[a];
    }
    if (parallel < 2) {
        s.note = cores_text(t, s.cores) +
                 " runs the kernel: no leading grid axis is \"parallel\" (with more than one "
                 "program), so the other core idles; peak and bandwidth are the chip's divided "
                 "by " +
                 std::to_string(s.cores);
        return s;
    }
    s.used = s.cores;
    const std::int64_t per_core = (parallel + s.used - 1) / s.used;
    s.balance = static_cast<double>(parallel) / static_cast<double>(per_core * s.used);
    if (s.balance < 1)
        s.note = "the " + std::to_string(parallel) + " parallel programs split unevenly over " +
                 std::to_string(s.used) + " TensorCores: " + std::to_string(per_core) +
                 " on the busier core";
    return s;
}

TargetProfile scaled_to_share(const TargetProfile& t, const CoreShare& share) {
    const double f = share.fraction();
    if (f >= 1) return t;
    TargetProfile out = t;
    for (auto& [dtype, peak] : out.peak_flops) peak *= f;
    if (out.hbm_bytes_per_s) *out.hbm_bytes_per_s *= f;
    return out;
}

}  // namespace tl
