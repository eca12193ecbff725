#include "widgets/explorer/explorer_palette.h"

#include <QPalette>
#include <algorithm>
#include <array>
#include <cmath>

#include "widgets/kit/palette.h"

namespace tl::gui {

QColor mix(const QColor& a, const QColor& b, double t) {
    const auto m = [t](double x, double y) {
        return static_cast<int>(std::lround(x * t + y * (1 - t)));
    };
    return QColor(m(a.red(), b.red()), m(a.green(), b.green()), m(a.blue(), b.blue()),
                  m(a.alpha(), b.alpha()));
}

ExplorerPalette ExplorerPalette::light() {
    ExplorerPalette p;
    p.dark = false;
    p.background = QColor(0xEE, 0xF0, 0xF3);
    p.array = QColor(0xFF, 0xFF, 0xFF);
    p.text = QColor(0x1F, 0x23, 0x28);
    p.subtleText = QColor(0x5A, 0x62, 0x70);
    p.title = QColor(0xF7, 0xF8, 0xFA);
    p.elementLine = QColor(0, 0, 0, 34);
    p.blockLine = QColor(0x4A, 0x50, 0x5A);
    p.border = QColor(0x1F, 0x23, 0x28);
    p.paddingFill = QColor(0xDD, 0xDD, 0xDD);
    p.paddingHatch = QColor(0x6E, 0x6E, 0x6E);
    p.droppedFill = QColor(0xF7, 0xD9, 0xC7);
    p.droppedHatch = QColor(okabe_ito::kVermillion);
    p.neverWritten = QColor(0xA0, 0x14, 0x8C);  // apart from the output hue for tritans too
    p.unread = QColor(0xDC, 0xE0, 0xE6);
    p.hover = QColor(0x1F, 0x23, 0x28);
    p.marked = QColor(0xA0, 0x14, 0x8C);
    return p;
}

ExplorerPalette ExplorerPalette::darkTheme() {
    ExplorerPalette p;
    p.dark = true;
    p.background = QColor(0x1B, 0x1E, 0x23);
    p.array = QColor(0x2C, 0x31, 0x39);
    p.text = QColor(0xF2, 0xF4, 0xF7);
    p.subtleText = QColor(0xB4, 0xBA, 0xC4);
    p.title = QColor(0x23, 0x27, 0x2E);
    p.elementLine = QColor(255, 255, 255, 30);
    p.blockLine = QColor(0xA9, 0xB0, 0xBC);
    p.border = QColor(0xDD, 0xE1, 0xE7);
    p.paddingFill = QColor(0x4A, 0x4D, 0x52);
    p.paddingHatch = QColor(0xB5, 0xB8, 0xBD);
    p.droppedFill = QColor(0x5A, 0x33, 0x22);
    p.droppedHatch = QColor(0xF0, 0x7A, 0x2A);
    p.neverWritten = QColor(0xF0, 0x8C, 0xF0);
    p.unread = QColor(0x12, 0x14, 0x18);  // dimmer than the array by what light's is
    p.hover = QColor(0xFF, 0xFF, 0xFF);
    p.marked = QColor(0xF0, 0x8C, 0xF0);
    return p;
}

ExplorerPalette ExplorerPalette::forPalette(const QPalette& palette) {
    return palette.color(QPalette::Window).lightness() < 128 ? darkTheme() : light();
}

QColor ExplorerPalette::roleHue(Role role, int roleIndex) {
    using namespace okabe_ito;
    if (role == Role::Output) return QColor(kVermillion);
    static constexpr std::array<QRgb, 3> inputs{kBlue, kSkyBlue, kBluishGreen};
    return QColor(inputs[static_cast<std::size_t>(std::max(roleIndex, 0)) % inputs.size()]);
}

QColor ExplorerPalette::tint(const QColor& hue) const {
    return mix(hue, array, dark ? 0.42 : 0.30);
}

QColor ExplorerPalette::lightTint(const QColor& hue) const {
    return mix(hue, array, dark ? 0.22 : 0.13);
}

QColor ExplorerPalette::deep(const QColor& hue) const {
    return dark ? mix(hue, QColor(Qt::white), 0.55) : mix(hue, QColor(Qt::black), 0.55);
}

QColor ExplorerPalette::repeated(const QColor& hue) const {
    return dark ? mix(hue, QColor(Qt::white), 0.45) : mix(hue, QColor(Qt::black), 0.62);
}

QColor ExplorerPalette::onRepeated() const {
    return dark ? QColor(0x10, 0x10, 0x10) : QColor(Qt::white);
}

QColor ExplorerPalette::heat(double intensity) const {
    // Light to dark, so that the order survives a greyscale print.
    static const std::array<QColor, 5> stops{QColor(0xFE, 0xE3, 0x91), QColor(0xFE, 0xB2, 0x4C),
                                             QColor(0xF0, 0x3B, 0x20), QColor(0xA5, 0x0F, 0x15),
                                             QColor(0x3B, 0x00, 0x0E)};
    const double t = std::clamp(intensity, 0.0, 1.0);
    const double x = (dark ? 0.75 * (1 - t) : t) * static_cast<double>(stops.size() - 1);
    const auto i = std::min(static_cast<std::size_t>(x), stops.size() - 2);
    return mix(stops[i + 1], stops[i], x - static_cast<double>(i));
}

}  // namespace tl::gui
