#include "core/base/diagnostic.h"

namespace tl {

std::string Diagnostic::to_string() const {
    std::string out;
    if (!file.empty()) out += file + ": ";
    if (!path.empty()) {
        out += path;
        if (line > 0) out += ":" + std::to_string(line) + ":" + std::to_string(column);
        out += ": ";
    } else if (line > 0) {
        out += std::to_string(line) + ":" + std::to_string(column) + ": ";
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
