#include "widgets/present/laser_pointer.h"

#include <QPainter>
#include <QRadialGradient>

namespace tl::gui {

LaserPointer::LaserPointer(QWidget* parent) : QWidget(parent) {
    setObjectName(QStringLiteral("laserPointer"));
    setAttribute(Qt::WA_TransparentForMouseEvents);
    setAttribute(Qt::WA_NoSystemBackground);
    setFocusPolicy(Qt::NoFocus);
}

void LaserPointer::pointAt(const QPoint& pos) {
    const QRect old(pos_ - QPoint(kRadius + 2, kRadius + 2),
                    QSize(2 * kRadius + 4, 2 * kRadius + 4));
    pos_ = pos;
    pointing_ = true;
    update(old);
    update(QRect(pos_ - QPoint(kRadius + 2, kRadius + 2), QSize(2 * kRadius + 4, 2 * kRadius + 4)));
}

void LaserPointer::clear() {
    if (!pointing_) return;
    pointing_ = false;
    update();
}

void LaserPointer::paintEvent(QPaintEvent*) {
    if (!pointing_) return;
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    // A red core with a soft glow, as a laser dot on a projected picture: seen on light and
    // dark themes alike, and small enough to leave the element under it readable.
    QRadialGradient glow(pos_, kRadius);
    glow.setColorAt(0.0, QColor(255, 40, 40, 235));
    glow.setColorAt(0.35, QColor(255, 30, 30, 200));
    glow.setColorAt(1.0, QColor(255, 0, 0, 0));
    p.setPen(Qt::NoPen);
    p.setBrush(glow);
    p.drawEllipse(pos_, kRadius, kRadius);
}

}  // namespace tl::gui
