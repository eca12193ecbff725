#include "core/base/dtype.h"

#include <array>
#include <limits>
#include <utility>

namespace tl {
namespace {
constexpr std::array<std::pair<DType, std::string_view>, 9> kNames{{
    {DType::Float32, "float32"},
    {DType::BFloat16, "bfloat16"},
    {DType::Float16, "float16"},
    {DType::Float64, "float64"},
    {DType::Int8, "int8"},
    {DType::Int16, "int16"},
    {DType::Int32, "int32"},
    {DType::UInt8, "uint8"},
    {DType::Bool, "bool"},
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
            return 32;
        case DType::BFloat16:
        case DType::Float16:
        case DType::Int16:
            return 16;
        case DType::Int8:
        case DType::UInt8:
        case DType::Bool:
            return 8;
    }
    return 8;
}

bool is_float(DType d) {
    return d == DType::Float32 || d == DType::BFloat16 || d == DType::Float16 ||
           d == DType::Float64;
}

std::string_view known_dtypes() {
    return "float32, bfloat16, float16, float64, int8, int16, int32, uint8, bool";
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
