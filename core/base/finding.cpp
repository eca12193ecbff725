#include "core/base/finding.h"

namespace tl {

std::string_view to_string(Severity s) {
    switch (s) {
        case Severity::Error:
            return "error";
        case Severity::Warning:
            return "warning";
        case Severity::Info:
            return "info";
    }
    return "error";
}

}  // namespace tl
