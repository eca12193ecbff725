// Rules for blocks consumed in inner steps (docs/semantics.md, "Inner tiles"): a streamed tile
// is what the target's pipeline copies, so it keeps the same tiling rules a block does; on
// Triton every tiled dimension is a load shape and must be a power of two. A tile that does
// not divide its block leaves a partial last step, which the body must mask: advice only.
#include <string>

#include "core/target/contract.h"
#include "core/target/detail/contract_rules.h"

namespace tl::detail {
namespace {

// The operand as the inner pipeline sees it: one tile is its block, in VMEM or shared memory.
ResolvedOperand tile_view(const ResolvedOperand& op) {
    ResolvedOperand v = op;
    for (std::size_t d = 0; d < v.block.size(); ++d)
        v.block[d].size = op.compute_size(static_cast<int>(d));
    v.memory_space = MemorySpace::Vmem;
    v.inner.reset();
    return v;
}

// The block rules' messages, said of the inner tile instead of the block.
void add_as_tile(ContractResult& from, ContractResult& r) {
    for (auto& f : from.violations) {
        const auto at = f.message.find(": block (");
        if (at != std::string::npos) f.message.replace(at, 9, ": inner tile (");
        r.violations.push_back(std::move(f));
    }
}

bool is_pow2(std::int64_t x) {
    return x > 0 && (x & (x - 1)) == 0;
}

void check_triton_tile(const ResolvedOperand& op, const TargetProfile& target, ContractResult& r) {
    (void)target;
    for (std::size_t d = 0; d < op.block.size(); ++d) {
        const std::int64_t tile = op.compute_size(static_cast<int>(d));
        if (tile == op.block[d].size || is_pow2(tile)) continue;
        SizeRule pow2{SizeRule::Kind::PowerOfTwo, 1, false};
        std::string msg = "operand " + op.name + ": inner tile " + format_inner_tile(op) +
                          ": dimension " + std::to_string(d) + " is " + std::to_string(tile) +
                          "; Triton loads each tile as one array, whose sizes must be powers of "
                          "two";
        const auto near = nearest_valid_sizes(pow2, tile, op.block[d].size);
        if (!near.empty()) msg += "; nearest valid: " + format_sizes(near, 0);
        r.violations.push_back(violation(op.name, "block_tiling", std::move(msg)));
    }
}

void advise_partial_step(const ResolvedOperand& op, ContractResult& r) {
    for (std::size_t d = 0; d < op.block.size(); ++d) {
        const std::int64_t block = op.block[d].size, tile = op.compute_size(static_cast<int>(d));
        if (tile <= 0 || block % tile == 0) continue;
        r.advice.push_back("operand " + op.name + ": the inner tile " + std::to_string(tile) +
                           " does not divide the block's " + std::to_string(block) +
                           " on dimension " + std::to_string(d) + ": the last inner step covers " +
                           std::to_string(block % tile) +
                           " elements, which the body must mask; a tile that divides " +
                           std::to_string(block) + " avoids it");
    }
}

}  // namespace

void check_inner_tiles(const Instance& inst, const TargetProfile& target, ContractResult& r) {
    for (const auto& op : inst.operands) {
        if (!op.inner || op.inner->tile.size() != op.block.size()) continue;
        advise_partial_step(op, r);
        if (target.kind == TargetKind::Gpu && target.backend == GpuBackend::Triton) {
            check_triton_tile(op, target, r);
            continue;
        }
        // A tile held inside a resident block is a slice the body takes: no copy rule.
        if (!op.inner->streamed()) continue;
        ContractResult tile;
        const auto view = tile_view(op);
        if (target.kind == TargetKind::Tpu)
            check_tpu_blocks(view, target, tile);
        else if (target.kind == TargetKind::Gpu)
            check_gpu_blocks(view, target, tile);
        add_as_tile(tile, r);
    }
}

}  // namespace tl::detail
