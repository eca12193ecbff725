#pragma once
// The planner's time model (docs/report-format.md, "Plan output"): the roofline bound plus
// what it leaves out. For a candidate with `programs` grid steps:
//   modelled_s = max(max(flops / (peak * mxu_use), smem_bytes / smem_rate)
//                      + transcendentals / special_rate,
//                    hbm_bytes / bandwidth)
//              + programs * pipeline_steps * grid_step_s
//              + (first input blocks + last output blocks) / bandwidth
// where pipeline_steps is 1, or the inner steps of a streamed operand (docs/spec-format.md,
// "inner"), whose tiles also replace its block in the fill and drain and in mxu_use.
// with peak and bandwidth those of the cores the kernel runs on, and programs counted per core.
// mxu_use is the fraction of the MXU the blocks keep busy: for each of a matmul's bm, bn and bk
// (an attention's bq, bk and D), b / (mxu_size * ceil(b / mxu_size)). limited_by names the
// largest term: "compute", "memory", "grid_steps", "mxu_shape" (the compute lost to mxu_use),
// "shared_memory" (tiles too small to feed a GPU's tensor cores) or "transcendentals".
#include <cstdint>
#include <optional>
#include <string>

#include "core/spec/instance.h"
#include "core/spec/spec.h"
#include "core/target/target.h"

namespace tl {

struct TimeModel {
    double modelled_s = 0;
    std::string limited_by;
    double compute_s = 0, mxu_loss_s = 0, memory_s = 0, steps_s = 0, fill_drain_s = 0;
    double transcendental_s = 0;  // exp and the like at the target's special-function rate
    double smem_s = 0;            // the matrix units' tile reads at the shared-memory rate (GPUs)
};

// The (bm, bn, bk) of a matmul body: the output block's last two dimensions and the first
// input's last; nullopt for other bodies or shapes.
struct MatmulBlocks {
    std::int64_t bm = 0, bn = 0, bk = 0;
};
std::optional<MatmulBlocks> matmul_blocks(const Instance& inst, const KernelSpec* kernel);

// `peak_flops` and the target's bandwidth are the chip's; the model cuts them, and the grid
// steps, to the TensorCores the kernel runs on (core/target/core_share.h). nullopt without a
// bandwidth figure.
std::optional<TimeModel> model_time(const TargetProfile& target, const Instance& inst,
                                    const KernelSpec* kernel, std::optional<double> flops,
                                    std::optional<double> peak_flops, std::int64_t hbm_bytes);

}  // namespace tl
