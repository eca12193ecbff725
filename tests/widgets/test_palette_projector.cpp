// The explorer's colours on a projector (docs/lessons.md, "Presenting"): a projector in a lit
// room lifts black and dims white, and part of any class sees colours with a colour-vision
// deficiency. Every pair of colours the picture relies on must stay apart under both, in the
// light and the dark theme: the operand hues from each other and from the array, the marks
// (padding, dropped writes, never written) from the array, and the text from its background.
#include <gtest/gtest.h>

#include <QColor>
#include <QLabel>
#include <QSettings>
#include <QTemporaryDir>
#include <array>
#include <cmath>
#include <functional>
#include <string>
#include <vector>

#include "test_util.h"
#include "widgets/explorer/explorer_palette.h"
#include "widgets/mainwindow/main_window.h"

using namespace tl;
using namespace tl::gui;

namespace {

using Rgb = std::array<double, 3>;  // linear light, 0..1

double to_linear(double c) {
    return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
}

Rgb linear(const QColor& c) {
    return {to_linear(c.redF()), to_linear(c.greenF()), to_linear(c.blueF())};
}

// A projector at a lit room's contrast: its black is 12 % of its white in light, its white
// 80 % of a monitor's (about 7:1 instead of 1000:1).
Rgb projector(const Rgb& c) {
    Rgb out{};
    for (int i = 0; i < 3; ++i) out[i] = 0.096 + 0.704 * c[i];
    return out;
}

// Dichromat views in linear RGB (Viénot, Brettel and Mollon 1999 for protan and deutan; a
// tritan projection after Brettel et al. 1997, single plane).
Rgb dichromat(const double m[3][3], const Rgb& c) {
    Rgb out{};
    for (int i = 0; i < 3; ++i) out[i] = m[i][0] * c[0] + m[i][1] * c[1] + m[i][2] * c[2];
    for (double& v : out) v = std::clamp(v, 0.0, 1.0);
    return out;
}
const double kProtan[3][3] = {
    {0.11238, 0.88762, 0.0}, {0.11238, 0.88762, 0.0}, {0.00401, -0.00401, 1.0}};
const double kDeutan[3][3] = {
    {0.29275, 0.70725, 0.0}, {0.29275, 0.70725, 0.0}, {-0.02234, 0.02234, 1.0}};
const double kTritan[3][3] = {
    {1.0, 0.14461, -0.14461}, {0.0, 0.85924, 0.14076}, {0.0, 0.85924, 0.14076}};

std::array<double, 3> lab(const Rgb& c) {
    const double x = (0.4124 * c[0] + 0.3576 * c[1] + 0.1805 * c[2]) / 0.95047;
    const double y = 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
    const double z = (0.0193 * c[0] + 0.1192 * c[1] + 0.9505 * c[2]) / 1.08883;
    auto f = [](double t) { return t > 0.008856 ? std::cbrt(t) : 7.787 * t + 16.0 / 116; };
    return {116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))};
}

double delta_e(const Rgb& a, const Rgb& b) {  // CIE76
    const auto la = lab(a), lb = lab(b);
    return std::hypot(la[0] - lb[0], la[1] - lb[1], la[2] - lb[2]);
}

double luminance(const Rgb& c) {
    return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
}

double contrast(const Rgb& a, const Rgb& b) {  // WCAG ratio
    const double la = luminance(a), lb = luminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

struct Pair {
    std::string what;
    QColor a, b;
    double minDeltaE;
};

std::vector<Pair> pairs(const ExplorerPalette& p) {
    std::vector<Pair> v;
    const std::vector<std::pair<std::string, QColor>> hues = {
        {"input 0", ExplorerPalette::roleHue(Role::Input, 0)},
        {"input 1", ExplorerPalette::roleHue(Role::Input, 1)},
        {"input 2", ExplorerPalette::roleHue(Role::Input, 2)},
        {"output", ExplorerPalette::roleHue(Role::Output, 0)}};
    for (std::size_t i = 0; i < hues.size(); ++i) {
        v.push_back({hues[i].first + " vs the array", hues[i].second, p.array, 15});
        v.push_back(
            {hues[i].first + "'s visit tint vs the array", p.tint(hues[i].second), p.array, 5});
        // Operands are told apart by place and title as well: a clear difference suffices.
        for (std::size_t j = i + 1; j < hues.size(); ++j)
            v.push_back(
                {hues[i].first + " vs " + hues[j].first, hues[i].second, hues[j].second, 6});
    }
    v.push_back({"padding hatch vs padding fill", p.paddingHatch, p.paddingFill, 15});
    v.push_back({"dropped-write hatch vs its fill", p.droppedHatch, p.droppedFill, 15});
    v.push_back({"never written vs the array", p.neverWritten, p.array, 20});
    v.push_back({"never written vs the output hue", p.neverWritten,
                 ExplorerPalette::roleHue(Role::Output, 0), 12});
    v.push_back({"block lines vs the array", p.blockLine, p.array, 15});
    v.push_back({"hover vs the array", p.hover, p.array, 20});
    return v;
}

void check(const ExplorerPalette& p, const char* theme) {
    const std::vector<std::pair<std::string, std::function<Rgb(const Rgb&)>>> views = {
        {"projector", [](const Rgb& c) { return projector(c); }},
        {"projector, protan", [](const Rgb& c) { return dichromat(kProtan, projector(c)); }},
        {"projector, deutan", [](const Rgb& c) { return dichromat(kDeutan, projector(c)); }},
        {"projector, tritan", [](const Rgb& c) { return dichromat(kTritan, projector(c)); }}};
    for (const auto& [view, f] : views) {
        for (const Pair& pr : pairs(p)) {
            const double d = delta_e(f(linear(pr.a)), f(linear(pr.b)));
            EXPECT_GE(d, pr.minDeltaE)
                << theme << ", " << view << ": " << pr.what << " differ by ΔE " << d;
        }
        // Text stays readable: WCAG's 4.5:1 for body text on the canvas and the title strip
        // (this projector caps any ratio at 5.8:1, white on black), its 3:1 for large text for
        // the muted labels.
        EXPECT_GE(contrast(f(linear(p.text)), f(linear(p.background))), 4.5)
            << theme << ", " << view;
        EXPECT_GE(contrast(f(linear(p.text)), f(linear(p.title))), 4.5) << theme << ", " << view;
        EXPECT_GE(contrast(f(linear(p.subtleText)), f(linear(p.background))), 3.0)
            << theme << ", " << view;
    }
}

}  // namespace

