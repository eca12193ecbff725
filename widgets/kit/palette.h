#pragma once
// The Okabe-Ito hues every view draws with (distinct for every kind of colour vision, and
// legible on the light and the dark theme), and the colours of verdicts, severities and errors
// picked from them: one definition, so that a failure is the same vermillion in the explorer,
// the editor, the findings, the audit, the timings and the status bar.
#include <QColor>

namespace tl {
enum class Severity;
enum class Verdict;
}  // namespace tl

namespace tl::gui {

namespace okabe_ito {
inline constexpr QRgb kOrange = 0xE69F00;
inline constexpr QRgb kSkyBlue = 0x56B4E9;
inline constexpr QRgb kBluishGreen = 0x009E73;
inline constexpr QRgb kBlue = 0x0072B2;
inline constexpr QRgb kVermillion = 0xD55E00;
inline constexpr QRgb kReddishPurple = 0xCC79A7;
}  // namespace okabe_ito

// Pass bluish green, fail vermillion, rejected orange, invalid reddish purple.
QColor verdictColour(Verdict v);
// Vermillion for errors, orange for warnings, blue for notes.
QColor severityColour(Severity s);
// Vermillion: a mistake in what was typed, a failed run, a value outside the tolerance.
QColor errorColour();
// Orange: what needs a look but is not wrong (a warning, an unverified time).
QColor warningColour();

}  // namespace tl::gui
