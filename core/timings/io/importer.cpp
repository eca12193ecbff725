#include "core/timings/io/importer.h"

#include <cctype>

#include "core/timings/fold.h"

namespace tl {
namespace {

template <typename T>
void fill(std::optional<T>& field, const std::optional<T>& fallback) {
    if (!field && fallback) field = fallback;
}

}  // namespace

bool ends_with_nocase(std::string_view name, std::string_view suffix) {
    if (suffix.size() > name.size()) return false;
    const auto tail = name.substr(name.size() - suffix.size());
    for (std::size_t i = 0; i < tail.size(); ++i)
        if (std::tolower(static_cast<unsigned char>(tail[i])) !=
            std::tolower(static_cast<unsigned char>(suffix[i])))
            return false;
    return true;
}

Diagnostic timing_warning(const ImportConfig& config, int line, std::string message,
                          std::string path) {
    Diagnostic d;
    d.file = config.file;
    d.line = line;
    d.path = std::move(path);
    d.message = std::move(message);
    return d;
}

void finish_import(ImportResult& result, std::string_view format, const ImportConfig& config) {
    for (auto& r : result.records) {
        r.file = config.file;
        r.format = std::string(format);
        fill(r.kernel, config.kernel);
        fill(r.impl, config.impl);
        fill(r.target, config.target);
        fill(r.device, config.device);
        fill(r.dtype, config.dtype);
        fill(r.source, config.source);
        fill(r.verified, config.verified);
        if (r.method == TimingMethod::Unknown && config.method) r.method = *config.method;
    }
    result.records = fold_runs(std::move(result.records), config, &result.warnings);

    int unknown = 0, first_line = 0;
    for (auto& r : result.records) {
        // The CSV's step_s gives the share when the file does not say it directly.
        if (!r.share && r.step_s && r.median_s && *r.step_s > 0 && *r.median_s >= 0)
            r.share = *r.median_s / *r.step_s;
        if (r.method == TimingMethod::Unknown && r.status == TimingStatus::Ok) {
            if (unknown++ == 0) first_line = r.line;
        }
    }
    if (unknown > 0)
        result.warnings.push_back(timing_warning(
            config, first_line,
            std::to_string(unknown) +
                (unknown == 1 ? " record does not say how it was"
                              : " records do not say how they were") +
                " timed (method unknown): a wall-clock figure without "
                "synchronisation is worthless for async runtimes such as JAX; time with "
                "block_until_ready or a device profiler and set the method"));
}

}  // namespace tl
