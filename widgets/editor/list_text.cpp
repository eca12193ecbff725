#include "widgets/editor/list_text.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <regex>

namespace tl::gui {
namespace {

bool is_space(char c) {
    return std::isspace(static_cast<unsigned char>(c)) != 0;
}

// Characters (UTF-8 code points) in the first `bytes` bytes of `s`.
int chars(std::string_view s, std::size_t bytes) {
    int n = 0;
    for (std::size_t i = 0; i < bytes && i < s.size(); ++i)
        if ((static_cast<unsigned char>(s[i]) & 0xC0) != 0x80) ++n;
    return n;
}

std::string_view trim(std::string_view s) {
    while (!s.empty() && is_space(s.front())) s.remove_prefix(1);
    while (!s.empty() && is_space(s.back())) s.remove_suffix(1);
    return s;
}

// The byte where character (code point) `n` of `s` starts; s.size() past the end.
std::size_t byte_of_char(std::string_view s, int n) {
    int c = 0;
    for (std::size_t i = 0; i < s.size(); ++i) {
        if ((static_cast<unsigned char>(s[i]) & 0xC0) == 0x80) continue;
        if (c == n) return i;
        ++c;
    }
    return s.size();
}

bool is_word_char(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_';
}

}  // namespace

std::vector<TextItem> split_list(std::string_view text) {
    std::vector<TextItem> items;
    if (trim(text).empty()) return items;
    int depth = 0;
    std::size_t begin = 0;
    auto add = [&](std::size_t end) {
        std::size_t b = begin;
        while (b < end && is_space(text[b])) ++b;
        std::size_t e = end;
        while (e > b && is_space(text[e - 1])) --e;
        items.push_back({std::string(text.substr(b, e - b)), chars(text, b)});
    };
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '(' || c == '[' || c == '{') ++depth;
        if ((c == ')' || c == ']' || c == '}') && depth > 0) --depth;
        if (c == ',' && depth == 0) {
            add(i);
            begin = i + 1;
        }
    }
    add(text.size());
    return items;
}

SizeValue parse_size(std::string_view item) {
    item = trim(item);
    std::int64_t v = 0;
    const char* end = item.data() + item.size();
    if (!item.empty() && item.front() != '+') {
        const auto [p, ec] = std::from_chars(item.data(), end, v);
        if (ec == std::errc() && p == end) return v;
    }
    return std::string(item);
}

std::vector<SizeValue> parse_sizes(std::string_view text) {
    std::vector<SizeValue> out;
    for (const auto& item : split_list(text)) out.push_back(parse_size(item.text));
    return out;
}

std::string format_size(const SizeValue& size) {
    if (const auto* v = std::get_if<std::int64_t>(&size)) return std::to_string(*v);
    return std::get<std::string>(size);
}

std::string format_sizes(const std::vector<SizeValue>& sizes) {
    std::string out;
    for (std::size_t i = 0; i < sizes.size(); ++i) out += (i ? ", " : "") + format_size(sizes[i]);
    return out;
}

std::optional<std::vector<BlockDim>> parse_block_shape(std::string_view text) {
    if (trim(text).empty()) return std::nullopt;
    static const std::regex element(
        R"(^(?:pl\.)?Element\(\s*(.+?)\s*(?:,\s*\(\s*(-?\d+)\s*,\s*(-?\d+)\s*\)\s*)?\)$)");
    std::vector<BlockDim> dims;
    for (const auto& item : split_list(text)) {
        BlockDim d;
        std::smatch m;
        if (item.text == "None" || item.text == "pl.Squeezed()" || item.text == "Squeezed()") {
            d.kind = BlockDim::Kind::Squeezed;
        } else if (std::regex_match(item.text, m, element)) {
            d.kind = BlockDim::Kind::Element;
            d.size = parse_size(m[1].str());
            if (m[2].matched) {
                d.pad_lo = std::stoll(m[2].str());
                d.pad_hi = std::stoll(m[3].str());
            }
        } else {
            d.size = parse_size(item.text);
        }
        dims.push_back(std::move(d));
    }
    return dims;
}

std::string format_block_shape(const std::optional<std::vector<BlockDim>>& shape) {
    if (!shape) return {};
    std::string out;
    for (std::size_t i = 0; i < shape->size(); ++i) {
        const BlockDim& d = (*shape)[i];
        if (i) out += ", ";
        switch (d.kind) {
            case BlockDim::Kind::Blocked:
                out += format_size(d.size);
                break;
            case BlockDim::Kind::Squeezed:
                out += "None";
                break;
            case BlockDim::Kind::Element:
                out += "Element(" + format_size(d.size);
                if (d.pad_lo || d.pad_hi)
                    out += ", (" + std::to_string(d.pad_lo) + ", " + std::to_string(d.pad_hi) + ")";
                out += ")";
                break;
        }
    }
    return out;
}

std::optional<TextRange> locate_error(std::string_view field_text, std::string_view field,
                                      std::string_view path, int column, bool is_list) {
    if (path.substr(0, field.size()) != field) return std::nullopt;
    std::string_view rest = path.substr(field.size());
    const int whole = chars(field_text, field_text.size());
    if (!rest.empty() && rest.front() != '[' && rest.front() != '.') return std::nullopt;

    // The item (or the whole text) the error is in, and where it starts.
    int start = 0, length = whole;
    std::string item_text(field_text);
    if (is_list && !rest.empty() && rest.front() == '[') {
        const auto close = rest.find(']');
        if (close == std::string_view::npos) return std::nullopt;
        std::size_t k = 0;
        const auto [p, ec] = std::from_chars(rest.data() + 1, rest.data() + close, k);
        if (ec != std::errc() || p != rest.data() + close) return std::nullopt;
        const auto items = split_list(field_text);
        if (k < items.size()) {
            start = items[k].offset;
            item_text = items[k].text;
            length = chars(item_text, item_text.size());
        }
        rest = rest.substr(close + 1);
    }
    // Inside an expression: from the column to the end of the word there (at least one char).
    // Only for a plain item: the column of a nested part ("[1].element") is not in our text.
    if (column > 0 && rest.empty()) {
        const int col = std::min(column - 1, std::max(length - 1, 0));
        const std::size_t b = byte_of_char(item_text, col);
        std::size_t e = b;
        while (e < item_text.size() && is_word_char(item_text[e])) ++e;
        const int len = std::max(1, chars(std::string_view(item_text).substr(b), e - b));
        return TextRange{start + col, len};
    }
    return TextRange{start, std::max(length, 1)};
}

}  // namespace tl::gui
