#pragma once
// Command-line parsing of tilelens-audit (audit-contract.md, "Commands").
#include <optional>
#include <string>
#include <vector>

#include "core/audit.h"

namespace tl::cli {

struct CheckArgs {
    AuditOptions options;
    std::string spec_path;
    std::optional<std::string> json_path;      // "-" = standard output
    std::optional<std::string> markdown_path;  // "-" = standard output
    bool quiet = false;
};

// What main should do after parsing.
struct Parsed {
    enum class Action { Check, Exit } action = Action::Exit;
    CheckArgs check;
    int exit_code = 0;  // for Action::Exit: 0 after --help/--version, 2 after a usage error
};

// Parses argv (argv[0] is the program). Writes help, version and usage errors itself.
Parsed parse(int argc, char** argv);

}  // namespace tl::cli
