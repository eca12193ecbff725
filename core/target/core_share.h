#pragma once
// How much of a TPU chip one kernel runs on (docs/timings.md, "The roofline"). A target's
// peak and bandwidth are the chip's. On a chip whose TensorCores are separate devices (TPU7x)
// a kernel gets one core. On a megacore chip (v4, v5p) the device has both cores, but a
// kernel uses the second only for the programs of its leading "parallel" grid axes; with
// none, one core runs everything.
#include <cstdint>
#include <string>

#include "core/spec/instance.h"
#include "core/target/target.h"

namespace tl {

struct CoreShare {
    int cores = 1;       // TensorCores on the chip
    int used = 1;        // cores that run this kernel's programs
    double balance = 1;  // how evenly they split: P / (used * ceil(P / used)) for P programs
    std::string note;    // why the kernel gets less than the chip; empty when it gets all of it

    // The part of the chip's peak and bandwidth the kernel can use.
    double fraction() const { return used * balance / cores; }
    // Grid steps one core runs, of `programs`.
    double steps_per_core(std::int64_t programs) const {
        return static_cast<double>(programs) / (used * balance);
    }
};

// `inst` may be null (no spec at hand): a megacore chip is then taken as used whole.
CoreShare core_share(const TargetProfile& t, const Instance* inst);

// `t` with its peaks and bandwidth scaled to the share.
TargetProfile scaled_to_share(const TargetProfile& t, const CoreShare& share);

}  // namespace tl
