#pragma once
// One operand's array: cells partitioned into blocks with the current program's block, its
// padding or dropped part, the visit's other blocks, coverage and the error heat map. Wheel
// zooms about the pointer, dragging pans, double-click fits; hovering reports the element.
#include <QImage>
#include <QWidget>
#include <optional>
#include <vector>

#include "core/view/geometry.h"
#include "core/view/operand_scene.h"
#include "widgets/explorer/finding_mark.h"
#include "widgets/explorer/operand_painter.h"

namespace tl::gui {

class OperandView : public QWidget {
    Q_OBJECT
public:
    explicit OperandView(QWidget* parent = nullptr);
    QSize sizeHint() const override { return {360, 300}; }

    // Swaps the scene in; keeps the zoom and pan while the operand's extent stays the same.
    void setScene(view::OperandScene scene);
    const view::OperandScene& scene() const { return scene_; }
    int operand() const { return scene_.operand; }

    void setCoverageOverlay(bool on);
    // The error heat image (one pixel per bin of bin_rows x bin_cols elements); null: off.
    void setHeat(QImage heat, std::int64_t binRows, std::int64_t binCols);
    bool heatShown() const { return !heat_.isNull(); }
    // A full-rank element to mark (from a finding or a click); empty clears it.
    void setMarked(const std::vector<std::int64_t>& element);
    // The picture is of the last valid state (the spec has errors now): drawn greyed.
    void setStale(bool stale);
    bool stale() const { return stale_; }
    // The selected finding's outline and caption; an empty caption clears it.
    void setFindingMark(FindingMark mark);
    const FindingMark& findingMark() const { return findingMark_; }

    void fitToView();
    // Pixels per element that fit would give without a cap, for the current size.
    double fitScale() const;
    // Caps the fit's scale so that the views of one explorer share a scale; refits unless
    // the user has zoomed or panned.
    void setScaleCap(double cap);
    const view::ViewTransform& transform() const { return transform_; }
    QRectF canvasRect() const;
    // Widget pixel of the centre of displayed element (row, col).
    QPointF pixelOf(std::int64_t row, std::int64_t col) const;
    const PaintStats& lastPaintStats() const { return stats_; }

    static constexpr double kTitleHeight = 24;

signals:
    // The element under the pointer (full rank); empty when it leaves the array.
    void elementHovered(int operand, std::vector<std::int64_t> element);
    void elementClicked(int operand, std::vector<std::int64_t> element);
    void canvasResized();

protected:
    void paintEvent(QPaintEvent* e) override;
    void resizeEvent(QResizeEvent* e) override;
    void wheelEvent(QWheelEvent* e) override;
    void mousePressEvent(QMouseEvent* e) override;
    void mouseMoveEvent(QMouseEvent* e) override;
    void mouseReleaseEvent(QMouseEvent* e) override;
    void mouseDoubleClickEvent(QMouseEvent* e) override;
    void leaveEvent(QEvent* e) override;

private:
    std::optional<ElementRC> elementAt(const QPointF& pos) const;
    void setHover(std::optional<ElementRC> e);

    view::OperandScene scene_;
    view::ViewTransform transform_;
    bool userAdjusted_ = false;
    double scaleCap_ = 1e300;
    bool coverage_ = false;
    QImage heat_;
    std::int64_t heatBinRows_ = 1, heatBinCols_ = 1;
    std::optional<ElementRC> hover_;
    std::vector<std::int64_t> marked_;
    FindingMark findingMark_;
    bool stale_ = false;
    PaintStats stats_;
    QPointF pressPos_, lastPos_;
    bool dragging_ = false;
};

}  // namespace tl::gui
