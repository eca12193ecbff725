#include "core/interp/detail/grid_runner.h"

#include <array>
#include <cstring>
#include <set>

#include "core/interp/detail/block_slot.h"
#include "core/interp/detail/parallel_grid.h"
#include "core/interp/fill.h"

namespace tl::interp {

void split_operands(const Instance& inst, std::vector<int>& inputs, std::vector<int>& outputs) {
    inputs.clear();
    outputs.clear();
    for (std::size_t i = 0; i < inst.operands.size(); ++i)
        (inst.operands[i].role == Role::Input ? inputs : outputs).push_back(static_cast<int>(i));
}

GridRun run_kernel(const Instance& inst, const KernelSpec& kernel,
                   const std::vector<Buffer>& inputs, const Fills& fills, Revisit revisit,
                   const RunOptions& options) {
    BodySetup setup;
    setup.instance = &inst;
    setup.options = &kernel.options;
    split_operands(inst, setup.inputs, setup.outputs);
    setup.scratch_fill = fills.scratch;
    GridRun run;
    auto body = make_body(kernel.body, setup, run.errors);
    if (!body) return run;
    const std::vector<std::int64_t> starts = stretch_starts(inst, *body, revisit, options);
    if (starts.size() > 1)
        return run_stretches(inst, *body, kernel.body, setup, starts, inputs, fills, revisit,
                             options);
    return run_grid(inst, *body, inputs, fills, revisit, options);
}

Diagnostics unsupported_operands(const Instance& inst) {
    Diagnostics errors;
    for (std::size_t i = 0; i < inst.operands.size(); ++i) {
        const auto& op = inst.operands[i];
        if (op.rank() >= 1 && op.rank() <= kMaxRank && op.block.size() == op.shape.size()) continue;
        errors.push_back({"", "operands[" + std::to_string(i) + "].shape", 0, 0,
                          "the interpreter handles ranks 1 to 6 with one block entry per "
                          "dimension; '" +
                              op.name + "' has rank " + std::to_string(op.rank())});
        break;
    }
    return errors;
}

void prepare_outputs(const Instance& inst, const std::vector<Buffer>& inputs, const Fills& fills,
                     bool first, GridRun& run) {
    std::vector<int> in_ops, out_ops;
    split_operands(inst, in_ops, out_ops);
    for (int o : out_ops) {
        const auto& op = inst.operands[static_cast<std::size_t>(o)];
        run.outputs.emplace_back(op.dtype, op.shape);
        run.writers.push_back(make_writer_record(op));
        if (!first) continue;
        // An output that aliases an input (alias_of) starts as a copy of it: what no program
        // writes keeps the input's values.
        Buffer& out = run.outputs.back();
        fill(out, fills.out);
        for (std::size_t k = 0; k < in_ops.size(); ++k)
            if (in_ops[k] == op.alias_of && inputs[k].size() == out.size() &&
                inputs[k].dtype() == out.dtype())
                std::memcpy(out.raw(), inputs[k].raw(),
                            static_cast<std::size_t>(out.size()) * out.elem_bytes());
    }
    run.read_padding.assign(in_ops.size(), false);
}

namespace {

std::vector<BlockSlot> input_slots(const Instance& inst, const std::vector<int>& in_ops,
                                   const std::vector<Buffer>& inputs, const Fills& fills) {
    std::vector<BlockSlot> ins;
    ins.reserve(in_ops.size());
    for (std::size_t i = 0; i < in_ops.size(); ++i) {
        const auto& op = inst.operands[static_cast<std::size_t>(in_ops[i])];
        // The body never writes its inputs; the cast only lets both roles share BlockSlot.
        auto* data = const_cast<std::byte*>(static_cast<const std::byte*>(inputs[i].raw()));
        ins.emplace_back(op, in_ops[i], data, fills.pad);
    }
    return ins;
}

std::vector<BlockSlot> output_slots(const Instance& inst, const std::vector<int>& out_ops,
                                    const Fills& fills, GridRun& run) {
    std::vector<BlockSlot> outs;
    outs.reserve(out_ops.size());
    for (std::size_t i = 0; i < out_ops.size(); ++i) {
        const auto& op = inst.operands[static_cast<std::size_t>(out_ops[i])];
        outs.emplace_back(op, out_ops[i], static_cast<std::byte*>(run.outputs[i].raw()), fills.out);
    }
    return outs;
}

// The next grid coordinate in iteration order (last axis fastest).
void next_program(std::vector<std::int64_t>& coords, const std::vector<std::int64_t>& grid) {
    for (auto a = coords.size(); a-- > 0;) {
        if (++coords[a] < grid[a]) return;
        coords[a] = 0;
    }
}

// Writes the output block back and records which visit wrote which elements.
void end_output_visit(BlockSlot& s, WriterRecord& rec) {
    s.write_back();
    const auto id = static_cast<std::int32_t>(rec.visits.size());
    rec.visits.push_back({s.visit_first, s.visit_last});
    record_write(rec, s, id);
    s.in_visit = false;
}

}  // namespace

GridRun run_grid(const Instance& inst, Body& body, const std::vector<Buffer>& inputs,
                 const Fills& fills, Revisit revisit, const RunOptions& options) {
    GridRun run;
    run.errors = unsupported_operands(inst);
    if (!run.errors.empty()) return run;
    prepare_outputs(inst, inputs, fills, true, run);
    const std::int64_t total = inst.programs();
    if (!run_stretch(inst, body, inputs, fills, revisit, options, {0, total, nullptr, true}, run))
        return run;
    if (options.progress) options.progress(total, total);
    run.ok = true;
    return run;
}

bool run_stretch(const Instance& inst, Body& body, const std::vector<Buffer>& inputs,
                 const Fills& fills, Revisit revisit, const RunOptions& options, const Stretch& st,
                 GridRun& run) {
    std::vector<int> in_ops, out_ops;
    split_operands(inst, in_ops, out_ops);
    std::vector<BlockSlot> ins = input_slots(inst, in_ops, inputs, fills);
    std::vector<BlockSlot> outs = output_slots(inst, out_ops, fills, run);
    // revisit "any": the blocks each output has visited, so a revisit restores its block.
    std::vector<std::set<std::array<std::int64_t, kMaxRank>>> visited(outs.size());

    std::vector<BlockView> in_views(ins.size()), out_views(outs.size());
    const int g = inst.grid_rank();
    std::vector<std::int64_t> coords = program_coords(inst, st.begin);
    ProgramContext ctx{coords, inst.grid, in_views, out_views};
    const std::int64_t total = inst.programs();
    const std::int64_t step = std::max<std::int64_t>(1, total / 200);
    const auto done = [&](std::int64_t p) { return st.done ? st.done->load() : p; };

    const auto end_visit = [&](std::size_t i) { end_output_visit(outs[i], run.writers[i]); };

    for (std::int64_t p = st.begin; p < st.end; ++p) {
        if (p > st.begin) next_program(coords, inst.grid);
        if (options.cancel && options.cancel->load(std::memory_order_relaxed)) {
            run.cancelled = true;
            run.errors.push_back({"", "", 0, 0,
                                  "cancelled after " + std::to_string(done(p)) + " of " +
                                      std::to_string(total) + " programs"});
            return false;
        }
        for (std::size_t i = 0; i < ins.size(); ++i) {
            BlockSlot& s = ins[i];
            if (!s.eval(coords.data(), g, p, run.errors)) return false;
            // The copy is skipped when the block index repeats (docs/semantics.md).
            if (!s.same_as_previous()) {
                if (options.on_input_copy) options.on_input_copy(in_ops[i], p);
                s.locate();
                s.load(true);
                if (!s.interior()) run.read_padding[i] = true;
                in_views[i] = s.view();
            }
            s.remember();
        }
        for (std::size_t i = 0; i < outs.size(); ++i) {
            BlockSlot& s = outs[i];
            if (!s.eval(coords.data(), g, p, run.errors)) return false;
            if (!s.in_visit || !s.same_as_previous()) {
                if (s.in_visit) end_visit(i);
                s.locate();
                const auto& op = inst.operands[static_cast<std::size_t>(out_ops[i])];
                const bool restore =
                    op.revisit == OutputRevisit::Any && !visited[i].insert(s.index()).second;
                if (revisit == Revisit::Tpu && !restore) {
                    s.fill_in_place();  // VMEM starts as garbage: the fill
                    s.load(false);
                } else {
                    s.load(true);  // the carried array's current contents
                }
                s.in_visit = true;
                s.visit_first = p;
                out_views[i] = s.view();
            }
            s.visit_last = p;
            s.remember();
        }
        body.run(ctx);
        if (st.done) st.done->fetch_add(1, std::memory_order_relaxed);
        if (st.reports && options.progress && (p % step == 0)) options.progress(done(p), total);
    }
    for (std::size_t i = 0; i < outs.size(); ++i)
        if (outs[i].in_visit) end_visit(i);
    return true;
}

}  // namespace tl::interp
