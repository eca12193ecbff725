#pragma once
// Independent tasks at once: the one thread pool of the core. parallel_for hands the indices
// [0, n) out to a few threads, the calling thread among them, and brings the first exception a
// task throws back to the caller instead of letting it end the process.
#include <cstddef>
#include <functional>

namespace tl {

// The threads the machine runs at once (std::thread::hardware_concurrency), at least 1.
int hardware_threads();

// Runs fn(i) once for every i in [0, n) on up to `threads` threads (0 or less: one per core,
// hardware_threads(); never more than n). The calling thread is one of them and runs index 0
// first; the others take the next index from a shared counter, so which thread runs which
// index, and when, is not fixed. threads = 1 (or n <= 1) runs every index in order on the
// calling thread and starts no thread.
// When fn throws, no further index starts, those running finish, and the first exception
// thrown is rethrown here once every thread has stopped. A thread that cannot be started
// (std::system_error) fails the loop the same way, before the calling thread runs index 0.
void parallel_for(std::size_t n, int threads, const std::function<void(std::size_t)>& fn);

}  // namespace tl
