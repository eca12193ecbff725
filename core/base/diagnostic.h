#pragma once
// Where an error is: file, JSON path, and (inside an expression) line and column.
#include <string>
#include <vector>

namespace tl {

struct Diagnostic {
    std::string file;     // empty when not from a file
    std::string path;     // JSON path, e.g. "operands[1].index_map"; empty for the document
    int line = 0;         // 1-based; 0 when unknown
    int column = 0;       // 1-based; 0 when unknown
    std::string message;  // what is wrong, and the fix where one is known

    // "file: path:line:col: message", leaving out the parts that are empty.
    std::string to_string() const;
};

using Diagnostics = std::vector<Diagnostic>;

std::string join(const Diagnostics& diags, const std::string& sep = "\n");

}  // namespace tl
