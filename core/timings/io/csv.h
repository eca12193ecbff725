#pragma once
// A small CSV tokenizer for the timing formats: double-quoted fields ("" escapes, commas and
// line breaks inside quotes), CRLF, a UTF-8 byte-order mark, and numbers as profilers print
// them ("1,234.5", "n/a", "inf").
#include <cstdint>
#include <istream>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/timings/io/importer.h"

namespace tl {

// Splits one record's text into fields. Unquoted fields are trimmed of spaces; `open_quote`
// (when given) is set when the text ends inside a quoted field.
std::vector<std::string> split_csv(std::string_view text, bool* open_quote = nullptr);

class CsvReader {
public:
    CsvReader(std::istream& in, const ProgressFn& progress, std::uint64_t total_bytes);
    // Reads the next record into `fields`; false at the end, on cancel or on a runaway quote.
    bool next(std::vector<std::string>& fields);
    int line() const { return line_; }                 // where the last record started
    const std::string& text() const { return text_; }  // the last record as written
    bool cancelled() const { return cancelled_; }
    // Set when a quoted field never closes: reading stops there.
    const std::string& error() const { return error_; }

private:
    bool read_line(std::string& out);

    std::istream& in_;
    ProgressFn progress_;  // a copy: callers may pass a temporary
    std::uint64_t total_ = 0;
    std::uint64_t done_ = 0;
    std::uint64_t next_report_ = 0;
    int next_line_ = 1;
    int line_ = 0;
    std::string text_;
    bool cancelled_ = false;
    std::string error_;
};

// When `reader` stopped before the end (a runaway quote or a cancel): the result is incomplete,
// with a warning at the line where it stopped.
void note_csv_stop(const CsvReader& reader, const ImportConfig& config, ImportResult& result);

struct CsvNumber {
    enum class Kind { Missing, Number, Invalid };
    Kind kind = Kind::Missing;  // Missing: empty, "n/a", "-"
    double value = 0;           // may be inf or nan ("inf", "nan")
    bool ok() const { return kind == Kind::Number; }
};
// "1,234.5" (thousands separators in groups of three), "1.5e-3", "inf", "n/a".
CsvNumber parse_csv_number(std::string_view field);

// A count of runs or occurrences (fractions truncated), or nullopt when the number is not
// one: negative, infinite, NaN or past int64.
std::optional<std::int64_t> csv_count(const CsvNumber& n);

// Index of the column named `name` (exact, after trimming), or -1.
int csv_column(const std::vector<std::string>& header, std::string_view name);

}  // namespace tl
