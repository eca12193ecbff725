#pragma once
// What a built-in body requires of its operands' shapes, public so that the benchmark-script
// emitter refuses the same specs the interpreter does.
#include <cstdint>
#include <string>
#include <vector>

#include "core/base/diagnostic.h"
#include "core/interp/bodies/body.h"

namespace tl::interp {

// The array shapes each body expects (matmul x (M, K), y (K, N) -> o (M, N), ...); false
// with errors naming the operand and the expected shape.
bool check_signature(const std::string& name, const BodySetup& s, Diagnostics& errors);

// "[128, 64]"
std::string shape_text(const std::vector<std::int64_t>& shape);
// "operands[2]" for operand index i.
std::string operand_path(int operand);

}  // namespace tl::interp
