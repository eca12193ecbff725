#include "core/base/diagnostic.h"

namespace tl {

namespace {

// "line:column", or "line" alone when the column is unknown: a ":0" reads as a real column.
std::string position(int line, int column) {
    std::string out = std::to_string(line);
    if (column > 0) out += ":" + std::to_string(column);
    return out;
}

}  // namespace

std::string Diagnostic::to_string() const {
    std::string out;
    if (!file.empty()) out += file + ": ";
    if (!path.empty()) {
        out += path;
        if (line > 0) out += ":" + position(line, column);
        out += ": ";
    } else if (line > 0) {
        out += position(line, column) + ": ";
    }
    return out + message;
}

std::string join(const Diagnostics& diags, const std::string& sep) {
    std::string out;
    for (const auto& d : diags) {
        if (!out.empty()) out += sep;
        out += d.to_string();
    }
    return out;
}

}  // namespace tl
