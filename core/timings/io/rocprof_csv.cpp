// rocprofv3's CSV output (`rocprofv3 --kernel-trace [--stats] --output-format csv`): the
// kernel trace (`<pid>_kernel_trace.csv`, one row per dispatch with its agent, kernel name and
// start and end timestamps in nanoseconds) and the kernel statistics
// (`<pid>_kernel_stats.csv`, one row per kernel: calls, total, average, min, max, standard
// deviation in nanoseconds and its percentage of the kernel time). The ROCm runtime's own copy
// and fill kernels are not the program's (docs/timings.md, "Formats").
#include <cmath>
#include <map>
#include <string_view>

#include "core/timings/io/csv.h"
#include "core/timings/io/fold.h"
#include "core/timings/io/importer.h"

namespace tl {
namespace {

bool runtime_kernel(const std::string& name) {
    return name.starts_with("__amd_rocclr_");
}

struct TraceColumns {
    int agent = -1, name = -1, start = -1, end = -1;
    explicit TraceColumns(const std::vector<std::string>& h)
        : agent(csv_column(h, "Agent_Id")),
          name(csv_column(h, "Kernel_Name")),
          start(csv_column(h, "Start_Timestamp")),
          end(csv_column(h, "End_Timestamp")) {}
    bool ok() const { return name >= 0 && start >= 0 && end >= 0; }
};

struct StatsColumns {
    int name = -1, calls = -1, average = -1, min = -1, max = -1, std = -1, share = -1;
    explicit StatsColumns(const std::vector<std::string>& h)
        : name(csv_column(h, "Name")),
          calls(csv_column(h, "Calls")),
          average(csv_column(h, "AverageNs")),
          min(csv_column(h, "MinNs")),
          max(csv_column(h, "MaxNs")),
          std(csv_column(h, "StdDev")),
          share(csv_column(h, "Percentage")) {}
    bool ok() const { return name >= 0 && calls >= 0 && average >= 0; }
};

// The runs of one kernel on one agent, in the order the trace first names them.
struct KernelRuns {
    int line = 0;
    std::string agent, name;
    std::vector<double> seconds;
};

class RocprofCsvImporter : public TimingImporter {
public:
    std::string_view format_id() const override { return "rocprofv3-csv"; }
    std::string_view description() const override {
        return "rocprofv3 kernel trace or kernel statistics CSV (*_kernel_trace.csv, "
               "*_kernel_stats.csv)";
    }
    bool supports(std::string_view name, std::string_view head) const override {
        if (!ends_with_nocase(name, ".csv")) return false;
        const auto has = [&](std::string_view k) { return head.find(k) != std::string_view::npos; };
        if (has("\"Kernel_Name\"") && has("\"Start_Timestamp\"") && has("\"End_Timestamp\""))
            return true;
        // The HIP API and memory copy statistics share the stats header: the name tells.
        return has("\"TotalDurationNs\"") && has("\"AverageNs\"") &&
               ends_with_nocase(name, "kernel_stats.csv");
    }
    ImportResult import(std::istream& in, const ImportConfig& config,
                        const ProgressFn& progress) const override;
};

void add_stats_row(const std::vector<std::string>& f, const StatsColumns& c, int line,
                   const ImportConfig& config, ImportResult& result) {
    const auto field = [&](int i) { return i >= 0 ? f[std::size_t(i)] : std::string(); };
    const std::string name = field(c.name);
    if (runtime_kernel(name)) return;
    const auto calls = csv_count(parse_csv_number(field(c.calls)));
    const auto average = parse_csv_number(field(c.average));
    if (name.empty() || !calls || !average.ok() || !std::isfinite(average.value)) {
        result.warnings.push_back(timing_warning(
            config, line, "'" + name + "' has no number of calls or average time: skipped"));
        return;
    }
    TimingRecord r;
    r.line = line;
    r.label = r.kernel.emplace(name);
    r.n = calls;
    r.mean_s = r.median_s = average.value * 1e-9;  // the average stands in for the median
    for (auto [col, out] :
         {std::pair{c.min, &r.min_s}, std::pair{c.max, &r.max_s}, std::pair{c.std, &r.std_s}})
        if (const auto v = parse_csv_number(field(col)); v.ok() && std::isfinite(v.value))
            *out = v.value * 1e-9;
    if (const auto s = parse_csv_number(field(c.share)); s.ok()) r.share = s.value / 100.0;
    r.method = TimingMethod::DeviceProfiler;
    r.source = TimingSource::Measured;
    add_record(result, std::move(r), config);
}

void add_trace_row(const std::vector<std::string>& f, const TraceColumns& c, int line,
                   std::vector<KernelRuns>& kernels, std::map<std::string, std::size_t>& index,
                   const ImportConfig& config, ImportResult& result) {
    const auto field = [&](int i) { return i >= 0 ? f[std::size_t(i)] : std::string(); };
    const std::string name = field(c.name);
    if (runtime_kernel(name)) return;
    const auto start = parse_csv_number(field(c.start)), end = parse_csv_number(field(c.end));
    if (name.empty() || !start.ok() || !end.ok() || !(end.value >= start.value)) {
        result.warnings.push_back(timing_warning(
            config, line,
            "a dispatch without a kernel name or with its end before its start: skipped"));
        return;
    }
    std::string agent = field(c.agent);
    if (!agent.empty() && !agent.starts_with("Agent")) agent = "Agent " + agent;
    const auto [it, added] = index.emplace(agent + '\x1f' + name, kernels.size());
    if (added) kernels.push_back({line, agent, name, {}});
    kernels[it->second].seconds.push_back((end.value - start.value) * 1e-9);
}

ImportResult RocprofCsvImporter::import(std::istream& in, const ImportConfig& config,
                                        const ProgressFn& progress) const {
    ImportResult result;
    CsvReader reader(in, progress, config.total_bytes);
    std::vector<std::string> header, f;
    std::vector<KernelRuns> kernels;
    std::map<std::string, std::size_t> index;
    while (reader.next(f)) {
        if (f.empty() || (f.size() == 1 && f[0].empty())) continue;
        if (header.empty()) {
            header = f;
            continue;
        }
        if (f.size() != header.size()) {
            result.warnings.push_back(timing_warning(
                config, reader.line(),
                "the row has " + std::to_string(f.size()) + " fields but the header has " +
                    std::to_string(header.size()) + ": row skipped"));
            continue;
        }
        if (const TraceColumns t(header); t.ok())
            add_trace_row(f, t, reader.line(), kernels, index, config, result);
        else if (const StatsColumns s(header); s.ok())
            add_stats_row(f, s, reader.line(), config, result);
    }
    note_csv_stop(reader, config, result);
    for (auto& k : kernels) {
        TimingRecord r;
        if (!set_run_stats(r, std::move(k.seconds))) continue;
        r.line = k.line;
        r.label = r.kernel.emplace(k.name);
        if (!k.agent.empty()) r.device = k.agent;
        r.method = TimingMethod::DeviceProfiler;
        r.source = TimingSource::Measured;
        add_record(result, std::move(r), config);
    }
    const bool stats = !TraceColumns(header).ok();
    if (header.empty() || (stats && !StatsColumns(header).ok())) {
        result.warnings.push_back(timing_warning(
            config, 1,
            "no kernel trace header (Kernel_Name, Start_Timestamp, End_Timestamp) or kernel "
            "statistics header (Name, Calls, AverageNs): run rocprofv3 --kernel-trace "
            "--output-format csv"));
        result.complete = false;
    } else if (stats && !result.records.empty()) {
        result.warnings.push_back(timing_warning(
            config, 1,
            "rocprofv3's statistics give each kernel's average, not its median: the average "
            "stands in for the median; the kernel trace of the same run gives every dispatch"));
    }
    if (!result.records.empty() && !config.target)
        result.warnings.push_back(timing_warning(
            config, 1,
            "rocprofv3 names the GPU by its agent only (its agent_info.csv holds the model): "
            "the records name no target (give one with --target, e.g. gpu-mi300x)"));
    finish_import(result, format_id(), config);
    return result;
}

}  // namespace

std::unique_ptr<TimingImporter> make_rocprof_csv_importer() {
    return std::make_unique<RocprofCsvImporter>();
}

}  // namespace tl
