#pragma once
// A plain-text table for the summaries: columns as wide as their widest cell, left-aligned.
#include <ostream>
#include <string>
#include <vector>

namespace tl::cli {

class TextTable {
public:
    explicit TextTable(std::vector<std::string> header) : rows_{std::move(header)} {}
    void add(std::vector<std::string> row) { rows_.push_back(std::move(row)); }
    std::size_t rows() const { return rows_.size() - 1; }
    // Each row indented by `indent` spaces, cells two spaces apart, no trailing spaces.
    void print(std::ostream& os, int indent = 2) const;

private:
    std::vector<std::vector<std::string>> rows_;
};

}  // namespace tl::cli
