// The CSV that triton.testing.perf_report writes (`Mark.run(save_path=...)`, one
// `<plot_name>.csv` per benchmark): the x_names' columns first, then one column per provider
// (line_names) holding what the benchmark function returned for that x and provider. The file
// does not say its unit: Triton's do_bench returns milliseconds, but a benchmark may return
// GB/s or TFLOPS (the Triton tutorials do). A header that names its unit ("Triton (ms)",
// "Torch (GB/s)") is read as it says; throughput is not a time and is skipped
// (docs/timings.md, "Formats").
#include <algorithm>
#include <cmath>
#include <filesystem>
#include <optional>

#include "core/timings/io/csv.h"
#include "core/timings/io/fold.h"
#include "core/timings/io/importer.h"
#include "core/timings/io/params_from_name.h"

namespace tl {
namespace {

struct ProviderColumn {
    std::size_t index = 0;
    std::string name;                     // the provider, without its unit
    std::optional<double> scale;          // seconds per unit; nullopt: milliseconds assumed
    std::optional<std::size_t> min, max;  // "<name>-min" / "<name>-max" columns, when written
};

bool is_throughput(const std::string& unit) {
    std::string u;
    for (char c : unit) u += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return u.find("/s") != std::string::npos || u.find("flop") != std::string::npos ||
           u.find("ops") != std::string::npos || u.find("gbps") != std::string::npos ||
           u.find("tbps") != std::string::npos;
}

// "Triton (ms)" -> ("Triton", "ms"); "Triton" -> ("Triton", "").
std::pair<std::string, std::string> name_and_unit(const std::string& header) {
    if (header.ends_with(")")) {
        if (const auto open = header.rfind('('); open != std::string::npos && open > 0) {
            std::string name = header.substr(0, open);
            while (!name.empty() && name.back() == ' ') name.pop_back();
            return {name, header.substr(open + 1, header.size() - open - 2)};
        }
    }
    return {header, ""};
}

// A whole number, as pandas writes one ("4096", or "4096.000000" under a float_format): the
// x values of a benchmark's sizes.
bool is_whole(const std::string& s) {
    const auto n = parse_csv_number(s);
    return n.ok() && std::isfinite(n.value) && std::fabs(n.value) < 9e15 &&
           n.value == std::floor(n.value);
}

// "4096.000000" -> 4096: a size written under a float format is still a whole size.
Json x_value(const std::string& s) {
    if (is_whole(s)) return static_cast<std::int64_t>(parse_csv_number(s).value);
    return param_value(s);
}

bool all_numbers(const std::vector<std::string>& fields) {
    for (const auto& f : fields)
        if (!parse_csv_number(f).ok()) return false;
    return !fields.empty();
}

class TritonPerfReportImporter : public TimingImporter {
public:
    std::string_view format_id() const override { return "triton-perf-report-csv"; }
    std::string_view description() const override {
        return "Triton perf_report CSV (triton.testing.perf_report, Mark.run(save_path=...))";
    }
    // A header of names over rows of numbers only: checked after every other CSV format.
    bool supports(std::string_view name, std::string_view head) const override {
        if (!ends_with_nocase(name, ".csv")) return false;
        const auto first_end = head.find('\n');
        if (first_end == std::string_view::npos) return false;
        const auto second_end = head.find('\n', first_end + 1);
        const auto header = split_csv(head.substr(0, first_end));
        const auto row = split_csv(head.substr(first_end + 1, second_end == std::string_view::npos
                                                                  ? std::string_view::npos
                                                                  : second_end - first_end - 1));
        if (header.size() < 2 || row.size() != header.size() || !all_numbers(row)) return false;
        for (const auto& h : header)
            if (h.empty() || parse_csv_number(h).ok() || h.starts_with("#")) return false;
        return true;
    }
    ImportResult import(std::istream& in, const ImportConfig& config,
                        const ProgressFn& progress) const override;
};

// The columns: the leading ones whose every value is whole are the x values, at least one
// and leaving at least one provider.
std::size_t count_x_columns(const std::vector<std::vector<std::string>>& rows, std::size_t width) {
    std::size_t x = 0;
    while (x + 1 < width) {
        bool whole = true;
        for (const auto& row : rows) whole = whole && is_whole(row[x]);
        if (!whole) break;
        ++x;
    }
    return std::max<std::size_t>(x, 1);
}

std::vector<ProviderColumn> provider_columns(const std::vector<std::string>& header,
                                             std::size_t first, const ImportConfig& config,
                                             ImportResult& result) {
    std::vector<ProviderColumn> out;
    for (std::size_t i = first; i < header.size(); ++i) {
        const auto [name, unit] = name_and_unit(header[i]);
        if (name.ends_with("-min") || name.ends_with("-max") || name == "Diff") continue;
        ProviderColumn c;
        c.index = i;
        c.name = name;
        if (!unit.empty() && is_throughput(unit)) {
            result.warnings.push_back(timing_warning(
                config, 1,
                "column '" + header[i] +
                    "' holds throughput, not times: skipped (a record holds times; make the "
                    "benchmark return milliseconds, as triton.testing.do_bench does)"));
            continue;
        }
        if (!unit.empty()) {
            c.scale = seconds_per_unit(unit);
            if (!c.scale) {
                result.warnings.push_back(timing_warning(config, 1,
                                                         "column '" + header[i] +
                                                             "': unknown unit '" + unit +
                                                             "': skipped (use ms, us, ns or s)"));
                continue;
            }
        }
        for (std::size_t j = first; j < header.size(); ++j) {
            if (name_and_unit(header[j]).first == name + "-min") c.min = j;
            if (name_and_unit(header[j]).first == name + "-max") c.max = j;
        }
        out.push_back(std::move(c));
    }
    return out;
}

// One record per (x values, provider); false when the value is no time.
bool add_row_record(const std::vector<std::string>& header, const std::vector<std::string>& row,
                    int line, std::size_t x_columns, const ProviderColumn& c,
                    const std::string& kernel, const ImportConfig& config, ImportResult& result) {
    const auto value = parse_csv_number(row[c.index]);
    if (!value.ok() || !std::isfinite(value.value) || value.value < 0) return false;
    const double scale = c.scale.value_or(1e-3);
    TimingRecord r;
    r.line = line;
    r.label = kernel + " " + c.name;
    r.kernel = kernel;
    r.impl = c.name;
    for (std::size_t i = 0; i < x_columns; ++i) r.params[header[i]] = x_value(row[i]);
    // One figure of many runs, how many and how spread the file does not say.
    r.median_s = value.value * scale;
    for (auto [column, field] : {std::pair{c.min, &r.min_s}, std::pair{c.max, &r.max_s}}) {
        if (!column) continue;
        const auto v = parse_csv_number(row[*column]);
        if (v.ok() && std::isfinite(v.value)) *field = v.value * scale;
    }
    r.method = TimingMethod::WallclockSynced;  // do_bench: CUDA events around each run
    r.source = TimingSource::Measured;
    add_record(result, std::move(r), config);
    return true;
}

ImportResult TritonPerfReportImporter::import(std::istream& in, const ImportConfig& config,
                                              const ProgressFn& progress) const {
    ImportResult result;
    CsvReader reader(in, progress, config.total_bytes);
    std::vector<std::string> header, fields;
    std::vector<std::vector<std::string>> rows;
    std::vector<int> lines;
    while (reader.next(fields)) {
        if (fields.empty() || (fields.size() == 1 && fields[0].empty())) continue;
        if (header.empty()) {
            header = fields;
            continue;
        }
        if (fields.size() != header.size()) {
            result.warnings.push_back(timing_warning(
                config, reader.line(),
                "the row has " + std::to_string(fields.size()) + " fields but the header has " +
                    std::to_string(header.size()) + ": row skipped"));
            continue;
        }
        rows.push_back(fields);
        lines.push_back(reader.line());
    }
    note_csv_stop(reader, config, result);
    if (header.size() < 2 || rows.empty()) {
        result.warnings.push_back(timing_warning(
            config, reader.line(),
            "no header of x names and providers over rows of numbers: not a perf_report CSV"));
        result.complete = false;
        finish_import(result, format_id(), config);
        return result;
    }
    std::string kernel = std::filesystem::path(config.file).stem().string();
    if (kernel.empty()) kernel = "benchmark";
    const std::size_t x_columns = count_x_columns(rows, header.size());
    auto providers = provider_columns(header, x_columns, config, result);
    // The Triton tutorials name their reports "...-performance" and report GB/s or TFLOPS.
    const bool unnamed = std::any_of(providers.begin(), providers.end(),
                                     [](const ProviderColumn& c) { return !c.scale; });
    if (unnamed && kernel.find("performance") != std::string::npos) {
        std::erase_if(providers, [](const ProviderColumn& c) { return !c.scale; });
        result.warnings.push_back(timing_warning(
            config, 1,
            "'" + kernel +
                "' is named as the Triton tutorials name their reports, which hold GB/s or "
                "TFLOPS, not times, and the header names no unit: its columns are skipped; if "
                "they are milliseconds, say so in the header ('Triton (ms)')"));
    }
    bool assumed_ms = false;
    for (std::size_t i = 0; i < rows.size(); ++i)
        for (const auto& c : providers)
            if (add_row_record(header, rows[i], lines[i], x_columns, c, kernel, config, result))
                assumed_ms = assumed_ms || !c.scale;
            else
                result.warnings.push_back(timing_warning(config, lines[i],
                                                         "'" + c.name +
                                                             "' has no time in this row (" +
                                                             rows[i][c.index] + "): skipped"));
    if (assumed_ms)
        result.warnings.push_back(timing_warning(
            config, 1,
            "the CSV does not say its unit: values read as milliseconds, what "
            "triton.testing.do_bench returns; if the benchmark returned GB/s or TFLOPS (as the "
            "Triton tutorials do), these are not times: name the unit in the header "
            "('Triton (GB/s)') to have them skipped"));
    finish_import(result, format_id(), config);
    return result;
}

}  // namespace

std::unique_ptr<TimingImporter> make_triton_perf_report_importer() {
    return std::make_unique<TritonPerfReportImporter>();
}

}  // namespace tl
