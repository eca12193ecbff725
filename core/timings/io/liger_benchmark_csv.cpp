// Liger-Kernel's benchmark CSV (benchmark/data/all_benchmark_data.csv): one row per kernel,
// provider, operation mode, metric and x value, with the 50th, 20th and 80th percentiles
// triton.testing.do_bench measured and the GPU's name. Speed rows are times; memory rows are
// not and are counted in one warning (docs/timings.md, "Formats").
#include <cmath>
#include <map>
#include <set>

#include "core/timings/io/csv.h"
#include "core/timings/io/device_target.h"
#include "core/timings/io/fold.h"
#include "core/timings/io/importer.h"
#include "core/timings/io/params_from_name.h"

namespace tl {
namespace {

struct LigerColumns {
    int kernel, provider, mode, metric, unit, x_name, x_value, p50, p20, p80, extra, gpu;
    explicit LigerColumns(const std::vector<std::string>& h)
        : kernel(csv_column(h, "kernel_name")),
          provider(csv_column(h, "kernel_provider")),
          mode(csv_column(h, "kernel_operation_mode")),
          metric(csv_column(h, "metric_name")),
          unit(csv_column(h, "metric_unit")),
          x_name(csv_column(h, "x_name")),
          x_value(csv_column(h, "x_value")),
          p50(csv_column(h, "y_value_50")),
          p20(csv_column(h, "y_value_20")),
          p80(csv_column(h, "y_value_80")),
          extra(csv_column(h, "extra_benchmark_config_str")),
          gpu(csv_column(h, "gpu_name")) {}
    bool ok() const { return kernel >= 0 && provider >= 0 && p50 >= 0 && unit >= 0; }
};

class LigerBenchmarkImporter : public TimingImporter {
public:
    std::string_view format_id() const override { return "liger-benchmark-csv"; }
    std::string_view description() const override {
        return "Liger-Kernel benchmark CSV (benchmark/data/all_benchmark_data.csv)";
    }
    bool supports(std::string_view name, std::string_view head) const override {
        return ends_with_nocase(name, ".csv") && head.starts_with("kernel_name,kernel_provider") &&
               head.find("y_value_50") != std::string_view::npos;
    }
    ImportResult import(std::istream& in, const ImportConfig& config,
                        const ProgressFn& progress) const override;
};

// The benchmark's fixed arguments ({"M": 2048, "dtype": "torch.bfloat16"}) as params, the
// dtype as the record's.
void add_extra(const std::string& text, TimingRecord& r) {
    const Json extra = Json::parse(text, nullptr, false);
    if (!extra.is_object()) return;
    for (const auto& [key, value] : extra.items()) {
        if (key == "dtype" && value.is_string()) {
            std::string d = value.get<std::string>();
            if (d.starts_with("torch.")) d.erase(0, 6);
            if (const auto dtype = normalise_dtype(d)) {
                r.dtype = dtype;
                continue;
            }
        }
        if (value.is_number() || value.is_string()) r.params[key] = value;
    }
}

// One row into a record; false when it holds no time (its reason in `why`).
bool row_record(const std::vector<std::string>& f, const LigerColumns& c, int line, TimingRecord& r,
                std::string& why) {
    const auto field = [&](int i) { return i >= 0 ? f[std::size_t(i)] : std::string(); };
    const auto scale = seconds_per_unit(field(c.unit));
    if (!scale) {
        why = field(c.metric) + " in " + field(c.unit);
        return false;
    }
    const auto p50 = parse_csv_number(field(c.p50));
    if (!p50.ok() || !std::isfinite(p50.value) || p50.value < 0) {
        why = "no y_value_50";
        return false;
    }
    r.line = line;
    r.kernel = field(c.kernel) + (field(c.mode).empty() ? "" : "/" + field(c.mode));
    r.label = *r.kernel;
    r.impl = field(c.provider);
    if (!field(c.x_name).empty()) r.params[field(c.x_name)] = param_value(field(c.x_value));
    add_extra(field(c.extra), r);
    r.median_s = p50.value * *scale;
    for (auto [col, out] : {std::pair{c.p20, &r.p20_s}, std::pair{c.p80, &r.p80_s}})
        if (const auto v = parse_csv_number(field(col)); v.ok() && std::isfinite(v.value))
            *out = v.value * *scale;
    if (!field(c.gpu).empty()) r.device = field(c.gpu);
    r.method = TimingMethod::WallclockSynced;  // do_bench: CUDA events around each run
    r.source = TimingSource::Measured;
    return true;
}

// Each GPU's target, and one warning per GPU without one (unless --target names it).
void set_targets(ImportResult& result, const ImportConfig& config) {
    std::map<std::string, GpuTarget> seen;
    for (auto& r : result.records) {
        if (!r.device) continue;
        auto it = seen.find(*r.device);
        if (it == seen.end()) {
            GpuIdentity gpu;
            gpu.name = *r.device;
            it = seen.emplace(*r.device, target_of_gpu(gpu)).first;
            if (!it->second.target && !config.target)
                result.warnings.push_back(
                    timing_warning(config, r.line,
                                   "the GPU '" + *r.device + "' is " + it->second.why +
                                       ": its records name no target (give one with --target)"));
        }
        r.target = it->second.target;
    }
}

ImportResult LigerBenchmarkImporter::import(std::istream& in, const ImportConfig& config,
                                            const ProgressFn& progress) const {
    ImportResult result;
    CsvReader reader(in, progress, config.total_bytes);
    std::vector<std::string> header, f;
    std::map<std::string, int> not_times;  // "memory in MB" -> rows
    int first_not_time = 0;
    while (reader.next(f)) {
        if (f.empty() || (f.size() == 1 && f[0].empty())) continue;
        if (header.empty()) {
            header = f;
            continue;
        }
        const LigerColumns c(header);
        if (!c.ok() || f.size() != header.size()) {
            result.warnings.push_back(timing_warning(
                config, reader.line(),
                "the row has " + std::to_string(f.size()) + " fields but the header has " +
                    std::to_string(header.size()) + ": row skipped"));
            continue;
        }
        TimingRecord r;
        std::string why;
        if (!row_record(f, c, reader.line(), r, why)) {
            if (not_times[why]++ == 0 && first_not_time == 0) first_not_time = reader.line();
            continue;
        }
        add_record(result, std::move(r), config);
    }
    note_csv_stop(reader, config, result);
    for (const auto& [why, rows] : not_times)
        result.warnings.push_back(timing_warning(config, first_not_time,
                                                 std::to_string(rows) +
                                                     (rows == 1 ? " row holds " : " rows hold ") +
                                                     why + ", not a time: skipped"));
    if (header.empty() || !LigerColumns(header).ok()) {
        result.warnings.push_back(timing_warning(
            config, 1,
            "no Liger-Kernel header (kernel_name, kernel_provider, metric_unit, y_value_50)"));
        result.complete = false;
    }
    set_targets(result, config);
    finish_import(result, format_id(), config);
    return result;
}

}  // namespace

std::unique_ptr<TimingImporter> make_liger_benchmark_importer() {
    return std::make_unique<LigerBenchmarkImporter>();
}

}  // namespace tl
