#pragma once
// A laser-pointer dot over the presented picture: drawn where the mouse is, passing every
// mouse event through to the views beneath (which mark the element and ring its programs).
#include <QPoint>
#include <QWidget>

namespace tl::gui {

class LaserPointer : public QWidget {
    Q_OBJECT
public:
    explicit LaserPointer(QWidget* parent);
    // Draws the dot at `pos` (this widget's coordinates); clear() when the mouse leaves.
    void pointAt(const QPoint& pos);
    void clear();
    bool pointing() const { return pointing_; }
    QPoint position() const { return pos_; }
    static constexpr int kRadius = 14;

protected:
    void paintEvent(QPaintEvent* e) override;

private:
    QPoint pos_;
    bool pointing_ = false;
};

}  // namespace tl::gui
