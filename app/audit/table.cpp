#include "app/audit/table.h"

#include <algorithm>

namespace tl::cli {
namespace {

// Display width: UTF-8 continuation bytes take no column ("×", "–").
std::size_t columns(const std::string& s) {
    return static_cast<std::size_t>(
        std::count_if(s.begin(), s.end(), [](char c) { return (c & 0xC0) != 0x80; }));
}

}  // namespace

void TextTable::print(std::ostream& os, int indent) const {
    std::vector<std::size_t> width;
    for (const auto& row : rows_) {
        if (width.size() < row.size()) width.resize(row.size(), 0);
        for (std::size_t c = 0; c < row.size(); ++c) width[c] = std::max(width[c], columns(row[c]));
    }
    for (const auto& row : rows_) {
        std::string line(static_cast<std::size_t>(indent), ' ');
        for (std::size_t c = 0; c < row.size(); ++c) {
            line += row[c];
            if (c + 1 < row.size()) line += std::string(width[c] - columns(row[c]) + 2, ' ');
        }
        while (!line.empty() && line.back() == ' ') line.pop_back();
        os << line << '\n';
    }
}

}  // namespace tl::cli
