// tokamax's autotuning cache (tokamax/data/autotuning/<device>/<op>.json): for each input
// spec of an op, written as a JSON string key, the configs it timed, each also a JSON string
// key, with five device times in milliseconds. The op is the file's name, the device its
// folder's; every config is a record with the input spec and the config as its params
// (docs/timings.md).
#include <algorithm>
#include <cmath>
#include <filesystem>
#include <string>

#include "core/timings/io/fold.h"
#include "core/timings/io/importer.h"
#include "core/timings/io/json_input.h"
#include "core/timings/io/params_from_name.h"

namespace tl {
namespace {

// A key that is itself a JSON object, flattened into params: numbers and strings as they are,
// anything else as its JSON text. A key written as a name of block sizes ("bq_32-bkvp_64")
// gives those.
bool add_params(const std::string& key, Json& params) {
    // The parser recurses per level: a key nested deeper than any spec is refused unread.
    if (std::count(key.begin(), key.end(), '[') + std::count(key.begin(), key.end(), '{') > 256)
        return false;
    const Json obj = Json::parse(key, nullptr, false);
    if (!obj.is_object()) {
        const auto named = parse_suffixed_pairs(key);
        if (!named) return false;
        for (const auto& [name, value] : named->items()) params[name] = value;
        return true;
    }
    for (const auto& [name, value] : obj.items())
        params[name] = value.is_number() || value.is_string() ? value : Json(value.dump());
    return true;
}

// tokamax names its folders by the device's kind: a TPU's ("tpu_v5_lite") or a GPU's name
// ("nvidia_b200"). One TileLens has no profile for, or a folder that is no device, is said
// once, unless --target names the target.
void warn_unknown_device(const std::string& device, const ImportConfig& config,
                         ImportResult& result) {
    if (target_of_device_kind(device) || config.target) return;
    const bool a_device =
        device.starts_with("tpu") || device.starts_with("nvidia_") || device.starts_with("amd_");
    result.warnings.push_back(timing_warning(
        config, 0,
        a_device ? "the device '" + device +
                       "' of the file's folder is not one TileLens has a target for: its "
                       "records name no target (give one with --target)"
                 : "the folder '" + device +
                       "' is not a device tokamax names (tpu_v5_lite, tpu7x, nvidia_b200, "
                       "...): the target is unknown; keep the file in the device folder "
                       "tokamax wrote it to, or give one with --target"));
}

class TokamaxAutotuningImporter : public JsonDocumentImporter {
public:
    std::string_view format_id() const override { return "tokamax-autotuning-json"; }
    std::string_view description() const override {
        return "tokamax autotuning cache (tokamax/data/autotuning/<device>/<op>.json)";
    }
    bool supports(std::string_view, std::string_view head) const override {
        const auto has = [&](std::string_view k) { return head.find(k) != std::string_view::npos; };
        return has("\"evaluation_times_ms\"") && has("\"compile_time_ms\"");
    }

protected:
    void read(const JsonDocument& doc, const ImportConfig& config,
              ImportResult& result) const override;
};

void TokamaxAutotuningImporter::read(const JsonDocument& doc, const ImportConfig& config,
                                     ImportResult& result) const {
    const std::filesystem::path file(config.file);
    std::string op = file.filename().string();
    for (const std::string_view ext : {".gz", ".json"})
        if (op.ends_with(ext)) op.resize(op.size() - ext.size());
    const std::string device = file.parent_path().filename().string();
    const auto warn = [&](const std::string& path, std::string message) {
        result.warnings.push_back(timing_warning(config, 0, std::move(message), path));
    };
    if (!doc.root.is_object()) {
        warn("", "not an autotuning cache: the top level is not an object of input specs");
        result.complete = false;
    } else {
        for (const auto& [spec_key, configs] : doc.root.items()) {
            // The key is the whole input spec: a path names its start.
            const std::string key = Json(spec_key).dump(-1, ' ', true);  // ASCII: safe to cut
            const std::string at = "[" + (key.size() > 100 ? key.substr(0, 99) + "…\"" : key) + "]";
            if (!configs.is_object()) {
                warn(at, "the input spec's entry is not an object of configs: skipped");
                continue;
            }
            for (const auto& [config_key, entry] : configs.items()) {
                TimingRecord r;
                r.line = doc.line_of_member(spec_key, config_key);
                r.label = op;
                r.kernel = op;
                r.impl = op.starts_with("pallas_") ? "pallas" : "xla";
                if (!device.empty()) r.device = device;
                r.target = target_of_device_kind(device);
                if (!add_params(spec_key, r.params) || !add_params(config_key, r.params)) {
                    warn(at,
                         "an input spec or config key is neither a JSON object nor block sizes "
                         "such as bq_32-bkvp_64: skipped");
                    continue;
                }
                std::vector<double> seconds;
                for (const auto& t : json_field(entry, "evaluation_times_ms"))
                    if (const auto ms = json_number(t); ms && std::isfinite(*ms) && *ms >= 0)
                        seconds.push_back(*ms * 1e-3);
                if (!set_run_stats(r, seconds)) {
                    warn(at, "a config has no evaluation_times_ms: skipped");
                    continue;
                }
                r.method = TimingMethod::DeviceProfiler;  // tokamax times on the device
                r.source = TimingSource::Measured;
                add_record(result, std::move(r), config);
            }
        }
        warn_unknown_device(device, config, result);
    }
}

}  // namespace

std::unique_ptr<TimingImporter> make_tokamax_autotuning_importer() {
    return std::make_unique<TokamaxAutotuningImporter>();
}

}  // namespace tl
