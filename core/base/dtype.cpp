#include "core/base/dtype.h"

#include <array>
#include <limits>
#include <utility>

namespace tl {
namespace {
constexpr std::array<std::pair<DType, std::string_view>, 14> kNames{{
    {DType::Float32, "float32"},
    {DType::BFloat16, "bfloat16"},
    {DType::Float16, "float16"},
    {DType::Float64, "float64"},
    {DType::Int8, "int8"},
    {DType::Int16, "int16"},
    {DType::Int32, "int32"},
    {DType::UInt8, "uint8"},
    {DType::Bool, "bool"},
    {DType::Float8E4M3FN, "float8_e4m3fn"},
    {DType::Float8E5M2, "float8_e5m2"},
    {DType::Int4, "int4"},
    {DType::UInt16, "uint16"},
    {DType::UInt32, "uint32"},
}};
}  // namespace

std::string_view to_string(DType d) {
    for (const auto& [t, n] : kNames)
        if (t == d) return n;
    return "?";
}

std::optional<DType> parse_dtype(std::string_view s) {
    for (const auto& [t, n] : kNames)
        if (n == s) return t;
    return std::nullopt;
}

int dtype_bits(DType d) {
    switch (d) {
        case DType::Float64:
            return 64;
        case DType::Float32:
        case DType::Int32:
        case DType::UInt32:
            return 32;
        case DType::BFloat16:
        case DType::Float16:
        case DType::Int16:
        case DType::UInt16:
            return 16;
        case DType::Int8:
        case DType::UInt8:
        case DType::Bool:
        case DType::Float8E4M3FN:
        case DType::Float8E5M2:
            return 8;
        case DType::Int4:
            return 4;
    }
    return 8;
}

bool dtype_needs_v2(DType d) {
    return d == DType::Float8E4M3FN || d == DType::Float8E5M2 || d == DType::Int4 ||
           d == DType::UInt16 || d == DType::UInt32;
}

bool dtype_is_storage_only(DType d) {
    return d == DType::Float8E4M3FN || d == DType::Float8E5M2 || d == DType::Int4;
}

bool is_float(DType d) {
    return d == DType::Float32 || d == DType::BFloat16 || d == DType::Float16 ||
           d == DType::Float64 || d == DType::Float8E4M3FN || d == DType::Float8E5M2;
}

std::string_view known_dtypes() {
    return "float32, bfloat16, float16, float64, int8, int16, int32, uint8, bool, "
           "float8_e4m3fn, float8_e5m2, int4, uint16, uint32 (the last five need \"tilelens\": 2)";
}

double dtype_epsilon(DType d) {
    switch (d) {
        case DType::Float64:
            return std::numeric_limits<double>::epsilon();
        case DType::Float32:
            return std::numeric_limits<float>::epsilon();
        case DType::BFloat16:
            return 0x1.0p-7;
        case DType::Float16:
            return 0x1.0p-10;
        case DType::Float8E4M3FN:
            return 0x1.0p-3;
        case DType::Float8E5M2:
            return 0x1.0p-2;
        default:
            return 0;
    }
}

double dtype_base_rtol(DType d) {
    switch (d) {
        case DType::Float64:
            return 1e-12;
        case DType::Float32:
            return 1e-6;
        case DType::BFloat16:
            return 1e-2;
        case DType::Float16:
            return 2e-3;
        default:
            return 0;
    }
}

}  // namespace tl
