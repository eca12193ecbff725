#include "core/timings/io/csv.h"

#include <cctype>
#include <charconv>
#include <cmath>
#include <limits>

#include "core/base/format.h"
#include "core/base/limits.h"

namespace tl {
namespace {

// A quote open this long is a broken file (the csv-record-bytes limit in force).
constexpr CurrentLimit<std::size_t> kMaxRecordBytes{LimitId::CsvRecordBytes};
constexpr std::uint64_t kReportEvery = 1 << 20;

std::string_view trim(std::string_view s) {
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
    return s;
}

std::string csv_lower(std::string_view s) {
    std::string out(s);
    for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

// "1,234,567.5" -> "1234567.5"; anything else with a comma is refused.
bool strip_thousands(std::string_view s, std::string& out) {
    out.clear();
    std::size_t i = 0;
    if (i < s.size() && (s[i] == '-' || s[i] == '+')) out += s[i++];
    const std::size_t int_start = i;
    while (i < s.size() && s[i] != '.' && s[i] != 'e' && s[i] != 'E') ++i;
    const std::string_view integer = s.substr(int_start, i - int_start);
    // Groups: 1-3 digits, then ",ddd" repeated.
    const std::size_t first = integer.find(',');
    if (first == 0 || first > 3 || (integer.size() - first) % 4 != 0) return false;
    for (std::size_t j = 0; j < integer.size(); ++j)
        if ((integer[j] == ',') != (j >= first && (j - first) % 4 == 0)) return false;
    for (char c : integer)
        if (c != ',') out += c;
    out += s.substr(i);
    return s.substr(i).find(',') == std::string_view::npos;
}

}  // namespace

std::vector<std::string> split_csv(std::string_view text, bool* open_quote) {
    std::vector<std::string> fields;
    std::string field;
    bool quoted = false, was_quoted = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (quoted) {
            if (c == '"' && i + 1 < text.size() && text[i + 1] == '"') {
                field += '"';
                ++i;
            } else if (c == '"') {
                quoted = false;
            } else {
                field += c;
            }
        } else if (c == '"' && !was_quoted && trim(field).empty()) {
            field.clear();  // spaces before an opening quote are layout, not data
            quoted = was_quoted = true;
        } else if (was_quoted && (c == ' ' || c == '\t')) {
            // spaces after a closing quote are layout too
        } else if (c == ',') {
            fields.push_back(was_quoted ? field : std::string(trim(field)));
            field.clear();
            was_quoted = false;
        } else {
            field += c;
        }
    }
    fields.push_back(was_quoted ? field : std::string(trim(field)));
    if (open_quote) *open_quote = quoted;
    return fields;
}

CsvReader::CsvReader(std::istream& in, const ProgressFn& progress, std::uint64_t total_bytes)
    : in_(in), progress_(progress), total_(total_bytes) {}

bool CsvReader::read_line(std::string& out) {
    if (!std::getline(in_, out)) return false;
    done_ += out.size() + 1;
    if (next_line_ == 1 && out.starts_with("\xEF\xBB\xBF")) out.erase(0, 3);
    if (!out.empty() && out.back() == '\r') out.pop_back();
    ++next_line_;
    return true;
}

bool CsvReader::next(std::vector<std::string>& fields) {
    if (cancelled_ || !error_.empty()) return false;
    if (progress_ && done_ >= next_report_) {
        next_report_ = done_ + kReportEvery;
        if (!progress_(done_, total_)) {
            cancelled_ = true;
            return false;
        }
    }
    const int start = next_line_;
    if (!read_line(text_)) return false;  // line() stays on the last record read
    line_ = start;
    bool open = false;
    fields = split_csv(text_, &open);
    std::string more;
    while (open) {
        if (const std::size_t max = kMaxRecordBytes; text_.size() > max) {
            error_ = "a quoted field opened on line " + std::to_string(line_) + " runs on: " +
                     over_limit_message("the record",
                                        format_bytes_short(static_cast<std::int64_t>(text_.size())),
                                        LimitId::CsvRecordBytes, std::nullopt) +
                     ", or close the quote (\"\")";
            return false;
        }
        if (!read_line(more)) {
            error_ = "a quoted field opened on line " + std::to_string(line_) +
                     " never closes: close the quote (\"\"), or export the CSV again";
            return false;
        }
        text_ += '\n';
        text_ += more;
        fields = split_csv(text_, &open);
    }
    return true;
}

std::optional<std::int64_t> csv_count(const CsvNumber& n) {
    // 2^63 is the first double past int64; the cast is undefined from there on.
    if (!n.ok() || !(n.value >= 0) || n.value >= 9223372036854775808.0) return std::nullopt;
    return static_cast<std::int64_t>(n.value);
}

CsvNumber parse_csv_number(std::string_view field) {
    const std::string_view s = trim(field);
    CsvNumber n;
    const std::string l = csv_lower(s);
    if (l.empty() || l == "n/a" || l == "na" || l == "-" || l == "none" || l == "null") return n;
    n.kind = CsvNumber::Kind::Number;
    if (l == "inf" || l == "+inf" || l == "infinity" || l == "+infinity") {
        n.value = std::numeric_limits<double>::infinity();
        return n;
    }
    if (l == "-inf" || l == "-infinity") {
        n.value = -std::numeric_limits<double>::infinity();
        return n;
    }
    if (l == "nan" || l == "-nan") {
        n.value = std::numeric_limits<double>::quiet_NaN();
        return n;
    }
    std::string digits;
    if (s.find(',') != std::string_view::npos) {
        if (!strip_thousands(s, digits)) {
            n.kind = CsvNumber::Kind::Invalid;
            return n;
        }
    } else {
        digits = std::string(s.front() == '+' ? s.substr(1) : s);
    }
    const char* end = digits.data() + digits.size();
    const auto [ptr, ec] = std::from_chars(digits.data(), end, n.value);
    if (ec != std::errc() || ptr != end) n.kind = CsvNumber::Kind::Invalid;
    return n;
}

void note_csv_stop(const CsvReader& reader, const ImportConfig& config, ImportResult& result) {
    if (reader.error().empty() && !reader.cancelled()) return;
    result.complete = false;
    result.warnings.push_back(timing_warning(
        config, reader.line(), reader.cancelled() ? "import cancelled" : reader.error()));
}

int csv_column(const std::vector<std::string>& header, std::string_view name) {
    for (std::size_t i = 0; i < header.size(); ++i)
        if (trim(header[i]) == name) return static_cast<int>(i);
    return -1;
}

}  // namespace tl
