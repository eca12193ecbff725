#include "widgets/kit/palette.h"

#include "core/audit/audit.h"
#include "core/base/finding.h"

namespace tl::gui {

QColor verdictColour(Verdict v) {
    switch (v) {
        case Verdict::Pass:
            return QColor(okabe_ito::kBluishGreen);
        case Verdict::Fail:
            return errorColour();
        case Verdict::Rejected:
            return warningColour();
        case Verdict::Invalid:
            break;
    }
    return QColor(okabe_ito::kReddishPurple);
}

QColor severityColour(Severity s) {
    switch (s) {
        case Severity::Error:
            return errorColour();
        case Severity::Warning:
            return warningColour();
        case Severity::Info:
            break;
    }
    return QColor(okabe_ito::kBlue);
}

QColor errorColour() {
    return QColor(okabe_ito::kVermillion);
}

QColor warningColour() {
    return QColor(okabe_ito::kOrange);
}

}  // namespace tl::gui
