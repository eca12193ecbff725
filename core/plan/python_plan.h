#pragma once
// The tile plan of a spec whose kernel is a Python file: its tile params are the params the
// spec passes to the wrapper as keyword arguments ({"expr": "bm"}) and that size no array
// argument; each combination re-records the file's pallas_call and is planned as that
// recorded spec (docs/report-format.md, "Plan output").
#include <cstdint>
#include <string>

#include "core/plan/tile_plan.h"
#include "core/pyrun/python_run.h"

namespace tl {

struct PythonPlanOptions {
    PlanOptions plan;
    std::string spec_dir;  // python.file is relative to it
    PythonLimits limits;
    int jobs = 0;                       // child processes at once; 0 = one per core
    std::int64_t max_candidates = 128;  // each is a run of the file
};

PlanOutcome plan_python_tiles(const Spec& spec, const PythonPlanOptions& options);

}  // namespace tl
