#pragma once
#include <cstdint>
#include <optional>
#include <string_view>

namespace tl {

enum class DType : std::uint8_t {
    Float32,
    BFloat16,
    Float16,
    Float64,
    Int8,
    Int16,
    Int32,
    UInt8,
    Bool
};

std::string_view to_string(DType d);
std::optional<DType> parse_dtype(std::string_view s);  // nullopt for unknown names
int dtype_bits(DType d);                               // bool counts as 8 bits (one byte)
inline int dtype_bytes(DType d) {
    return dtype_bits(d) / 8;
}
bool is_float(DType d);
// Machine epsilon of a floating dtype (0 for integers and bool).
double dtype_epsilon(DType d);
// The base relative tolerance of results in this dtype (0 for integers and bool: exact).
double dtype_base_rtol(DType d);
std::string_view known_dtypes();  // "float32, bfloat16, ..." for error messages

}  // namespace tl
