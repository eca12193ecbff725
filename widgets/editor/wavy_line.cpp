#include "widgets/editor/wavy_line.h"

#include <QPainter>
#include <QPainterPath>

namespace tl::gui {

void draw_wavy_line(QPainter& painter, int x0, int x1, int y, const QColor& colour) {
    constexpr double half = 2.0;  // half a period, and the wave's height
    QPainterPath path(QPointF(x0, y));
    bool up = true;
    for (double x = x0; x < x1; x += half) {
        path.lineTo(QPointF(std::min<double>(x + half, x1), up ? y - half : y));
        up = !up;
    }
    painter.save();
    painter.setPen(QPen(colour, 1.2));
    painter.setBrush(Qt::NoBrush);
    painter.drawPath(path);
    painter.restore();
}

}  // namespace tl::gui
