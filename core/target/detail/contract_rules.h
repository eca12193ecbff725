#pragma once
// Helpers shared by the contract's source files; not part of the public API.
#include <cstdint>
#include <limits>
#include <string>
#include <string_view>

#include "core/target/contract.h"

namespace tl::detail {

inline constexpr std::int64_t kSaturated = std::numeric_limits<std::int64_t>::max();

inline std::int64_t sat_mul(std::int64_t a, std::int64_t b) {
    std::int64_t out;
    return __builtin_mul_overflow(a, b, &out) ? kSaturated : out;
}
inline std::int64_t sat_add(std::int64_t a, std::int64_t b) {
    std::int64_t out;
    return __builtin_add_overflow(a, b, &out) ? kSaturated : out;
}

// A squeezed dimension spans one element.
inline std::int64_t dim_size(const ResolvedBlockDim& d) {
    return d.kind == BlockDim::Kind::Squeezed ? 1 : d.size;
}

// Bits of one element in TPU memory: Mosaic stores bool as int32.
inline int tpu_bits(DType d) {
    return d == DType::Bool ? 32 : dtype_bits(d);
}

// "operand x: block (100, 128) float32: " — the prefix every per-operand message starts with.
std::string operand_prefix(const ResolvedOperand& op);

Finding violation(std::string operand, std::string_view rule, std::string message);

// Rank, block_tiling and packed-dtype advice for one operand on a TPU target.
void check_tpu_blocks(const ResolvedOperand& op, const TargetProfile& target, ContractResult& r);
// block_tiling for one operand on a GPU target (Mosaic GPU or Triton rules).
void check_gpu_blocks(const ResolvedOperand& op, const TargetProfile& target, ContractResult& r);

// block_tiling for inner tiles (streamed tiles keep the block rules; Triton tiles are powers
// of two) and advice on partial last steps.
void check_inner_tiles(const Instance& inst, const TargetProfile& target, ContractResult& r);

}  // namespace tl::detail
