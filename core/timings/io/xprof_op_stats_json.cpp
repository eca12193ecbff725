// XProf's framework op stats as the profiler serves them to its front end: a list of Google
// Charts DataTables ({"cols": [{"id", "label"}], "rows": [{"c": [{"v": ...}]}]}), the first
// with the device's idle time, the second without. The first table is read, with the same
// meaning as the CSV export, except that its shares are fractions, not percentages
// (docs/timings.md).
#include <algorithm>
#include <cmath>
#include <optional>
#include <string>

#include "core/timings/io/importer.h"
#include "core/timings/io/json_input.h"

namespace tl {
namespace {

// The column whose id or label is one of `names`; -1 when there is none.
int column(const Json& cols, std::initializer_list<std::string_view> names) {
    for (std::size_t i = 0; i < cols.size(); ++i)
        for (const auto name : names)
            if (json_text_or(cols[i], "id", "") == name ||
                json_text_or(cols[i], "label", "") == name)
                return static_cast<int>(i);
    return -1;
}

struct TableColumns {
    int where, operation, occurrences, avg_self, avg, device_share;
    explicit TableColumns(const Json& cols)
        : where(column(cols, {"host_or_device", "Host/device"})),
          operation(column(cols, {"operation", "Operation Name", "Operation"})),
          occurrences(column(cols, {"occurrences", "#Occurrences"})),
          avg_self(column(cols, {"avg_self_time", "Avg. self-time (us)"})),
          avg(column(cols, {"avg_time", "Avg. time (us)"})),
          device_share(
              column(cols, {"device_total_self_time_percent", "Total self-time on Device (%)"})) {}
    bool ok() const { return operation >= 0 && occurrences >= 0 && (avg_self >= 0 || avg >= 0); }
};

class XprofOpStatsJsonImporter : public JsonDocumentImporter {
public:
    std::string_view format_id() const override { return "xprof-op-stats-json"; }
    std::string_view description() const override {
        return "XProf framework op stats JSON (the DataTables its Framework Op Stats page reads)";
    }
    bool supports(std::string_view, std::string_view head) const override {
        const auto has = [&](std::string_view k) { return head.find(k) != std::string_view::npos; };
        const auto first = head.find_first_not_of(" \t\r\n");
        return first != std::string_view::npos && (head[first] == '[' || head[first] == '{') &&
               has("\"cols\"") && has("#Occurrences") && has("Host/device");
    }

protected:
    void read(const JsonDocument& doc, const ImportConfig& config,
              ImportResult& result) const override;
};

void XprofOpStatsJsonImporter::read(const JsonDocument& doc, const ImportConfig& config,
                                    ImportResult& result) const {
    // One table, or the page's list of them: the first that has the op stats columns.
    const Json* table = nullptr;
    std::string path;
    if (doc.root.is_object()) {
        table = &doc.root;
    } else if (doc.root.is_array()) {
        for (std::size_t i = 0; i < doc.root.size() && !table; ++i)
            if (TableColumns(json_field(doc.root[i], "cols")).ok()) {
                table = &doc.root[i];
                path = "[" + std::to_string(i) + "]";
            }
    }
    const Json& cols = table ? json_field(*table, "cols") : Json();
    const Json& rows = table ? json_field(*table, "rows") : Json();
    const TableColumns col(cols);
    if (!col.ok() || !rows.is_array()) {
        result.warnings.push_back(timing_warning(
            config, 0,
            "no Framework Op Stats table (cols with Operation, #Occurrences, Avg. self-time "
            "(us), and rows) found: save the tool's data for the Framework Op Stats page",
            path));
        result.complete = false;
        return;
    }
    // Rows carry no line of their own: each record names its table's, and its row in `label`.
    const int table_line = std::max(1, path.empty() ? 1 : doc.line_of(path));
    int host_rows = 0;
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const std::string at = path + ".rows[" + std::to_string(i) + "]";
        const Json& cells = json_field(rows[i], "c");
        const auto cell = [&](int c) -> const Json& {
            static const Json none;
            return c >= 0 && cells.is_array() && std::size_t(c) < cells.size()
                       ? json_field(cells[std::size_t(c)], "v")
                       : none;
        };
        const std::string where = json_string(cell(col.where)).value_or("");
        if (!where.empty() && where != "Device") {
            ++host_rows;  // host ops are the framework's dispatch, not kernels
            continue;
        }
        const std::string op = json_string(cell(col.operation)).value_or("");
        if (op.empty() || op == "IDLE") continue;  // the device's idle time is not an op
        const auto n = json_number(cell(col.occurrences));
        const auto t = json_number(cell(col.avg_self >= 0 ? col.avg_self : col.avg));
        // A count is a whole number a record can hold (the cast below is then defined).
        if (!n || !(*n >= 1 && *n <= 1e15) || *n != std::floor(*n) || !t || !std::isfinite(*t) ||
            *t < 0) {
            result.warnings.push_back(timing_warning(
                config, 0, "'" + op + "' has no number of occurrences or average time: skipped",
                at));
            continue;
        }
        TimingRecord r;
        r.line = table_line;
        r.label = op;
        r.kernel = op;
        r.n = static_cast<std::int64_t>(*n);
        // An average per occurrence stands in for the median, which the table does not give.
        r.mean_s = r.median_s = *t * 1e-6;
        r.method = TimingMethod::DeviceProfiler;
        r.source = TimingSource::Measured;
        if (const auto share = json_number(cell(col.device_share)); share && *share >= 0)
            r.share = *share;  // a fraction here, unlike the CSV export's percentage
        add_record(result, std::move(r), config);
    }
    if (!result.records.empty())
        result.warnings.push_back(timing_warning(config, 0, std::string(kXprofAverageNote)));
    if (host_rows > 0 && result.records.empty())
        result.warnings.push_back(timing_warning(
            config, 0,
            std::to_string(host_rows) +
                " host rows and no device rows: profile the device to time kernels"));
}

}  // namespace

std::unique_ptr<TimingImporter> make_xprof_op_stats_json_importer() {
    return std::make_unique<XprofOpStatsJsonImporter>();
}

}  // namespace tl
