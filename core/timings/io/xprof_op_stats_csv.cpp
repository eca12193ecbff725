// XProf's framework op stats, exported as CSV from the profile's "Framework Op Stats" table
// (TensorBoard's profile plugin or XProf): one row per operation and host/device, already
// summarised. Only device rows are kernels; the table gives each op's average time per
// occurrence, not a median, and its share of the device's time (docs/timings.md).
#include <optional>
#include <string>

#include "core/timings/io/csv.h"
#include "core/timings/io/importer.h"

namespace tl {
namespace {

struct OpStatsColumns {
    int where = -1, operation = -1, type = -1, occurrences = -1, avg_self = -1, avg = -1,
        device_share = -1;
    explicit OpStatsColumns(const std::vector<std::string>& h) {
        where = csv_column(h, "Host/device");
        operation = csv_column(h, "Operation");
        if (operation < 0) operation = csv_column(h, "Operation Name");
        type = csv_column(h, "Type");
        if (type < 0) type = csv_column(h, "Operation Type");
        occurrences = csv_column(h, "#Occurrences");
        avg_self = csv_column(h, "Avg. self-time (us)");
        avg = csv_column(h, "Avg. time (us)");
        device_share = csv_column(h, "Total self-time on Device (%)");
    }
    bool ok() const { return operation >= 0 && occurrences >= 0 && (avg_self >= 0 || avg >= 0); }
};

class XprofOpStatsImporter : public TimingImporter {
public:
    std::string_view format_id() const override { return "xprof-op-stats-csv"; }
    std::string_view description() const override {
        return "XProf framework op stats CSV (the profile's Framework Op Stats table, exported)";
    }
    bool supports(std::string_view name, std::string_view head) const override {
        if (ends_with_nocase(name, ".json")) return false;
        const auto has = [&](std::string_view k) { return head.find(k) != std::string_view::npos; };
        return has("#Occurrences") && has("Host/device") && has("self-time");
    }
    ImportResult import(std::istream& in, const ImportConfig& config,
                        const ProgressFn& progress) const override;
};

ImportResult XprofOpStatsImporter::import(std::istream& in, const ImportConfig& config,
                                          const ProgressFn& progress) const {
    ImportResult result;
    const auto warn = [&](int line, std::string m) {
        result.warnings.push_back(timing_warning(config, line, std::move(m)));
    };
    CsvReader reader(in, progress, config.total_bytes);
    std::vector<std::string> f;
    std::optional<OpStatsColumns> cols;
    std::size_t width = 0;
    int host_rows = 0, first_record_line = 0;
    while (reader.next(f)) {
        if (reader.text().find_first_not_of(" \t") == std::string::npos) continue;
        if (!cols) {
            OpStatsColumns c(f);
            if (!c.ok()) continue;
            cols = c;
            width = f.size();
            continue;
        }
        if (f.size() != width) {
            warn(reader.line(), "the row has " + std::to_string(f.size()) +
                                    " fields but the header has " + std::to_string(width) +
                                    ": row skipped");
            continue;
        }
        const auto field = [&](int i) { return i >= 0 ? f[std::size_t(i)] : std::string(); };
        const std::string where = field(cols->where);
        if (!where.empty() && where != "Device") {
            ++host_rows;  // host ops are the framework's dispatch, not kernels
            continue;
        }
        const std::string op = field(cols->operation);
        if (op.empty() || op == "IDLE") continue;  // the device's idle time is not an op
        const auto n = parse_csv_number(field(cols->occurrences));
        const auto t = parse_csv_number(field(cols->avg_self >= 0 ? cols->avg_self : cols->avg));
        if (!csv_count(n) || !t.ok()) {
            warn(reader.line(),
                 "'" + op + "' has no number of occurrences or average time: skipped");
            continue;
        }
        TimingRecord r;
        r.line = reader.line();
        r.label = op;
        r.kernel = op;
        r.n = csv_count(n);
        // An average per occurrence stands in for the median, which the table does not give.
        r.mean_s = r.median_s = t.value * 1e-6;
        r.method = TimingMethod::DeviceProfiler;
        r.source = TimingSource::Measured;
        if (const auto share = parse_csv_number(field(cols->device_share)); share.ok())
            r.share = share.value / 100.0;
        if (first_record_line == 0) first_record_line = r.line;
        add_record(result, std::move(r), config);
    }
    if (!cols && reader.error().empty() && !reader.cancelled()) {
        warn(reader.line(),
             "no Framework Op Stats header (Operation, #Occurrences, Avg. self-time (us)) found: "
             "export the table from the profile's Framework Op Stats page");
        result.complete = false;
    }
    if (!result.records.empty()) warn(first_record_line, std::string(kXprofAverageNote));
    if (host_rows > 0 && result.records.empty())
        warn(reader.line(),
             std::to_string(host_rows) +
                 " host rows and no device rows: profile the device to time kernels");
    note_csv_stop(reader, config, result);
    finish_import(result, format_id(), config);
    return result;
}

}  // namespace

std::unique_ptr<TimingImporter> make_xprof_op_stats_importer() {
    return std::make_unique<XprofOpStatsImporter>();
}

}  // namespace tl
