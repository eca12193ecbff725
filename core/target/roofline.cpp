#include "core/target/roofline.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace tl {

double attainable_flops(double intensity, double peak_flops, double bandwidth_bytes_per_s) {
    if (intensity <= 0) return 0;
    if (std::isinf(intensity)) return peak_flops;
    return std::min(peak_flops, intensity * bandwidth_bytes_per_s);
}

double ridge_intensity(double peak_flops, double bandwidth_bytes_per_s) {
    return peak_flops / bandwidth_bytes_per_s;
}

std::optional<RooflinePoint> roofline_point(double flops, double bytes, double peak_flops,
                                            double bandwidth_bytes_per_s,
                                            std::optional<double> seconds) {
    for (double v : {flops, bytes, peak_flops, bandwidth_bytes_per_s})
        if (!std::isfinite(v)) return std::nullopt;
    if (flops <= 0 || bytes < 0 || peak_flops <= 0 || bandwidth_bytes_per_s <= 0)
        return std::nullopt;
    RooflinePoint p;
    p.intensity = bytes > 0 ? flops / bytes : std::numeric_limits<double>::infinity();
    p.attainable_flops = attainable_flops(p.intensity, peak_flops, bandwidth_bytes_per_s);
    p.compute_bound = p.intensity >= ridge_intensity(peak_flops, bandwidth_bytes_per_s);
    p.roofline_s = std::max(flops / peak_flops, bytes / bandwidth_bytes_per_s);
    if (seconds && std::isfinite(*seconds) && *seconds > 0) {
        p.achieved_flops = flops / *seconds;
        p.fraction_of_roof = *p.achieved_flops / p.attainable_flops;
    }
    return p;
}

RooflinePeak roofline_peak(const TargetProfile& t, const Instance& inst) {
    DType dtype = DType::BFloat16;
    for (const auto& op : inst.operands)
        if (op.role == Role::Input) {
            dtype = op.dtype;
            break;
        }
    return roofline_peak(t, dtype);
}

RooflinePeak roofline_peak(const TargetProfile& t, DType dtype) {
    if (const auto p = t.peak(dtype)) return {p, std::string(to_string(dtype))};
    if (const auto bf = t.peak(DType::BFloat16))
        return {bf, "bfloat16 (no " + std::string(to_string(dtype)) + " figure)"};
    return {};
}

}  // namespace tl
