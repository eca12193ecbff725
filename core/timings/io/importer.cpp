#include "core/timings/io/importer.h"

#include <cctype>

#include "core/base/limits.h"
#include "core/target/target.h"
#include "core/timings/io/device_target.h"
#include "core/timings/io/fold.h"

namespace tl {
namespace {

template <typename T>
void fill(std::optional<T>& field, const std::optional<T>& fallback) {
    if (!field && fallback) field = fallback;
}

// Length of the well-formed UTF-8 sequence at s[i] (RFC 3629), or 0 when it is not one.
std::size_t utf8_length(const std::string& s, std::size_t i) {
    const auto b = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
    const unsigned char c = b(i);
    if (c < 0x80) return 1;
    std::size_t n = 4;
    unsigned char lo = 0x80, hi = 0xbf;  // the allowed range of the second byte
    if (c >= 0xc2 && c <= 0xdf) {
        n = 2;
    } else if (c >= 0xe0 && c <= 0xef) {
        n = 3;
        if (c == 0xe0) lo = 0xa0;  // overlong
        if (c == 0xed) hi = 0x9f;  // surrogates
    } else if (c >= 0xf0 && c <= 0xf4) {
        if (c == 0xf0) lo = 0x90;  // overlong
        if (c == 0xf4) hi = 0x8f;  // past U+10FFFF
    } else {
        return 0;
    }
    if (i + n > s.size() || b(i + 1) < lo || b(i + 1) > hi) return 0;
    for (std::size_t k = 2; k < n; ++k)
        if (b(i + k) < 0x80 || b(i + k) > 0xbf) return 0;
    return n;
}

// Text from the file goes into JSON (the report, the fold key), which must be UTF-8: a byte
// that is not part of a well-formed sequence becomes '?'.
void make_utf8(std::string& s) {
    for (std::size_t i = 0; i < s.size();) {
        const std::size_t n = utf8_length(s, i);
        if (n == 0)
            s[i++] = '?';
        else
            i += n;
    }
}

void make_utf8(std::optional<std::string>& s) {
    if (s) make_utf8(*s);
}

Json make_utf8(const Json& v) {
    if (v.is_string()) {
        std::string s = v.get<std::string>();
        make_utf8(s);
        return s;
    }
    if (v.is_array()) {
        Json out = Json::array();
        for (const auto& e : v) out.push_back(make_utf8(e));
        return out;
    }
    if (!v.is_object()) return v;
    Json out = Json::object();
    for (const auto& [key, value] : v.items()) {
        std::string k = key;
        make_utf8(k);
        out[k] = make_utf8(value);
    }
    return out;
}

// The caller's target goes to the records whose file names none; one note says how many, and
// another which records kept the target their file names instead.
void fill_target(ImportResult& result, const ImportConfig& config) {
    if (!config.target || result.records.empty()) return;
    // A misspelt id would put records on a target nothing knows: said, and nothing filled.
    if (!builtin_targets().find(*config.target)) {
        result.warnings.push_back(timing_warning(
            config, 0,
            config.target_from + ": " + builtin_targets().unknown_target_message(*config.target) +
                "; no record was given it"));
        return;
    }
    int filled = 0, kept = 0, first_kept = 0;
    std::string others;
    for (auto& r : result.records) {
        if (!r.target) {
            r.target = config.target;
            ++filled;
        } else if (*r.target != *config.target) {
            if (kept++ == 0) first_kept = r.line;
            if (others.find(*r.target) == std::string::npos)
                others += (others.empty() ? "" : ", ") + *r.target;
        }
    }
    const auto records = [](int n) {
        return std::to_string(n) + (n == 1 ? " record" : " records");
    };
    if (filled > 0)
        result.warnings.push_back(timing_warning(
            config, 0,
            config.target_from + " " + *config.target + " given to " + records(filled) + " of " +
                std::to_string(result.records.size()) + " that name no target in the file"));
    if (kept > 0)
        result.warnings.push_back(timing_warning(
            config, first_kept,
            records(kept) + " keep the target the file names (" + others + "), not " +
                config.target_from + " " + *config.target + ": the file's device decides; " +
                config.target_undo + " or edit the file to change it"));
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

std::optional<std::string> target_of_device_kind(std::string_view kind) {
    if (kind == "tpu_v4") return "tpu-v4";
    if (kind == "tpu_v5_lite") return "tpu-v5e";
    if (kind == "tpu_v5") return "tpu-v5p";
    if (kind == "tpu_v6_lite") return "tpu-v6e";
    if (kind == "tpu7x") return "tpu-v7x";
    if (kind.starts_with("tpu")) return std::nullopt;
    // A GPU's kind is its name ("nvidia_h100_80gb_hbm3", "nvidia_b200").
    GpuIdentity gpu;
    gpu.name = std::string(kind);
    return target_of_gpu(gpu).target;
}

void add_record(ImportResult& result, TimingRecord&& r, const ImportConfig& config) {
    const auto max = static_cast<std::size_t>(limit(LimitId::TimingRecords));
    if (result.records.size() < max) {
        result.records.push_back(std::move(r));
        return;
    }
    if (result.records.size() == max && result.complete) {
        result.complete = false;
        result.warnings.push_back(timing_warning(
            config, r.line,
            over_limit_message("the number of records", "more than " + std::to_string(max),
                               LimitId::TimingRecords, std::nullopt) +
                "; the first " + std::to_string(max) + " are kept"));
    }
}

void finish_import(ImportResult& result, std::string_view format, const ImportConfig& config) {
    for (auto& r : result.records) {
        make_utf8(r.label);
        for (auto* text : {&r.kernel, &r.impl, &r.target, &r.device, &r.dtype}) make_utf8(*text);
        r.params = make_utf8(r.params);
        r.file = config.file;
        r.format = std::string(format);
        fill(r.kernel, config.kernel);
        fill(r.impl, config.impl);
        fill(r.device, config.device);
        fill(r.dtype, config.dtype);
        fill(r.source, config.source);
        fill(r.verified, config.verified);
        if (r.method == TimingMethod::Unknown && config.method) r.method = *config.method;
    }
    result.records = fold_runs(std::move(result.records), config, &result.warnings);
    fill_target(result, config);

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
