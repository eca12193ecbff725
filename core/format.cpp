#include "core/format.h"

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

}  // namespace tl
