#include "core/base/names.h"

#include <algorithm>
#include <cctype>

namespace tl {

bool is_identifier(std::string_view s) {
    if (s.empty()) return false;
    const auto first = static_cast<unsigned char>(s[0]);
    if (!std::isalpha(first) && first != '_') return false;
    return std::all_of(s.begin() + 1, s.end(), [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
    });
}

int edit_distance(std::string_view a, std::string_view b) {
    const auto lower = [](char c) {
        return static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    };
    const std::size_t n = a.size(), m = b.size();
    std::vector<std::vector<int>> d(n + 1, std::vector<int>(m + 1));
    for (std::size_t i = 0; i <= n; ++i) d[i][0] = static_cast<int>(i);
    for (std::size_t j = 0; j <= m; ++j) d[0][j] = static_cast<int>(j);
    for (std::size_t i = 1; i <= n; ++i) {
        for (std::size_t j = 1; j <= m; ++j) {
            const int cost = lower(a[i - 1]) == lower(b[j - 1]) ? 0 : 1;
            d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost});
            if (i > 1 && j > 1 && lower(a[i - 1]) == lower(b[j - 2]) &&
                lower(a[i - 2]) == lower(b[j - 1]))
                d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
        }
    }
    return d[n][m];
}

std::optional<std::string_view> likely_misspelling(std::string_view word,
                                                   const std::vector<std::string_view>& known) {
    if (word.size() > 64) return std::nullopt;  // not a typo of a short key; skip the work
    const int allowed = word.size() <= 4 ? 1 : 2;
    std::optional<std::string_view> best;
    int best_distance = allowed + 1;
    for (const auto k : known) {
        if (k == word) return std::nullopt;
        const int dist = edit_distance(word, k);
        if (dist < best_distance) {
            best_distance = dist;
            best = k;
        }
    }
    return best;
}

std::string join_names(const std::vector<std::string_view>& names) {
    std::string out;
    for (const auto n : names) {
        if (!out.empty()) out += ", ";
        out += n;
    }
    return out;
}

std::vector<std::string> closest_names(std::string_view name,
                                       const std::vector<std::string>& known) {
    std::vector<std::string> out;
    // A name cut short ("tpu-v5", "vmem_limit") is completed rather than corrected.
    if (name.size() >= 3)
        for (const auto& k : known)
            if (k.size() > name.size() && k.starts_with(name)) out.push_back(k);
    if (!out.empty()) return out;
    // Close enough to be a typo: a third of the name, at least 2 edits.
    const std::size_t limit = std::max<std::size_t>(2, name.size() / 3);
    std::size_t best = limit + 1;
    for (const auto& k : known) {
        const auto d = static_cast<std::size_t>(edit_distance(name, k));
        if (d > limit) continue;
        if (d < best) {
            best = d;
            out.clear();
        }
        if (d == best) out.push_back(k);
    }
    if (!out.empty() || name.size() < 2) return out;
    // A fragment such as "v5e" names the target that contains it.
    for (const auto& k : known)
        if (k.find(name) != std::string::npos) out.push_back(k);
    return out;
}

std::string did_you_mean(std::string_view name, const std::vector<std::string>& known) {
    const auto close = closest_names(name, known);
    if (close.empty()) return "";
    std::string out = " did you mean ";
    for (std::size_t i = 0; i < close.size(); ++i) {
        if (i > 0) out += i + 1 == close.size() ? " or " : ", ";
        out += "'" + close[i] + "'";
    }
    return out + "?";
}

}  // namespace tl
