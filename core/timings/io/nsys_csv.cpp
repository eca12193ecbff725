// Nsight Systems CSV (`nsys stats --report cuda_gpu_kern_sum --format csv`): one row per
// kernel, already summarised; `Time (%)` is the kernel's share of GPU kernel time, and
// the time columns carry their unit in the header ("Avg (ns)").
#include <cmath>
#include <optional>

#include "core/timings/io/csv.h"
#include "core/timings/io/fold.h"
#include "core/timings/io/importer.h"
#include "core/timings/io/nsight_names.h"

namespace tl {
namespace {

enum class Col { Other, Share, Total, Instances, Mean, Median, Min, Max, Std, Name };

struct Column {
    Col kind = Col::Other;
    double scale = 1e-9;  // seconds per unit of a time column
    bool has_unit = false;
};

// "Avg (ns)" -> Mean in nanoseconds; "Time (%)" and "Time(%)" -> Share.
Column classify(const std::string& field) {
    Column c;
    std::string label = field, unit;
    if (const auto open = field.rfind('('); open != std::string::npos && field.ends_with(")")) {
        unit = field.substr(open + 1, field.size() - open - 2);
        label = field.substr(0, open);
        while (!label.empty() && label.back() == ' ') label.pop_back();
    }
    if (label == "Time" && unit == "%") {
        c.kind = Col::Share;
        return c;
    }
    if (label == "Name")
        c.kind = Col::Name;
    else if (label == "Instances")
        c.kind = Col::Instances;
    else if (label == "Total Time")
        c.kind = Col::Total;
    else if (label == "Avg" || label == "Average")
        c.kind = Col::Mean;
    else if (label == "Med" || label == "Median")
        c.kind = Col::Median;
    else if (label == "Min" || label == "Minimum")
        c.kind = Col::Min;
    else if (label == "Max" || label == "Maximum")
        c.kind = Col::Max;
    else if (label == "StdDev")
        c.kind = Col::Std;
    if (const auto s = seconds_per_unit(unit)) {
        c.scale = *s;
        c.has_unit = true;
    }
    return c;
}

bool is_nsys_header(const std::vector<std::string>& f) {
    bool share = false, name = false, instances = false;
    for (const auto& field : f) {
        const auto k = classify(field).kind;
        share = share || k == Col::Share;
        name = name || k == Col::Name;
        instances = instances || k == Col::Instances;
    }
    return share && name && instances;
}

// Fills `r` from one table row; the first field that is not a number, if any.
std::optional<std::string> read_fields(const std::vector<std::string>& f,
                                       const std::vector<Column>& cols, TimingRecord& r) {
    for (std::size_t i = 0; i < f.size(); ++i) {
        const Column& c = cols[i];
        if (c.kind == Col::Name) {
            r.label = f[i];
            apply_nsight_kernel_name(f[i], r);
            continue;
        }
        if (c.kind == Col::Other || c.kind == Col::Total) continue;
        const auto n = parse_csv_number(f[i]);
        if (n.kind == CsvNumber::Kind::Invalid) return f[i];
        if (!n.ok()) continue;
        switch (c.kind) {
            case Col::Share:
                r.share = n.value / 100.0;
                break;
            case Col::Instances:
                r.n = csv_count(n);
                if (!r.n) return f[i];
                break;
            case Col::Mean:
                r.mean_s = n.value * c.scale;
                break;
            case Col::Median:
                r.median_s = n.value * c.scale;
                break;
            case Col::Min:
                r.min_s = n.value * c.scale;
                break;
            case Col::Max:
                r.max_s = n.value * c.scale;
                break;
            case Col::Std:
                r.std_s = n.value * c.scale;
                break;
            default:
                break;
        }
    }
    return std::nullopt;
}

class NsysCsvImporter : public TimingImporter {
public:
    std::string_view format_id() const override { return "nsys-csv"; }
    std::string_view description() const override {
        return "Nsight Systems CSV (nsys stats --report cuda_gpu_kern_sum --format csv)";
    }
    bool supports(std::string_view name, std::string_view head) const override {
        if (ends_with_nocase(name, ".json")) return false;
        const auto has = [&](std::string_view k) { return head.find(k) != std::string_view::npos; };
        return (has("Time (%)") || has("Time(%)")) && has("Instances") && has("Name");
    }
    ImportResult import(std::istream& in, const ImportConfig& config,
                        const ProgressFn& progress) const override;
};

ImportResult NsysCsvImporter::import(std::istream& in, const ImportConfig& config,
                                     const ProgressFn& progress) const {
    ImportResult result;
    const auto warn = [&](int line, std::string m) {
        result.warnings.push_back(timing_warning(config, line, std::move(m)));
    };
    CsvReader reader(in, progress, config.total_bytes);
    std::vector<std::string> f;
    std::vector<Column> cols;
    while (reader.next(f)) {
        if (reader.text().find_first_not_of(" \t") == std::string::npos) continue;
        if (cols.empty()) {
            if (!is_nsys_header(f))
                continue;  // "Processing [...]" and other notes before the table
            bool unitless = false;
            for (const auto& field : f) {
                cols.push_back(classify(field));
                const auto k = cols.back().kind;
                if (k != Col::Share && k != Col::Name && k != Col::Instances && k != Col::Other &&
                    !cols.back().has_unit)
                    unitless = true;
            }
            if (unitless)
                warn(reader.line(),
                     "the time columns do not name their unit: read as "
                     "nanoseconds, nsys's default");
            continue;
        }
        if (f.size() != cols.size()) {
            warn(reader.line(), "the row has " + std::to_string(f.size()) +
                                    " fields but the header has " + std::to_string(cols.size()) +
                                    ": row skipped");
            continue;
        }
        TimingRecord r;
        r.line = reader.line();
        r.method = TimingMethod::DeviceProfiler;
        r.source = TimingSource::Measured;
        if (const auto bad = read_fields(f, cols, r)) {
            warn(reader.line(), "'" + *bad + "' is not a number: row skipped");
            continue;
        }
        if (!r.kernel) {
            warn(reader.line(), "the row has no kernel name: skipped");
            continue;
        }
        add_record(result, std::move(r), config);
    }
    if (cols.empty() && reader.error().empty() && !reader.cancelled()) {
        warn(reader.line(),
             "no cuda_gpu_kern_sum header (Time (%),...,Instances,...,Name) "
             "found: use nsys stats --report cuda_gpu_kern_sum --format csv");
        result.complete = false;
    }
    note_csv_stop(reader, config, result);
    finish_import(result, format_id(), config);
    return result;
}

}  // namespace

std::unique_ptr<TimingImporter> make_nsys_csv_importer() {
    return std::make_unique<NsysCsvImporter>();
}

}  // namespace tl
