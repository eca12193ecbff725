// TileLens CSV (`# tilelens-timings/1`): what the emitted benchmark script writes. Columns
// are found by name, so their order may change and optional ones may be left out.
#include <algorithm>
#include <array>
#include <cmath>
#include <map>

#include "core/timings/io/csv.h"
#include "core/timings/io/importer.h"
#include "core/timings/io/params_from_name.h"

namespace tl {
namespace {

constexpr std::string_view kMagic = "# tilelens-timings/";
constexpr std::array<std::string_view, 22> kColumns{
    "kernel",   "impl",   "target", "device", "params", "dtype", "n",      "median_s",
    "min_s",    "max_s",  "mean_s", "std_s",  "p20_s",  "p80_s", "method", "source",
    "verified", "status", "flops",  "bytes",  "step_s", "share"};

std::string_view first_line(std::string_view text) {
    while (!text.empty() && (text.front() == '\n' || text.front() == '\r' || text.front() == ' '))
        text.remove_prefix(1);
    if (text.starts_with("\xEF\xBB\xBF")) text.remove_prefix(3);
    return text.substr(0, text.find('\n'));
}

class RowReader {
public:
    RowReader(const std::map<std::string, int>& cols, const std::vector<std::string>& fields,
              const ImportConfig& config, int line, Diagnostics& warnings)
        : cols_(cols), fields_(fields), config_(config), line_(line), warnings_(warnings) {}

