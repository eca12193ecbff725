#include "core/interp/interpreter.h"

#include <cstdio>
#include <new>

#include "core/analysis/windows.h"
#include "core/base/format.h"
#include "core/base/parallel_for.h"
#include "core/interp/detail/data_gen.h"
#include "core/interp/detail/grid_runner.h"
#include "core/interp/detail/parallel.h"
#include "core/interp/detail/zero_unread.h"
#include "core/interp/reference/reference.h"

namespace tl {

std::int64_t interpreter_memory_bytes(const Instance& inst) {
    // Inputs: the array, matmul's packed copies of its blocks and the reference's float64
    // copy. Outputs: the run and the numerics check's two re-runs, the float64 reference, a
    // mismatch flag, the comparison's float64 copies and, with element-indexed dims, a writer
    // per element. Blocks: the block buffer and a few float64 temporaries of the bodies.
    std::int64_t total = 0;
    for (const auto& op : inst.operands) {
        const std::int64_t n = op.elements();
        const std::int64_t esz = dtype_bytes(op.dtype);
        std::int64_t per = op.role == Role::Input ? 2 * esz + 8 : 3 * esz + 8 + 1 + 16;
        if (op.role == Role::Output)
            for (const auto& b : op.block)
                if (b.kind == BlockDim::Kind::Element) per += 4;
        total = sat_add(total, sat_mul(n, per));
        total = sat_add(total, sat_mul(op.block_elements(), esz + 3 * 8));
    }
    return total;
}

RunResult interpret(const Instance& inst, const KernelSpec& kernel, Uninitialized uninitialized,
                    Revisit revisit, std::int64_t seed, const RunOptions& options) {
    RunResult res;
    interp::split_operands(inst, res.input_operands, res.output_operands);
    res.memory_bytes = interpreter_memory_bytes(inst);
    if (res.memory_bytes > options.memory_limit_bytes) {
        res.errors.push_back({"", "", 0, 0,
                              over_limit_message("the interpreter's memory",
                                                 "about " + format_bytes(res.memory_bytes),
                                                 LimitId::InterpreterMemoryBytes, res.memory_bytes,
                                                 options.memory_limit_bytes) +
                                  "; or use smaller shapes for the numerics check"});
        return res;
    }
    try {
        std::int64_t work = 0;  // elements of all arrays
        for (const auto& op : inst.operands) work = sat_add(work, op.elements());
        const int threads = interp::worker_threads(options, work);
        for (int i : res.input_operands) {
            const auto& op = inst.operands[static_cast<std::size_t>(i)];
            res.inputs.emplace_back(op.dtype, op.shape);
        }
        // Each input has its own stream: drawing them at once gives the same data.
        parallel_for(res.inputs.size(), threads, [&](std::size_t u) {
            const int i = res.input_operands[u];
            generate_input(res.inputs[u], seed, i);
            fill_input_data(res.inputs[u], inst.operands[static_cast<std::size_t>(i)].data);
        });
        interp::zero_unread_inputs(inst, res.input_operands, res.inputs);
        interp::Fills fills{uninitialized, uninitialized, uninitialized};
        interp::GridRun run = interp::run_kernel(inst, kernel, res.inputs, fills, revisit, options);
        res.ok = run.ok;
        res.cancelled = run.cancelled;
        res.errors = std::move(run.errors);
        res.outputs = std::move(run.outputs);
        res.writers = std::move(run.writers);
        res.input_read_padding = std::move(run.read_padding);
        if (!res.ok || !options.reference) return res;
        std::vector<const Buffer*> ins;
        for (const auto& b : res.inputs) ins.push_back(&b);
        for (int o : res.output_operands)
            res.references.push_back(reference::compute(kernel.body, kernel.options, ins,
                                                        inst.operands[static_cast<std::size_t>(o)],
                                                        threads));
    } catch (const std::bad_alloc&) {
        res.ok = false;
        res.errors.push_back({"", "", 0, 0,
                              "out of memory while interpreting (estimated " +
                                  format_bytes(res.memory_bytes) + "): use smaller shapes"});
    }
    return res;
}

}  // namespace tl
