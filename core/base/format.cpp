#include "core/base/format.h"

#include <cstdio>

namespace tl {

std::string engineering(double v, std::string_view unit, int digits) {
    const char* prefixes[] = {"", "k", "M", "G", "T", "P", "E"};
    int i = 0;
    while (v >= 1000 && i < 6) v /= 1000, ++i;
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*g %s%.*s", digits, v, prefixes[i],
                  static_cast<int>(unit.size()), unit.data());
    return buf;
}

std::string format_bytes(std::int64_t bytes) {
    std::string out = std::to_string(bytes) + (bytes == 1 ? " byte" : " bytes");
    constexpr std::int64_t kKiB = 1024, kMiB = kKiB * 1024, kGiB = kMiB * 1024;
    if (bytes < kKiB) return out;
    const std::int64_t unit = bytes >= kGiB ? kGiB : bytes >= kMiB ? kMiB : kKiB;
    const char* name = unit == kGiB ? "GiB" : unit == kMiB ? "MiB" : "KiB";
    char buf[48];
    if (bytes % unit == 0)
        std::snprintf(buf, sizeof buf, " (%lld %s)", static_cast<long long>(bytes / unit), name);
    else
        std::snprintf(buf, sizeof buf, " (%.1f %s)", static_cast<double>(bytes) / unit, name);
    return out + buf;
}

}  // namespace tl
