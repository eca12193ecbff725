#pragma once
// Which target profile (resources/targets.json) a timing file's device is: a TPU by the kind
// jax names it ("TPU v5 lite"), a GPU by its name ("NVIDIA H100 80GB HBM3", a PyTorch trace's
// deviceProperties) or, when a file names no model, by what it says of it (vendor, compute
// capability, SMs or compute units, memory). docs/timings.md, "Devices and targets".
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace tl {

// A TPU's kind as a trace or XSpace writes it ("TPU v6 Lite", "TPU v5e", "TPU7x") -> its
// target; nullopt for one TileLens has no profile for.
std::optional<std::string> target_of_tpu_type(std::string kind);

// The TPU kind in a jax trace's process name ("/device:TPU:0 (TPU v5 lite)"), or "".
std::string tpu_type_in(std::string_view process_name);

struct GpuIdentity {
    std::string name;    // "NVIDIA H100 80GB HBM3"; "" when the file names no model
    std::string vendor;  // "NVIDIA", "AMD"; "" when unknown (the name's first word then)
    std::optional<std::int64_t> major, minor;  // compute capability (AMD: gfx major, minor)
    std::optional<std::int64_t> cores;         // SMs or compute units
    std::optional<std::int64_t> memory;        // bytes
};

struct GpuTarget {
    std::optional<std::string> target;  // the profile's id
    std::string why;                    // when there is none: what the GPU is and the fix
};

// The GPU's profile. A name decides the model; SMs and memory, where given, must then agree
// with the profile's (an H100 PCIe is not the SXM profile). Without a name, the facts alone
// decide, and only where one profile fits them.
GpuTarget target_of_gpu(const GpuIdentity& gpu);

}  // namespace tl
