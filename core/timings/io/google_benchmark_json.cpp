// Google Benchmark JSON (`--benchmark_format=json` / `--benchmark_out`): `context` plus
// `benchmarks[]`. Iteration rows are runs to fold; aggregate rows are used only when a
// benchmark has no iteration rows (`--benchmark_report_aggregates_only`).
#include <array>
#include <cctype>
#include <cmath>
#include <map>

#include "core/timings/io/fold.h"
#include "core/timings/io/importer.h"
#include "core/timings/io/json_input.h"
#include "core/timings/io/params_from_name.h"

namespace tl {
namespace {

constexpr std::array<std::string_view, 24> kKnownKeys{"name",
                                                      "family_index",
                                                      "per_family_instance_index",
                                                      "run_name",
                                                      "run_type",
                                                      "repetitions",
                                                      "repetition_index",
                                                      "threads",
                                                      "iterations",
                                                      "real_time",
                                                      "cpu_time",
                                                      "time_unit",
                                                      "aggregate_name",
                                                      "aggregate_unit",
                                                      "error_occurred",
                                                      "error_message",
                                                      "label",
                                                      "bytes_per_second",
                                                      "items_per_second",
                                                      "big_o",
                                                      "cpu_coefficient",
                                                      "real_coefficient",
                                                      "rms",
                                                      "skipped"};

std::string json_lower(std::string_view s) {
    std::string out(s);
    for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

struct Row {
    std::size_t index = 0;
    int line = 0;
    bool aggregate = false;
    std::string aggregate_name;
    const Json* obj = nullptr;
};

struct Context {
    std::optional<std::string> target, device, impl, kernel, dtype;
    std::optional<TimingMethod> method;
    std::optional<bool> verified;
};

Context read_context(const Json& root) {
    Context c;
    const Json& ctx = json_field(root, "context");
    const auto text = [&](const char* key) { return json_string(json_field(ctx, key)); };
    c.target = text("target");
    c.device = text("device");
    c.impl = text("impl");
    c.kernel = text("kernel");
    if (auto d = text("dtype")) c.dtype = normalise_dtype(*d).value_or(*d);
    if (auto m = text("method")) c.method = parse_timing_method(*m);
    const Json& v = json_field(ctx, "verified");
    if (v.is_boolean())
        c.verified = v.get<bool>();
    else if (v == "true" || v == "false")
        c.verified = v == "true";
    return c;
}

class Importer {
public:
    Importer(const JsonDocument& doc, const ImportConfig& config, ImportResult& result)
        : doc_(doc), config_(config), result_(result), context_(read_context(doc.root)) {}

    void run();

private:
    void warn(const Row& row, std::string message) {
        const std::string path = "benchmarks[" + std::to_string(row.index) + "]";
        result_.warnings.push_back(
            timing_warning(config_, row.line, std::move(message), row.line ? "" : path));
    }
    TimingRecord base_record(const Row& row, const std::string& run_name);
    std::optional<double> seconds(const Row& row, const char* key);
    void add_iteration(const Row& row, const std::string& run_name);
    void add_aggregates(const std::vector<Row>& rows, const std::string& run_name);

    const JsonDocument& doc_;
    const ImportConfig& config_;
    ImportResult& result_;
    Context context_;
    bool warned_unnamed_ = false;
};

TimingRecord Importer::base_record(const Row& row, const std::string& run_name) {
    TimingRecord r;
    r.line = row.line;
    r.label = run_name;
    auto np = params_from_name(run_name);
    if (!np.kernel.empty()) r.kernel = np.kernel;
    r.params = std::move(np.params);
    r.dtype = np.dtype;
    for (std::size_t i = 0; i < np.unnamed.size(); ++i)
        r.params["arg" + std::to_string(i)] = param_value(np.unnamed[i]);
    if (!np.unnamed.empty() && !warned_unnamed_) {
        warned_unnamed_ = true;
        warn(row, "the arguments of '" + run_name +
                      "' have no names: kept as arg0, arg1, ... "
                      "(name them with ->ArgNames({...}) to match the spec's parameters)");
    }
    lift_record_fields(r);
    if (!r.kernel) r.kernel = context_.kernel;
    if (!r.impl) r.impl = context_.impl;
    if (!r.dtype) r.dtype = context_.dtype;
    r.target = context_.target;
    r.device = context_.device;
    r.verified = context_.verified;
    if (context_.method) r.method = *context_.method;
    r.source = TimingSource::Measured;
    // User counters are flat keys; a FLOP or byte count per iteration is worth keeping.
    for (const auto& [key, value] : row.obj->items()) {
        if (std::find(kKnownKeys.begin(), kKnownKeys.end(), key) != kKnownKeys.end()) continue;
        const auto k = json_lower(key);
        if (!value.is_number()) continue;
        if (k == "flops" || k == "flop") r.flops = value.get<double>();
        if (k == "bytes" || k == "hbm_bytes") r.bytes = value.get<double>();
    }
    return r;
}

// A time field in seconds; nullopt (with a warning) when absent or in an unknown unit.
std::optional<double> Importer::seconds(const Row& row, const char* key) {
    const auto value = json_number(json_field(*row.obj, key));
    if (!value) {
        warn(row, std::string("the row has no numeric ") + key + ": skipped");
        return std::nullopt;
    }
    const std::string unit = json_text_or(*row.obj, "time_unit", "ns");
    const auto scale = seconds_per_unit(unit);
    if (!scale) {
        warn(row, "unknown time_unit '" + unit + "' (expected ns, us, ms or s): skipped");
        return std::nullopt;
    }
    return *value * *scale;
}

void Importer::add_iteration(const Row& row, const std::string& run_name) {
    TimingRecord r = base_record(row, run_name);
    if (json_true(*row.obj, "error_occurred")) {
        r.status = TimingStatus::Failed;
        add_record(result_, std::move(r), config_);
        return;
    }
    const auto s = seconds(row, "real_time");
    if (!s) return;
    if (!std::isfinite(*s))
        r.status = TimingStatus::Failed;
    else
        set_single_run(r, *s);
    add_record(result_, std::move(r), config_);
}

void Importer::add_aggregates(const std::vector<Row>& rows, const std::string& run_name) {
    TimingRecord r = base_record(rows.front(), run_name);
    bool any = false;
    for (const auto& row : rows) {
        const std::string& agg = row.aggregate_name;
        std::optional<double>* field = nullptr;
        if (agg == "mean")
            field = &r.mean_s;
        else if (agg == "median")
            field = &r.median_s;
        else if (agg == "stddev")
            field = &r.std_s;
        else if (agg == "min")
            field = &r.min_s;
        else if (agg == "max")
            field = &r.max_s;
        if (!field || json_text_or(*row.obj, "aggregate_unit", "time") != "time") {
            warn(row, "aggregate row '" + agg + "' has no time: skipped");
            continue;
        }
        if (json_true(*row.obj, "error_occurred")) {
            r.status = TimingStatus::Failed;
            continue;
        }
        const auto s = seconds(row, "real_time");
        if (!s) continue;
        *field = *s;
        any = true;
        if (const Json& n = json_field(*row.obj, "repetitions"); n.is_number_integer())
            r.n = n.get<std::int64_t>();
    }
    if (r.status == TimingStatus::Failed) {
        r.median_s = r.mean_s = r.std_s = r.min_s = r.max_s = std::nullopt;
    } else if (!any) {
        return;
    } else if (r.median_s && !std::isfinite(*r.median_s)) {
        r.status = TimingStatus::Failed;
        r.median_s = r.mean_s = r.std_s = r.min_s = r.max_s = std::nullopt;
    }
    add_record(result_, std::move(r), config_);
}

void Importer::run() {
    const auto it = doc_.root.find("benchmarks");
    if (!doc_.root.is_object() || it == doc_.root.end() || !it->is_array()) {
        result_.warnings.push_back(
            timing_warning(config_, 0,
                           "there is no benchmarks array at the top level: not Google Benchmark "
                           "JSON (write it with --benchmark_format=json)",
                           "benchmarks"));
        result_.complete = false;
        return;
    }
    // Rows grouped by run name, in file order.
    std::vector<std::pair<std::string, std::vector<Row>>> groups;
    std::map<std::string, std::size_t> index;
    for (std::size_t i = 0; i < it->size(); ++i) {
        Row row;
        row.index = i;
        row.line = doc_.line_of("benchmarks[" + std::to_string(i) + "]");
        row.obj = &(*it)[i];
        if (!json_field(*row.obj, "name").is_string()) {
            warn(row, "the row is not an object with a name: skipped");
            continue;
        }
        const std::string name = (*row.obj)["name"].get<std::string>();
        std::string run_name = json_text_or(*row.obj, "run_name", name);
        row.aggregate_name = json_text_or(*row.obj, "aggregate_name", "");
        row.aggregate = json_text_or(*row.obj, "run_type", "") == "aggregate";
        if (!row.obj->contains("run_type") || (row.aggregate && row.aggregate_name.empty())) {
            // Before run_type existed, and before aggregate_name did, an aggregate was known
            // only by its name: "<run>_mean" etc.
            for (std::string_view agg : {"mean", "median", "stddev", "cv", "BigO", "RMS"})
                if (name.ends_with("_" + std::string(agg))) {
                    row.aggregate = true;
                    row.aggregate_name = std::string(agg);
                    if (!row.obj->contains("run_name"))
                        run_name = name.substr(0, name.size() - agg.size() - 1);
                }
        }
        if (row.aggregate_name == "BigO" || row.aggregate_name == "RMS") {
            warn(row, row.aggregate_name + " row '" + name + "' has no time: skipped");
            continue;
        }
        const auto [pos, added] = index.emplace(run_name, groups.size());
        if (added) groups.emplace_back(run_name, std::vector<Row>{});
        groups[pos->second].second.push_back(row);
    }
    for (const auto& [run_name, rows] : groups) {
        std::vector<Row> aggregates;
        bool iterations = false;
        for (const auto& row : rows) {
            if (row.aggregate)
                aggregates.push_back(row);
            else
                iterations = true;
        }
        if (iterations) {
            for (const auto& row : rows)
                if (!row.aggregate) add_iteration(row, run_name);
        } else {
            add_aggregates(aggregates, run_name);
        }
    }
}

class GoogleBenchmarkImporter : public TimingImporter {
public:
    std::string_view format_id() const override { return "google-benchmark"; }
    std::string_view description() const override {
        return "Google Benchmark JSON (--benchmark_format=json)";
    }
    bool supports(std::string_view name, std::string_view head) const override {
        if (ends_with_nocase(name, ".csv")) return false;
        const auto start = head.find_first_not_of(" \t\r\n");
        if (start == std::string_view::npos || head[start] != '{') return false;
        const bool has = [&] {
            for (std::string_view k : {"\"benchmarks\"", "\"num_cpus\"", "\"library_build_type\""})
                if (head.find(k) != std::string_view::npos) return true;
            return false;
        }();
        return head.find("\"context\"") != std::string_view::npos && has &&
               head.find("\"machine_info\"") == std::string_view::npos;
    }
    ImportResult import(std::istream& in, const ImportConfig& config,
                        const ProgressFn& progress) const override {
        ImportResult result;
        if (progress && !progress(0, config.total_bytes)) {
            result.complete = false;
            return result;
        }
        const JsonDocument doc = read_json_document(in, config, &result.warnings);
        if (doc.error) {
            result.warnings.push_back(*doc.error);
            result.complete = false;
        } else {
            try {
                Importer(doc, config, result).run();
            } catch (const std::exception& e) {
                // A shape this reader did not foresee: keep what was read, say why it stopped.
                result.warnings.push_back(timing_warning(
                    config, 0,
                    std::string("the file could not be read to its end (") + e.what() + ")"));
                result.complete = false;
            }
        }
        finish_import(result, format_id(), config);
        return result;
    }
};

}  // namespace

std::unique_ptr<TimingImporter> make_google_benchmark_importer() {
    return std::make_unique<GoogleBenchmarkImporter>();
}

}  // namespace tl
