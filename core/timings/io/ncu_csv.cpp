// Nsight Compute CSV (`ncu --csv`): the long layout (one row per kernel launch and metric:
// Metric Name / Metric Unit / Metric Value) and `--page raw` (one row per launch, a units
// row under the header). `==PROF==` lines and program output before the header are skipped.
// Each launch is one run; launches of the same kernel with the same grid and block fold.
#include <map>
#include <optional>

#include "core/timings/io/csv.h"
#include "core/timings/io/fold.h"
#include "core/timings/io/importer.h"
#include "core/timings/io/nsight_names.h"

namespace tl {
namespace {

constexpr std::string_view kDuration = "gpu__time_duration.sum";
constexpr std::string_view kSectionDuration = "Duration";  // the SpeedOfLight section's name
constexpr std::string_view kDeviceName = "device__attribute_display_name";
constexpr std::string_view kDramBytes = "dram__bytes.sum";

struct Launch {
    int line = 0;
    std::string id, kernel, grid, block, device;
    std::optional<double> seconds, section_seconds, bytes;
    std::string bad_value;  // why the duration could not be read, for the warning
};

bool is_header(const std::vector<std::string>& f) {
    return csv_column(f, "ID") >= 0 && csv_column(f, "Kernel Name") >= 0;
}

bool is_tool_line(const std::string& text) {
    return text.starts_with("==PROF==") || text.starts_with("==WARNING==") ||
           text.starts_with("==ERROR==") || text.starts_with("==INFO==");
}

// Seconds from a value and its unit; records why not in `why`.
std::optional<double> duration(const std::string& value, const std::string& unit,
                               std::string* why) {
    const auto n = parse_csv_number(value);
    if (!n.ok()) {
        *why = "'" + value + "'";
        return std::nullopt;
    }
    const auto scale = seconds_per_unit(unit);
    if (!scale) {
        *why = "in the unknown unit '" + unit + "'";
        return std::nullopt;
    }
    return n.value * *scale;
}

std::optional<double> byte_count(const std::string& value, const std::string& unit) {
    const auto n = parse_csv_number(value);
    if (!n.ok() || unit != "byte") return std::nullopt;
    return n.value;
}

class NcuCsvImporter : public TimingImporter {
public:
    std::string_view format_id() const override { return "ncu-csv"; }
    std::string_view description() const override {
        return "Nsight Compute CSV (ncu --csv, long or --page raw)";
    }
    bool supports(std::string_view name, std::string_view head) const override {
        if (ends_with_nocase(name, ".json")) return false;
        const auto has = [&](std::string_view k) { return head.find(k) != std::string_view::npos; };
        // A run that profiled nothing prints only ncu's own ==PROF==/==ERROR== lines, which
        // may follow the program's output: any line may start with them.
        const auto line_starts = [&](std::string_view k) {
            return head.starts_with(k) || has("\n" + std::string(k));
        };
        return (has("\"Kernel Name\"") &&
                (has("\"Metric Name\"") || has(kDuration) || has("==PROF=="))) ||
               line_starts("==PROF== ") || line_starts("==ERROR== ") ||
               line_starts("==WARNING== No kernels were profiled");
    }
    ImportResult import(std::istream& in, const ImportConfig& config,
                        const ProgressFn& progress) const override;
};

// Where each column of the table is (-1 when absent).
struct NcuColumns {
    int id = -1, kernel = -1, grid = -1, block = -1, name = -1, unit = -1, value = -1, dur = -1,
        dev = -1, bytes = -1;
    NcuColumns() = default;
    explicit NcuColumns(const std::vector<std::string>& f)
        : id(csv_column(f, "ID")),
          kernel(csv_column(f, "Kernel Name")),
          grid(csv_column(f, "Grid Size")),
          block(csv_column(f, "Block Size")),
          name(csv_column(f, "Metric Name")),
          unit(csv_column(f, "Metric Unit")),
          value(csv_column(f, "Metric Value")),
          dur(csv_column(f, kDuration)),
          dev(csv_column(f, kDeviceName)),
          bytes(csv_column(f, kDramBytes)) {}
};

// One row's figures into its launch: a raw table has one column per metric, with `units` the
// row under the header; the default table one row per metric.
void read_row(const std::vector<std::string>& f, const NcuColumns& col,
              const std::vector<std::string>* units, Launch& l) {
    const auto at = [&](int c) { return c < 0 ? std::string() : f[static_cast<std::size_t>(c)]; };
    if (units) {
        const auto unit = [&](int c) {
            return c < 0 || units->empty() ? std::string() : (*units)[static_cast<std::size_t>(c)];
        };
        l.seconds = duration(at(col.dur), unit(col.dur), &l.bad_value);
        l.device = at(col.dev);
        if (col.bytes >= 0) l.bytes = byte_count(at(col.bytes), unit(col.bytes));
        return;
    }
    const std::string metric = at(col.name);
    if (metric == kDuration)
        l.seconds = duration(at(col.value), at(col.unit), &l.bad_value);
    else if (metric == kSectionDuration)
        l.section_seconds = duration(at(col.value), at(col.unit), &l.bad_value);
    else if (metric == kDeviceName)
        l.device = at(col.value);
    else if (metric == kDramBytes)
        l.bytes = byte_count(at(col.value), at(col.unit));
}

// One launch as a record; nullopt when it has no usable duration.
std::optional<TimingRecord> launch_record(const Launch& l) {
    const auto seconds = l.seconds ? l.seconds : l.section_seconds;
    if (!seconds) return std::nullopt;
    TimingRecord r;
    r.line = l.line;
    r.label = l.kernel;
    apply_nsight_kernel_name(l.kernel, r);
    if (!l.grid.empty()) r.params["grid"] = l.grid;
    if (!l.block.empty()) r.params["block"] = l.block;
    if (!l.device.empty()) r.device = l.device;
    r.bytes = l.bytes;
    r.method = TimingMethod::DeviceProfiler;
    r.source = TimingSource::Measured;
    set_single_run(r, *seconds);
    return r;
}

// What the profiler said on its own lines, quoted when no table follows: its first ==ERROR==
// line (else its "No kernels were profiled" warning) and the advice its other warnings give.
struct NcuProfilerSaid {
    std::string first_error, advice;
    int first_error_line = 0;

