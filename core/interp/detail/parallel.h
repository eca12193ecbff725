#pragma once
// A few independent tasks at once, for the numerics stage's data and references.
#include <cstdint>
#include <functional>

#include "core/interp/interpreter.h"

namespace tl::interp {

// Runs task(i) for every i < count on up to `threads` threads, the calling thread among
// them. The first exception a task throws is rethrown here once all have stopped.
void parallel_for(std::int64_t count, int threads, const std::function<void(std::int64_t)>& task);

// The threads a run asks for (RunOptions::threads; 0: one per core), when its `work`
// (elements touched) reaches RunOptions::min_parallel_work; else one.
int worker_threads(const RunOptions& options, std::int64_t work);

}  // namespace tl::interp
