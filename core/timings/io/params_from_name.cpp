#include "core/timings/io/params_from_name.h"

#include <array>
#include <charconv>
#include <cstdint>
#include <utility>

#include "core/base/dtype.h"
#include "core/base/names.h"

namespace tl {
namespace {

std::vector<std::string_view> split(std::string_view s, std::string_view seps) {
    std::vector<std::string_view> parts;
    std::size_t start = 0;
    for (std::size_t i = 0; i <= s.size(); ++i) {
        if (i == s.size() || seps.find(s[i]) != std::string_view::npos) {
            parts.push_back(s.substr(start, i - start));
            start = i + 1;
        }
    }
    return parts;
}

bool is_run_modifier(std::string_view seg) {
    static constexpr std::array<std::string_view, 4> kPrefixed{
        "iterations:", "repeats:", "min_time:", "min_warmup_time:"};
    static constexpr std::array<std::string_view, 4> kBare{"real_time", "manual_time",
                                                           "process_time", "threads:1"};
    for (auto p : kBare)
        if (seg == p) return true;
    for (auto p : kPrefixed)
        if (seg.starts_with(p)) return true;
    return false;
}

// Adds "k=v" / "k:v" pairs; false when one is not a pair.
bool add_pairs(std::string_view text, std::string_view seps, Json& params) {
    for (auto part : split(text, seps)) {
        if (part.empty()) continue;
        const auto eq = part.find_first_of("=:");
        if (eq == 0 || eq == std::string_view::npos) return false;
        params[std::string(part.substr(0, eq))] = param_value(part.substr(eq + 1));
    }
    return true;
}

}  // namespace

Json param_value(std::string_view text) {
    std::int64_t i = 0;
    const char* end = text.data() + text.size();
    if (auto [p, ec] = std::from_chars(text.data(), end, i); ec == std::errc() && p == end)
        return i;
    double d = 0;
    if (auto [p, ec] = std::from_chars(text.data(), end, d);
        !text.empty() && ec == std::errc() && p == end)
        return d;
    return std::string(text);
}

std::optional<Json> parse_param_list(std::string_view text) {
    Json params = Json::object();
    if (!add_pairs(text, ";,/", params)) return std::nullopt;
    return params;
}

std::optional<Json> parse_suffixed_pairs(std::string_view text) {
    Json params = Json::object();
    for (const auto part : split(text, "-")) {
        const auto cut = part.rfind('_');
        if (cut == std::string_view::npos || cut == 0 || cut + 1 == part.size())
            return std::nullopt;
        const std::string key(part.substr(0, cut));
        const Json value = param_value(part.substr(cut + 1));
        if (!is_identifier(key) || !value.is_number() || params.contains(key)) return std::nullopt;
        params[key] = value;
    }
    if (params.empty()) return std::nullopt;
    return params;
}

std::optional<std::string> normalise_dtype(std::string_view text) {
    static constexpr std::array<std::pair<std::string_view, std::string_view>, 11> kShort{
        {{"f32", "float32"},
         {"fp32", "float32"},
         {"bf16", "bfloat16"},
         {"f16", "float16"},
         {"fp16", "float16"},
         {"half", "float16"},
         {"f64", "float64"},
         {"fp64", "float64"},
         {"i8", "int8"},
         {"i16", "int16"},
         {"i32", "int32"}}};
    for (const auto& [s, full] : kShort)
        if (s == text) return std::string(full);
    if (auto d = parse_dtype(text)) return std::string(to_string(*d));
    return std::nullopt;
}

NameParams params_from_name(std::string_view name) {
    NameParams out;
    const auto segments = split(name, "/");
    std::string_view head = segments.front();
    if (head.starts_with("BM_")) head.remove_prefix(3);

    if (const auto eq = head.find('='); eq != std::string_view::npos) {
        const auto us = head.substr(0, eq).rfind('_');
        std::string_view pairs = head;
        if (us != std::string_view::npos) {
            out.kernel = std::string(head.substr(0, us));
            pairs = head.substr(us + 1);
        }
        if (!add_pairs(pairs, ",;", out.params)) {
            out.kernel = std::string(head);
            out.params = Json::object();
        }
    } else {
        out.kernel = std::string(head);
    }

    for (std::size_t i = 1; i < segments.size(); ++i) {
        const auto seg = segments[i];
        if (seg.empty() || is_run_modifier(seg)) continue;
        // BENCHMARK_F names "Fixture/Method/args": a word right after the head that is no
        // number, no dtype and no key=value is the method, part of the kernel's name.
        if (i == 1 && is_identifier(seg) && !normalise_dtype(seg) && !out.kernel.empty()) {
            out.kernel += "/" + std::string(seg.starts_with("BM_") ? seg.substr(3) : seg);
            continue;
        }
        if (seg.find_first_of("=:") == std::string_view::npos || !add_pairs(seg, ",;", out.params))
            out.unnamed.emplace_back(seg);
    }

    // A leading dtype word: "f32_matmul" is the matmul kernel in float32.
    if (const auto us = out.kernel.find('_');
        us != std::string::npos && us + 1 < out.kernel.size()) {
        if (auto d = normalise_dtype(std::string_view(out.kernel).substr(0, us))) {
            out.dtype = d;
            out.kernel.erase(0, us + 1);
        }
    }
    return out;
}

void lift_record_fields(TimingRecord& r) {
    const std::array<std::pair<const char*, std::optional<std::string>*>, 5> fields{
        {{"kernel", &r.kernel},
         {"impl", &r.impl},
         {"target", &r.target},
         {"device", &r.device},
         {"dtype", &r.dtype}}};
    for (const auto& [key, field] : fields) {
        const auto it = r.params.find(key);
        if (it == r.params.end()) continue;
        if (!*field && it->is_string()) {
            const auto text = it->get<std::string>();
            *field = std::string(key) == "dtype" ? normalise_dtype(text).value_or(text) : text;
        }
        if (it->is_string()) r.params.erase(key);
    }
}

}  // namespace tl
