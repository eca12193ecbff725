// TPU block rules, as the Pallas TPU lowering checks them before launch
// (jax/_src/pallas/mosaic/lowering.py, _check_block_mappings).
#include <string>

#include "core/target/contract.h"
#include "core/target/detail/contract_rules.h"

namespace tl::detail {
namespace {

// Rows one (sublane × 128) tile holds for a packed dtype: bf16 16, int8 32. 0 = not packed.
int packed_rows(DType d) {
    const int bits = tpu_bits(d);
    return bits < 32 ? 8 * (32 / bits) : 0;
}

std::string describe_size(const ResolvedBlockDim& d, std::string_view position) {
    std::string out = "the " + std::string(position) + " block dimension ";
    if (d.kind == BlockDim::Kind::Squeezed)
        return out + "is squeezed (None, counted as size 1) and";
    return out + std::to_string(d.size);
}

void check_last_two(const ResolvedOperand& op, const TargetProfile& target, ContractResult& r) {
    const auto rules = block_size_rules(target, op);
    const std::size_t rank = op.block.size();
    for (std::size_t d = rank - 2; d < rank; ++d) {
        const auto& bd = op.block[d];
        const std::int64_t size = dim_size(bd), array = op.shape[d];
        if (size_fits(rules[d], size, array)) continue;
        const bool last = d == rank - 1;
        std::string msg = operand_prefix(op) + describe_size(bd, last ? "last" : "second-to-last") +
                          " must equal the array dimension " + std::to_string(array) +
                          " or be a multiple of " + std::to_string(rules[d].n);
        const auto near = nearest_valid_sizes(rules[d], size, array);
        if (!near.empty()) msg += "; nearest valid: " + format_sizes(near, array);
        r.violations.push_back(violation(op.name, "block_tiling", std::move(msg)));
    }
    // Packed dtypes fill a tile with 16 (bf16) or 32 (int8) rows: fewer rows pad the tile.
    const int rows = packed_rows(op.dtype);
    const std::int64_t second = dim_size(op.block[rank - 2]);
    if (rows > 0 && second % 8 == 0 && second % rows != 0 && op.shape[rank - 2] > second) {
        r.advice.push_back(operand_prefix(op) + std::string(to_string(op.dtype)) + " packs " +
                           std::to_string(rows) +
                           " rows per tile; a second-to-last block "
                           "dimension that is a multiple of " +
                           std::to_string(rows) + " (e.g. " +
                           std::to_string((second / rows + 1) * rows) +
                           ") avoids half-empty tiles (" + std::to_string(second) + " is allowed)");
    }
}

void check_rank1(const ResolvedOperand& op, const TargetProfile& target, ContractResult& r) {
    const auto rule = block_size_rules(target, op)[0];
    const auto& bd = op.block[0];
    const std::int64_t size = dim_size(bd), array = op.shape[0];
    if (size_fits(rule, size, array)) return;
    const int bits = tpu_bits(op.dtype);
    std::string msg = operand_prefix(op) + "a rank-1 block (here " +
                      (bd.kind == BlockDim::Kind::Squeezed ? std::string("None, counted as 1")
                                                           : std::to_string(size)) +
                      ") must equal the array dimension " + std::to_string(array) +
                      ", be a multiple of 1024, or be a power of two of at least " +
                      std::to_string(rule.n) + " (128 × 32 / " + std::to_string(bits) +
                      (op.dtype == DType::Bool ? " bits: bool is stored as int32)" : " bits)");
    const auto near = nearest_valid_sizes(rule, size, array);
    if (!near.empty()) msg += "; nearest valid: " + format_sizes(near, array);
    r.violations.push_back(violation(op.name, "block_tiling", std::move(msg)));
}

}  // namespace

void check_tpu_blocks(const ResolvedOperand& op, const TargetProfile& target, ContractResult& r) {
    // The block rank counts squeezed dimensions, as the lowering does: it measures the block
    // shape before squeezing. A squeezed dimension counts as size 1 wherever it stands, so
    // (None, 128) over a (300, 128) array is refused (1 is neither 300 nor a multiple of 8)
    // while (None, 8, 128) is accepted: leading dimensions carry no rule.
    const std::size_t rank = op.block.size();
    if (rank < 1 || rank != op.shape.size()) {
        std::string msg = "operand " + op.name + ": ";
        if (rank < 1)
            msg +=
                "the block has rank 0; TPU VMEM blocks need rank >= 1: put the scalar in SMEM "
                "(memory_space \"smem\") or give the array a dimension";
        else
            msg += "the block has " + std::to_string(rank) + " dimensions but the array has " +
                   std::to_string(op.shape.size()) + "; give one block entry per dimension";
        r.violations.push_back(violation(op.name, "rank", std::move(msg)));
        return;
    }
    if (rank >= 2)
        check_last_two(op, target, r);
    else
        check_rank1(op, target, r);
}

}  // namespace tl::detail
