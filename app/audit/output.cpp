#include "app/audit/output.h"

#include <fstream>
#include <iostream>

namespace tl::cli {

bool write_output(const std::string& path, const std::string& text, const char* flag) {
    if (path == "-") {
        std::cout << text << std::flush;
        return true;
    }
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    if (out) out << text;
    if (out) out.close();
    if (!out) {
        std::cerr << "tilelens-audit: " << flag << ": cannot write '" << path
                  << "'; check that its folder exists and is writable\n";
        return false;
    }
    return true;
}

}  // namespace tl::cli
