#pragma once
// The core's UTF-8 text as QString: one conversion for every widget (std::string, literals
// and string views alike).
#include <QString>
#include <string_view>

namespace tl::gui {

inline QString qs(std::string_view s) {
    return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size()));
}

}  // namespace tl::gui
