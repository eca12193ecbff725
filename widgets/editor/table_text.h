#pragma once
// The editor's one-line texts for the spec's format-2 lists, and back. Plain functions,
// tested without a window.
//
// requires: the expressions separated by ";" ("M % bm == 0; N >= 128").
// scratch: entries separated by ";", each "name(shape) dtype [vmem|smem]" or
// "name(shape) dma|regular" for a semaphore array: "acc(bm, bn) float32; sems(2) dma".
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/spec/spec.h"

namespace tl::gui {

std::vector<std::string> parse_requires(std::string_view text);
std::string format_requires(const std::vector<std::string>& items);

// scalar_prefetch: tables separated by ";", each "name = v0, v1, ..." (one dimension) or
// "name(d0, d1) [dtype] = values row-major": "cols = 0, 1, 1, 2; mask(2, 2) int8 = 1, 0, 1, 1".
std::optional<std::vector<ScalarPrefetchSpec>> parse_prefetch(std::string_view text,
                                                              std::string* why);
std::string format_prefetch(const std::vector<ScalarPrefetchSpec>& items);

// nullopt when an entry does not read as above; *why then says which and how.
std::optional<std::vector<ScratchSpec>> parse_scratch(std::string_view text, std::string* why);
std::string format_scratch(const std::vector<ScratchSpec>& items);

}  // namespace tl::gui
