// Size rules per block dimension, the nearest valid sizes the messages offer, the VMEM sum,
// and the search for smaller blocks that fit a budget.
#include <algorithm>
#include <set>

#include "core/target/contract.h"
#include "core/target/detail/contract_rules.h"

namespace tl {
namespace {

using detail::dim_size;
using detail::kSaturated;
using detail::sat_add;
using detail::sat_mul;

constexpr std::int64_t kTpuChunk = 8 * 128;  // sublanes × lanes: one full vreg of 32-bit values
constexpr std::int64_t kMaxPow2 = std::int64_t{1} << 62;

bool is_pow2(std::int64_t x) {
    return x > 0 && (x & (x - 1)) == 0;
}

// The largest power of two below x (0 when x <= 1).
std::int64_t pow2_below(std::int64_t x) {
    std::int64_t p = 1;
    if (x <= 1) return 0;
    while (p <= kMaxPow2 / 2 && p * 2 < x) p *= 2;
    return p;
}

// The smallest power of two above x (saturating).
std::int64_t pow2_above(std::int64_t x) {
    std::int64_t p = 1;
    while (p <= x && p < kMaxPow2) p *= 2;
    return p <= x ? kSaturated : p;
}

bool kind_fits(const SizeRule& r, std::int64_t s) {
    switch (r.kind) {
        case SizeRule::Kind::Any:
            return true;
        case SizeRule::Kind::Multiple:
            return s % r.n == 0;
        case SizeRule::Kind::PowerOfTwo:
            return is_pow2(s) && s >= r.n;
        case SizeRule::Kind::TpuRank1:
            return s % kTpuChunk == 0 || (is_pow2(s) && s >= r.n);
    }
    return false;
}

// The largest size below `s` that fits by kind alone; 0 when none.
std::int64_t below(const SizeRule& r, std::int64_t s) {
    switch (r.kind) {
        case SizeRule::Kind::Any:
            return s - 1;
        case SizeRule::Kind::Multiple:
            return (s - 1) / r.n * r.n;
        case SizeRule::Kind::PowerOfTwo: {
            const auto p = pow2_below(s);
            return p >= r.n ? p : 0;
        }
        case SizeRule::Kind::TpuRank1: {
            const auto p = pow2_below(s);
            return std::max((s - 1) / kTpuChunk * kTpuChunk, p >= r.n ? p : 0);
        }
    }
    return 0;
}

// The smallest size above `s` that fits by kind alone (saturating).
std::int64_t above(const SizeRule& r, std::int64_t s) {
    const auto pow2 = [&] { return std::max(pow2_above(s), r.n); };
    switch (r.kind) {
        case SizeRule::Kind::Any:
            return sat_add(s, 1);
        case SizeRule::Kind::Multiple:
            return sat_mul(s / r.n + 1, r.n);
        case SizeRule::Kind::PowerOfTwo:
            return pow2();
        case SizeRule::Kind::TpuRank1:
            return std::min(sat_mul(s / kTpuChunk + 1, kTpuChunk), pow2());
    }
    return kSaturated;
}

}  // namespace

std::vector<SizeRule> block_size_rules(const TargetProfile& target, const ResolvedOperand& op) {
    const std::size_t rank = op.block.size();
    std::vector<SizeRule> rules(rank);
    if (rank == 0) return rules;
    if (target.kind == TargetKind::Tpu) {
        if (rank == 1) {
            // 128 lanes × the elements one 32-bit word packs (f32 128, bf16 256, int8 512).
            rules[0] = {SizeRule::Kind::TpuRank1, 128 * (32 / detail::tpu_bits(op.dtype)), true};
        } else {
            rules[rank - 2] = {SizeRule::Kind::Multiple, 8, true};
            rules[rank - 1] = {SizeRule::Kind::Multiple, 128, true};
        }
    } else if (target.kind == TargetKind::Gpu && target.backend == GpuBackend::Triton) {
        for (auto& r : rules) r = {SizeRule::Kind::PowerOfTwo, 1, false};
    } else if (target.kind == TargetKind::Gpu) {
        // Mosaic GPU: the minor-most dimension spans a multiple of 16 bytes.
        const int bytes = std::max(1, dtype_bytes(op.dtype));
        rules[rank - 1] = {SizeRule::Kind::Multiple, std::max(1, 16 / bytes), false};
    }
    return rules;
}

bool size_fits(const SizeRule& rule, std::int64_t size, std::int64_t array_dim) {
    if (size < 1) return false;
    return (rule.array_dim_fits && size == array_dim) || kind_fits(rule, size);
}

std::vector<std::int64_t> nearest_valid_sizes(const SizeRule& rule, std::int64_t size,
                                              std::int64_t array_dim) {
    if (size_fits(rule, size, array_dim)) return {};
    const std::int64_t s = std::max<std::int64_t>(size, 0);
    const std::int64_t lo = s > 1 ? below(rule, s) : 0;
    const std::int64_t hi = above(rule, s);
    std::set<std::int64_t> out;
    if (lo >= 1) out.insert(lo);
    if (hi != kSaturated) out.insert(hi);
    // The array dimension is worth offering when it is about as close as the other two.
    const std::int64_t step = hi - (lo >= 1 ? lo : 0);
    if (rule.array_dim_fits && array_dim >= 1 && array_dim <= sat_add(hi, step))
        out.insert(array_dim);
    return {out.begin(), out.end()};
}

std::string format_sizes(const std::vector<std::int64_t>& sizes, std::int64_t array_dim) {
    std::string out;
    for (std::size_t i = 0; i < sizes.size(); ++i) {
        if (i > 0) out += i + 1 == sizes.size() ? " or " : ", ";
        out += std::to_string(sizes[i]);
        if (sizes[i] == array_dim) out += " (the array dimension)";
    }
    return out;
}

std::optional<std::int64_t> largest_fitting_at_most(const SizeRule& rule, std::int64_t limit,
                                                    std::int64_t array_dim) {
    if (limit < 1) return std::nullopt;
    if (size_fits(rule, limit, array_dim)) return limit;
    std::int64_t best = below(rule, limit);
    if (rule.array_dim_fits && array_dim >= 1 && array_dim <= limit)
        best = std::max(best, array_dim);
    return best >= 1 ? std::optional(best) : std::nullopt;
}

std::int64_t VmemPart::bytes() const {
    return sat_mul(buffers, block_bytes);
}

namespace {

std::int64_t round_up(std::int64_t n, std::int64_t m) {
    return m <= 1 ? n : sat_mul((n + m - 1) / m, m);
}

// Rows of the native VMEM tile (tpu_info.py, get_sublane_tiling at jax cec06d116c05): before
// TPU v7 XLA tiles 16- and 32-bit types by 8 rows and narrower types by 8 × 32 / bits; from v7
// every type by 8 × 32 / bits.
std::int64_t sublane_rows(DType d, const TargetProfile& t) {
    const int bits = detail::tpu_bits(d);
    if (bits >= 16 && t.id != "tpu-v7x") return 8;
    return 8 * 32 / bits;
}

// Bytes `dims` (the shape the body sees) take in TPU VMEM: the last dimension padded to the
// 128 lanes and the one before to the native tile's rows, so a (1, 128) f32 block occupies an
// (8, 128) tile (docs/semantics.md, "VMEM").
std::int64_t tpu_vmem_bytes(const std::vector<std::int64_t>& dims, DType d,
                            const TargetProfile& t) {
    std::int64_t n = 1;
    for (std::size_t k = 0; k < dims.size(); ++k) {
        std::int64_t v = dims[k];
        if (k + 1 == dims.size()) v = round_up(v, 128);
        if (k + 2 == dims.size()) v = round_up(v, sublane_rows(d, t));
        n = sat_mul(n, v);
    }
    return sat_mul(n, detail::tpu_bits(d)) / 8;
}

// The dimensions the body sees of what the operand keeps on chip: its block, or one inner
// tile when the block is streamed.
std::vector<std::int64_t> body_dims(const ResolvedOperand& op) {
    std::vector<std::int64_t> dims;
    const bool streamed = op.streamed();
    for (std::size_t d = 0; d < op.block.size(); ++d)
        if (op.block[d].kind != BlockDim::Kind::Squeezed)
            dims.push_back(streamed ? op.compute_size(static_cast<int>(d)) : op.block[d].size);
    return dims;
}

}  // namespace

std::vector<VmemPart> vmem_parts(const Instance& inst, const TargetProfile& target,
                                 const ContractOptions& options) {
    std::vector<VmemPart> parts;
    const auto elements = [](const ResolvedOperand& op) {
        std::int64_t n = 1;
        for (const auto& d : op.block) n = sat_mul(n, dim_size(d));
        return n;
    };
    const bool tpu = target.kind == TargetKind::Tpu;
    // Triton's blocks stay in global memory; once a kernel streams inner tiles, those tiles
    // are what its software pipeline stages in shared memory, and all that is counted.
    bool any_streamed = false;
    for (const auto& op : inst.operands) any_streamed = any_streamed || op.streamed();
    const bool triton =
        any_streamed && target.kind == TargetKind::Gpu && target.backend == GpuBackend::Triton;
    // On a GPU whose grid is all parallel, each program is its own thread block and loads
    // its blocks once: there is no next step to prefetch for, so one buffer each.
    bool all_parallel = target.kind == TargetKind::Gpu;
    for (const auto s : inst.semantics) all_parallel = all_parallel && is_parallel(s);
    for (const auto& op : inst.operands) {
        // A streamed block keeps `buffers` inner tiles on chip, whatever its memory space.
        if (op.streamed()) {
            const std::int64_t bytes = tpu ? tpu_vmem_bytes(body_dims(op), op.dtype, target)
                                           : dtype_storage_bytes(op.dtype, op.tile_elements());
            parts.push_back({op.name, op.inner->buffers, bytes});
            continue;
        }
        // HBM operands are moved by the kernel into its declared scratch; SMEM ones count
        // against SMEM (smem_parts).
        if (op.manual() || (tpu && op.memory_space == MemorySpace::Smem) || triton) continue;
        const std::int64_t bytes = tpu ? tpu_vmem_bytes(body_dims(op), op.dtype, target)
                                       : dtype_storage_bytes(op.dtype, elements(op));
        parts.push_back({op.name, all_parallel ? 1 : std::max(1, op.buffer_count), bytes});
    }
    if (triton) return parts;
    // Declared scratch lists the kernel's own buffers; a built-in body's f32 accumulator
    // is counted only when none is declared, so nothing is counted twice.
    if (options.f32_scratch_for_output && inst.scratch.empty())
        for (const auto& op : inst.operands)
            if (op.role == Role::Output) {
                const auto dims = body_dims(op);
                parts.push_back({"f32 accumulator (" + op.name + ")", 1,
                                 tpu ? tpu_vmem_bytes(dims, DType::Float32, target)
                                     : sat_mul(elements(op), 4)});
            }
    for (const auto& sc : inst.scratch) {
        if (sc.semaphore != ScratchSpec::Semaphore::None || sc.memory_space != MemorySpace::Vmem)
            continue;
        parts.push_back({"scratch " + sc.name, 1,
                         tpu ? tpu_vmem_bytes(sc.shape, sc.dtype, target) : sc.bytes()});
    }
    if (options.extra_scratch_bytes > 0)
        parts.push_back({"scratch", 1, options.extra_scratch_bytes});
    return parts;
}

std::vector<VmemPart> smem_parts(const Instance& inst) {
    std::vector<VmemPart> parts;
    // SMEM holds 32-bit words: narrower values take a word each.
    const auto words = [](std::int64_t elements, DType d) {
        return sat_mul(elements, std::max(4, dtype_bits(d) / 8));
    };
    for (std::size_t i = 0; i < inst.tables.size(); ++i) {
        const DType d = i < inst.prefetch_dtypes.size() ? inst.prefetch_dtypes[i] : DType::Int32;
        parts.push_back({"scalar_prefetch " + inst.tables[i].name, 1,
                         words(static_cast<std::int64_t>(inst.tables[i].values.size()), d)});
    }
    for (const auto& op : inst.operands)
        if (op.memory_space == MemorySpace::Smem)
            parts.push_back(
                {op.name, std::max(1, op.buffer_count), words(op.block_elements(), op.dtype)});
    for (const auto& sc : inst.scratch)
        if (sc.semaphore == ScratchSpec::Semaphore::None && sc.memory_space == MemorySpace::Smem)
            parts.push_back({"scratch " + sc.name, 1, words(sc.elements(), sc.dtype)});
    return parts;
}

namespace {

std::int64_t total_bytes(const std::vector<VmemPart>& parts) {
    std::int64_t sum = 0;
    for (const auto& p : parts) sum = sat_add(sum, p.bytes());
    return sum;
}

// Bytes that shrinking operand `i` would reduce: its buffers plus its accumulator.
std::int64_t operand_bytes(const std::vector<VmemPart>& parts, const std::string& name) {
    std::int64_t sum = 0;
    for (const auto& p : parts)
        if (p.label == name || p.label == "f32 accumulator (" + name + ")")
            sum = sat_add(sum, p.bytes());
    return sum;
}

}  // namespace

std::optional<std::vector<BlockFix>> shrink_blocks_to_fit(const Instance& inst,
                                                          const TargetProfile& target,
                                                          const ContractOptions& options,
                                                          std::int64_t limit) {
    Instance work;
    work.operands = inst.operands;
    // A streamed operand shrinks its inner tile: work on the tile as if it were the block.
    for (auto& op : work.operands)
        if (op.streamed()) {
            for (std::size_t d = 0; d < op.block.size(); ++d)
                op.block[d].size = op.compute_size(static_cast<int>(d));
            op.inner->tile.clear();  // compute_size now reads the block
        }
    std::set<std::size_t> exhausted;
    for (;;) {
        const auto parts = vmem_parts(work, target, options);
        if (total_bytes(parts) <= limit) break;
        std::optional<std::size_t> pick;
        std::int64_t most = -1;
        for (std::size_t i = 0; i < work.operands.size(); ++i) {
            const auto b = operand_bytes(parts, work.operands[i].name);
            if (!exhausted.contains(i) && b > most) most = b, pick = i;
        }
        if (!pick) return std::nullopt;
        auto& op = work.operands[*pick];
        const auto rules = block_size_rules(target, op);
        std::optional<std::size_t> dim;
        std::int64_t next = 0;
        for (std::size_t d = 0; d < op.block.size(); ++d) {
            if (op.block[d].kind == BlockDim::Kind::Squeezed) continue;
            const std::int64_t size = op.block[d].size;
            const std::int64_t array = d < op.shape.size() ? op.shape[d] : 0;
            auto c = largest_fitting_at_most(rules[d], size / 2, array);
            if (c && *c < size && (!dim || size > op.block[*dim].size)) dim = d, next = *c;
        }
        if (!dim) {
            exhausted.insert(*pick);
            continue;
        }
        op.block[*dim].size = next;
    }
    std::vector<BlockFix> fixes;
    for (std::size_t i = 0; i < inst.operands.size(); ++i) {
        const auto& op = inst.operands[i];
        BlockFix f{op.name, {}, {}, op.streamed()};
        for (std::size_t d = 0; d < op.block.size(); ++d)
            f.from.push_back(f.inner_tile ? op.compute_size(static_cast<int>(d))
                                          : dim_size(op.block[d]));
        for (const auto& d : work.operands[i].block) f.to.push_back(dim_size(d));
        if (f.from != f.to) fixes.push_back(std::move(f));
    }
    return fixes;
}

std::string format_block(const ResolvedOperand& op) {
    std::string out = "(";
    for (std::size_t i = 0; i < op.block.size(); ++i) {
        if (i > 0) out += ", ";
        const auto& d = op.block[i];
        if (d.kind == BlockDim::Kind::Squeezed)
            out += "None";
        else if (d.kind == BlockDim::Kind::Element)
            out += "Element(" + std::to_string(d.size) + ")";
        else
            out += std::to_string(d.size);
    }
    return out + (op.block.size() == 1 ? ",)" : ")");
}

std::string format_inner_tile(const ResolvedOperand& op) {
    std::string out = "(";
    for (std::size_t i = 0; i < op.block.size(); ++i) {
        if (i > 0) out += ", ";
        if (op.block[i].kind == BlockDim::Kind::Squeezed)
            out += "None";
        else
            out += std::to_string(op.compute_size(static_cast<int>(i)));
    }
    return out + (op.block.size() == 1 ? ",)" : ")");
}

}  // namespace tl