    void note(const std::string& text, int line) {
        if (text.starts_with("==ERROR==") && first_error.empty()) {
            first_error = text;
            first_error_line = line;
        } else if (text.starts_with("==WARNING== No kernels were profiled")) {
            if (first_error.empty()) first_error_line = line;
        } else if (text.starts_with("==WARNING==") && advice.size() < 400) {
            advice += "; " + text.substr(0, 300);
        }
    }
};

// A file without a table: what the profiler said if it said anything, else how to get one.
void ncu_warn_no_table(const NcuProfilerSaid& said, int last_line, const ImportConfig& config,
                       ImportResult& result) {
    if (said.first_error_line > 0)
        result.warnings.push_back(
            timing_warning(config, said.first_error_line,
                           "no kernel was profiled; the profiler said: " +
                               (said.first_error.empty() ? "==WARNING== No kernels were profiled."
                                                         : said.first_error) +
                               said.advice));
    else
        result.warnings.push_back(
            timing_warning(config, last_line,
                           "no Nsight Compute table header (\"ID\",...,\"Kernel Name\",...) "
                           "found: run ncu with --csv"));
    result.complete = false;
}

// The launch a row belongs to; the first row of an ID starts it, in file order.
Launch& ncu_launch_of_row(const std::vector<std::string>& f, const NcuColumns& col, int line,
                          std::map<std::string, Launch>& launches,
                          std::vector<std::string>& order) {
    const auto at = [&](int c) { return c < 0 ? std::string() : f[static_cast<std::size_t>(c)]; };
    const std::string id = at(col.id);
    auto [it, added] = launches.try_emplace(id);
    Launch& l = it->second;
    if (added) {
        order.push_back(id);
        l.line = line;
        l.id = id;
        l.kernel = at(col.kernel);
        l.grid = at(col.grid);
        l.block = at(col.block);
    }
    return l;
}

// The launches as records in file order; one without a usable duration is warned of instead.
void ncu_add_launches(const std::vector<std::string>& order,
                      const std::map<std::string, Launch>& launches, const ImportConfig& config,
                      ImportResult& result) {
    for (const auto& id : order) {
        const Launch& l = launches.at(id);
        if (auto r = launch_record(l)) {
            add_record(result, std::move(*r), config);
            continue;
        }
        result.warnings.push_back(
            timing_warning(config, l.line,
                           "launch " + id + " of '" + l.kernel + "' has no usable duration" +
                               (l.bad_value.empty() ? "" : " (" + l.bad_value + ")") +
                               ": skipped (profile with --metrics gpu__time_duration.sum)"));
    }
}

ImportResult NcuCsvImporter::import(std::istream& in, const ImportConfig& config,
                                    const ProgressFn& progress) const {
    ImportResult result;
    const auto warn = [&](int line, std::string m) {
        result.warnings.push_back(timing_warning(config, line, std::move(m)));
    };
    CsvReader reader(in, progress, config.total_bytes);
    std::vector<std::string> f, header, units;
    bool raw = false;
    std::map<std::string, Launch> launches;  // by ID
    std::vector<std::string> order;
    NcuColumns col;
    NcuProfilerSaid said;
    while (reader.next(f)) {
        const std::string& text = reader.text();
        said.note(text, reader.line());
        if (is_tool_line(text) || text.find_first_not_of(" \t") == std::string::npos) continue;
        if (header.empty()) {
            if (!is_header(f)) continue;  // program output before the table
            header = f;
            col = NcuColumns(f);
            raw = col.name < 0 || col.value < 0;
            if (raw && col.dur < 0) {
                warn(reader.line(),
                     "the raw table has no gpu__time_duration.sum column: no "
                     "times to read (profile with --metrics "
                     "gpu__time_duration.sum)");
                result.complete = false;
                return result;
            }
            continue;
        }
        if (f.size() != header.size()) {
            warn(reader.line(), "the row has " + std::to_string(f.size()) +
                                    " fields but the header has " + std::to_string(header.size()) +
                                    ": row skipped");
            continue;
        }
        if (raw && units.empty() && (col.id < 0 || f[static_cast<std::size_t>(col.id)].empty())) {
            units = f;  // the units row under a raw header
            continue;
        }
        Launch& l = ncu_launch_of_row(f, col, reader.line(), launches, order);
        read_row(f, col, raw ? &units : nullptr, l);
    }
    if (header.empty() && reader.error().empty() && !reader.cancelled())
        ncu_warn_no_table(said, reader.line(), config, result);
    ncu_add_launches(order, launches, config, result);
    note_csv_stop(reader, config, result);
    finish_import(result, format_id(), config);
    return result;
}

}  // namespace

std::unique_ptr<TimingImporter> make_ncu_csv_importer() {
    return std::make_unique<NcuCsvImporter>();
}

}  // namespace tl
