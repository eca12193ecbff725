#include "core/interp/detail/parallel.h"

#include <algorithm>
#include <atomic>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace tl::interp {

void parallel_for(std::int64_t count, int threads, const std::function<void(std::int64_t)>& task) {
    std::atomic<std::int64_t> next{0};
    std::exception_ptr failure;
    std::mutex failure_lock;
    const auto work = [&] {
        for (std::int64_t i; (i = next++) < count;) {
            try {
                task(i);
            } catch (...) {
                const std::lock_guard lock(failure_lock);
                if (!failure) failure = std::current_exception();
                next = count;  // start nothing more
            }
        }
    };
    {
        std::vector<std::jthread> pool;
        const std::int64_t n = std::min<std::int64_t>(std::max(threads, 1), count);
        for (std::int64_t t = 1; t < n; ++t) pool.emplace_back(work);
        work();
    }
    if (failure) std::rethrow_exception(failure);
}

int worker_threads(const RunOptions& options, std::int64_t work) {
    if (work < options.min_parallel_work) return 1;
    if (options.threads > 0) return options.threads;
    return static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
}

}  // namespace tl::interp
