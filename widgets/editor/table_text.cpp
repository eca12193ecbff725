#include "widgets/editor/table_text.h"

#include <sstream>

#include "widgets/editor/list_text.h"

namespace tl::gui {
namespace {

std::string trim(std::string_view s) {
    const auto b = s.find_first_not_of(" \t");
    if (b == std::string_view::npos) return {};
    const auto e = s.find_last_not_of(" \t");
    return std::string(s.substr(b, e - b + 1));
}

// Splits on ";" outside brackets.
std::vector<std::string> split_semicolons(std::string_view text) {
    std::vector<std::string> out;
    int depth = 0;
    std::string cur;
    for (const char c : text) {
        if (c == '(' || c == '[' || c == '{') ++depth;
        if (c == ')' || c == ']' || c == '}') --depth;
        if (c == ';' && depth <= 0) {
            if (auto t = trim(cur); !t.empty()) out.push_back(t);
            cur.clear();
        } else {
            cur += c;
        }
    }
    if (auto t = trim(cur); !t.empty()) out.push_back(t);
    return out;
}

}  // namespace

std::vector<std::string> parse_requires(std::string_view text) {
    return split_semicolons(text);
}

std::string format_requires(const std::vector<std::string>& items) {
    std::string out;
    for (std::size_t i = 0; i < items.size(); ++i) out += (i ? "; " : "") + items[i];
    return out;
}

std::optional<std::vector<ScratchSpec>> parse_scratch(std::string_view text, std::string* why) {
    std::vector<ScratchSpec> out;
    for (const auto& entry : split_semicolons(text)) {
        const auto open = entry.find('('), close = entry.rfind(')');
        if (open == std::string::npos || close == std::string::npos || close < open) {
            if (why) *why = "'" + entry + "': write name(shape) dtype, e.g. acc(bm, bn) float32";
            return std::nullopt;
        }
        ScratchSpec sc;
        sc.name = trim(entry.substr(0, open));
        sc.shape = parse_sizes(entry.substr(open + 1, close - open - 1));
        std::istringstream rest(entry.substr(close + 1));
        std::string word;
        bool typed = false;
        while (rest >> word) {
            if (word == "dma" || word == "regular") {
                sc.semaphore =
                    word == "dma" ? ScratchSpec::Semaphore::Dma : ScratchSpec::Semaphore::Regular;
                typed = true;
            } else if (word == "vmem" || word == "smem") {
                sc.memory_space = word == "vmem" ? MemorySpace::Vmem : MemorySpace::Smem;
            } else if (auto d = parse_dtype(word)) {
                sc.dtype = *d;
                typed = true;
            } else {
                if (why)
                    *why = "'" + entry + "': '" + word +
                           "' is not a dtype, vmem/smem, or dma/regular (a semaphore)";
                return std::nullopt;
            }
        }
        if (!typed) {
            if (why) *why = "'" + entry + "': give a dtype (float32, ...) or dma/regular";
            return std::nullopt;
        }
        out.push_back(std::move(sc));
    }
    return out;
}

std::string format_scratch(const std::vector<ScratchSpec>& items) {
    std::string out;
    for (std::size_t i = 0; i < items.size(); ++i) {
        const auto& sc = items[i];
        out += (i ? "; " : "") + sc.name + "(" + format_sizes(sc.shape) + ")";
        if (sc.semaphore != ScratchSpec::Semaphore::None) {
            out += sc.semaphore == ScratchSpec::Semaphore::Dma ? " dma" : " regular";
        } else {
            out += " " + std::string(to_string(sc.dtype));
            if (sc.memory_space == MemorySpace::Smem) out += " smem";
        }
    }
    return out;
}

}  // namespace tl::gui
