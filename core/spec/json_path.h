#pragma once
// Helpers for reading JSON documents with precise error locations: JSON paths, text
// positions, value descriptions and "did you mean" suggestions.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/base/diagnostic.h"
#include "core/base/names.h"
#include "core/spec/spec.h"

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

// "a string", "the number 2.5", "null"...: what a wrong value is, for messages.
std::string describe_json(const Json& j);

// The integer held by `j`, or nullopt when it is not an integer that fits in int64
// (floats such as 3.0 are refused: sizes and seeds are written as integers).
std::optional<std::int64_t> json_int64(const Json& j);

}  // namespace tl
