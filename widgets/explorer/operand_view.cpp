#include "widgets/explorer/operand_view.h"
#include "widgets/explorer/operand_fit.h"
#include "widgets/explorer/tail_bands.h"
#include "widgets/explorer/type_scale.h"

#include <QMouseEvent>
#include <QPainter>
#include <QWheelEvent>
#include <cmath>

namespace tl::gui {

namespace {
constexpr double kMargin = 10;
constexpr double kMaxScale = 96;  // pixels per element
}  // namespace

OperandView::OperandView(QWidget* parent) : QWidget(parent) {
    setMouseTracking(true);
    setMinimumSize(160, 70);  // two rows of operands fit a 1280 x 720 window
    setFocusPolicy(Qt::ClickFocus);
    setAttribute(Qt::WA_OpaquePaintEvent);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
}

QRectF OperandView::canvasRect() const {
    const double title = kTitleHeight * type_scale();
    return QRectF(0, title, width(), std::max(0.0, height() - title));
}

void OperandView::setScene(view::OperandScene scene) {
    const bool sameFrame = scene.operand == scene_.operand && scene.extent == scene_.extent &&
                           scene.slice.size() == scene_.slice.size();
    scene_ = std::move(scene);
    if (!sameFrame || !userAdjusted_) fitToView();
    if (!sameFrame) setHover(std::nullopt);
    update();
}

void OperandView::setCoverageOverlay(bool on) {
    coverage_ = on;
    update();
}

void OperandView::setHeat(QImage heat, std::int64_t binRows, std::int64_t binCols) {
    heat_ = std::move(heat);
    heatBinRows_ = binRows;
    heatBinCols_ = binCols;
    update();
}

void OperandView::setStale(bool stale) {
    if (stale == stale_) return;
    stale_ = stale;
    update();
}

void OperandView::setFindingMark(FindingMark mark) {
    findingMark_ = std::move(mark);
    update();
}

void OperandView::setMarked(const std::vector<std::int64_t>& element) {
    marked_ = element;
    update();
}

double OperandView::fitScale() const {
    const QRectF c = canvasRect();
    return view::fit(scene_.extent, {c.x(), c.y(), c.width(), c.height()}, kMargin).scale_x;
}

void OperandView::setScaleCap(double cap) {
    if (cap == scaleCap_) return;
    scaleCap_ = cap;
    if (!userAdjusted_) fitToView();
}

void OperandView::fitToView() {
    const QRectF c = canvasRect();
    transform_ =
        fitOperand(scene_.extent, {c.x(), c.y(), c.width(), c.height()}, kMargin, scaleCap_);
    userAdjusted_ = false;
    update();
}

QPointF OperandView::pixelOf(std::int64_t row, std::int64_t col) const {
    return {transform_.x_of(static_cast<double>(col) + 0.5),
            transform_.y_of(static_cast<double>(row) + 0.5)};
}

void OperandView::paintEvent(QPaintEvent*) {
    QPainter p(this);
    const ExplorerPalette pal = ExplorerPalette::forPalette(palette());
    OperandPaintOptions o;
    o.coverageOverlay = coverage_;
    if (!heat_.isNull()) {
        o.heat = &heat_;
        o.heatBinRows = heatBinRows_;
        o.heatBinCols = heatBinCols_;
    }
    o.hover = hover_;
    std::int64_t r = 0, c = 0;
    if (!marked_.empty() && scene_.displayed(marked_, &r, &c)) o.marked = ElementRC{r, c};
    o.font = font();
    stats_ = paintOperandCanvas(p, canvasRect(), scene_, transform_, o, pal);
    stats_.tailBands = paintTailBands(p, canvasRect(), scene_, transform_, o, pal);
    paintFindingMark(p, canvasRect(), findingMark_, scene_, transform_, font());
    if (stale_) {  // a veil: the picture (heat map included) is not of the spec as it is now
        QColor veil = pal.background;
        veil.setAlpha(170);
        p.fillRect(canvasRect(), veil);
    }
    QFont titleFont = font();
    titleFont.setPixelSize(type_px(12));
    paintOperandTitle(p, QRectF(0, 0, width(), kTitleHeight * type_scale()), scene_, pal,
                      titleFont);
    // A stretched view says so where the eye is: the corner of the canvas.
    if (const QString a = aspectText(transform_.scale_x / transform_.scale_y); !a.isEmpty()) {
        QFont small = font();
        small.setPixelSize(type_px(10));
        p.setFont(small);
        p.setPen(pal.subtleText);
        p.drawText(canvasRect().adjusted(4, 0, -6, -1), Qt::AlignRight | Qt::AlignBottom, a);
    }
}

void OperandView::resizeEvent(QResizeEvent*) {
    if (!userAdjusted_) fitToView();
    emit canvasResized();
}

void OperandView::wheelEvent(QWheelEvent* e) {
    const double factor = std::pow(1.0015, e->angleDelta().y());
    const QRectF c = canvasRect();
    const view::RectF vp{c.x(), c.y(), c.width(), c.height()};
    const view::ViewTransform fitted = view::fit(scene_.extent, vp, kMargin);
    const double fitScale = std::min(fitted.scale_x, fitted.scale_y);
    transform_.zoom_stretched_at(factor, e->position().x(), e->position().y(), fitScale / 2,
                                 std::max(kMaxScale, fitScale),
                                 stretchedScale(scene_.extent, vp, kMargin));
    userAdjusted_ = true;
    setHover(elementAt(e->position()));
    update();
    e->accept();
}

void OperandView::mousePressEvent(QMouseEvent* e) {
    if (e->button() != Qt::LeftButton) return QWidget::mousePressEvent(e);
    pressPos_ = lastPos_ = e->position();
    dragging_ = false;
}

void OperandView::mouseMoveEvent(QMouseEvent* e) {
    if (e->buttons() & Qt::LeftButton) {
        if (!dragging_ && (e->position() - pressPos_).manhattanLength() > 4) {
            dragging_ = true;
            setCursor(Qt::ClosedHandCursor);
        }
        if (dragging_) {
            const QPointF d = e->position() - lastPos_;
            transform_.pan(d.x(), d.y());
            userAdjusted_ = true;
            lastPos_ = e->position();
            update();
        }
    }
    setHover(elementAt(e->position()));
}

void OperandView::mouseReleaseEvent(QMouseEvent* e) {
    if (e->button() != Qt::LeftButton) return QWidget::mouseReleaseEvent(e);
    if (dragging_) {
        dragging_ = false;
        unsetCursor();
        return;
    }
    if (const auto rc = elementAt(e->position()))
        emit elementClicked(scene_.operand, scene_.element(rc->first, rc->second));
}

void OperandView::mouseDoubleClickEvent(QMouseEvent*) {
    fitToView();
}

void OperandView::leaveEvent(QEvent*) {
    setHover(std::nullopt);
}

std::optional<ElementRC> OperandView::elementAt(const QPointF& pos) const {
    if (!canvasRect().contains(pos) || scene_.operand < 0) return std::nullopt;
    if (const auto tail = tailElementAt(tailBands(scene_, transform_, canvasRect()), pos))
        return tail;
    const auto [r, c] = transform_.element_at(pos.x(), pos.y());
    if (!scene_.array.contains(r, c)) return std::nullopt;
    return ElementRC{r, c};
}

void OperandView::setHover(std::optional<ElementRC> e) {
    if (e == hover_) return;
    hover_ = e;
    update();
    emit elementHovered(scene_.operand,
                        e ? scene_.element(e->first, e->second) : std::vector<std::int64_t>{});
}

}  // namespace tl::gui
