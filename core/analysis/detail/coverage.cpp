// Coverage over the block partition: cut points from every counted window, then a
// multi-dimensional difference array so each window costs 2^rank updates, not its cells.
#include <algorithm>
#include <limits>
#include <string>

#include "core/analysis/detail/analysis_data.h"
#include "core/analysis/windows.h"

namespace tl {

std::int32_t Coverage::count_at(std::span<const std::int64_t> element) const {
    if (element.size() != breaks.size() || counts.empty()) return 0;
    std::int64_t cell = 0;
    for (std::size_t d = 0; d < breaks.size(); ++d) {
        const auto& b = breaks[d];
        if (b.size() < 2 || element[d] < b.front() || element[d] >= b.back()) return 0;
        const auto it = std::upper_bound(b.begin(), b.end(), element[d]);
        cell = cell * static_cast<std::int64_t>(b.size() - 1) + (it - b.begin() - 1);
    }
    return counts[static_cast<std::size_t>(cell)];
}

namespace {

using Sizes = std::vector<std::int64_t>;

std::size_t at(std::int64_t i) {
    return static_cast<std::size_t>(i);
}

// Per dimension, the sorted cut points: 0, the dimension, and both ends of every counted
// window.
std::vector<Sizes> cut_points(const ResolvedOperand& op, const OpData& od,
                              const std::vector<std::int64_t>& weight) {
    std::vector<Sizes> breaks(at(od.rank));
    for (int d = 0; d < od.rank; ++d)
        breaks[at(d)] = {0, std::max<std::int64_t>(op.shape[at(d)], 0)};
    for (std::int32_t b = 0; b < od.blocks; ++b) {
        if (weight[at(b)] <= 0 || od.oob[at(b)]) continue;
        const std::int64_t* v = od.block_values(b);
        for (int d = 0; d < od.rank; ++d) {
            const DimWindow w = dim_window(op, d, v[d]);
            breaks[at(d)].push_back(w.clip_start);
            breaks[at(d)].push_back(w.clip_start + w.clip_size);
        }
    }
    for (auto& br : breaks) {
        std::sort(br.begin(), br.end());
        br.erase(std::unique(br.begin(), br.end()), br.end());
        br.shrink_to_fit();
    }
    return breaks;
}

// Adds each counted window's weight at the 2^rank corners of its cell range, with the sign
// that the prefix sums turn into +weight over exactly that range.
Sizes corner_differences(const ResolvedOperand& op, const OpData& od, const Sizes& weight,
                         const std::vector<Sizes>& breaks, const Sizes& ncell, std::int64_t cells) {
    const int r = od.rank;
    Sizes diff(at(cells), 0), lo(at(r)), hi(at(r));
    for (std::int32_t b = 0; b < od.blocks; ++b) {
        if (weight[at(b)] <= 0 || od.oob[at(b)]) continue;
        const std::int64_t* v = od.block_values(b);
        for (int d = 0; d < r; ++d) {
            const DimWindow w = dim_window(op, d, v[d]);
            const auto& br = breaks[at(d)];
            lo[at(d)] = std::lower_bound(br.begin(), br.end(), w.clip_start) - br.begin();
            hi[at(d)] =
                std::lower_bound(br.begin(), br.end(), w.clip_start + w.clip_size) - br.begin();
        }
        const std::int64_t w = weight[at(b)];
        for (unsigned corner = 0; corner < (1u << r); ++corner) {
            std::int64_t cell = 0;
            bool inside = true;
            int flips = 0;
            for (int d = 0; d < r && inside; ++d) {
                const bool up = corner >> d & 1;
                const std::int64_t i = up ? hi[at(d)] : lo[at(d)];
                inside = i < ncell[at(d)];
                cell = cell * ncell[at(d)] + i;
                flips += up;
            }
            if (inside) diff[at(cell)] += flips % 2 ? -w : w;
        }
    }
    return diff;
}

// Prefix sums along each dimension turn the corner updates into counts.
std::vector<std::int32_t> prefix_sums(Sizes diff, const Sizes& ncell) {
    const auto cells = static_cast<std::int64_t>(diff.size());
    std::int64_t inner = cells;
    for (const std::int64_t n : ncell) {
        inner /= n;
        for (std::int64_t i = 0; i < cells; ++i)
            if ((i / inner) % n != 0) diff[at(i)] += diff[at(i - inner)];
    }
    std::vector<std::int32_t> counts(diff.size());
    constexpr std::int64_t kTop = std::numeric_limits<std::int32_t>::max();
    for (std::size_t i = 0; i < diff.size(); ++i)
        counts[i] = static_cast<std::int32_t>(std::min(diff[i], kTop));
    return counts;
}

}  // namespace

Coverage build_coverage(const ResolvedOperand& op, const OpData& od,
                        const std::vector<std::int64_t>& weight, Diagnostics& errors,
                        int op_index) {
    Coverage c;
    c.breaks = cut_points(op, od, weight);
    Sizes ncell(c.breaks.size());
    std::int64_t cells = 1;
    for (std::size_t d = 0; d < c.breaks.size(); ++d) {
        ncell[d] = static_cast<std::int64_t>(c.breaks[d].size()) - 1;
        cells *= ncell[d];
        if (cells > kMaxCoverageCells) {
            errors.push_back(
                {"", "operands[" + std::to_string(op_index) + "]", 0, 0,
                 "operand '" + op.name + "': the blocks cut the array into more than " +
                     std::to_string(kMaxCoverageCells) +
                     " cells (the limit coverage-cells); coverage is not computed: use larger "
                     "or aligned blocks, or " +
                     raise_hint(LimitId::CoverageCells)});
            c.breaks.clear();
            return c;
        }
    }
    if (cells == 0) return c;  // an empty dimension
    c.counts = prefix_sums(corner_differences(op, od, weight, c.breaks, ncell, cells), ncell);
    return c;
}

}  // namespace tl
