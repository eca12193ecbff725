#pragma once
// Writing Python source from spec data (the benchmark script, Pallas snippets): names checked
// before they become code, strings and numbers as literals, and expressions printed from their
// parsed syntax tree (never copied from the spec's text).
#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include <variant>

namespace tl::py {

// A size as the spec holds it: an integer or an expression text.
using SizeText = std::variant<std::int64_t, std::string>;

// The prefix the script keeps for its own names; no name from the spec may start with it.
inline constexpr std::string_view kReservedPrefix = "_tl";

// A name that can be emitted as Python code: [A-Za-z_][A-Za-z0-9_]*, not a Python keyword,
// not __debug__, and not starting with the script's reserved prefix.
bool is_safe_name(std::string_view name);
// Why `name` is not safe, for messages ("'class' is a Python keyword").
std::string unsafe_name_reason(std::string_view name);

// A double-quoted Python string literal holding `text`; nullopt when `text` is not UTF-8.
std::optional<std::string> python_string(std::string_view text);

// A Python float literal that reads back as `value` ("0.5", "1e-06", "float('inf')").
std::string python_float(double value);

struct Printed {
    std::string code;   // a Python expression; empty on error
    std::string error;  // "1:5: ..." (column in the expression) or a plain message
};

// A size (grid entry, shape or block dimension) as Python over plain integers; its names
// must be in `params`.
Printed print_size(const SizeText& size, const std::set<std::string>& params);

// An index map (`lambda i, j: (i, j)`) as a Python lambda over the grid indices, which may be
// traced values on the target; its free names must be lambda parameters or in `params`.
Printed print_index_map(std::string_view text, const std::set<std::string>& params);

// The names a size expression refers to (empty for an integer or an unparsable text).
std::vector<std::string> names_in_size(const SizeText& size);

// The helper functions the printed expressions call (_tl_cdiv, _tl_where, ...): Python
// source defining them, working on both Python ints and traced jax integers.
std::string_view expression_helpers();

}  // namespace tl::py
