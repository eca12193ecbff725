#pragma once
// The target contract: what a target's lowering refuses before anything is launched (the rules
// are in docs/semantics.md, "Budgets" and the "Format 2" sections "VMEM", "SMEM", "Dtypes",
// "Grid semantics" and "GPU targets"). Each violation is a `contract_violation` finding whose
// message names the operand, the rule, the numbers and the nearest valid fix.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/base/finding.h"
#include "core/spec/instance.h"
#include "core/spec/spec.h"
#include "core/target/target.h"

namespace tl {

struct ContractOptions {
    // Matmul `accumulator: "f32_scratch"`: one single-buffered f32 block per output.
    bool f32_scratch_for_output = false;
    std::int64_t extra_scratch_bytes = 0;  // any other scratch the kernel keeps in VMEM
};

// The options implied by a spec's kernel options (KernelSpec::options).
ContractOptions contract_options(const Json& kernel_options);

// One term of the VMEM sum: `buffers` copies of a block of `block_bytes`.
struct VmemPart {
    std::string label;  // the operand's name, "f32 accumulator (o)" or "scratch"
    int buffers = 1;
    std::int64_t block_bytes = 0;
    std::int64_t bytes() const;  // buffers × block_bytes, saturating
};

struct ContractResult {
    std::vector<Finding> violations;         // kind contract_violation, severity error
    std::vector<std::string> advice;         // worth changing, never a rejection
    std::vector<std::string> rules_checked;  // rule ids, in the order they were checked
    std::vector<VmemPart> vmem_parts;
    std::int64_t vmem_bytes = 0;        // the sum of vmem_parts
    std::int64_t vmem_limit_bytes = 0;  // the budget; 0 when the target has none
    bool rejected() const { return !violations.empty(); }
};

// Checks `inst` against the rules of `target` (none for kind interpret). The rule ids are
// exactly block_tiling, rank, dtype, vmem and grid_semantics.
ContractResult check_contract(const Instance& inst, const TargetProfile& target,
                              const ContractOptions& options = {});

// One sentence saying what `rule` requires on `target`, for reports listing the rules checked.
std::string rule_description(std::string_view rule, const TargetProfile& target);

// ---- Block size rules, shared with the tile planner ----------------------------------------

// What one block dimension may be on a target.
struct SizeRule {
    enum class Kind {
        Any,         // any size >= 1
        Multiple,    // a multiple of n
        PowerOfTwo,  // a power of two >= n
        TpuRank1,    // a multiple of 1024, or a power of two >= n (TPU rank-1 blocks)
    };
    Kind kind = Kind::Any;
    std::int64_t n = 1;
    bool array_dim_fits = false;  // a block equal to the array dimension is always accepted
};

// The rule for each dimension of `op`'s block on `target` (all Any for interpret).
std::vector<SizeRule> block_size_rules(const TargetProfile& target, const ResolvedOperand& op);

bool size_fits(const SizeRule& rule, std::int64_t size, std::int64_t array_dim);
// The valid sizes nearest to `size`, ascending: the largest below, the smallest above, and
// the array dimension when it is accepted and close. Empty when `size` itself fits.
std::vector<std::int64_t> nearest_valid_sizes(const SizeRule& rule, std::int64_t size,
                                              std::int64_t array_dim);
// "96 or 104", "5 (the array dimension) or 8".
std::string format_sizes(const std::vector<std::int64_t>& sizes, std::int64_t array_dim);
// The largest valid size <= `limit` (the array dimension included when accepted); nullopt
// when none is >= 1.
std::optional<std::int64_t> largest_fitting_at_most(const SizeRule& rule, std::int64_t limit,
                                                    std::int64_t array_dim);

// ---- VMEM ------------------------------------------------------------------------------------

// buffer_count × block bytes per operand, then the scratch `options` adds. On TPU a bool
// block is stored as int32 (Mosaic's memref type for bool), so it counts 4 bytes an element.
std::vector<VmemPart> vmem_parts(const Instance& inst, const TargetProfile& target,
                                 const ContractOptions& options = {});
// What a TPU kernel keeps in SMEM: scalar-prefetch tables, smem operands, smem scratch.
std::vector<VmemPart> smem_parts(const Instance& inst);
// SMEM per TensorCore on TPU v4 and later (tpu_info.py at jax cec06d116c05: 1 MiB).
inline constexpr std::int64_t kTpuSmemBytes = std::int64_t{1} << 20;

struct BlockFix {
    std::string operand;
    std::vector<std::int64_t> from;
    std::vector<std::int64_t> to;
    bool inner_tile = false;  // the sizes are the streamed operand's inner tile
};

// Smaller blocks whose VMEM sum fits `limit` (smaller inner tiles for streamed operands):
// repeatedly halves the largest dimension (of the
// operand using the most memory) whose halved size still keeps its size rule. nullopt when no
// dimension can shrink further before the sum fits.
std::optional<std::vector<BlockFix>> shrink_blocks_to_fit(const Instance& inst,
                                                          const TargetProfile& target,
                                                          const ContractOptions& options,
                                                          std::int64_t limit);

// "(None, 100, 128)": a block as Pallas writes it (None = squeezed, Element(b) = element dim).
std::string format_block(const ResolvedOperand& op);
// "(128, 64)": one inner tile of a block consumed in inner steps (squeezed dimensions None).
std::string format_inner_tile(const ResolvedOperand& op);

}  // namespace tl
