#pragma once
// Command-line parsing of tilelens-audit (docs/report-format.md, "Commands").
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/audit/audit.h"

namespace tl::cli {

constexpr int kUsageError = 2;  // docs/report-format.md: usage error or invalid input

struct CheckArgs {
    AuditOptions options;
    std::string spec_path;
    std::optional<std::string> json_path;      // "-" = standard output
    std::optional<std::string> markdown_path;  // "-" = standard output
    bool quiet = false;
};

struct TimingsArgs {
    std::vector<std::string> files;
    std::optional<std::string> spec_path;
    std::optional<std::string> json_path;      // "-" = standard output
    std::optional<std::string> target;         // the decision's target when the files hold several
    std::optional<double> share;               // the op's share of the step, replacing the files'
    double threshold = 0.02;                   // the end-to-end saving that earns the complexity
    std::string baseline;                      // the baseline impl; empty = the fastest other impl
    std::string format;                        // the format id of every file; empty = detected
    std::optional<std::string> verified;       // --verified NOTE: the files' outputs were checked
    std::optional<std::string> markdown_path;  // "-" = standard output
    bool quiet = false;
};

struct PlanArgs {
    std::string spec_path;
    std::optional<std::string> target;
    std::optional<std::string> emit_bench;  // the benchmark script to write
    std::vector<std::string> timings;       // timing files that fill in measured candidates
    std::optional<std::string> verified;    // --verified NOTE: the timing files' outputs checked
    std::optional<std::string> json_path;   // "-" = standard output
    int runs = 50;                          // timed runs per candidate in the script
    int warmup = 3;
    int top = 15;  // candidates the summary lists
    bool quiet = false;
};

struct ImportArgs {
    std::string file;  // the kernel's .py file
    std::string call;
    std::vector<std::string> args;    // DTYPE[SHAPE] or None, in order
    std::vector<std::string> kwargs;  // k=v
    std::vector<std::string> params;  // NAME=VALUE
    std::optional<std::string> reference;
    std::optional<std::string> target;
    std::optional<std::int64_t> entry;
    std::optional<std::string> output;  // -o; standard output without it
    bool inline_spec = false;
    double seconds = 60;
    std::string engine = "auto";  // --engine
};

struct ExportPallasArgs {
    std::string spec_path;
    std::optional<std::string> output;  // -o; standard output without it
};

struct LessonArgs {
    std::string spec_path;
    std::optional<std::size_t> step;  // --step, 1-based; every step without it
    int jobs = 0;
};

// What main should do after parsing.
struct Parsed {
    enum class Action {
        Check,
        Timings,
        Plan,
        Import,
        ExportPallas,
        Lesson,
        Exit
    } action = Action::Exit;
    CheckArgs check;
    TimingsArgs timings;
    PlanArgs plan;
    ImportArgs import;
    ExportPallasArgs export_pallas;
    LessonArgs lesson;
    int exit_code = 0;  // for Action::Exit: 0 after --help/--version, 2 after a usage error
};

// Parses argv (argv[0] is the program). Writes help, version and usage errors itself.
Parsed parse(int argc, char** argv);

}  // namespace tl::cli
