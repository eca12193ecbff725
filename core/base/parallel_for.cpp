#include "core/base/parallel_for.h"

#include <algorithm>
#include <atomic>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace tl {

int hardware_threads() {
    return static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
}

void parallel_for(std::size_t n, int threads, const std::function<void(std::size_t)>& fn) {
    const std::size_t workers =
        std::min(n, static_cast<std::size_t>(threads > 0 ? threads : hardware_threads()));
    if (workers <= 1) {
        for (std::size_t i = 0; i < n; ++i) fn(i);
        return;
    }
    std::atomic<std::size_t> next{1};  // index 0 is the calling thread's
    std::atomic<bool> failed{false};
    std::exception_ptr failure;
    std::mutex failure_lock;
    const auto fail = [&] {
        const std::lock_guard lock(failure_lock);
        if (!failure) failure = std::current_exception();
        failed = true;  // start nothing more
    };
    const auto work = [&](std::size_t i) {
        for (; i < n && !failed.load(); i = next++) {
            try {
                fn(i);
            } catch (...) {
                fail();
            }
        }
    };
    {
        std::vector<std::jthread> pool;
        try {
            pool.reserve(workers - 1);
            for (std::size_t t = 1; t < workers; ++t) pool.emplace_back([&] { work(next++); });
        } catch (...) {
            fail();  // a thread that cannot start fails the loop as a task would
        }
        work(0);
    }
    if (failure) std::rethrow_exception(failure);
}

}  // namespace tl
