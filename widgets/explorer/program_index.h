#pragma once
// A program's number from its grid coordinates, for lesson steps that name a program by them.
#include <QtGlobal>
#include <algorithm>
#include <cstdint>
#include <vector>

namespace tl::gui {

// Iteration order: the last grid axis varies fastest. Each coordinate is clamped to its axis,
// so the number is always one of the grid's programs.
inline qint64 programIndex(const std::vector<std::int64_t>& grid,
                           const std::vector<std::int64_t>& coords) {
    qint64 p = 0;
    for (std::size_t a = 0; a < grid.size() && a < coords.size(); ++a)
        p = p * grid[a] +
            std::clamp<std::int64_t>(coords[a], 0, std::max<std::int64_t>(grid[a] - 1, 0));
    return p;
}

}  // namespace tl::gui
