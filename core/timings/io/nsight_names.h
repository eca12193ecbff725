#pragma once
// Kernel names as the Nsight tools print them ("void matmul<128, 256>(float const*, ...)").
#include <string>

#include "core/timings/record.h"

namespace tl {

// Sets r.kernel to the function's name without return type, template arguments or
// parameter list ("matmul"), and keeps template arguments as r.params["template"]
// ("128, 256") so that instantiations stay different candidates.
void apply_nsight_kernel_name(const std::string& printed, TimingRecord& r);

}  // namespace tl
