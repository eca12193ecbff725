// Coverage over the block partition: cut points from every counted window, then a
// multi-dimensional difference array so each window costs 2^rank updates, not its cells.
#include <algorithm>
#include <limits>
#include <string>

#include "core/analysis/detail/analysis_data.h"
#include "core/analysis/windows.h"

namespace tl {

namespace {
// Past this many cells the partition is as fine as the elements of a huge array.
constexpr std::int64_t kMaxCells = std::int64_t{1} << 26;
}  // namespace

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

Coverage build_coverage(const ResolvedOperand& op, const OpData& od,
                        const std::vector<std::int64_t>& weight, Diagnostics& errors,
                        int op_index) {
    const int r = od.rank;
    Coverage c;
    c.breaks.resize(static_cast<std::size_t>(r));
    for (int d = 0; d < r; ++d) {
        auto& b = c.breaks[static_cast<std::size_t>(d)];
        b.push_back(0);
        b.push_back(std::max<std::int64_t>(op.shape[static_cast<std::size_t>(d)], 0));
    }
    auto counted = [&](std::int32_t b) {
        return weight[static_cast<std::size_t>(b)] > 0 && !od.oob[static_cast<std::size_t>(b)];
    };
    for (std::int32_t b = 0; b < od.blocks; ++b) {
        if (!counted(b)) continue;
        const std::int64_t* v = od.block_values(b);
        for (int d = 0; d < r; ++d) {
            const DimWindow w = dim_window(op, d, v[d]);
            auto& br = c.breaks[static_cast<std::size_t>(d)];
            br.push_back(w.clip_start);
            br.push_back(w.clip_start + w.clip_size);
        }
    }
    std::vector<std::int64_t> ncell(static_cast<std::size_t>(r));
    std::int64_t cells = 1;
    for (int d = 0; d < r; ++d) {
        auto& br = c.breaks[static_cast<std::size_t>(d)];
        std::sort(br.begin(), br.end());
        br.erase(std::unique(br.begin(), br.end()), br.end());
        br.shrink_to_fit();
        ncell[static_cast<std::size_t>(d)] = static_cast<std::int64_t>(br.size()) - 1;
        cells *= ncell[static_cast<std::size_t>(d)];
        if (cells > kMaxCells) {
            errors.push_back(
                {"", "operands[" + std::to_string(op_index) + "]", 0, 0,
                 "operand '" + op.name + "': the blocks cut the array into more than " +
                     std::to_string(kMaxCells) +
                     " cells; coverage is not computed (use larger or aligned blocks)"});
            c.breaks.clear();
            return c;
        }
    }

    if (cells == 0) return c;  // an empty dimension
    std::vector<std::int64_t> diff(static_cast<std::size_t>(cells), 0);
    std::vector<std::int64_t> lo(static_cast<std::size_t>(r)), hi(static_cast<std::size_t>(r));
    for (std::int32_t b = 0; b < od.blocks; ++b) {
        if (!counted(b)) continue;
        const std::int64_t* v = od.block_values(b);
        for (int d = 0; d < r; ++d) {
            const DimWindow w = dim_window(op, d, v[d]);
            const auto& br = c.breaks[static_cast<std::size_t>(d)];
            lo[static_cast<std::size_t>(d)] =
                std::lower_bound(br.begin(), br.end(), w.clip_start) - br.begin();
            hi[static_cast<std::size_t>(d)] =
                std::lower_bound(br.begin(), br.end(), w.clip_start + w.clip_size) - br.begin();
        }
        const std::int64_t w = weight[static_cast<std::size_t>(b)];
        for (unsigned corner = 0; corner < (1u << r); ++corner) {
            std::int64_t at = 0;
            bool inside = true;
            int flips = 0;
            for (int d = 0; d < r && inside; ++d) {
                const bool up = corner >> d & 1;
                const std::int64_t i =
                    up ? hi[static_cast<std::size_t>(d)] : lo[static_cast<std::size_t>(d)];
                inside = i < ncell[static_cast<std::size_t>(d)];
                at = at * ncell[static_cast<std::size_t>(d)] + i;
                flips += up;
            }
            if (inside) diff[static_cast<std::size_t>(at)] += flips % 2 ? -w : w;
        }
    }
    // Prefix sums along each dimension turn the corner updates into counts.
    std::int64_t inner = cells;
    for (int d = 0; d < r; ++d) {
        const std::int64_t n = ncell[static_cast<std::size_t>(d)];
        inner /= n;
        for (std::int64_t i = 0; i < cells; ++i)
            if ((i / inner) % n != 0)
                diff[static_cast<std::size_t>(i)] += diff[static_cast<std::size_t>(i - inner)];
    }
    c.counts.resize(static_cast<std::size_t>(cells));
    constexpr std::int64_t kTop = std::numeric_limits<std::int32_t>::max();
    for (std::int64_t i = 0; i < cells; ++i)
        c.counts[static_cast<std::size_t>(i)] =
            static_cast<std::int32_t>(std::min(diff[static_cast<std::size_t>(i)], kTop));
    return c;
}

}  // namespace tl
