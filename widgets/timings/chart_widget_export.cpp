// ChartWidget's export to PNG, SVG (QSvgGenerator) and PDF (QPdfWriter), written atomically.
#include <qcustomplot.h>

#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>
#include <QPageSize>
#include <QPdfWriter>
#include <QSaveFile>
#include <QSvgGenerator>

#include "widgets/timings/chart_content.h"
#include "widgets/timings/chart_widget.h"

namespace tl::gui {
namespace {

constexpr QSize kDefaultExportSize(900, 560);

void paintVector(QCustomPlot* plot, QPaintDevice* device, QSize size) {
    QCPPainter painter;
    painter.begin(device);
    painter.setMode(QCPPainter::pmVectorized);
    painter.setMode(QCPPainter::pmNoCaching);
    plot->toPainter(&painter, size.width(), size.height());
    painter.end();
}

}  // namespace

std::optional<ChartWidget::Format> ChartWidget::formatForPath(const QString& path) {
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == QLatin1String("png")) return Format::Png;
    if (suffix == QLatin1String("svg")) return Format::Svg;
    if (suffix == QLatin1String("pdf")) return Format::Pdf;
    return std::nullopt;
}

void ChartWidget::exportWithDialog(QWidget* parent) {
    QString filter;
    const QString path = QFileDialog::getSaveFileName(
        parent, tr("Export chart"), {}, tr("PNG image (*.png);;SVG drawing (*.svg);;PDF (*.pdf)"),
        &filter);
    if (path.isEmpty()) return;
    QString file = path;
    auto format = formatForPath(file);
    if (!format) {
        // No known suffix: take the one of the chosen filter.
        const QString suffix = filter.contains(QLatin1String("svg"))   ? QStringLiteral(".svg")
                               : filter.contains(QLatin1String("pdf")) ? QStringLiteral(".pdf")
                                                                       : QStringLiteral(".png");
        file += suffix;
        format = formatForPath(file);
    }
    QString error;
    if (!exportTo(file, *format, &error)) QMessageBox::warning(parent, tr("Export chart"), error);
}

bool ChartWidget::exportTo(const QString& path, Format format, QString* error, QSize size) const {
    if (!size.isValid() || size.isEmpty())
        size = (isVisible() && width() >= 320) ? this->size() : kDefaultExportSize;
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        if (error) *error = tr("cannot write %1: %2").arg(path, file.errorString());
        return false;
    }
    bool written = true;
    // The legend's columns and rows are fitted to the size written, then again to the screen.
    fitLegend(size);
    switch (format) {
        case Format::Png: {
            const QPixmap pixmap = plot_->toPixmap(size.width(), size.height(), 2.0);
            written = pixmap.save(&file, "PNG");
            break;
        }
        case Format::Svg: {
            QSvgGenerator svg;
            svg.setOutputDevice(&file);
            svg.setSize(size);
            svg.setViewBox(QRect(QPoint(0, 0), size));
            svg.setTitle(content_->titleText);
            svg.setDescription(tr("TileLens chart"));
            paintVector(plot_, &svg, size);
            break;
        }
        case Format::Pdf: {
            QPdfWriter pdf(&file);
            pdf.setTitle(content_->titleText);
            pdf.setCreator(QStringLiteral("TileLens"));
            pdf.setResolution(72);  // one pixel of the chart = one point on the page
            pdf.setPageSize(
                QPageSize(QSizeF(size), QPageSize::Point, QString(), QPageSize::ExactMatch));
            pdf.setPageMargins(QMarginsF(0, 0, 0, 0));
            paintVector(plot_, &pdf, size);
            break;
        }
    }
    fitLegend(this->size());
    plot_->replot();  // the export laid the plot out at its size; lay it out for the screen
    if (!written || !file.commit()) {
        if (error) *error = tr("could not write %1: %2").arg(path, file.errorString());
        return false;
    }
    return true;
}

}  // namespace tl::gui
