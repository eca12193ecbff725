#pragma once
// Axis tickers that label values in the chart's units ("1.2 ms", "10 TFLOP/s"). Internal to
// ChartWidget's files: callers never see the plotting library.
#include <qcustomplot.h>

#include <algorithm>
#include <cmath>
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

// Labels every decade (1 ms, 10 ms, 100 ms, 1 s) or, when more decades than the tick count
// span the range, every n-th; the values are exact powers of ten, so that 1 s never reads as
// "1000 ms". Sub-ticks mark 2..9 within a decade.
class FormattedLogTicker : public QCPAxisTickerLog {
public:
    explicit FormattedLogTicker(TickFormatter f) : format_(std::move(f)) { setSubTickCount(8); }

protected:
    QString getTickLabel(double tick, const QLocale&, QChar, int) override { return format_(tick); }

    QVector<double> createTickVector(double, const QCPRange& range) override {
        QVector<double> ticks;
        if (!(range.lower > 0) || !(range.upper > range.lower)) return ticks;
        const int first = int(std::floor(std::log10(range.lower) + 1e-9));
        const int last = int(std::ceil(std::log10(range.upper) - 1e-9));
        const int step =
            std::max(1, int(std::ceil(double(last - first) / std::max(1, tickCount()))));
        subTickCount_ = step == 1 ? 8 : 0;
        for (int k = first; k <= last; k += step) ticks.push_back(std::pow(10.0, k));
        return ticks;
    }

    int getSubTickCount(double) override { return subTickCount_; }

private:
    TickFormatter format_;
    int subTickCount_ = 8;
};

}  // namespace tl::gui
