#pragma once
// Names for people: identifiers, typo distance and the one "did you mean" helper that the
// spec loader, the target profiles and the command lines share.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tl {

// [A-Za-z_][A-Za-z0-9_]*.
bool is_identifier(std::string_view s);

// Case-insensitive optimal-string-alignment distance (a swap of neighbours counts 1).
int edit_distance(std::string_view a, std::string_view b);
// The known word that `word` is most likely a misspelling of, or nullopt. A short word
// (up to 4 characters) may differ by one edit, a longer one by two.
std::optional<std::string_view> likely_misspelling(std::string_view word,
                                                   const std::vector<std::string_view>& known);

// The entries of `known` closest to `name` (a completion of a cut-short name, a typo, or a
// name containing the fragment), for did-you-mean hints; none when nothing is close.
std::vector<std::string> closest_names(std::string_view name,
                                       const std::vector<std::string>& known);
// " did you mean 'a' or 'b'?" (with the leading space), or "" when nothing is close.
std::string did_you_mean(std::string_view name, const std::vector<std::string>& known);

// "a, b, c".
std::string join_names(const std::vector<std::string_view>& names);

}  // namespace tl
