#pragma once
// How many threads a run of the numerics stage asks for; its data and references run on
// them through parallel_for (core/base/parallel_for.h).
#include <cstdint>

#include "core/interp/interpreter.h"

namespace tl::interp {

// The threads a run asks for (RunOptions::threads; 0: one per core), when its `work`
// (elements touched) reaches RunOptions::min_parallel_work; else one.
int worker_threads(const RunOptions& options, std::int64_t work);

}  // namespace tl::interp
