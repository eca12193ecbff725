// pytest-benchmark JSON (`--benchmark-json`): `benchmarks[].stats` in seconds, `params`, and
// `extra_info`, where the benchmark may record kernel, impl, target, method, verified,
// flops and bytes.
#include <cmath>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>

#include "core/timings/io/importer.h"
#include "core/timings/io/json_input.h"
#include "core/timings/io/params_from_name.h"

namespace tl {
namespace {

// "test_matmul[128-256]" -> "matmul" and "128-256".
void split_test_name(const std::string& name, std::string* kernel, std::string* id) {
    std::string base = name;
    if (const auto open = base.find('['); open != std::string::npos && base.ends_with("]")) {
        *id = base.substr(open + 1, base.size() - open - 2);
        base.erase(open);
    }
    if (base.starts_with("test_") && base.size() > 5) base.erase(0, 5);
    *kernel = base;
}

class Reader {
public:
    Reader(const ImportConfig& config, ImportResult& result) : config_(config), result_(result) {}

    void warn(int line, std::size_t i, std::string message) {
        result_.warnings.push_back(
            timing_warning(config_, line, std::move(message),
                           line ? "" : "benchmarks[" + std::to_string(i) + "]"));
    }

    void read_extra(const Json& extra, TimingRecord& r, int line, std::size_t i) {
        for (auto [key, field] : {std::pair{"kernel", &r.kernel}, std::pair{"impl", &r.impl},
                                  std::pair{"target", &r.target}, std::pair{"device", &r.device}}) {
            if (auto v = json_string(json_field(extra, key))) *field = *v;
        }
        if (auto d = json_string(json_field(extra, "dtype")))
            r.dtype = normalise_dtype(*d).value_or(*d);
        if (auto m = json_string(json_field(extra, "method"))) {
            if (auto method = parse_timing_method(*m))
                r.method = *method;
            else
                warn(line, i, "unknown method '" + *m + "' in extra_info: read as unknown");
        }
        if (auto s = json_string(json_field(extra, "source"))) {
            r.source = parse_timing_source(*s);
            if (!r.source) warn(line, i, "unknown source '" + *s + "' in extra_info: left unknown");
        }
        if (const Json& v = json_field(extra, "verified"); v.is_boolean())
            r.verified = v.get<bool>();
        if (json_text_or(extra, "status", "") == "failed") r.status = TimingStatus::Failed;
        r.flops = json_number(json_field(extra, "flops"));
        for (const char* key : {"bytes", "hbm_bytes", "bytes_accessed"})
            if (!r.bytes) r.bytes = json_number(json_field(extra, key));
        r.step_s = json_number(json_field(extra, "step_s"));
        r.share = json_number(json_field(extra, "share"));
    }

    void read_benchmark(const Json& b, int line, std::size_t i) {
        const auto name = json_string(json_field(b, "name"));
        if (!name) {
            warn(line, i, "the benchmark has no name: skipped");
            return;
        }
        TimingRecord r;
        r.line = line;
        r.label = *name;
        r.source = TimingSource::Measured;
        std::string kernel, id;
        split_test_name(*name, &kernel, &id);
        if (!kernel.empty()) r.kernel = kernel;
        if (const Json& p = json_field(b, "params"); p.is_object() && !p.empty()) {
            r.params = p;
        } else if (!id.empty()) {
            // No named parameters: the test id still tells the candidates apart.
            auto parsed = parse_param_list(id);
            if (parsed)
                r.params = std::move(*parsed);
            else
                r.params["param"] = id;
        }
        read_extra(json_field(b, "extra_info"), r, line, i);
        // Without an impl of its own, a record's group (pytest's --benchmark-group-by) or,
        // when one test name runs in several modules, its module tells implementations apart:
        // two libraries benchmarked under the same test names are not one candidate.
        if (!r.impl) {
            const auto fullname = json_string(json_field(b, "fullname"));
            if (auto g = json_string(json_field(b, "group")); g && !g->empty())
                r.impl = *g;
            else if (fullname && shared_names_.count(*name))
                r.impl = fullname->substr(0, fullname->find("::"));
        }
        lift_record_fields(r);

        const Json& stats = json_field(b, "stats");
        const auto median = json_number(json_field(stats, "median"));
        if (r.status != TimingStatus::Failed && !median) {
            warn(line, i, "'" + *name + "' has no stats.median: skipped");
            return;
        }
        if (const Json& rounds = json_field(stats, "rounds"); rounds.is_number_integer())
            r.n = rounds.get<std::int64_t>();
        if (r.status == TimingStatus::Failed || !std::isfinite(*median)) {
            r.status = TimingStatus::Failed;
        } else {
            r.median_s = median;
            r.min_s = json_number(json_field(stats, "min"));
            r.max_s = json_number(json_field(stats, "max"));
            r.mean_s = json_number(json_field(stats, "mean"));
            r.std_s = json_number(json_field(stats, "stddev"));
        }
        add_record(result_, std::move(r), config_);
    }

