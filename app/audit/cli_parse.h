#pragma once
// Shared by the commands' parsers: running CLI11 on the arguments after the command word.
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

namespace tl::cli {

// Parses argv[first..] with `app`; on --help/--version prints and returns 0, on a usage error
// prints it and returns 2; returns -1 when parsing succeeded.
int run_parser(CLI::App& app, int argc, char** argv, int first, const std::string& command);

// The parsers of the `timings` and `plan` commands; argv[first] is their first argument.
struct Parsed;
Parsed parse_timings(int argc, char** argv, int first);
Parsed parse_plan(int argc, char** argv, int first);
Parsed parse_import(int argc, char** argv, int first);
Parsed parse_export_pallas(int argc, char** argv, int first);
Parsed parse_lesson(int argc, char** argv, int first);

}  // namespace tl::cli
