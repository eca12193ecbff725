#pragma once
// The hostile-shape sweep (docs/spec-format.md `sweep`): which params to vary and the cases to run.
//
// `"auto"` varies every dimension param: a param that is an operand dimension's whole shape
// entry ("M") on a blocked dimension whose block size b does not depend on it. Its hostile
// values are 1, b-1, b, b+1, 2b+1 and a prime between 2b+1 and 3b (for blocks too small to
// have one there, the largest prime between b and 3b). The cases are the spec's
// own params, each hostile value of one param with the others as written, for every 2-D
// operand a tall and a wide shape, one rectangular case (every dimension different and not
// divisible by its block) and one square case (every dimension the same multiple of its
// block). Specs with scalar-prefetch arrays are not swept automatically: the arrays are data
// sized for the spec's own shapes. Explicit `sweep.params` lists give the product or the zip.
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "core/spec/instance.h"
#include "core/spec/spec.h"

namespace tl {

struct SweptParam {
    std::string name;
    std::int64_t block = 0;  // the block size of the first blocked dimension it sizes
};

struct SweepCase {
    std::map<std::string, std::int64_t> overrides;  // empty for the spec's own params
    std::string label;                              // "M = b+1", "tall x", "rectangular", ...
};

struct SweepPlan {
    std::vector<SweptParam> swept;   // in order of first appearance in the operands
    std::vector<SweepCase> cases;    // the spec's own params first; no two alike
    std::vector<std::string> notes;  // sentences about the sweep, without a "sweep: " prefix
    // Shapes the sweep would have tried but the spec's `requires` rule out: label, requirement.
    std::vector<std::pair<std::string, std::string>> skipped;
};

// The dimension params that `"auto"` varies, with their block sizes in `base`.
std::vector<SweptParam> swept_params(const Spec& spec, const Instance& base);

// The hostile values for a block size b (ascending, each >= 1, no repeats).
std::vector<std::int64_t> hostile_values(std::int64_t block);

// The cases the spec's sweep asks for; only the spec's own case when the sweep is off.
SweepPlan plan_sweep(const Spec& spec, const Instance& base, bool sweep_on);

}  // namespace tl
