#include "core/interp/detail/parallel_grid.h"

#include <array>
#include <chrono>
#include <exception>
#include <thread>

#include "core/analysis/windows.h"
#include "core/base/parallel_for.h"
#include "core/interp/detail/parallel.h"

namespace tl::interp {

namespace {

// Programs x block elements, saturated.
std::int64_t block_work(const Instance& inst) {
    std::int64_t per_program = 0;
    for (const auto& op : inst.operands) per_program = sat_add(per_program, op.block_elements());
    return sat_mul(inst.programs(), per_program);
}

// The block index of `op` at `coords`; false when the map fails (the ordered run reports it).
bool block_index(const ResolvedOperand& op, const std::vector<std::int64_t>& coords,
                 std::array<std::int64_t, kMaxRank>& idx) {
    std::vector<std::int64_t> args(static_cast<std::size_t>(op.index_map->arity()), 0);
    for (std::size_t a = 0; a < args.size() && a < coords.size(); ++a) args[a] = coords[a];
    expr::Error err;
    return op.index_map->eval(args.data(), idx.data(), &err);
}

// Whether a stretch may start at program p > 0 (see stretch_starts).
bool can_cut(const Instance& inst, const Body& body, std::int64_t p) {
    const auto before = program_coords(inst, p - 1), at = program_coords(inst, p);
    for (const auto& op : inst.operands) {
        if (op.role != Role::Output) continue;
        if (!op.index_map) return false;  // one block for the whole grid: one visit
        std::array<std::int64_t, kMaxRank> a{}, b{};
        if (!block_index(op, before, a) || !block_index(op, at, b) || a == b) return false;
    }
    return body.starts_afresh(at);
}

}  // namespace

std::vector<std::int64_t> program_coords(const Instance& inst, std::int64_t p) {
    std::vector<std::int64_t> coords(inst.grid.size(), 0);
    for (std::size_t a = inst.grid.size(); a-- > 0;) {
        if (inst.grid[a] <= 0) continue;
        coords[a] = p % inst.grid[a];
        p /= inst.grid[a];
    }
    return coords;
}

int run_threads(const Instance& inst, const RunOptions& options) {
    int threads = worker_threads(options, block_work(inst));
    // Each further stretch holds its own output arrays and packed copies of input blocks.
    std::int64_t extra = 0;
    for (const auto& op : inst.operands)
        extra = sat_add(extra, sat_mul(op.elements(), dtype_bytes(op.dtype)));
    const std::int64_t base = interpreter_memory_bytes(inst);
    while (threads > 1 && sat_add(base, sat_mul(extra, threads - 1)) > options.memory_limit_bytes)
        --threads;
    return std::max(1, threads);
}

std::vector<std::int64_t> stretch_starts(const Instance& inst, const Body& body, Revisit revisit,
                                         const RunOptions& options) {
    std::vector<std::int64_t> starts{0};
    if (revisit != Revisit::Tpu || options.on_input_copy) return starts;
    if (!unsupported_operands(inst).empty()) return starts;  // the ordered run reports it
    for (const auto& op : inst.operands)
        if (op.role == Role::Output && op.revisit == OutputRevisit::Any) return starts;
    std::int64_t groups = 1;  // values of the leading parallel axes
    for (std::size_t a = 0; a < inst.grid.size() && a < inst.semantics.size(); ++a) {
        if (!is_parallel(inst.semantics[a])) break;
        groups *= inst.grid[a];
    }
    const std::int64_t per_group = groups > 1 ? inst.programs() / groups : 0;
    if (per_group <= 0) return starts;
    const int threads = run_threads(inst, options);
    std::int64_t last = 0;  // the group the last stretch starts at
    for (int t = 1; t < threads; ++t) {
        const std::int64_t from = std::max(groups * t / threads, last + 1);
        const std::int64_t to = groups * (t + 1) / threads;
        for (std::int64_t g = from; g < to; ++g) {
            if (!can_cut(inst, body, g * per_group)) continue;
            starts.push_back(g * per_group);
            last = g;
            break;
        }
    }
    return starts;
}

GridRun run_stretches(const Instance& inst, Body& body, const std::string& body_name,
                      const BodySetup& setup, const std::vector<std::int64_t>& starts,
                      const std::vector<Buffer>& inputs, const Fills& fills, Revisit revisit,
                      const RunOptions& options) {
    const std::size_t n = starts.size();
    const std::int64_t total = inst.programs();
    std::vector<GridRun> runs(n);
    std::vector<std::exception_ptr> failures(n);
    std::atomic<std::int64_t> done{0};
    std::atomic<std::size_t> finished{0};
    // Every stretch runs to its end; an exception is kept at its stretch, and that of the
    // earliest stretch is rethrown below, whatever the threads' timing.
    parallel_for(n, static_cast<int>(n), [&](std::size_t k) {
        try {
            GridRun& run = runs[k];
            prepare_outputs(inst, inputs, fills, k == 0, run);
            std::unique_ptr<Body> own = k == 0 ? nullptr : make_body(body_name, setup, run.errors);
            Body* b = k == 0 ? &body : own.get();
            const Stretch s{starts[k], k + 1 < n ? starts[k + 1] : total, &done, k == 0};
            run.ok = b && run_stretch(inst, *b, inputs, fills, revisit, options, s, run);
        } catch (...) {
            failures[k] = std::current_exception();
        }
        ++finished;
        if (k != 0) return;
        while (finished.load() < n) {  // the calling thread (stretch 0's) reports progress
            if (options.progress) options.progress(done.load(), total);
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
        }
    });
    for (const auto& f : failures)
        if (f) std::rethrow_exception(f);
    for (auto& r : runs)
        if (r.cancelled) return std::move(r);
    for (const auto& r : runs) {
        // An index map failed: the ordered run names the first program where it does.
        if (r.ok) continue;
        auto fresh = make_body(body_name, setup, runs[0].errors);
        return fresh ? run_grid(inst, *fresh, inputs, fills, revisit, options) : std::move(runs[0]);
    }
    for (std::size_t k = 1; k < n; ++k) merge_stretch(runs[0], runs[k]);
    if (options.progress) options.progress(total, total);
    return std::move(runs[0]);
}

}  // namespace tl::interp