    std::string text(std::string_view col) const {
        const auto it = cols_.find(std::string(col));
        return it == cols_.end() ? std::string() : fields_[static_cast<std::size_t>(it->second)];
    }
    std::optional<std::string> opt_text(std::string_view col) const {
        auto t = text(col);
        return t.empty() ? std::nullopt : std::optional<std::string>(t);
    }
    // A number; nullopt when empty, n/a, or (with a warning) not a number.
    std::optional<double> number(std::string_view col) const {
        const auto t = text(col);
        const auto n = parse_csv_number(t);
        if (n.kind == CsvNumber::Kind::Invalid)
            warn(std::string(col) + " '" + t + "' is not a number: left unknown");
        return n.ok() ? std::optional<double>(n.value) : std::nullopt;
    }
    void warn(std::string message) const {
        warnings_.push_back(timing_warning(config_, line_, std::move(message)));
    }

private:
    const std::map<std::string, int>& cols_;
    const std::vector<std::string>& fields_;
    const ImportConfig& config_;
    int line_;
    Diagnostics& warnings_;
};

std::optional<bool> parse_bool(std::string_view s) {
    if (s == "true" || s == "True" || s == "TRUE" || s == "1" || s == "yes") return true;
    if (s == "false" || s == "False" || s == "FALSE" || s == "0" || s == "no") return false;
    return std::nullopt;
}

bool finite_positive(const std::optional<double>& v) {
    return v && std::isfinite(*v) && *v >= 0;
}

// The method, source and verified columns; an unknown word is read as unknown, with a warning.
void read_provenance(const RowReader& row, TimingRecord& r) {
    if (const auto m = row.text("method"); !m.empty()) {
        if (auto method = parse_timing_method(m))
            r.method = *method;
        else
            row.warn("unknown method '" + m +
                     "' (expected device-profiler, wallclock-synced, "
                     "amortized-loop or unknown): read as unknown");
    }
    if (const auto s = row.text("source"); !s.empty()) {
        r.source = parse_timing_source(s);
        if (!r.source)
            row.warn("unknown source '" + s +
                     "' (expected measured, interpret or "
                     "estimated): left unknown");
    }
    if (const auto v = row.text("verified"); !v.empty()) {
        r.verified = parse_bool(v);
        if (!r.verified) row.warn("verified '" + v + "' is not true or false: left unknown");
    }
}

// Fills `r` from one row; false (with a warning) when the row must be skipped.
bool read_row(const RowReader& row, TimingRecord& r) {
    r.kernel = row.opt_text("kernel");
    if (!r.kernel) {
        row.warn("the kernel column is empty: row skipped");
        return false;
    }
    r.impl = row.opt_text("impl");
    r.target = row.opt_text("target");
    r.device = row.opt_text("device");
    if (auto d = row.opt_text("dtype")) r.dtype = normalise_dtype(*d).value_or(*d);
    if (auto p = row.opt_text("params")) {
        auto params = parse_param_list(*p);
        if (!params) {
            row.warn("params '" + *p + "' are not key=value pairs separated by ';': row skipped");
            return false;
        }
        r.params = std::move(*params);
    }
    const auto median_text = row.text("median_s");
    const auto median = parse_csv_number(median_text);
    if (median.kind == CsvNumber::Kind::Invalid) {
        row.warn("median_s '" + median_text + "' is not a number: row skipped");
        return false;
    }
    if (median.ok()) r.median_s = median.value;
    r.min_s = row.number("min_s");
    r.max_s = row.number("max_s");
    r.mean_s = row.number("mean_s");
    r.std_s = row.number("std_s");
    r.p20_s = row.number("p20_s");
    r.p80_s = row.number("p80_s");
    r.flops = row.number("flops");
    r.bytes = row.number("bytes");
    r.step_s = row.number("step_s");
    r.share = row.number("share");
    if (auto n = row.number("n")) {
        if (*n >= 0 && std::floor(*n) == *n && *n < 9e18)
            r.n = static_cast<std::int64_t>(*n);
        else
            row.warn("n '" + row.text("n") + "' is not a count: left unknown");
    }
    read_provenance(row, r);
    const auto status = row.text("status");
    if (status == "failed")
        r.status = TimingStatus::Failed;
    else if (!status.empty() && status != "ok")
        row.warn("unknown status '" + status + "' (expected ok or failed): read as ok");
    // An inf (or nan) time is how the script marks a candidate that failed or ran out of memory.
    if (r.median_s && !std::isfinite(*r.median_s)) r.status = TimingStatus::Failed;
    if (r.status == TimingStatus::Failed) {
        r.median_s = r.min_s = r.max_s = r.mean_s = r.std_s = r.p20_s = r.p80_s = std::nullopt;
        return true;
    }
    if (!r.median_s) {
        row.warn("median_s is empty on a candidate that did not fail: row skipped");
        return false;
    }
    for (auto* v : {&r.median_s, &r.min_s, &r.max_s, &r.mean_s, &r.p20_s, &r.p80_s})
        if (*v && !finite_positive(*v)) {
            row.warn("negative or non-finite time in a candidate that did not fail: row skipped");
            return false;
        }
    return true;
}

class TileLensCsvImporter : public TimingImporter {
public:
    std::string_view format_id() const override { return "tilelens-csv"; }
    std::string_view description() const override {
        return "TileLens timings CSV (# tilelens-timings/1)";
    }
    bool supports(std::string_view name, std::string_view head) const override {
        return !ends_with_nocase(name, ".json") && first_line(head).starts_with(kMagic);
    }
    ImportResult import(std::istream& in, const ImportConfig& config,
                        const ProgressFn& progress) const override;
};

ImportResult TileLensCsvImporter::import(std::istream& in, const ImportConfig& config,
                                         const ProgressFn& progress) const {
    ImportResult result;
    CsvReader reader(in, progress, config.total_bytes);
    std::vector<std::string> fields;
    bool magic = false;
    std::map<std::string, int> cols;
    std::size_t width = 0;
    while (reader.next(fields)) {
        const std::string& text = reader.text();
        if (text.find_first_not_of(" \t") == std::string::npos) continue;
        if (!magic) {
            if (!text.starts_with(kMagic) || text.substr(kMagic.size()) != "1") {
                result.warnings.push_back(timing_warning(
                    config, reader.line(),
                    "the first line must be '# tilelens-timings/1' (this version reads "
                    "version 1): regenerate the file with this TileLens's benchmark script"));
                result.complete = false;
                return result;
            }
            magic = true;
            continue;
        }
        if (text.starts_with("#")) continue;
        if (cols.empty()) {
            std::string unknown;
            for (std::size_t i = 0; i < fields.size(); ++i) {
                cols[fields[i]] = static_cast<int>(i);
                if (std::find(kColumns.begin(), kColumns.end(), fields[i]) == kColumns.end())
                    unknown += (unknown.empty() ? "'" : ", '") + fields[i] + "'";
            }
            width = fields.size();
            if (!cols.count("kernel") || !cols.count("median_s")) {
                result.warnings.push_back(timing_warning(
                    config, reader.line(),
                    "the header needs at least the columns kernel and median_s: no rows read"));
                result.complete = false;
                return result;
            }
            if (!unknown.empty())
                result.warnings.push_back(timing_warning(
                    config, reader.line(), "unknown column(s) " + unknown + " ignored"));
            continue;
        }
        if (fields.size() != width) {
            result.warnings.push_back(timing_warning(
                config, reader.line(),
                "the row has " + std::to_string(fields.size()) + " fields but the header has " +
                    std::to_string(width) + ": row skipped (quote fields that hold commas)"));
            continue;
        }
        TimingRecord r;
        r.line = reader.line();
        r.label = fields[static_cast<std::size_t>(cols["kernel"])];
        if (read_row(RowReader(cols, fields, config, reader.line(), result.warnings), r))
            add_record(result, std::move(r), config);
    }
    if (!magic || cols.empty()) {
        result.complete = false;
        result.warnings.push_back(timing_warning(
            config, reader.line(),
            magic ? "no header row after '# tilelens-timings/1': the file has no records"
                  : "the file is empty: no records"));
    }
    note_csv_stop(reader, config, result);
    finish_import(result, format_id(), config);
    return result;
}

}  // namespace

std::unique_ptr<TimingImporter> make_tilelens_csv_importer() {
    return std::make_unique<TileLensCsvImporter>();
}

}  // namespace tl
