#pragma once
// Writing a report or script where a flag says ("-" = standard output).
#include <string>

namespace tl::cli {

// False after printing to standard error why `path` could not be written.
bool write_output(const std::string& path, const std::string& text, const char* flag);

}  // namespace tl::cli
