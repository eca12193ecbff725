#include "core/base/format.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <utility>

namespace tl {
namespace {

constexpr std::string_view kNotANumber = "\xe2\x80\x94";  // an em dash

std::string fixed(double v, int decimals) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
    return buf;
}

// `digits` significant digits in fixed notation, trailing zeros dropped: 2.50 -> 2.5.
std::string significant(double v, int digits) {
    const double a = std::fabs(v);
    int decimals = digits - 1;
    if (a > 0 && a < 1)  // 0.0123 keeps its three digits
        decimals = std::min(12, digits - 1 + static_cast<int>(std::ceil(-std::log10(a))));
    for (double p = 10; decimals > 0 && a >= p * (1 - 0.5 * std::pow(10.0, -digits)); p *= 10)
        --decimals;
    std::string s = fixed(v, decimals);
    if (s.find('.') != std::string::npos) {
        while (s.back() == '0') s.pop_back();
        if (s.back() == '.') s.pop_back();
    }
    return s;
}

// Three significant digits, zeros kept: the width of a duration does not jump.
std::string three(double v, std::string_view unit) {
    const double a = std::fabs(v);
    return fixed(v, a >= 99.95 ? 0 : a >= 9.995 ? 1 : 2) + " " + std::string(unit);
}

}  // namespace

std::string format_si(double v, std::string_view unit, int digits) {
    static constexpr std::array<std::pair<double, const char*>, 7> kPrefixes{
        {{1e18, "E"}, {1e15, "P"}, {1e12, "T"}, {1e9, "G"}, {1e6, "M"}, {1e3, "k"}, {1, ""}}};
    if (!std::isfinite(v)) return std::string(kNotANumber);
    if (v == 0) return "0 " + std::string(unit);
    // A value that rounds up to the next prefix is written with it: 999.97 k -> 1 M.
    const double round_up = 1 - 0.5 * std::pow(10.0, -digits);
    for (const auto& [scale, prefix] : kPrefixes)
        if (std::fabs(v) >= scale * round_up)
            return significant(v / scale, digits) + " " + prefix + std::string(unit);
    return significant(v, digits) + " " + std::string(unit);
}

std::string format_bytes(std::int64_t bytes) {
    std::string out = std::to_string(bytes) + (bytes == 1 || bytes == -1 ? " byte" : " bytes");
    constexpr std::int64_t kKiB = 1024, kMiB = kKiB * 1024, kGiB = kMiB * 1024;
    // The magnitude in unsigned arithmetic: INT64_MIN has no positive int64 counterpart.
    const std::uint64_t a =
        bytes < 0 ? 0 - static_cast<std::uint64_t>(bytes) : static_cast<std::uint64_t>(bytes);
    if (a < static_cast<std::uint64_t>(kKiB)) return out;
    const std::int64_t unit = a >= static_cast<std::uint64_t>(kGiB)   ? kGiB
                              : a >= static_cast<std::uint64_t>(kMiB) ? kMiB
                                                                      : kKiB;
    const char* name = unit == kGiB ? "GiB" : unit == kMiB ? "MiB" : "KiB";
    char buf[48];
    if (bytes % unit == 0)
        std::snprintf(buf, sizeof buf, " (%lld %s)", static_cast<long long>(bytes / unit), name);
    else
        std::snprintf(buf, sizeof buf, " (%.1f %s)", static_cast<double>(bytes) / unit, name);
    return out + buf;
}

std::string format_bytes_short(std::int64_t bytes) {
    static constexpr std::array<const char*, 5> kUnits{"B", "KiB", "MiB", "GiB", "TiB"};
    double v = static_cast<double>(bytes);
    std::size_t i = 0;
    while (std::fabs(v) >= 1024 && i + 1 < kUnits.size()) v /= 1024, ++i;
    if (i == 0 || std::fabs(v) >= 100) return fixed(v, 0) + " " + kUnits[i];
    return significant(v, 3) + " " + kUnits[i];
}

std::string format_seconds(double s) {
    if (!std::isfinite(s)) return std::string(kNotANumber);
    const double a = std::fabs(s);
    if (a == 0) return "0 s";
    if (a < 0.9995e-6) return three(s * 1e9, "ns");
    if (a < 0.9995e-3) return three(s * 1e6, "\xc2\xb5s");
    if (a < 0.9995) return three(s * 1e3, "ms");
    return three(s, "s");
}

std::string format_seconds_short(double s) {
    std::string t = format_seconds(s);
    const auto space = t.find(' ');
    const auto dot = t.find('.');
    if (dot == std::string::npos || space == std::string::npos || dot > space) return t;
    std::size_t end = space;
    while (end > dot + 1 && t[end - 1] == '0') --end;
    if (end == dot + 1) end = dot;
    return t.substr(0, end) + t.substr(space);
}

std::string format_percent(double fraction) {
    if (!std::isfinite(fraction)) return std::string(kNotANumber);
    const double v = fraction * 100;
    if (v == 0) return "0%";
    std::string t;
    if (std::fabs(v) >= 9.95) {
        t = fixed(v, 0);
    } else if (std::fabs(v) >= 0.095) {
        t = fixed(v, 1);
        if (t.ends_with(".0")) t.resize(t.size() - 2);
    } else {
        char buf[32];
        std::snprintf(buf, sizeof buf, "%.2g", v);
        t = buf;
    }
    return t + "%";
}

std::string format_value(double v) {
    if (std::isnan(v)) return "nan";
    if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.6g", v);
    return buf;
}

std::string format_index(const std::vector<std::int64_t>& index) {
    std::string s;
    for (std::size_t i = 0; i < index.size(); ++i) s += (i ? ", " : "") + std::to_string(index[i]);
    return s;
}

std::string abbreviated(std::string_view name, std::size_t width) {
    static constexpr std::string_view kEllipsis = "\u2026";
    if (name.size() <= width) return std::string(name);
    // Keep each outermost bracket pair, drop what it holds.
    std::string out;
    int depth = 0;
    for (const char c : name) {
        const bool open = c == '<' || c == '(', close = c == '>' || c == ')';
        if (open && depth++ == 0) {
            out += c;
            out += kEllipsis;
        } else if (close && depth > 0 && --depth == 0) {
            out += c;
        } else if (depth == 0) {
            out += c;
        }
    }
    // Characters, not bytes: each ellipsis is 3 bytes and one character.
    auto chars = [](std::string_view s) {
        std::size_t n = 0;
        for (const char c : s) n += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
        return n;
    };
    if (chars(out) <= width || width == 0) return out;
    std::string cut;
    for (std::size_t i = 0; i < out.size(); ++i) {
        if ((static_cast<unsigned char>(out[i]) & 0xC0) != 0x80 && chars(cut) + 1 >= width) break;
        cut += out[i];
    }
    return cut + std::string(kEllipsis);
}

}  // namespace tl
