// Evaluates index maps once per combination of the grid axes they read, and gives equal
// results one block id.
#include <algorithm>
#include <numeric>
#include <string>

#include "core/analysis/detail/analysis_data.h"
#include "core/analysis/windows.h"

namespace tl {

namespace {

// Grid axes the map's results read (all results, prefetch parameters dropped).
std::uint64_t axes_read(const expr::Compiled& map, int grid_rank) {
    std::uint64_t mask = 0;
    for (int r = 0; r < map.results(); ++r) mask |= map.depends_on(r);
    const std::uint64_t grid_bits =
        grid_rank >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << grid_rank) - 1;
    return mask & grid_bits;
}

// Ids in first-seen order through a dense table when the values span a small box.
bool dedup_dense(OpData& od, std::vector<std::int32_t>& id_of) {
    const int r = od.rank;
    std::vector<std::int64_t> lo(static_cast<std::size_t>(r), 0),
        hi(static_cast<std::size_t>(r), 0);
    bool any = false;
    for (std::int64_t e = 0; e < od.entries; ++e) {
        if (od.entry_block[static_cast<std::size_t>(e)] < 0) continue;
        const std::int64_t* v = od.values.data() + e * r;
        for (int k = 0; k < r; ++k) {
            if (!any || v[k] < lo[k]) lo[k] = v[k];
            if (!any || v[k] > hi[k]) hi[k] = v[k];
        }
        any = true;
    }
    if (!any) return true;
    const std::int64_t limit = 4 * od.entries + 1024;
    std::int64_t box = 1;
    for (int k = 0; k < r; ++k) {
        std::int64_t span;
        if (__builtin_sub_overflow(hi[k], lo[k], &span) || span >= limit) return false;
        box *= span + 1;
        if (box > limit) return false;
    }
    id_of.assign(static_cast<std::size_t>(box), -1);
    for (std::int64_t e = 0; e < od.entries; ++e) {
        std::int32_t& eb = od.entry_block[static_cast<std::size_t>(e)];
        if (eb < 0) continue;
        const std::int64_t* v = od.values.data() + e * r;
        std::int64_t key = 0;
        for (int k = 0; k < r; ++k) key = key * (hi[k] - lo[k] + 1) + (v[k] - lo[k]);
        std::int32_t& id = id_of[static_cast<std::size_t>(key)];
        if (id < 0) {
            id = od.blocks++;
            od.block_entry.push_back(e);
        }
        eb = id;
    }
    return true;
}

void dedup_sorted(OpData& od) {
    const int r = od.rank;
    std::vector<std::int64_t> order;
    order.reserve(static_cast<std::size_t>(od.entries));
    for (std::int64_t e = 0; e < od.entries; ++e)
        if (od.entry_block[static_cast<std::size_t>(e)] >= 0) order.push_back(e);
    auto less = [&](std::int64_t a, std::int64_t b) {
        const std::int64_t* va = od.values.data() + a * r;
        const std::int64_t* vb = od.values.data() + b * r;
        if (std::lexicographical_compare(va, va + r, vb, vb + r)) return true;
        if (std::lexicographical_compare(vb, vb + r, va, va + r)) return false;
        return a < b;
    };
    std::sort(order.begin(), order.end(), less);
    for (std::size_t i = 0; i < order.size(); ++i) {
        const std::int64_t e = order[i];
        const bool same =
            i > 0 && std::equal(od.values.data() + e * r, od.values.data() + e * r + r,
                                od.values.data() + order[i - 1] * r);
        if (!same) {
            od.block_entry.push_back(e);
            ++od.blocks;
        }
        od.entry_block[static_cast<std::size_t>(e)] = od.blocks - 1;
    }
}

}  // namespace

void build_blocks(AnalysisData& d, int op) {
    const ResolvedOperand& ro = d.inst.operands[static_cast<std::size_t>(op)];
    OpData& od = d.ops[static_cast<std::size_t>(op)];
    const int g = static_cast<int>(d.grid.size());
    od.rank = ro.rank();
    od.stride.assign(static_cast<std::size_t>(g), 0);
    const std::string path = "operands[" + std::to_string(op) + "].index_map";

    const bool has_map = ro.index_map.has_value();
    const bool bad_arity = has_map && ro.index_map->results() != od.rank;
    const std::uint64_t mask = has_map && !bad_arity ? axes_read(*ro.index_map, g) : 0;
    std::int64_t q = d.programs > 0 ? 1 : 0;
    for (int a = g - 1; a >= 0; --a) {
        if (!(mask >> a & 1)) continue;
        od.stride[static_cast<std::size_t>(a)] = q;
        q *= d.grid[static_cast<std::size_t>(a)];
    }
    od.entries = q;
    od.values.assign(static_cast<std::size_t>(q * od.rank), 0);
    od.entry_block.assign(static_cast<std::size_t>(q), 0);
    if (q == 0) return;

    if (bad_arity) {
        std::fill(od.entry_block.begin(), od.entry_block.end(), -1);
        od.failed_programs = d.programs;
        d.errors.push_back({"", path, 0, 0,
                            "the index map returns " + std::to_string(ro.index_map->results()) +
                                " values but operand '" + ro.name + "' has rank " +
                                std::to_string(od.rank) + ": return one value per dimension"});
        return;
    }
    if (has_map) {
        const expr::Compiled& map = *ro.index_map;
        std::vector<std::int64_t> args(static_cast<std::size_t>(std::max(map.arity(), g)) + 1, 0);
        std::int64_t failed = 0;
        for (std::int64_t e = 0; e < q; ++e) {
            for (int a = 0; a < g; ++a) {
                const std::int64_t s = od.stride[static_cast<std::size_t>(a)];
                args[static_cast<std::size_t>(a)] =
                    s ? (e / s) % d.grid[static_cast<std::size_t>(a)] : 0;
            }
            expr::Error err;
            if (map.eval(args.data(), od.values.data() + e * od.rank, &err)) continue;
            od.entry_block[static_cast<std::size_t>(e)] = -1;
            if (failed++ == 0) {
                std::vector<std::int64_t> at(args.begin(), args.begin() + g);
                d.errors.push_back({"", path, err.line, err.column,
                                    "operand '" + ro.name + "': the index map fails at program " +
                                        format_coords(at) + ": " + err.message});
            }
        }
        if (failed > 0) {
            od.failed_programs = failed * (d.programs / q);
            if (od.failed_programs > 1)
                d.errors.back().message += " (" + std::to_string(od.failed_programs) +
                                           " programs fail; they are left out of the analysis)";
        }
    }

    std::vector<std::int32_t> id_of;
    if (!dedup_dense(od, id_of)) dedup_sorted(od);
    od.block_entry.shrink_to_fit();
    od.oob.resize(static_cast<std::size_t>(od.blocks));
    for (std::int32_t b = 0; b < od.blocks; ++b)
        od.oob[static_cast<std::size_t>(b)] = block_out_of_bounds(ro, od.block_values(b)) ? 1 : 0;
}

}  // namespace tl
