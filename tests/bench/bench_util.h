#pragma once
// What several benchmarks share: wall time, the process's peak memory, and the rectangular
// matmul example at the sizes of a big LLM kernel.
#include <sys/resource.h>

#include <chrono>
#include <optional>
#include <string>

#include "core/spec/spec_io.h"

namespace tl::bench {

inline double seconds_since(std::chrono::steady_clock::time_point t0) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

// The peak resident memory of this process so far, in MiB.
inline double peak_mib() {
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    return static_cast<double>(u.ru_maxrss) / 1024.0;
}

// resources/examples/matmul-rect; nullopt when it does not load.
inline std::optional<Spec> matmul_rect() {
    auto loaded = load_spec_file(std::string(TILELENS_SOURCE_DIR) +
                                 "/resources/examples/matmul-rect.tilelens.json");
    return loaded.spec;
}

// The same spec at M = N = 65536, K = 8192.
inline Spec at_big_size(Spec spec) {
    for (auto& [name, value] : spec.params)
        if (name == "M" || name == "N")
            value = 65536;
        else if (name == "K")
            value = 8192;
    return spec;
}

}  // namespace tl::bench
