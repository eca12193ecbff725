// Element -> programs: test each distinct block once, then expand the matching entries over
// the grid axes the index map ignores. Cost: blocks + entries + the answer, not programs.
#include <algorithm>

#include "core/analysis/detail/analysis_data.h"
#include "core/analysis/windows.h"

namespace tl {

std::vector<std::int64_t> Analysis::programs_touching(int op,
                                                      std::span<const std::int64_t> element) const {
    std::vector<std::int64_t> out;
    const AnalysisData& d = *d_;
    if (op < 0 || op >= static_cast<int>(d.ops.size()) || d.programs == 0) return out;
    const ResolvedOperand& ro = d.inst.operands[static_cast<std::size_t>(op)];
    const OpData& od = d.ops[static_cast<std::size_t>(op)];
    if (static_cast<int>(element.size()) != od.rank) return out;
    const bool output = ro.role == Role::Output;
    if (output) {
        for (int k = 0; k < od.rank; ++k)
            if (element[k] < 0 || element[k] >= ro.shape[static_cast<std::size_t>(k)]) return out;
    }

    std::vector<char> hit(static_cast<std::size_t>(od.blocks), 0);
    bool any = false;
    for (std::int32_t b = 0; b < od.blocks; ++b) {
        if (output && od.oob[static_cast<std::size_t>(b)]) continue;
        const std::int64_t* v = od.block_values(b);
        bool in = true;
        for (int k = 0; k < od.rank && in; ++k) {
            const DimWindow w = dim_window(ro, k, v[k]);
            in = element[k] >= w.start && element[k] < sat_add(w.start, w.size);
        }
        hit[static_cast<std::size_t>(b)] = in;
        any = any || in;
    }
    if (!any) return out;

    const int g = static_cast<int>(d.grid.size());
    std::vector<std::int64_t> gstride(static_cast<std::size_t>(g), 1);
    for (int a = g - 2; a >= 0; --a)
        gstride[static_cast<std::size_t>(a)] =
            gstride[static_cast<std::size_t>(a + 1)] * d.grid[static_cast<std::size_t>(a + 1)];
    std::vector<int> free_axes, used_axes;
    for (int a = 0; a < g; ++a)
        (od.stride[static_cast<std::size_t>(a)] == 0 ? free_axes : used_axes).push_back(a);
    std::vector<std::int64_t> fc(free_axes.size(), 0), uc(used_axes.size(), 0);

    // Entries run row-major over the axes the map reads: step their coordinates alongside.
    std::int64_t base = 0;
    for (std::int64_t e = 0; e < od.entries; ++e) {
        const std::int32_t b = od.entry_block[static_cast<std::size_t>(e)];
        if (b >= 0 && hit[static_cast<std::size_t>(b)]) {
            std::fill(fc.begin(), fc.end(), 0);
            std::int64_t off = 0;
            while (true) {
                out.push_back(base + off);
                int k = static_cast<int>(free_axes.size()) - 1;
                for (; k >= 0; --k) {
                    const auto a = static_cast<std::size_t>(free_axes[static_cast<std::size_t>(k)]);
                    auto& c = fc[static_cast<std::size_t>(k)];
                    off += gstride[a];
                    if (++c < d.grid[a]) break;
                    off -= c * gstride[a];
                    c = 0;
                }
                if (k < 0) break;
            }
        }
        for (int k = static_cast<int>(used_axes.size()) - 1; k >= 0; --k) {
            const auto a = static_cast<std::size_t>(used_axes[static_cast<std::size_t>(k)]);
            auto& c = uc[static_cast<std::size_t>(k)];
            base += gstride[a];
            if (++c < d.grid[a]) break;
            base -= c * gstride[a];
            c = 0;
        }
    }
    std::sort(out.begin(), out.end());
    return out;
}

}  // namespace tl
