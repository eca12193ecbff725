#include "core/analysis/analysis.h"

#include <algorithm>
#include <string>

#include "core/analysis/detail/analysis_data.h"
#include "core/analysis/windows.h"

namespace tl {

namespace {

// One sequential pass over the programs in iteration order; only block ids are compared.
void run_pipeline(AnalysisData& d) {
    const int g = static_cast<int>(d.grid.size());
    const std::size_t n = d.ops.size();
    std::vector<std::int64_t> pstride(static_cast<std::size_t>(g), 0);
    std::int64_t ps = 1;
    for (int a = g - 1; a >= 0; --a) {
        if (d.opt.concurrent_grid || (static_cast<std::size_t>(a) < d.inst.semantics.size() &&
                                      is_parallel(d.inst.semantics[static_cast<std::size_t>(a)]))) {
            pstride[static_cast<std::size_t>(a)] = ps;
            ps *= d.grid[static_cast<std::size_t>(a)];
        }
    }
    const bool any_parallel = ps > 1;
    std::vector<char> is_out(n);
    for (std::size_t i = 0; i < n; ++i) {
        OpData& od = d.ops[i];
        const auto nb = static_cast<std::size_t>(od.blocks);
        is_out[i] = d.inst.operands[i].role == Role::Output;
        od.events.assign(nb, 0);
        od.first_prog.assign(nb, -1);
        if (is_out[i]) {
            od.second_visit.assign(nb, -1);
            if (any_parallel) {
                od.race_key.assign(nb, -1);
                od.race_prog.assign(nb, -1);
            }
        }
    }
    std::vector<std::int64_t> coords(static_cast<std::size_t>(g), 0), q(n, 0);
    std::vector<std::int32_t> prev(n, -2);
    std::int64_t pkey = 0;
    for (std::int64_t p = 0; p < d.programs; ++p) {
        for (std::size_t i = 0; i < n; ++i) {
            OpData& od = d.ops[i];
            const std::int32_t b = od.entry_block[static_cast<std::size_t>(q[i])];
            if (b < 0) {
                prev[i] = b;
                continue;
            }
            const auto bi = static_cast<std::size_t>(b);
            if (b != prev[i]) {
                prev[i] = b;
                const std::int64_t k = ++od.events[bi];
                if (od.first_prog[bi] < 0) od.first_prog[bi] = p;
                if (is_out[i]) {
                    od.visit_starts.push_back(p);
                    if (k == 2) od.second_visit[bi] = p;
                }
            }
            if (is_out[i] && any_parallel) {
                if (od.race_key[bi] < 0)
                    od.race_key[bi] = pkey;
                else if (od.race_key[bi] != pkey && od.race_prog[bi] < 0)
                    od.race_prog[bi] = p;
            }
        }
        for (int a = g - 1; a >= 0; --a) {
            const auto au = static_cast<std::size_t>(a);
            ++coords[au];
            pkey += pstride[au];
            for (std::size_t i = 0; i < n; ++i) q[i] += d.ops[i].stride[au];
            if (coords[au] < d.grid[au]) break;
            coords[au] = 0;
            pkey -= pstride[au] * d.grid[au];
            for (std::size_t i = 0; i < n; ++i) q[i] -= d.ops[i].stride[au] * d.grid[au];
        }
    }
}

void fill_traffic(AnalysisData& d, int op) {
    const ResolvedOperand& ro = d.inst.operands[static_cast<std::size_t>(op)];
    OpData& od = d.ops[static_cast<std::size_t>(op)];
    const std::int64_t block = block_elements_of(ro);
    OperandTraffic& t = od.traffic;
    const auto bytes_of = [&](std::int64_t elements) {
        return dtype_storage_bytes(ro.dtype, elements);
    };
    for (std::int32_t b = 0; b < od.blocks; ++b) {
        const std::int64_t k = od.events[static_cast<std::size_t>(b)];
        t.block_copies += k;
        if (od.oob[static_cast<std::size_t>(b)]) continue;
        const std::int64_t clip = clipped_elements(ro, od.block_values(b));
        t.hbm_bytes = sat_add(t.hbm_bytes, sat_mul(k, bytes_of(clip)));
        // revisit "any": each revisit first restores the block from HBM.
        if (ro.role == Role::Output && ro.revisit == OutputRevisit::Any && k > 1)
            t.hbm_bytes = sat_add(t.hbm_bytes, sat_mul(k - 1, bytes_of(clip)));
        if (ro.role == Role::Input)
            t.elements_padded_on_read =
                sat_add(t.elements_padded_on_read, sat_mul(k, block - clip));
    }
    t.visits = t.block_copies;
    t.vmem_bytes = on_chip_bytes(ro);
    // The kernel moves an HBM operand itself: its traffic is not visible in the BlockSpec,
    // unless it streams it through inner tiles, which read the array once per program.
    if (ro.manual() && !ro.streamed()) t.hbm_bytes = t.vmem_bytes = 0;
    t.programs = d.programs - od.failed_programs;

    std::vector<std::int64_t> weight = od.events;
    if (ro.role == Role::Output && d.opt.revisit == Revisit::Ideal)
        for (auto& w : weight) w = w > 0 ? 1 : 0;
    od.coverage = build_coverage(ro, od, weight, d.errors, op);
}

template <class T>
std::size_t vec_bytes(const std::vector<T>& v) {
    return v.capacity() * sizeof(T);
}

}  // namespace

void AnalysisData::coords(std::int64_t program, std::int64_t* out) const {
    for (int a = static_cast<int>(grid.size()) - 1; a >= 0; --a) {
        const std::int64_t n = grid[static_cast<std::size_t>(a)];
        out[a] = n > 0 ? program % n : 0;
        program = n > 0 ? program / n : 0;
    }
}

std::int64_t AnalysisData::entry_of(std::int64_t program, int op) const {
    const OpData& od = ops[static_cast<std::size_t>(op)];
    std::int64_t e = 0;
    for (int a = static_cast<int>(grid.size()) - 1; a >= 0; --a) {
        const std::int64_t n = grid[static_cast<std::size_t>(a)];
        e += (program % n) * od.stride[static_cast<std::size_t>(a)];
        program /= n;
    }
    return e;
}

std::int32_t AnalysisData::block_of(std::int64_t program, int op) const {
    if (program < 0 || program >= programs || op < 0 || op >= static_cast<int>(ops.size()))
        return -1;
    return ops[static_cast<std::size_t>(op)]
        .entry_block[static_cast<std::size_t>(entry_of(program, op))];
}

Analysis analyse(const Instance& inst, const AnalysisOptions& opt) {
    auto d = std::make_shared<AnalysisData>();
    d->inst = inst;
    d->opt = opt;
    d->programs = 1;
    for (std::int64_t n : inst.grid) {
        d->grid.push_back(std::max<std::int64_t>(n, 0));
        d->programs = sat_mul(d->programs, d->grid.back());
    }
    if (d->programs > kMaxAnalysedPrograms) {
        d->errors.push_back({"", "grid", 0, 0,
                             over_limit_message("the grid the analysis walks",
                                                std::to_string(d->programs) + " programs",
                                                LimitId::AnalysedPrograms, d->programs) +
                                 "; or use larger blocks"});
        d->programs = 0;
    }
    d->ops.resize(inst.operands.size());
    for (std::size_t i = 0; i < inst.operands.size(); ++i) build_blocks(*d, static_cast<int>(i));
    run_pipeline(*d);
    for (OpData& od : d->ops) od.visit_starts.shrink_to_fit();
    for (std::size_t i = 0; i < inst.operands.size(); ++i) fill_traffic(*d, static_cast<int>(i));
    add_findings(*d);
    return Analysis(std::move(d));
}

Analysis::Analysis() : d_(std::make_shared<AnalysisData>()) {}
Analysis::Analysis(std::shared_ptr<const AnalysisData> data) : d_(std::move(data)) {}

const Instance& Analysis::instance() const {
    return d_->inst;
}
std::int64_t Analysis::programs() const {
    return d_->programs;
}

std::span<const std::int64_t> Analysis::block_index(std::int64_t program, int op) const {
    if (d_->block_of(program, op) < 0) return {};
    const OpData& od = d_->ops[static_cast<std::size_t>(op)];
    return {od.values.data() + d_->entry_of(program, op) * od.rank,
            static_cast<std::size_t>(od.rank)};
}

namespace {
Window make_window(const AnalysisData& d, std::int64_t program, int op, bool clip) {
    Window w;
    if (op < 0 || op >= static_cast<int>(d.ops.size())) return w;
    const ResolvedOperand& ro = d.inst.operands[static_cast<std::size_t>(op)];
    const auto r = static_cast<std::size_t>(ro.rank());
    w.start.assign(r, 0);
    w.size.assign(r, 0);
    const std::int32_t b = d.block_of(program, op);
    if (b < 0) return w;
    const std::int64_t* v = d.ops[static_cast<std::size_t>(op)].block_values(b);
    for (std::size_t k = 0; k < r; ++k) {
        const DimWindow dw = dim_window(ro, static_cast<int>(k), v[k]);
        w.start[k] = clip ? dw.clip_start : dw.start;
        w.size[k] = clip ? dw.clip_size : dw.size;
    }
    return w;
}
}  // namespace

Window Analysis::window(std::int64_t program, int op) const {
    return make_window(*d_, program, op, false);
}
Window Analysis::clipped(std::int64_t program, int op) const {
    return make_window(*d_, program, op, true);
}

bool Analysis::is_copy(std::int64_t program, int op) const {
    const std::int32_t b = d_->block_of(program, op);
    if (b < 0) return false;
    if (d_->inst.operands[static_cast<std::size_t>(op)].role == Role::Input)
        return program == 0 || d_->block_of(program - 1, op) != b;
    return program == d_->programs - 1 || d_->block_of(program + 1, op) != b;
}

std::int64_t Analysis::visit_of(std::int64_t program, int op) const {
    if (d_->block_of(program, op) < 0) return -1;
    if (d_->inst.operands[static_cast<std::size_t>(op)].role != Role::Output) return -1;
    const auto& vs = d_->ops[static_cast<std::size_t>(op)].visit_starts;
    return (std::upper_bound(vs.begin(), vs.end(), program) - vs.begin()) - 1;
}

bool Analysis::out_of_bounds(std::int64_t program, int op) const {
    const std::int32_t b = d_->block_of(program, op);
    return b >= 0 && d_->ops[static_cast<std::size_t>(op)].oob[static_cast<std::size_t>(b)];
}

const OperandTraffic& Analysis::traffic(int op) const {
    static const OperandTraffic none;
    if (op < 0 || op >= static_cast<int>(d_->ops.size())) return none;
    return d_->ops[static_cast<std::size_t>(op)].traffic;
}

const Coverage& Analysis::coverage(int op) const {
    static const Coverage none;
    if (op < 0 || op >= static_cast<int>(d_->ops.size())) return none;
    return d_->ops[static_cast<std::size_t>(op)].coverage;
}

const std::vector<Finding>& Analysis::findings() const {
    return d_->findings;
}
const Diagnostics& Analysis::errors() const {
    return d_->errors;
}

std::int64_t Analysis::total_hbm_bytes() const {
    std::int64_t t = 0;
    for (const OpData& od : d_->ops) t = sat_add(t, od.traffic.hbm_bytes);
    return t;
}

std::int64_t Analysis::total_vmem_bytes() const {
    std::int64_t t = 0;
    for (const OpData& od : d_->ops) t = sat_add(t, od.traffic.vmem_bytes);
    return t;
}

std::vector<std::int64_t> Analysis::program_coords(std::int64_t program) const {
    std::vector<std::int64_t> c(d_->grid.size(), 0);
    d_->coords(program, c.data());
    return c;
}

std::size_t Analysis::memory_bytes() const {
    std::size_t n = sizeof(AnalysisData) + vec_bytes(d_->ops) + vec_bytes(d_->findings);
    for (const OpData& od : d_->ops) {
        n += vec_bytes(od.stride) + vec_bytes(od.values) + vec_bytes(od.entry_block) +
             vec_bytes(od.block_entry) + vec_bytes(od.oob) + vec_bytes(od.events) +
             vec_bytes(od.first_prog) + vec_bytes(od.second_visit) + vec_bytes(od.race_key) +
             vec_bytes(od.race_prog) + vec_bytes(od.visit_starts) + vec_bytes(od.coverage.counts) +
             vec_bytes(od.coverage.breaks);
        for (const auto& b : od.coverage.breaks) n += vec_bytes(b);
    }
    for (const Finding& f : d_->findings)
        n += f.message.capacity() + vec_bytes(f.element) + vec_bytes(f.program);
    for (const Diagnostic& e : d_->errors) n += e.message.capacity() + e.path.capacity();
    return n;
}

}  // namespace tl
