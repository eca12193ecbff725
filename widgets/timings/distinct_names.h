#pragma once
// Short names that stay apart: kernel names and candidate labels are shortened to fit a legend,
// a category label or a list, and two that differ only at their end (`..._tn` and `..._nn`,
// `input_size=500` and `input_size=4000`) must not be shortened to the same text. Plain C++.
#include <cstddef>
#include <string>
#include <vector>

namespace tl::gui {

// Each name shortened to at most `width` characters as abbreviated() does (templates and call
// arguments first, then the end); names whose shortenings collide keep their head and the part
// where they differ instead ("benchmark_tr…input_size=500"). Equal names stay equal; different
// names never share a result (a last resort numbers them).
std::vector<std::string> distinct_abbreviations(const std::vector<std::string>& names,
                                                std::size_t width);

}  // namespace tl::gui
