#pragma once
// The wavy underline that marks an error, shared by line edits and table cells.
#include <QColor>

class QPainter;

namespace tl::gui {

// Okabe-Ito vermillion: the error colour of every view, legible on light and dark themes.
QColor error_colour();

// A wave from x0 to x1 whose troughs touch `y`.
void draw_wavy_line(QPainter& painter, int x0, int x1, int y, const QColor& colour);

}  // namespace tl::gui
