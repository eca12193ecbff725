#pragma once
// The explorer's painted text and title strips are sized in pixels, times one scale that
// presentation mode raises for a room (docs/lessons.md, "Presenting") and that is 1 otherwise.
#include <algorithm>
#include <cmath>

namespace tl::gui {

double type_scale();
void set_type_scale(double scale);  // clamped to 0.5 .. 4

inline int type_px(int px) {
    return std::max(1, static_cast<int>(std::lround(px * type_scale())));
}

}  // namespace tl::gui
