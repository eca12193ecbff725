// GPU block rules: Mosaic GPU (16-byte minor-most dimension, Blocked dimensions only) and
// Triton (power-of-two block dimensions).
#include <string>

#include "core/target/contract.h"
#include "core/target/detail/contract_rules.h"

namespace tl::detail {
namespace {

void check_mosaic(const ResolvedOperand& op, const TargetProfile& target, ContractResult& r) {
    for (const auto& d : op.block) {
        if (d.kind != BlockDim::Kind::Element) continue;
        r.violations.push_back(violation(
            op.name, "block_tiling",
            operand_prefix(op) + "Mosaic GPU supports only blocked dimensions, not Element(" +
                std::to_string(d.size) + "); use a blocked size and block indices"));
        return;
    }
    const auto rules = block_size_rules(target, op);
    const std::size_t last = op.block.size() - 1;
    const std::int64_t size = dim_size(op.block[last]);
    if (size_fits(rules[last], size, op.shape[last])) return;
    const int bytes = dtype_bytes(op.dtype);
    std::string msg = operand_prefix(op) + "the minor-most block dimension " +
                      std::to_string(size) + " spans " + std::to_string(size * bytes) +
                      " bytes; Mosaic GPU needs a multiple of 16 bytes (a multiple of " +
                      std::to_string(rules[last].n) + " " + std::string(to_string(op.dtype)) +
                      " elements)";
    const auto near = nearest_valid_sizes(rules[last], size, op.shape[last]);
    if (!near.empty()) msg += "; nearest valid: " + format_sizes(near, op.shape[last]);
    r.violations.push_back(violation(op.name, "block_tiling", std::move(msg)));
}

void check_triton(const ResolvedOperand& op, const TargetProfile& target, ContractResult& r) {
    const auto rules = block_size_rules(target, op);
    for (std::size_t d = 0; d < op.block.size(); ++d) {
        const std::int64_t size = dim_size(op.block[d]);
        if (size_fits(rules[d], size, op.shape[d])) continue;
        std::string msg = operand_prefix(op) + "block dimension " + std::to_string(d) + " is " +
                          std::to_string(size) +
                          "; Triton needs every block dimension to be a power of two";
        const auto near = nearest_valid_sizes(rules[d], size, op.shape[d]);
        if (!near.empty()) msg += "; nearest valid: " + format_sizes(near, op.shape[d]);
        r.violations.push_back(violation(op.name, "block_tiling", std::move(msg)));
    }
}

}  // namespace

void check_gpu_blocks(const ResolvedOperand& op, const TargetProfile& target, ContractResult& r) {
    // A block without dimensions, or not one per array dimension, is the resolver's error.
    if (op.block.empty() || op.block.size() != op.shape.size()) return;
    if (target.backend == GpuBackend::Triton)
        check_triton(op, target, r);
    else
        check_mosaic(op, target, r);
}

}  // namespace tl::detail
