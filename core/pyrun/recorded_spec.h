#pragma once
// A recorded pallas_call as a spec: the grid, operands, tables and scratch the kernel file
// gave at one set of params, written in spec format 2 (docs/python-runner.md, "Result").
// The audit analyses this spec; `tilelens-audit import --inline` saves it.
#include <map>
#include <string>

#include "core/spec/spec.h"
#include "core/spec/spec_io.h"

namespace tl {

// The spec document of `call` (one entry of result.json's "calls"): `base`'s name,
// description, target, policy, tolerance, seed and target overrides, no params (every size
// is a recorded number, so a fix is never phrased in a param that merely has the same
// value), no sweep, and where each part came from as "x-python" annotations (file, line).
// Throws Json::exception when a field of `call` has the wrong type.
Json recorded_spec_json(const Json& call, const Spec& base);

// The same, loaded: errors name the recorded call's file and line. A malformed `call` (not
// an object, a field of the wrong type) is an error, never an exception.
LoadResult recorded_spec(const Json& call, const Spec& base);

}  // namespace tl
