#include "core/view/operand_scene.h"

#include <algorithm>
#include <set>

#include "core/analysis/windows.h"

namespace tl::view {

namespace {

std::int64_t dim_size(const OperandScene& s, int d) {
    return std::max<std::int64_t>(s.shape[static_cast<std::size_t>(d)], 0);
}

// The element range the blocks of dimension d can reach: [0, dim) widened by the last
// block's overhang (blocked) or by the virtual padding (element-indexed).
std::pair<std::int64_t, std::int64_t> reach(const OperandScene& s, int d) {
    const std::int64_t n = dim_size(s, d);
    const ResolvedBlockDim& b = s.block[static_cast<std::size_t>(d)];
    switch (b.kind) {
        case BlockDim::Kind::Blocked:
            if (b.size > 0 && n > 0) return {0, sat_mul(sat_add(n, b.size - 1) / b.size, b.size)};
            return {0, n};
        case BlockDim::Kind::Element:
            return {-std::max<std::int64_t>(b.pad_lo, 0),
                    sat_add(n, std::max<std::int64_t>(b.pad_hi, 0))};
        case BlockDim::Kind::Squeezed:
            break;
    }
    return {0, n};
}

AxisPartition regular_partition(const OperandScene& s, int d) {
    const ResolvedBlockDim& b = s.block[static_cast<std::size_t>(d)];
    const std::int64_t step = b.kind == BlockDim::Kind::Squeezed ? 1 : b.size;
    return AxisPartition::regular(0, step, 0, dim_size(s, d));
}

// The displayed rectangle of a window given per dimension as (start, size).
ElementRect displayed_rect(const OperandScene& s, const Window& w) {
    ElementRect r{0, 0, 1, 1};
    if (s.row_dim >= 0) {
        const auto d = static_cast<std::size_t>(s.row_dim);
        r.r0 = w.start[d];
        r.r1 = sat_add(w.start[d], w.size[d]);
    }
    if (s.col_dim >= 0) {
        const auto d = static_cast<std::size_t>(s.col_dim);
        r.c0 = w.start[d];
        r.c1 = sat_add(w.start[d], w.size[d]);
    }
    return r;
}

bool meets_slice(const OperandScene& s, const Window& w) {
    for (std::size_t d = 0; d < s.slice.size(); ++d)
        if (s.slice[d] < w.start[d] || s.slice[d] >= sat_add(w.start[d], w.size[d])) return false;
    return true;
}

void attach_coverage(OperandScene& s, const Coverage& cov, const std::int32_t*& counts,
                     std::int64_t& base, std::int64_t& row_stride) {
    const int r = s.rank();
    const bool listed = static_cast<int>(cov.breaks.size()) == r && !cov.counts.empty();
    s.rows = s.row_dim >= 0 ? regular_partition(s, s.row_dim) : AxisPartition{};
    s.cols = s.col_dim >= 0 ? regular_partition(s, s.col_dim) : AxisPartition{};
    s.block_rows = s.rows;
    s.block_cols = s.cols;
    if (!listed) return;
    std::int64_t lead = 0;
    for (std::size_t d = 0; d < s.slice.size(); ++d) {
        const auto& b = cov.breaks[d];
        const auto it = std::upper_bound(b.begin(), b.end(), s.slice[d]);
        if (it == b.begin() || it == b.end()) return;
        lead = lead * static_cast<std::int64_t>(b.size() - 1) + (it - b.begin() - 1);
    }
    std::int64_t nrow = 1, ncol = 1;
    const auto element_indexed = [&s](int d) {
        return s.block[static_cast<std::size_t>(d)].kind == BlockDim::Kind::Element;
    };
    if (s.row_dim >= 0) {
        s.rows = AxisPartition::listed(cov.breaks[static_cast<std::size_t>(s.row_dim)]);
        nrow = s.rows.cells();
        if (element_indexed(s.row_dim)) s.block_rows = s.rows;
    }
    if (s.col_dim >= 0) {
        s.cols = AxisPartition::listed(cov.breaks[static_cast<std::size_t>(s.col_dim)]);
        ncol = s.cols.cells();
        if (element_indexed(s.col_dim)) s.block_cols = s.cols;
    }
    counts = cov.counts.data();
    row_stride = ncol;
    base = lead * nrow * ncol;
    s.has_coverage = true;
}

// The inner tiles across the program's block; a manual operand's tiles walk the whole array,
// which is its block.
void attach_inner(OperandScene& s, const ResolvedOperand& ro) {
    if (!ro.inner) return;
    InnerTiles& t = s.inner;
    t.streamed = ro.inner->streamed();
    t.buffers = ro.inner->buffers;
    t.steps = ro.inner_steps();
    for (std::size_t d = 0; d < s.slice.size(); ++d)
        if (ro.compute_size(static_cast<int>(d)) < ro.block[d].size)
            t.hidden_dims.push_back(static_cast<int>(d));
    if (s.manual)
        t.area = s.array;
    else if (s.has_block)
        t.area = s.window;
    if (t.area.empty()) return;
    const auto size_on = [&ro](int d) {
        return d >= 0 ? std::max<std::int64_t>(ro.compute_size(d), 1) : std::int64_t{1};
    };
    t.tile_rows = size_on(s.row_dim);
    t.tile_cols = size_on(s.col_dim);
    t.rows = AxisPartition::regular(t.area.r0, t.tile_rows, t.area.r0, t.area.r1);
    t.cols = AxisPartition::regular(t.area.c0, t.tile_cols, t.area.c0, t.area.c1);
    t.first = {t.area.r0, t.area.c0, std::min(sat_add(t.area.r0, t.tile_rows), t.area.r1),
               std::min(sat_add(t.area.c0, t.tile_cols), t.area.c1)};
    t.present = true;
}

}  // namespace

std::vector<ElementRect> InnerTiles::tiles(std::size_t limit) const {
    std::vector<ElementRect> out;
    for (std::int64_t i = 0; present && i < rows.cells(); ++i)
        for (std::int64_t j = 0; j < cols.cells(); ++j) {
            if (out.size() >= limit) return out;
            const auto [r0, r1] = rows.cell_bounds(i);
            const auto [c0, c1] = cols.cell_bounds(j);
            out.push_back({r0, c0, r1, c1});
        }
    return out;
}

ProgramSpan visit_span(const Analysis& a, std::int64_t program, std::int64_t limit) {
    ProgramSpan span{program, program, false};
    const auto& ops = a.instance().operands;
    for (int op = 0; op < static_cast<int>(ops.size()); ++op) {
        const std::int64_t v = a.visit_of(program, op);
        if (v < 0) continue;
        std::int64_t lo = program, hi = program;
        while (lo > 0 && program - lo < limit && a.visit_of(lo - 1, op) == v) --lo;
        while (hi + 1 < a.programs() && hi - program < limit && a.visit_of(hi + 1, op) == v) ++hi;
        span.truncated = span.truncated || program - lo >= limit || hi - program >= limit;
        span.first = std::min(span.first, lo);
        span.last = std::max(span.last, hi);
    }
    return span;
}

OperandScene build_operand_scene(std::shared_ptr<const Analysis> analysis, int op,
                                 std::int64_t program, const ProgramSpan& visit,
                                 std::size_t max_visit_blocks) {
    OperandScene s;
    const Analysis& a = *analysis;
    const auto& operands = a.instance().operands;
    if (op < 0 || op >= static_cast<int>(operands.size())) return s;
    const ResolvedOperand& ro = operands[static_cast<std::size_t>(op)];
    s.operand = op;
    s.name = ro.name;
    s.role = ro.role;
    s.manual = ro.manual();
    s.discard = ro.discard;
    s.aliased = ro.alias_of >= 0;
    s.dtype = ro.dtype;
    s.shape = ro.shape;
    s.block = ro.block;
    for (int i = 0; i < op; ++i)
        s.role_index += operands[static_cast<std::size_t>(i)].role == ro.role;
    const int r = ro.rank();
    if (r >= 2) s.row_dim = r - 2;
    if (r >= 1) s.col_dim = r - 1;
    s.array = {0, 0, s.row_dim >= 0 ? dim_size(s, s.row_dim) : 1,
               s.col_dim >= 0 ? dim_size(s, s.col_dim) : 1};
    s.extent = s.array;
    if (s.row_dim >= 0) std::tie(s.extent.r0, s.extent.r1) = reach(s, s.row_dim);
    if (s.col_dim >= 0) std::tie(s.extent.c0, s.extent.c1) = reach(s, s.col_dim);
    s.slice.assign(static_cast<std::size_t>(std::max(r - 2, 0)), 0);

    if (a.programs() > 0) {
        const std::int64_t p = std::clamp<std::int64_t>(program, 0, a.programs() - 1);
        s.program = p;
        const auto bi = a.block_index(p, op);
        if (!bi.empty()) {
            const Window w = a.window(p, op), cl = a.clipped(p, op);
            for (std::size_t d = 0; d < s.slice.size(); ++d) {
                const std::int64_t n = dim_size(s, static_cast<int>(d));
                s.slice[d] = cl.size[d] > 0 ? cl.start[d]
                                            : std::clamp<std::int64_t>(
                                                  w.start[d], 0, std::max<std::int64_t>(n - 1, 0));
            }
            s.block_index.assign(bi.begin(), bi.end());
            s.out_of_bounds = a.out_of_bounds(p, op);
            s.copy = a.is_copy(p, op);
            s.has_block = meets_slice(s, w) && !ro.manual();
            s.window = displayed_rect(s, w);
            s.clipped = s.out_of_bounds ? ElementRect{} : intersect(displayed_rect(s, cl), s.array);
        }
        if (s.has_block && ro.role == Role::Input && visit.last > visit.first) {
            std::set<std::vector<std::int64_t>> seen{s.block_index};
            for (std::int64_t q = visit.first; q <= visit.last; ++q) {
                const auto b = a.block_index(q, op);
                if (b.empty() || !seen.insert({b.begin(), b.end()}).second) continue;
                if (s.visit_blocks.size() >= max_visit_blocks) {
                    s.visit_truncated = true;
                    break;
                }
                const Window w = a.window(q, op);
                if (meets_slice(s, w)) s.visit_blocks.push_back(displayed_rect(s, w));
            }
        }
        s.visit_truncated = s.visit_truncated || visit.truncated;
    }
    attach_coverage(s, a.coverage(op), s.counts_, s.cov_base_, s.cov_row_stride_);
    attach_inner(s, ro);
    s.analysis = std::move(analysis);
    return s;
}

std::vector<OperandScene> build_scenes(const std::shared_ptr<const Analysis>& analysis,
                                       std::int64_t program) {
    std::vector<OperandScene> out;
    if (!analysis) return out;
    const ProgramSpan visit =
        analysis->programs() > 0
            ? visit_span(*analysis, std::clamp<std::int64_t>(program, 0, analysis->programs() - 1))
            : ProgramSpan{};
    const int n = static_cast<int>(analysis->instance().operands.size());
    for (int op = 0; op < n; ++op) out.push_back(build_operand_scene(analysis, op, program, visit));
    return out;
}

CellState OperandScene::state(std::int64_t r, std::int64_t c) const {
    const bool in_array = array.contains(r, c);
    if (has_block && window.contains(r, c)) {
        if (in_array && !out_of_bounds) return CellState::Valid;
        return role == Role::Input ? CellState::PaddingOnRead : CellState::DroppedWrite;
    }
    return in_array ? CellState::Array : CellState::Outside;
}

std::int32_t OperandScene::cell_count(std::int64_t ri, std::int64_t ci) const {
    if (!has_coverage || ri < 0 || ci < 0 || ri >= rows.cells() || ci >= cols.cells()) return 0;
    return counts_[static_cast<std::size_t>(cov_base_ + ri * cov_row_stride_ + ci)];
}

std::int32_t OperandScene::count_at(std::int64_t r, std::int64_t c) const {
    return cell_count(rows.cell_of(r), cols.cell_of(c));
}

std::vector<std::int64_t> OperandScene::element(std::int64_t r, std::int64_t c) const {
    std::vector<std::int64_t> e = slice;
    if (row_dim >= 0) e.push_back(r);
    if (col_dim >= 0) e.push_back(c);
    return e;
}

bool OperandScene::displayed(std::span<const std::int64_t> e, std::int64_t* r,
                             std::int64_t* c) const {
    if (static_cast<int>(e.size()) != rank()) return false;
    for (std::size_t d = 0; d < slice.size(); ++d)
        if (e[d] != slice[d]) return false;
    *r = row_dim >= 0 ? e[static_cast<std::size_t>(row_dim)] : 0;
    *c = col_dim >= 0 ? e[static_cast<std::size_t>(col_dim)] : 0;
    return true;
}

std::vector<std::int64_t> OperandScene::block_label_at(std::int64_t r, std::int64_t c) const {
    std::vector<std::int64_t> out;
    const std::vector<std::int64_t> e = element(r, c);
    for (std::size_t d = 0; d < e.size(); ++d) {
        const ResolvedBlockDim& b = block[d];
        switch (b.kind) {
            case BlockDim::Kind::Blocked: {
                // A leading dimension shows one slice inside a block: name the block holding
                // it. A displayed one names only the block starting at (r, c).
                const bool leading = d < slice.size();
                if (b.size <= 0 || (!leading && e[d] % b.size != 0)) return {};
                out.push_back(e[d] / b.size);
                break;
            }
            case BlockDim::Kind::Squeezed:
                out.push_back(e[d]);
                break;
            case BlockDim::Kind::Element:
                out.push_back(e[d] + b.pad_lo);
                break;
        }
    }
    return out;
}

}  // namespace tl::view
