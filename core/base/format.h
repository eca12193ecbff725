#pragma once
// Numbers for people: a value with an SI prefix on its unit.
#include <cstdint>
#include <string>
#include <string_view>

namespace tl {

// 1.97e14, "FLOP/s" -> "197 TFLOP/s"; 0.000698, "s" stays "0.000698 s" (no sub-unit prefixes).
// `digits` significant digits.
std::string engineering(double v, std::string_view unit, int digits = 3);

// "16777216 bytes (16 MiB)": a byte count with a readable binary unit when it has one.
std::string format_bytes(std::int64_t bytes);

}  // namespace tl
