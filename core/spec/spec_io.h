#pragma once
// Reading and writing `*.tilelens.json` spec files (docs/spec-format.md, versions 1 and 2).
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/base/diagnostic.h"
#include "core/base/limits.h"
#include "core/spec/spec.h"

namespace tl {

inline constexpr int kSpecFormatVersion = 2;
// The spec-file-bytes limit in force (64 MiB unless set; docs/bad-input.md).
inline constexpr CurrentLimit<std::uintmax_t> kMaxSpecFileBytes{LimitId::SpecFileBytes};

struct LoadResult {
    std::optional<Spec> spec;  // set only when `errors` is empty
    Diagnostics errors;        // every problem found, each with file and JSON path
};

// Parses and validates a spec (every expression is compiled, so syntax errors, unknown
// names and wrong index-map arities are reported here). `file_name` fills Diagnostic::file.
LoadResult load_spec(std::string_view json_text, const std::string& file_name);

// Reads `path` and loads it; refuses files over kMaxSpecFileBytes before reading them.
LoadResult load_spec_file(const std::string& path);

// Pretty JSON (2-space indent, keys in documented order, short lists on one line, unknown
// keys from Spec::extra / OperandSpec::extra kept), ending in a newline.
std::string save_spec(const Spec& spec);

// Writes save_spec(spec) atomically (a temporary file in the same folder, then a rename).
// On failure returns false, leaves any existing file untouched and fills *error when given.
bool save_spec_file(const Spec& spec, const std::string& path, std::string* error = nullptr);

}  // namespace tl
