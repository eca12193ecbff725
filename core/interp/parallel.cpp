#include "core/interp/detail/parallel.h"

#include "core/base/parallel_for.h"

namespace tl::interp {

int worker_threads(const RunOptions& options, std::int64_t work) {
    if (work < options.min_parallel_work) return 1;
    if (options.threads > 0) return options.threads;
    return hardware_threads();
}

}  // namespace tl::interp
