#pragma once
// Every size an input file can make big, in one table (docs/bad-input.md): its name, default,
// unit and what it guards, and the value in force. Anything over a limit is refused before it
// is allocated, with a message naming the figure, the limit and the setting that raises it.
//
// The values in force are process-wide, set once at start (`--limit NAME=VALUE`) before any
// input is read: the deep parsers (expressions, JSON) are reached from dozens of call sites
// that have no options to pass, and a limit is a property of the run, not of one call. Reads
// are atomic, so worker threads see the value set at start.
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace tl {

enum class LimitId {
    SpecFileBytes,
    JsonDepth,
    Elements,
    Programs,
    BlockElements,
    ExpressionLength,
    ExpressionNesting,
    ExpressionDepth,
    AnalysedPrograms,
    CoverageCells,
    InterpreterMemoryBytes,
    TimingFileBytes,
    TimingRecords,
    CsvRecordBytes,
    KernelFileBytes,
    PythonSeconds,
    PythonMemoryBytes,
};

enum class LimitUnit { Bytes, Count, Characters, Levels, Seconds };

struct LimitInfo {
    LimitId id;
    std::string_view name;  // kebab-case, as --limit takes it
    std::int64_t default_value;
    LimitUnit unit;
    std::int64_t min;  // the range a setting may take; the top keeps stacks and 64-bit
    std::int64_t max;  // arithmetic safe
    std::string_view guards;
};

// Every limit, in the order `tilelens-audit limits` prints them.
std::span<const LimitInfo> limit_table();
const LimitInfo& limit_info(LimitId id);
std::optional<LimitId> find_limit(std::string_view name);

// The value in force.
std::int64_t limit(LimitId id);
// Sets the value in force (clamped to the limit's range); for start-up and tests.
void set_limit(LimitId id, std::int64_t value);
// Every limit back to its default.
void reset_limits();

// "4096", "64M" (10^6), "64Mi" (2^20), "4GiB", "90s": a value for a limit of `unit`. K, M,
// G, T are powers of 1000, Ki, Mi, Gi, Ti powers of 1024; bytes may end in "B", seconds in
// "s". nullopt with *error saying the form when the text is not one.
std::optional<std::int64_t> parse_limit_value(std::string_view text, LimitUnit unit,
                                              std::string* error);

// Applies "NAME=VALUE"; false with *error (an unknown name lists the names, a bad value
// says the form and the range) when it cannot.
bool apply_limit_setting(std::string_view setting, std::string* error);

// A value as the table prints it: "64 MiB", "67108864", "60 s".
std::string format_limit(LimitId id, std::int64_t value);
// A value as --limit takes it, exact: "64Mi", "1099511627776", "60".
std::string limit_setting_text(LimitId id, std::int64_t value);

// "<what> is <figure>, over the limit of <limit> (<name>); raise it with --limit
// <name>=<value>": `needed` is the smallest value that would pass, suggested when the
// limit's range allows it (past the range, e.g. a figure that overflowed 64 bits, the message
// says the setting cannot help); nullopt when the figure is not known: twice the limit. `in_force`
// is the limit the caller checked against, when it is not the value in force (a caller's own).
std::string over_limit_message(std::string_view what, std::string_view figure, LimitId id,
                               std::optional<std::int64_t> needed,
                               std::optional<std::int64_t> in_force = std::nullopt);

// "raise it with --limit <name>=<value>" (`needed`, or twice the value in force when the
// figure is not known), or what the top of the range is when even that cannot pass.
std::string raise_hint(LimitId id, std::optional<std::int64_t> needed = std::nullopt);

// The table as `tilelens-audit limits` prints it: name, default, current, what it guards.
std::string limits_table_text();

// A constant-like view of a limit for code that compares with it (`size > kMaxX`): reads
// the value in force each time.
template <class T = std::int64_t>
struct CurrentLimit {
    LimitId id;
    operator T() const { return static_cast<T>(limit(id)); }  // NOLINT: meant to convert
};

}  // namespace tl
