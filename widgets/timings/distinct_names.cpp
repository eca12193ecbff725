#include "widgets/timings/distinct_names.h"

#include <algorithm>
#include <map>
#include <set>

#include "core/base/format.h"

namespace tl::gui {
namespace {

constexpr std::string_view kDistinctEllipsis = "\u2026";

// The byte offset of each character (UTF-8) of `s`, and s.size() at the end.
std::vector<std::size_t> utf8CharacterStarts(const std::string& s) {
    std::vector<std::size_t> starts;
    for (std::size_t i = 0; i < s.size(); ++i)
        if ((static_cast<unsigned char>(s[i]) & 0xC0) != 0x80) starts.push_back(i);
    starts.push_back(s.size());
    return starts;
}

// Characters [from, to) of `s`, given its character starts.
std::string utf8Characters(const std::string& s, const std::vector<std::size_t>& at,
                           std::size_t from, std::size_t to) {
    return s.substr(at[from], at[to] - at[from]);
}

// The number of leading characters every name of `group` shares.
std::size_t sharedHeadLength(const std::vector<const std::string*>& group) {
    std::size_t n = 0;
    const std::string& first = *group.front();
    const std::vector<std::size_t> at = utf8CharacterStarts(first);
    for (; n + 1 < at.size(); ++n) {
        const std::string c = utf8Characters(first, at, n, n + 1);
        for (const std::string* other : group)
            if (other->compare(at[n], c.size(), c) != 0) return n;
    }
    return n;
}

// `name` shortened to `width` characters around character `differs`: its head, then as much of
// the text before `differs` as fits with the rest, cut at the end when even that is too long.
std::string shortenedAroundDifference(const std::string& name, std::size_t differs,
                                      std::size_t width) {
    const std::vector<std::size_t> at = utf8CharacterStarts(name);
    const std::size_t length = at.size() - 1;
    if (length <= width || width < 8) return abbreviated(name, width);
    constexpr std::size_t kContext = 4;
    const std::size_t head = std::min(width / 3, differs);
    const std::size_t room = width - head - 1;  // after the head and its ellipsis
    std::size_t from = std::max(head, differs > kContext ? differs - kContext : 0);
    std::string out = utf8Characters(name, at, 0, head) + std::string(kDistinctEllipsis);
    if (length - from <= room) return out + utf8Characters(name, at, length - room, length);
    return out + utf8Characters(name, at, from, from + room - 1) + std::string(kDistinctEllipsis);
}

// Groups of indices whose names differ but whose shortenings are equal.
std::vector<std::vector<std::size_t>> collidingShortenings(
    const std::vector<std::string>& names, const std::vector<std::string>& shortened) {
    std::map<std::string, std::vector<std::size_t>> byShort;
    for (std::size_t i = 0; i < names.size(); ++i) byShort[shortened[i]].push_back(i);
    std::vector<std::vector<std::size_t>> out;
    for (auto& [text, members] : byShort) {
        std::set<std::string> distinct;
        for (std::size_t i : members) distinct.insert(names[i]);
        if (distinct.size() > 1) out.push_back(members);
    }
    return out;
}

}  // namespace

std::vector<std::string> distinct_abbreviations(const std::vector<std::string>& names,
                                                std::size_t width) {
    std::vector<std::string> out;
    for (const auto& n : names) out.push_back(abbreviated(n, width));
    // Each round shows colliding names from where they start to differ; a group that shares a
    // longer head collides again and moves further along its names.
    for (int round = 0; round < 8; ++round) {
        const auto groups = collidingShortenings(names, out);
        if (groups.empty()) return out;
        for (const auto& group : groups) {
            std::vector<const std::string*> members;
            for (std::size_t i : group) members.push_back(&names[i]);
            const std::size_t differs = sharedHeadLength(members);
            for (std::size_t i : group)
                out[i] = shortenedAroundDifference(names[i], differs, width);
        }
    }
    // Still colliding (names that differ only past what fits): numbered, in order.
    for (const auto& group : collidingShortenings(names, out)) {
        std::map<std::string, int> number;
        for (std::size_t i : group) {
            const auto [it, added] = number.emplace(names[i], int(number.size()) + 1);
            out[i] += " #" + std::to_string(it->second);
        }
    }
    return out;
}

}  // namespace tl::gui
