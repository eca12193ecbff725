#pragma once
// The explorer's visual language (docs/semantics.md, "How the explorer draws it"): one Okabe-Ito
// hue per operand role, tints for the other blocks of a visit, grey cross-hatch for padding on
// read, vermillion hatch for dropped writes, magenta for never-written output, and a light and a
// dark variant.
#include <QColor>

#include "core/spec/spec.h"

class QPalette;

namespace tl::gui {

struct ExplorerPalette {
    bool dark = false;
    QColor background;  // the canvas around the arrays
    QColor array;       // valid elements at rest
    QColor text, subtleText, title;
    QColor elementLine;  // before the level-of-detail fade
    QColor blockLine, border;
    QColor paddingFill, paddingHatch;
    QColor droppedFill, droppedHatch;
    QColor neverWritten;
    QColor unread;  // input elements no program reads
    QColor hover, marked;

    static ExplorerPalette light();
    static ExplorerPalette darkTheme();
    // The variant that matches a widget palette (dark when its window colour is dark).
    static ExplorerPalette forPalette(const QPalette& palette);

    // Inputs Okabe-Ito blue, sky blue, bluish green (then again); outputs vermillion.
    static QColor roleHue(Role role, int roleIndex);
    QColor tint(const QColor& hue) const;               // the other blocks of the same visit
    QColor lightTint(const QColor& hue) const;          // coverage overlay: written / read once
    QColor deep(const QColor& hue) const;               // outlines of the program's block
    QColor repeated(const QColor& hue) const;           // "written (read) 2+ times": darker fill
    QColor onRepeated() const;                          // text on that fill
    QColor onHue() const { return QColor(Qt::white); }  // text on the saturated block
    // Error heat as `intensity` goes 0 -> 1: light yellow through red to near-black on the
    // light theme, dark red through orange to light yellow on the dark one (worse = more
    // contrast with the background, also in greyscale).
    QColor heat(double intensity) const;
};

// `a` blended over `b` with weight t in [0, 1].
QColor mix(const QColor& a, const QColor& b, double t);

}  // namespace tl::gui
