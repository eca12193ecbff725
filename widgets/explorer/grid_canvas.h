#pragma once
// The plane of programs the navigator draws: one slice of the grid, rows = axis 0, columns =
// axis 1. Programs before the current one in iteration order are filled, later ones hollow;
// the current one is solid with a ring, recent ones fade as a trail, and programs that read
// or write the hovered element are ringed in their role's hue.
#include <QColor>
#include <QWidget>
#include <deque>
#include <vector>

#include "core/view/grid_plane.h"
#include "widgets/explorer/navigator_layout.h"

namespace tl::gui {

struct ExplorerPalette;

struct GridPaintState {
    view::GridPlane plane;
    std::int64_t slice = 0;                      // the plane on show
    std::int64_t current = -1;                   // program
    std::deque<std::int64_t> trail;              // most recent first, current excluded
    std::vector<std::int64_t> readers, writers;  // programs touching the hovered element
    std::vector<std::int64_t> flagged;           // the selected finding's programs
    QColor flagColour;
    QStringList axisNames;
};

struct GridPaintStats {
    int cells = 0;  // cells drawn one by one (0 when the plane is drawn as a few rectangles)
    int highlights = 0;
    int flags = 0;  // the selected finding's programs ringed in this slice
};

NavigatorLayout gridLayout(const view::GridPlane& plane, const QRectF& r);
GridPaintStats paintGridPlane(QPainter& p, const QRectF& r, const GridPaintState& s,
                              const ExplorerPalette& pal, const QFont& font);

class GridCanvas : public QWidget {
    Q_OBJECT
public:
    explicit GridCanvas(QWidget* parent = nullptr);
    GridPaintState& state() { return state_; }
    // Widget pixel of the centre of a program's cell in the shown slice.
    QPointF centreOf(std::int64_t row, std::int64_t col) const;
    const GridPaintStats& lastPaintStats() const { return stats_; }
    QSize sizeHint() const override { return {420, 150}; }

signals:
    void programClicked(qint64 program);

protected:
    void paintEvent(QPaintEvent* e) override;
    void mousePressEvent(QMouseEvent* e) override;
    bool event(QEvent* e) override;  // tool tips: the program under the pointer

private:
    QRectF planeArea() const;
    GridPaintState state_;
    GridPaintStats stats_;
};

}  // namespace tl::gui
