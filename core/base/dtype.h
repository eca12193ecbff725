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
    Bool,
    // Format 2 (docs/spec-format.md): packed and wider unsigned types of production kernels.
    Float8E4M3FN,
    Float8E5M2,
    Int4,
    UInt16,
    UInt32
};

std::string_view to_string(DType d);
std::optional<DType> parse_dtype(std::string_view s);  // nullopt for unknown names
int dtype_bits(DType d);                               // bool counts as 8 bits (one byte)
// Bytes one element takes in the interpreter's buffers (int4 is held in a byte).
inline int dtype_bytes(DType d) {
    return dtype_bits(d) < 8 ? 1 : dtype_bits(d) / 8;
}
// Bytes `elements` values take on the device: packed types share bytes, rounded up.
inline std::int64_t dtype_storage_bytes(DType d, std::int64_t elements) {
    return dtype_bits(d) == 4 ? (elements + 1) / 2 : elements * (dtype_bits(d) / 8);
}
// True for the dtypes format 1 does not know.
bool dtype_needs_v2(DType d);
// True for the dtypes the CPU interpreter has no arithmetic for (float8, int4): their specs
// get contract and indexing checks, not numerics.
bool dtype_is_storage_only(DType d);
bool is_float(DType d);
// Machine epsilon of a floating dtype (0 for integers and bool).
double dtype_epsilon(DType d);
// The base relative tolerance of results in this dtype (0 for integers and bool: exact).
double dtype_base_rtol(DType d);
std::string_view known_dtypes();  // "float32, bfloat16, ..." for error messages

}  // namespace tl
