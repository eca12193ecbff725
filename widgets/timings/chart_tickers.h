#pragma once
// Axis tickers that label values in the chart's units ("1.2 ms", "10 TFLOP/s"). Internal to
// ChartWidget's files: callers never see the plotting library.
#include <qcustomplot.h>

#include <functional>

namespace tl::gui {

using TickFormatter = std::function<QString(double)>;

class FormattedTicker : public QCPAxisTicker {
public:
    explicit FormattedTicker(TickFormatter f) : format_(std::move(f)) {}

protected:
    QString getTickLabel(double tick, const QLocale&, QChar, int) override { return format_(tick); }

private:
    TickFormatter format_;
};

class FormattedLogTicker : public QCPAxisTickerLog {
public:
    explicit FormattedLogTicker(TickFormatter f) : format_(std::move(f)) {}

protected:
    QString getTickLabel(double tick, const QLocale&, QChar, int) override { return format_(tick); }

private:
    TickFormatter format_;
};

}  // namespace tl::gui
