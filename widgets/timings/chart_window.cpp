#include "widgets/timings/chart_window.h"

#include <QGuiApplication>
#include <QHBoxLayout>
#include <QPushButton>
#include <QScreen>
#include <QTabWidget>
#include <QVBoxLayout>

#include "core/timings/timings_summary.h"
#include "widgets/timings/candidates_chart.h"
#include "widgets/timings/chart_widget.h"
#include "widgets/timings/roofline_chart.h"

namespace tl::gui {

ChartWindow::ChartWindow(QWidget* owner)
    : QWidget(owner, Qt::Window),
      tabs_(new QTabWidget(this)),
      candidates_(new ChartWidget(this)),
      roofline_(new ChartWidget(this)) {
    setObjectName(QStringLiteral("timingsChartWindow"));
    setWindowTitle(tr("Timings charts \u2014 TileLens"));
    candidates_->setObjectName(QStringLiteral("fullCandidatesChart"));
    roofline_->setObjectName(QStringLiteral("fullRooflineChart"));
    tabs_->setDocumentMode(true);
    tabs_->addTab(candidates_, tr("Candidates vs time"));
    tabs_->addTab(roofline_, tr("Roofline"));
    auto* exportButton = new QPushButton(tr("Export chart\u2026"), this);
    exportButton->setToolTip(tr("Export the chart on screen to PNG, SVG or PDF"));
    tabs_->setCornerWidget(exportButton, Qt::TopRightCorner);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addWidget(tabs_);
    connect(exportButton, &QPushButton::clicked, this, [this] {
        if (auto* chart = qobject_cast<ChartWidget*>(tabs_->currentWidget()))
            chart->exportWithDialog(this);
    });
}

void ChartWindow::setView(std::shared_ptr<const TimingsView> view) {
    view_ = std::move(view);
    stale_ = true;
    if (isVisible()) draw();
}

void ChartWindow::open(int index) {
    tabs_->setCurrentIndex(index);
    if (!isVisible()) {
        // Most of the screen, the first time: the point of this window is room.
        const QScreen* screen = QGuiApplication::primaryScreen();
        const QSize room = screen ? screen->availableGeometry().size() : QSize(1280, 800);
        resize(QSize(1400, 900).boundedTo(room * 0.9));
    }
    show();
    raise();
    activateWindow();
}

int ChartWindow::currentChart() const {
    return tabs_->currentIndex();
}

void ChartWindow::showEvent(QShowEvent* event) {
    QWidget::showEvent(event);
    if (stale_) draw();
}

void ChartWindow::draw() {
    if (!view_) return;
    showCandidates(*candidates_, *view_);
    showRoofline(*roofline_, *view_);
    stale_ = false;
}

}  // namespace tl::gui
