#pragma once
// Helpers for reading JSON documents with precise error locations: JSON paths, text
// positions, value descriptions and "did you mean" suggestions.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/diagnostic.h"
#include "core/spec.h"

namespace tl {

// "base.key" (or just "key" at the top); keys that are not identifiers are written
// base["key"] so the path stays unambiguous.
std::string path_key(const std::string& base, std::string_view key);
// "base[i]".
std::string path_index(const std::string& base, std::size_t i);

struct TextPosition {
    int line = 1;    // 1-based
    int column = 1;  // 1-based, counted in characters (UTF-8 code points)
};
// Line and column of byte `offset` (0-based) of `text`; offsets past the end give the end.
TextPosition text_position(std::string_view text, std::size_t offset);

// Parses `text` into *out. On a syntax error, or a key repeated inside one object, appends
// diagnostics (line:column of the file for syntax errors) and returns false.
bool parse_json_document(std::string_view text, const std::string& file, Json* out,
                         Diagnostics* errors);

bool is_identifier(std::string_view s);

// Case-insensitive optimal-string-alignment distance (a swap of neighbours counts 1).
int edit_distance(std::string_view a, std::string_view b);
// The known word that `word` is most likely a misspelling of, or nullopt. A short word
// (up to 4 characters) may differ by one edit, a longer one by two.
std::optional<std::string_view> likely_misspelling(std::string_view word,
                                                   const std::vector<std::string_view>& known);

// "a, b, c".
std::string join_names(const std::vector<std::string_view>& names);

// "a string", "the number 2.5", "null"...: what a wrong value is, for messages.
std::string describe_json(const Json& j);

// The integer held by `j`, or nullopt when it is not an integer that fits in int64
// (floats such as 3.0 are refused: sizes and seeds are written as integers).
std::optional<std::int64_t> json_int64(const Json& j);

}  // namespace tl
