#pragma once
// The roofline model (docs/timings.md, "The roofline"): attainable FLOP/s is
// min(peak, intensity x bandwidth); a measured candidate sits at its achieved FLOP/s.
#include <optional>
#include <string>

#include "core/spec/instance.h"
#include "core/target/target.h"

namespace tl {

struct RooflinePoint {
    double intensity = 0;         // FLOP per HBM byte; infinite when no bytes move
    double attainable_flops = 0;  // FLOP/s the roof allows at this intensity
    bool compute_bound = false;   // at or right of the ridge (intensity >= peak / bandwidth)
    double roofline_s = 0;        // the fastest the roof allows: max(flops/peak, bytes/bandwidth)
    std::optional<double> achieved_flops;    // flops / measured seconds
    std::optional<double> fraction_of_roof;  // achieved / attainable (0.5 = 50% of the roof)
};

// min(peak, intensity x bandwidth); 0 for a negative intensity.
double attainable_flops(double intensity, double peak_flops, double bandwidth_bytes_per_s);

// peak / bandwidth: the intensity where the memory roof meets the compute roof.
double ridge_intensity(double peak_flops, double bandwidth_bytes_per_s);

// The point for a candidate doing `flops` and moving `bytes` of HBM traffic, measured at
// `seconds` (when given). Refuses (nullopt) flops <= 0, bytes < 0, a peak or bandwidth
// <= 0, and non-finite inputs; a measured time <= 0 or non-finite leaves `achieved` unset.
std::optional<RooflinePoint> roofline_point(double flops, double bytes, double peak_flops,
                                            double bandwidth_bytes_per_s,
                                            std::optional<double> seconds = std::nullopt);

// The peak the roofline uses for `inst` on `t`: the first input's dtype, or bfloat16 when the
// target has no figure for it (float32 matmuls on TPU are emulated), and the label says so.
struct RooflinePeak {
    std::optional<double> flops_per_s;
    std::string label;  // "bfloat16", or "bfloat16 (no float32 figure)"
};
RooflinePeak roofline_peak(const TargetProfile& t, const Instance& inst);
// The peak for `dtype`, or the bfloat16 peak, labelled so, when the target has no figure for it.
RooflinePeak roofline_peak(const TargetProfile& t, DType dtype);

}  // namespace tl
