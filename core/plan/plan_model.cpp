#include "core/plan/plan_model.h"

#include <algorithm>
#include <array>
#include <utility>
#include <vector>

#include "core/kernels/flops.h"
#include "core/target/contract.h"
#include "core/target/core_share.h"

namespace tl {

namespace {

double mxu_use(std::int64_t b, int mxu) {
    if (b <= 0 || mxu <= 0) return 1;
    const std::int64_t tiles = (b + mxu - 1) / mxu;
    return static_cast<double>(b) / static_cast<double>(tiles * mxu);
}

// The matrix unit's granularity along a product's (m, n, k): the MXU's side on each on TPU,
// the tensor-core instruction's tile on a GPU.
using Granule = std::array<int, 3>;

// The MXU share of a product made of three block sizes (a matmul's bm, bn, bk; attention's
// bq, bk, D).
double product_mxu_use(std::int64_t a, std::int64_t b, std::int64_t c, const Granule& g) {
    return mxu_use(a, g[0]) * mxu_use(b, g[1]) * mxu_use(c, g[2]);
}

// The size the body computes on `from_end` dimensions from the last (1: the last): the
// block's, or its inner tile's where the block is consumed in inner steps.
std::int64_t block_size_from_end(const ResolvedOperand& op, int from_end) {
    return op.compute_size(op.rank() - from_end);
}

// Bytes the pipeline moves before the first step can start and after the last one ends: a
// block, or the first tile of a streamed one.
double fill_and_drain_bytes(const Instance& inst) {
    double bytes = 0;
    for (const auto& op : inst.operands) {
        if (op.streamed())
            bytes += static_cast<double>(op.tile_bytes());
        else if (!op.manual())
            bytes += static_cast<double>(op.block_bytes());
    }
    return bytes;
}

// Pipeline steps one program takes: a streamed operand's tiles each pass through the same
// pipeline a block does (emit_pipeline, tile_k), so they cost what a grid step costs.
std::int64_t pipeline_steps_per_program(const Instance& inst) {
    std::int64_t steps = 1;
    for (const auto& op : inst.operands)
        if (op.streamed()) steps = std::max(steps, op.inner_steps());
    return steps;
}

// An attention body's query block, key block (or tile) and head size, and its dtype.
struct AttentionSizes {
    std::int64_t bq = 0, bk = 0, d = 0;
    DType dtype = DType::BFloat16;
};
std::optional<AttentionSizes> attention_sizes(const Instance& inst) {
    std::vector<const ResolvedOperand*> in;
    for (const auto& op : inst.operands)
        if (op.role == Role::Input) in.push_back(&op);
    if (in.size() < 3 || in[0]->rank() < 2 || in[1]->rank() < 2) return std::nullopt;
    return AttentionSizes{block_size_from_end(*in[0], 2), block_size_from_end(*in[1], 2),
                          block_size_from_end(*in[0], 1), in[0]->dtype};
}

// The part of the MXU an attention body's blocks keep busy: QKᵀ is a (bq, D) x (D, bk)
// product and PV a (bq, bk) x (bk, D) one: both are made of the same three sizes, so both
// fill the MXU alike.
std::optional<double> attention_mxu_use(const Instance& inst, const Granule& mxu) {
    const auto a = attention_sizes(inst);
    if (!a) return std::nullopt;
    return product_mxu_use(a->bq, a->bk, a->d, mxu);
}

std::optional<double> body_mxu_use(const Instance& inst, const KernelSpec* kernel,
                                   const Granule& mxu) {
    if (const auto b = matmul_blocks(inst, kernel))
        return product_mxu_use(b->bm, b->bn, b->bk, mxu);
    if (kernel && kernel->body == "attention") return attention_mxu_use(inst, mxu);
    return std::nullopt;
}

// Thread blocks one SM holds at once: as many as its shared memory fits (at least one, at
// most 32, the hardware's limit on Hopper).
std::int64_t blocks_per_sm(const Instance& inst, const TargetProfile& target) {
    std::int64_t smem = 0;
    for (const auto& p : vmem_parts(inst, target)) smem += p.bytes();
    if (smem <= 0 || !target.vmem_bytes) return 32;
    return std::clamp<std::int64_t>(*target.vmem_bytes / smem, 1, 32);
}

// On a GPU, programs run in waves over the SMs and each fills its own pipeline before its
// first step: per wave, one program's first blocks and tiles on each busy SM at that SM's
// share of the bandwidth, which is exposed while the SM has nothing else to run.
double gpu_fill_s(const Instance& inst, const TargetProfile& target, double bw) {
    const auto sms = static_cast<std::int64_t>(*target.compute_units);
    const std::int64_t slots = sms * blocks_per_sm(inst, target);
    const std::int64_t waves = (inst.programs() + slots - 1) / slots;
    const std::int64_t busy = std::min(inst.programs(), sms);
    return static_cast<double>(waves) * fill_and_drain_bytes(inst) * static_cast<double>(busy) / bw;
}

// Blocks shared by programs that run at the same time come from the L2 cache: while every
// array fits in it, each is read from HBM once.
double gpu_memory_bytes(const Instance& inst, const TargetProfile& target, std::int64_t hbm_bytes) {
    if (!target.l2_bytes) return static_cast<double>(hbm_bytes);
    std::int64_t arrays = 0;
    for (const auto& op : inst.operands) arrays += dtype_storage_bytes(op.dtype, op.elements());
    if (arrays > *target.l2_bytes) return static_cast<double>(hbm_bytes);
    return static_cast<double>(std::min(hbm_bytes, arrays));
}

// Bytes the matrix units read from shared memory per FLOP: a matmul step reads a (bm, tk)
// and a (tk, bn) tile for 2·bm·bn·tk FLOPs; an attention step reads its queries and a key and
// a value tile, (bq + 2·tk)·D elements, for 4·bq·tk·D. Small tiles read more per FLOP.
std::optional<double> smem_bytes_per_flop(const Instance& inst, const KernelSpec* kernel) {
    if (const auto b = matmul_blocks(inst, kernel)) {
        const double bytes = dtype_bits(inst.operands.front().dtype) / 8.0;
        return bytes * static_cast<double>(b->bm + b->bn) /
               (2.0 * static_cast<double>(b->bm * b->bn));
    }
    if (!kernel || kernel->body != "attention") return std::nullopt;
    const auto a = attention_sizes(inst);
    if (!a) return std::nullopt;
    const auto bq = static_cast<double>(a->bq), tk = static_cast<double>(a->bk);
    return dtype_bits(a->dtype) / 8.0 * (bq + 2 * tk) / (4 * bq * tk);
}

}  // namespace

std::optional<MatmulBlocks> matmul_blocks(const Instance& inst, const KernelSpec* kernel) {
    if (!kernel || kernel->body != "matmul") return std::nullopt;
    const ResolvedOperand* x = nullptr;
    const ResolvedOperand* o = nullptr;
    for (const auto& op : inst.operands) {
        if (!x && op.role == Role::Input) x = &op;
        if (!o && op.role == Role::Output) o = &op;
    }
    if (!x || !o || x->rank() < 2 || o->rank() < 2) return std::nullopt;
    return MatmulBlocks{block_size_from_end(*o, 2), block_size_from_end(*o, 1),
                        block_size_from_end(*x, 1)};
}

std::optional<TimeModel> model_time(const TargetProfile& target, const Instance& inst,
                                    const KernelSpec* kernel, std::optional<double> flops,
                                    std::optional<double> peak_flops, std::int64_t hbm_bytes) {
    if (!target.hbm_bytes_per_s || *target.hbm_bytes_per_s <= 0) return std::nullopt;
    // The chip's figures, cut to the cores this kernel runs on (core/target/core_share.h).
    const CoreShare share = core_share(target, &inst);
    const double bw = *target.hbm_bytes_per_s * share.fraction();
    TimeModel m;
    const bool gpu = target.kind == TargetKind::Gpu && target.compute_units;
    m.memory_s =
        (gpu ? gpu_memory_bytes(inst, target, hbm_bytes) : static_cast<double>(hbm_bytes)) / bw;
    if (flops && peak_flops && *peak_flops > 0) {
        m.compute_s = *flops / (*peak_flops * share.fraction());
        std::optional<Granule> granule;
        if (target.mxu_size)
            granule = Granule{*target.mxu_size, *target.mxu_size, *target.mxu_size};
        if (target.mma_shape) granule = *target.mma_shape;
        const auto use = granule ? body_mxu_use(inst, kernel, *granule) : std::nullopt;
        if (use) m.mxu_loss_s = m.compute_s / *use - m.compute_s;
        // The tensor cores read their tiles from shared memory: past its rate they wait.
        if (target.smem_bytes_per_s && *target.smem_bytes_per_s > 0)
            if (const auto per_flop = smem_bytes_per_flop(inst, kernel))
                m.smem_s = *flops * *per_flop / (*target.smem_bytes_per_s * share.fraction());
    }
    // Softmax's exponentials run on the special-function units, which the matmuls wait for.
    if (kernel && target.transcendentals_per_s && *target.transcendentals_per_s > 0)
        if (const auto t = kernel_transcendentals(kernel->body, inst))
            m.transcendental_s =
                static_cast<double>(*t) / (*target.transcendentals_per_s * share.fraction());
    m.steps_s = share.steps_per_core(inst.programs()) *
                static_cast<double>(pipeline_steps_per_program(inst)) *
                target.grid_step_s.value_or(0);
    m.fill_drain_s = gpu ? gpu_fill_s(inst, target, bw) : fill_and_drain_bytes(inst) / bw;
    const double matrix = std::max(m.compute_s + m.mxu_loss_s, m.smem_s);
    const double compute = matrix + m.transcendental_s;
    m.modelled_s = std::max(compute, m.memory_s) + m.steps_s + m.fill_drain_s;
    // The largest term names the limit; compute and its MXU loss count only when compute,
    // not memory, sets the roof.
    const bool compute_bound = compute >= m.memory_s;
    const bool smem_bound = m.smem_s > m.compute_s + m.mxu_loss_s;
    std::array<std::pair<double, const char*>, 5> terms{
        std::pair{m.steps_s, "grid_steps"},
        compute_bound ? std::pair{m.compute_s, "compute"} : std::pair{m.memory_s, "memory"},
        std::pair{compute_bound && !smem_bound ? m.mxu_loss_s : 0.0, "mxu_shape"},
        std::pair{compute_bound && smem_bound ? m.smem_s : 0.0, "shared_memory"},
        std::pair{compute_bound ? m.transcendental_s : 0.0, "transcendentals"}};
    m.limited_by = std::max_element(terms.begin(), terms.end(), [](const auto& a, const auto& b) {
                       return a.first < b.first;
                   })->second;
    return m;
}

}  // namespace tl
