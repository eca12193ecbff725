#pragma once
// The editor's one-line texts for lists in the spec (grid, shape, block shape), and back.
// Plain functions, tested without a window.
//
// A list is written as its items separated by commas outside brackets: "cdiv(M, bm), 4".
// An item that is an integer literal is a number, anything else an expression. A block
// dimension is a size, "None" (squeezed) or "Element(size)" / "Element(size, (lo, hi))",
// as in Pallas (a leading "pl." is allowed).
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/spec/spec.h"

namespace tl::gui {

struct TextItem {
    std::string text;  // trimmed
    int offset = 0;    // of its first character in the whole text (0-based, in characters)
};

// The items of a comma-separated list; commas inside (), [] or {} do not split. "" -> none.
std::vector<TextItem> split_list(std::string_view text);

SizeValue parse_size(std::string_view item);
std::vector<SizeValue> parse_sizes(std::string_view text);
std::string format_size(const SizeValue& size);
std::string format_sizes(const std::vector<SizeValue>& sizes);

// "" -> nullopt (the whole array).
std::optional<std::vector<BlockDim>> parse_block_shape(std::string_view text);
std::string format_block_shape(const std::optional<std::vector<BlockDim>>& shape);

// Where a diagnostic at JSON path `path` falls in the text of the field at `field` (a JSON
// path such as "grid" or "operands[1].shape"): the character range to underline, or nullopt
// when the path is not inside that field. An error about the field as a whole underlines all
// of it; one about item k (or deeper) underlines that item, or from its column on when the
// error is inside the item's expression.
struct TextRange {
    int start = 0;
    int length = 0;
};
std::optional<TextRange> locate_error(std::string_view field_text, std::string_view field,
                                      std::string_view path, int column, bool is_list);

}  // namespace tl::gui
