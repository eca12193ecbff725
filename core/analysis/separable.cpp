// Per-axis sums standing in for the per-program pass of analysis.cpp. Programs run in
// row-major order, so the step into program (p, c + 1, 0, ..., 0) increments axis a and
// wraps every later axis; an operand's block changes there when its part on axis a differs
// between c and c + 1, or its part on some later axis differs between the last coordinate
// and 0. Summing a product of per-axis weights over those steps factorises per axis.
#include "core/analysis/separable.h"

#include <algorithm>
#include <bit>
#include <functional>
#include <limits>
#include <map>
#include <utility>

#include "core/analysis/detail/analysis_data.h"
#include "core/analysis/windows.h"

namespace tl {

namespace {

// Non-negative sums past int64 saturate like sat_add/sat_mul in the full pass.
__extension__ typedef unsigned __int128 Big;
constexpr Big kCap = Big{1} << 100;

Big mul(Big a, Big b) {
    if (a == 0 || b == 0) return 0;
    return a > kCap / b ? kCap : a * b;
}
Big add(Big a, Big b) {
    return std::min(a + b, kCap);
}
std::int64_t to_i64(Big v) {
    constexpr auto top = static_cast<Big>(std::numeric_limits<std::int64_t>::max());
    return static_cast<std::int64_t>(std::min(v, top));
}

std::size_t as_index(std::int64_t i) {
    return static_cast<std::size_t>(i);
}

// One grid axis as one operand's index map reads it.
struct Axis {
    std::int64_t size = 0;           // the grid size
    std::vector<int> dims;           // operand dimensions whose index reads this axis
    std::vector<std::int32_t> comp;  // per coordinate: id of the indices it gives `dims`
    std::int32_t comps = 0;
    std::vector<std::int64_t> first_coord;  // per id: a coordinate giving it
    std::vector<DimWindow> win;             // per coordinate x dims
    std::vector<std::uint8_t> oob;          // per coordinate: a dimension out of the array
    std::vector<std::int64_t> clip;         // per coordinate: product of clipped sizes
    bool read() const { return !dims.empty(); }
};

// One operand: its axes, and the dimensions no axis moves.
struct Parts {
    std::vector<Axis> axes;
    std::vector<int> fixed_dims;
    std::vector<DimWindow> fixed_win;
    bool fixed_oob = false;
    std::int64_t fixed_clip = 1;
};

// Evaluates the index map along each axis alone; nullopt when a result reads two axes or a
// table, or the map fails.
std::optional<Parts> split(const ResolvedOperand& ro, const std::vector<std::int64_t>& grid) {
    const int g = static_cast<int>(grid.size());
    const int rank = ro.rank();
    if (ro.index_map && ro.index_map->results() != rank) return std::nullopt;
    std::vector<int> axis_of(as_index(rank), -1);
    if (ro.index_map)
        for (int r = 0; r < rank; ++r) {
            const std::uint64_t m = ro.index_map->depends_on(r);
            if (g >= 64 || (m >> g) != 0 || std::popcount(m) > 1) return std::nullopt;
            if (m) axis_of[as_index(r)] = std::countr_zero(m);
        }
    Parts p;
    p.axes.resize(as_index(g));
    for (int a = 0; a < g; ++a) p.axes[as_index(a)].size = grid[as_index(a)];
    for (int r = 0; r < rank; ++r)
        (axis_of[as_index(r)] < 0 ? p.fixed_dims : p.axes[as_index(axis_of[as_index(r)])].dims)
            .push_back(r);

    const int arity = ro.index_map ? std::max(ro.index_map->arity(), g) : g;
    std::vector<std::int64_t> args(as_index(arity) + 1, 0), out(as_index(rank), 0);
    auto eval = [&]() { return !ro.index_map || ro.index_map->eval(args.data(), out.data()); };
    if (!eval()) return std::nullopt;
    for (const int d : p.fixed_dims) {
        const DimWindow w = dim_window(ro, d, out[as_index(d)]);
        p.fixed_win.push_back(w);
        p.fixed_oob = p.fixed_oob || out[as_index(d)] < 0 || w.clip_size == 0;
        p.fixed_clip = sat_mul(p.fixed_clip, w.clip_size);
    }
    for (int a = 0; a < g; ++a) {
        Axis& ax = p.axes[as_index(a)];
        if (!ax.read()) continue;
        const std::size_t nd = ax.dims.size();
        ax.comp.resize(as_index(ax.size));
        ax.win.resize(as_index(ax.size) * nd);
        ax.oob.assign(as_index(ax.size), 0);
        ax.clip.assign(as_index(ax.size), 1);
        std::map<std::vector<std::int64_t>, std::int32_t> ids;
        std::vector<std::int64_t> key(nd);
        for (std::int64_t c = 0; c < ax.size; ++c) {
            args[as_index(a)] = c;
            if (!eval()) return std::nullopt;
            for (std::size_t k = 0; k < nd; ++k) {
                const int d = ax.dims[k];
                const DimWindow w = dim_window(ro, d, out[as_index(d)]);
                key[k] = out[as_index(d)];
                ax.win[as_index(c) * nd + k] = w;
                if (out[as_index(d)] < 0 || w.clip_size == 0) ax.oob[as_index(c)] = 1;
                ax.clip[as_index(c)] = sat_mul(ax.clip[as_index(c)], w.clip_size);
            }
            const auto [it, fresh] = ids.emplace(key, ax.comps);
            if (fresh) {
                ++ax.comps;
                ax.first_coord.push_back(c);
            }
            ax.comp[as_index(c)] = it->second;
        }
        args[as_index(a)] = 0;
    }
    return p;
}

// A weight per coordinate of one axis; unread axes weigh 1 everywhere.
using Weight = std::function<Big(const Axis&, std::int64_t)>;

Big weight_at(const Axis& ax, const Weight& w, std::int64_t c) {
    return ax.read() ? w(ax, c) : 1;
}

Big axis_sum(const Axis& ax, const Weight& w) {
    if (!ax.read()) return static_cast<Big>(ax.size);
    Big s = 0;
    for (std::int64_t c = 0; c < ax.size; ++c) s = add(s, w(ax, c));
    return s;
}

// Sum over the programs where the block changes (program 0 included) of the product of the
// axes' weights at that program, times `fixed`.
Big over_changes(const Parts& p, const Weight& w, Big fixed) {
    const std::size_t g = p.axes.size();
    std::vector<Big> after(g + 1, 1);  // product of the weights at coordinate 0 past axis a
    for (std::size_t a = g; a-- > 0;) after[a] = mul(after[a + 1], weight_at(p.axes[a], w, 0));
    std::vector<bool> wraps_after(g + 1, false);
    for (std::size_t a = g; a-- > 0;) {
        const Axis& ax = p.axes[a];
        const bool wraps =
            ax.read() && ax.size > 1 && ax.comp[as_index(ax.size - 1)] != ax.comp.front();
        wraps_after[a] = wraps_after[a + 1] || wraps;
    }
    Big total = after[0], before = 1;
    for (std::size_t a = 0; a < g; ++a) {
        const Axis& ax = p.axes[a];
        Big inner = 0;
        if (!ax.read()) {
            if (wraps_after[a + 1] && ax.size > 1) inner = static_cast<Big>(ax.size - 1);
        } else {
            for (std::int64_t c = 0; c + 1 < ax.size; ++c)
                if (wraps_after[a + 1] || ax.comp[as_index(c)] != ax.comp[as_index(c + 1)])
                    inner = add(inner, w(ax, c + 1));
        }
        total = add(total, mul(mul(before, inner), after[a + 1]));
        before = mul(before, axis_sum(ax, w));
    }
    return mul(total, fixed);
}

// Sum over the distinct blocks of the product of the weights of their parts, times `fixed`.
Big over_blocks(const Parts& p, const Weight& w, Big fixed) {
    Big total = fixed;
    for (const Axis& ax : p.axes) {
        if (!ax.read()) continue;
        Big s = 0;
        for (const std::int64_t c : ax.first_coord) s = add(s, w(ax, c));
        total = mul(total, s);
    }
    return total;
}

Big storage_bytes(DType dtype, Big elements, Big odd) {
    if (dtype_bits(dtype) == 4) return (elements + odd) / 2;
    return mul(elements, static_cast<Big>(dtype_bits(dtype) / 8));
}

// The cut points analyse() puts on dimension d: 0, the size, and both ends of the window of
// every in-bounds block.
std::int64_t cut_count(const ResolvedOperand& ro, const Parts& p, int d, bool any_block) {
    std::vector<std::int64_t> cuts{0, std::max<std::int64_t>(ro.shape[as_index(d)], 0)};
    auto both_ends = [&](const DimWindow& w) {
        cuts.push_back(w.clip_start);
        cuts.push_back(w.clip_start + w.clip_size);
    };
    if (any_block) {
        if (const auto it = std::find(p.fixed_dims.begin(), p.fixed_dims.end(), d);
            it != p.fixed_dims.end())
            both_ends(p.fixed_win[as_index(it - p.fixed_dims.begin())]);
        for (const Axis& ax : p.axes) {
            const auto it = std::find(ax.dims.begin(), ax.dims.end(), d);
            if (it == ax.dims.end()) continue;
            const auto k = static_cast<std::size_t>(it - ax.dims.begin());
            for (std::int64_t c = 0; c < ax.size; ++c)
                if (!ax.oob[as_index(c)]) both_ends(ax.win[as_index(c) * ax.dims.size() + k]);
        }
    }
    std::sort(cuts.begin(), cuts.end());
    return std::unique(cuts.begin(), cuts.end()) - cuts.begin();
}

// The in-bounds windows of an axis with one dimension: do they cover [0, n), and do two
// distinct ones overlap?
std::pair<bool, bool> cover_and_overlap(const Axis& ax, std::int64_t n) {
    std::vector<std::pair<std::int64_t, std::int64_t>> spans;
    for (const std::int64_t c : ax.first_coord)
        if (!ax.oob[as_index(c)])
            spans.emplace_back(ax.win[as_index(c)].clip_start,
                               ax.win[as_index(c)].clip_start + ax.win[as_index(c)].clip_size);
    std::sort(spans.begin(), spans.end());
    std::int64_t reach = 0;
    bool overlap = false;
    for (std::size_t i = 0; i < spans.size(); ++i) {
        if (i > 0 && spans[i].first < spans[i - 1].second) overlap = true;
        if (spans[i].first <= reach) reach = std::max(reach, spans[i].second);
    }
    return {reach >= n, overlap};
}

bool parallel_axis(const Instance& inst, const AnalysisOptions& opt, std::size_t a) {
    return opt.concurrent_grid || (a < inst.semantics.size() && is_parallel(inst.semantics[a]));
}

// The output checks; false in `exact` when an axis moves two of its dimensions.
void check_output(const Instance& inst, const AnalysisOptions& opt, const ResolvedOperand& ro,
                  const Parts& p, bool any_block, SeparableOperand& s, bool& exact) {
    bool empty = false;
    for (const std::int64_t n : ro.shape) empty = empty || n <= 0;
    s.covered = empty || any_block;
    for (std::size_t k = 0; k < p.fixed_dims.size(); ++k) {
        const DimWindow& w = p.fixed_win[k];
        s.covered =
            s.covered &&
            (empty || (w.clip_start == 0 && w.clip_size == ro.shape[as_index(p.fixed_dims[k])]));
    }
    for (std::size_t a = 0; a < p.axes.size(); ++a) {
        const Axis& ax = p.axes[a];
        if (ax.size > 1 && parallel_axis(inst, opt, a) && (!ax.read() || ax.comps < ax.size))
            s.race = true;
        if (!ax.read()) continue;
        if (ax.dims.size() > 1) {
            exact = false;
            continue;
        }
        const auto [covers, overlaps] = cover_and_overlap(ax, ro.shape[as_index(ax.dims[0])]);
        s.covered = s.covered && (empty || covers);
        s.overlapping = s.overlapping || overlaps;
    }
}

}  // namespace

std::int64_t SeparableAnalysis::total_hbm_bytes() const {
    std::int64_t t = 0;
    for (const auto& o : ops) t = sat_add(t, o.traffic.hbm_bytes);
    return t;
}

std::int64_t SeparableAnalysis::total_vmem_bytes() const {
    std::int64_t t = 0;
    for (const auto& o : ops) t = sat_add(t, o.traffic.vmem_bytes);
    return t;
}

std::optional<SeparableAnalysis> analyse_separable(const Instance& inst,
                                                   const AnalysisOptions& opt) {
    SeparableAnalysis out;
    out.programs = 1;
    for (const std::int64_t n : inst.grid) {
        if (n <= 0) return std::nullopt;
        out.programs = sat_mul(out.programs, n);
    }
    if (out.programs > kMaxAnalysedPrograms) return std::nullopt;
    bool clean = true;
    for (const ResolvedOperand& ro : inst.operands) {
        auto parts = split(ro, inst.grid);
        if (!parts) return std::nullopt;
        const Parts& p = *parts;
        SeparableOperand s;
        const Weight one = [](const Axis&, std::int64_t) { return Big{1}; };
        const Weight inside = [](const Axis& ax, std::int64_t c) {
            return Big{!ax.oob[as_index(c)]};
        };
        const Weight clip = [](const Axis& ax, std::int64_t c) {
            return ax.oob[as_index(c)] ? Big{0} : static_cast<Big>(ax.clip[as_index(c)]);
        };
        const Weight odd = [](const Axis& ax, std::int64_t c) {
            return Big{!ax.oob[as_index(c)] && ax.clip[as_index(c)] % 2 == 1};
        };
        const Big fixed_in = p.fixed_oob ? 0 : 1;
        const Big fixed_clip = p.fixed_oob ? 0 : static_cast<Big>(p.fixed_clip);
        const Big fixed_odd = p.fixed_oob ? 0 : Big{p.fixed_clip % 2 == 1};

        const Big events = over_changes(p, one, 1);
        const Big clipped = over_changes(p, clip, fixed_clip);  // in-bounds elements moved
        const Big bytes = storage_bytes(ro.dtype, clipped, over_changes(p, odd, fixed_odd));
        s.distinct_blocks = to_i64(over_blocks(p, one, 1));
        s.revisits = to_i64(events) - s.distinct_blocks;
        s.out_of_bounds = p.fixed_oob;
        for (const Axis& ax : p.axes)
            s.out_of_bounds =
                s.out_of_bounds || std::find(ax.oob.begin(), ax.oob.end(), 1) != ax.oob.end();
        OperandTraffic& t = s.traffic;
        t.block_copies = t.visits = to_i64(events);
        t.hbm_bytes = to_i64(bytes);
        const std::int64_t block = block_elements_of(ro);
        if (ro.role == Role::Output && ro.revisit == OutputRevisit::Any && s.revisits > 0) {
            const Big once = storage_bytes(ro.dtype, over_blocks(p, clip, fixed_clip),
                                           over_blocks(p, odd, fixed_odd));
            t.hbm_bytes = to_i64(add(bytes, bytes - once));
        }
        if (ro.role == Role::Input) {
            const Big in_events = over_changes(p, inside, fixed_in);
            t.elements_padded_on_read = to_i64(mul(in_events, static_cast<Big>(block)) - clipped);
        }
        t.vmem_bytes = on_chip_bytes(ro);
        if (ro.manual() && !ro.streamed()) t.hbm_bytes = t.vmem_bytes = 0;
        t.programs = out.programs;

        bool any_block = !p.fixed_oob;
        for (const Axis& ax : p.axes)
            any_block = any_block &&
                        (!ax.read() || std::find(ax.oob.begin(), ax.oob.end(), 0) != ax.oob.end());
        s.coverage_cells = 1;
        bool too_many_cells = false;
        for (int d = 0; d < ro.rank(); ++d) {
            s.coverage_cells = sat_mul(s.coverage_cells, cut_count(ro, p, d, any_block) - 1);
            too_many_cells = too_many_cells || s.coverage_cells > kMaxCoverageCells;
        }
        bool exact = true;
        if (ro.role == Role::Output) check_output(inst, opt, ro, p, any_block, s, exact);

        clean = clean && !too_many_cells;
        if (!ro.manual()) clean = clean && !s.out_of_bounds;
        if (!ro.manual() && ro.role == Role::Output && !ro.discard) {
            const bool revisits_ok =
                s.revisits == 0 || (opt.revisit == Revisit::Ideal && !opt.concurrent_grid);
            clean = clean && exact && (s.covered || ro.alias_of >= 0) && !s.overlapping &&
                    !s.race && revisits_ok;
        }
        out.ops.push_back(s);
    }
    out.clean = clean;
    return out;
}

}  // namespace tl