    // Test names that appear with more than one fullname (the same test in several modules).
    void note_shared_names(const Json& benchmarks) {
        std::map<std::string, std::set<std::string>> fullnames;
        for (const auto& b : benchmarks) {
            const auto name = json_string(json_field(b, "name"));
            const auto full = json_string(json_field(b, "fullname"));
            if (name && full) fullnames[*name].insert(*full);
        }
        for (const auto& [name, fulls] : fullnames)
            if (fulls.size() > 1) shared_names_.insert(name);
    }

    // The device of records that name none: the GPU a machine_info hook recorded (its name may
    // be wrapped as UNSERIALIZABLE[b'...'] by pytest-benchmark), else the CPU that timed them.
    void fill_device(const Json& root) {
        const Json& info = json_field(root, "machine_info");
        auto device = gpu_name(json_field(info, "gpu"));
        if (!device) {
            const Json& cpu = json_field(info, "cpu");
            device = json_string(json_field(cpu, "brand_raw"));
            if (!device) device = json_string(json_field(cpu, "brand"));
        }
        if (!device || device->empty()) return;
        for (auto& r : result_.records)
            if (!r.device) r.device = *device;
    }

    static std::optional<std::string> gpu_name(const Json& gpu) {
        auto name = json_string(json_field(gpu, "name"));
        if (!name) return std::nullopt;
        std::string_view n = *name;
        for (std::string_view wrap : {"UNSERIALIZABLE[b'", "UNSERIALIZABLE[b\"", "UNSERIALIZABLE["})
            if (n.starts_with(wrap) && n.ends_with("]")) {
                n = n.substr(wrap.size(), n.size() - wrap.size() - 1);
                if (n.ends_with('\'') || n.ends_with('"')) n.remove_suffix(1);
                break;
            }
        if (n.empty()) return std::nullopt;
        return std::string(n);
    }

private:
    const ImportConfig& config_;
    ImportResult& result_;
    std::set<std::string> shared_names_;
};

class PytestBenchmarkImporter : public TimingImporter {
public:
    std::string_view format_id() const override { return "pytest-benchmark"; }
    std::string_view description() const override {
        return "pytest-benchmark JSON (--benchmark-json)";
    }
    bool supports(std::string_view name, std::string_view head) const override {
        if (ends_with_nocase(name, ".csv")) return false;
        const auto start = head.find_first_not_of(" \t\r\n");
        if (start == std::string_view::npos || head[start] != '{') return false;
        const auto has = [&](std::string_view k) { return head.find(k) != std::string_view::npos; };
        return has("\"machine_info\"") ||
               (has("\"benchmarks\"") && has("\"stats\"") && !has("\"context\""));
    }
    ImportResult import(std::istream& in, const ImportConfig& config,
                        const ProgressFn& progress) const override {
        ImportResult result;
        if (progress && !progress(0, config.total_bytes)) {
            result.complete = false;
            return result;
        }
        const JsonDocument doc = read_json_document(in, config, &result.warnings);
        const Json& benchmarks = json_field(doc.root, "benchmarks");
        if (doc.error) {
            result.warnings.push_back(*doc.error);
            result.complete = false;
        } else if (!benchmarks.is_array()) {
            result.warnings.push_back(timing_warning(
                config, 0,
                "there is no benchmarks array at the top level: not pytest-benchmark "
                "JSON (write it with --benchmark-json)",
                "benchmarks"));
            result.complete = false;
        } else {
            Reader reader(config, result);
            reader.note_shared_names(benchmarks);
            for (std::size_t i = 0; i < benchmarks.size(); ++i) {
                const int line = doc.line_of("benchmarks[" + std::to_string(i) + "]");
                if (!benchmarks[i].is_object()) {
                    reader.warn(line, i, "the benchmark is not an object: skipped");
                    continue;
                }
                reader.read_benchmark(benchmarks[i], line, i);
            }
            reader.fill_device(doc.root);
        }
        finish_import(result, format_id(), config);
        return result;
    }
};

}  // namespace

std::unique_ptr<TimingImporter> make_pytest_benchmark_importer() {
    return std::make_unique<PytestBenchmarkImporter>();
}

}  // namespace tl
