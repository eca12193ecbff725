#pragma once
// The wavy underline that marks an error, shared by line edits and table cells.
#include <QColor>

class QPainter;

namespace tl::gui {

// A wave from x0 to x1 whose troughs touch `y`.
void draw_wavy_line(QPainter& painter, int x0, int x1, int y, const QColor& colour);

}  // namespace tl::gui