TEST(ProjectorPalette, TheLightThemeStaysApartAtAProjectorsContrastAndForDichromats) {
    check(ExplorerPalette::light(), "light");
}

TEST(ProjectorPalette, TheDarkThemeStaysApartAtAProjectorsContrastAndForDichromats) {
    check(ExplorerPalette::darkTheme(), "dark");
}

TEST(ProjectorPalette, NeverReadStandsApartFromTheArrayOnAMonitorInBothThemes) {
    // A projector lifts the dark theme's black to its own, so a dimmed fill cannot stay apart
    // there; on a monitor both themes dim it by as much (the dark one had ΔE 5).
    for (const ExplorerPalette& p : {ExplorerPalette::light(), ExplorerPalette::darkTheme()}) {
        const double d = delta_e(linear(p.unread), linear(p.array));
        EXPECT_GE(d, 10) << (p.dark ? "dark" : "light") << ": ΔE " << d;
    }
}

TEST(ProjectorPalette, TheCheckTellsColoursThatMergeApart) {
    // The check itself: on a projector red and green are apart for a trichromat but merge for
    // a deuteranope, and dark grey text on black drops under the text contrast.
    const Rgb red = linear(QColor(0xD0, 0x30, 0x20)), green = linear(QColor(0x60, 0x80, 0x20));
    EXPECT_GT(delta_e(projector(red), projector(green)), 20);
    EXPECT_LT(delta_e(dichromat(kDeutan, projector(red)), dichromat(kDeutan, projector(green))),
              12);
    EXPECT_LT(
        contrast(projector(linear(QColor(0x40, 0x40, 0x40))), projector(linear(QColor(Qt::black)))),
        3.0);
}

TEST(ProjectorPalette, ASwitchOfThemeRestylesEveryLabelOfTheWindow) {
    QTemporaryDir dir;
    QSettings settings(dir.filePath(QStringLiteral("s.ini")), QSettings::IniFormat);
    MainWindow w(&settings);
    w.show();  // a window's palette follows the application's once it has a native window
    ASSERT_TRUE(w.openSpec(tl::test::example_file("matmul-rect")));
    ASSERT_TRUE(tl::test::settle(*w.document()));
    // Every label is drawn in one theme and read in the other: a label that kept a colour
    // picked for the light theme is dark text on a dark panel.
    for (const Theme from : {Theme::Light, Theme::Dark}) {
        w.setTheme(from);
        QCoreApplication::processEvents();  // the palette reaches the widgets posted
        w.setTheme(from == Theme::Light ? Theme::Dark : Theme::Light);
        QCoreApplication::processEvents();
        const char* theme = from == Theme::Light ? "dark" : "light";
        int labels = 0;
        for (const QLabel* label : w.findChildren<QLabel*>()) {
            if (!label->styleSheet().isEmpty()) continue;  // a chip with its own background
            // A disabled label is muted on purpose, but still to be read (WCAG's 3:1).
            const auto group = label->isEnabled() ? QPalette::Active : QPalette::Disabled;
            const QColor ink = label->palette().color(group, label->foregroundRole());
            const QWidget* under = label->parentWidget() ? label->parentWidget() : label;
            const QColor paper = under->palette().color(group, under->backgroundRole());
            const double ratio = contrast(linear(ink), linear(paper));
            EXPECT_GE(ratio, 3.0) << theme << ": " << label->objectName().toStdString() << " \""
                                  << label->text().left(60).toStdString() << "\" "
                                  << ink.name().toStdString() << " on "
                                  << paper.name().toStdString();
            ++labels;
        }
        EXPECT_GT(labels, 10);
    }
}
