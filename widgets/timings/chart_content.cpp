#include "widgets/timings/chart_content.h"

namespace tl::gui {

void ChartWidget::Content::fit() {
    std::vector<double> xs, ys;
    bool anyFailed = false;
    for (const auto& s : series) {
        if (s.kind == SeriesKind::Failed) {
            anyFailed = anyFailed || !s.points.isEmpty();
            for (const auto& p : s.points) xs.push_back(p.x);
            continue;
        }
        for (const auto& p : s.points) {
            ys.push_back(p.y);
            if (p.hasBar()) {
                ys.push_back(p.lo);
                ys.push_back(p.hi);
            }
            if (s.kind != SeriesKind::HorizontalLine) xs.push_back(p.x);
        }
    }
    if (!categories.isEmpty()) {
        logX = false;
        x = {-0.5, categories.size() - 0.5};
    } else {
        logX = forcedLogX.value_or(wants_log_scale(xs));
        x = padded_range(xs, logX);
    }
    logY = forcedLogY.value_or(wants_log_scale(ys));
    y = padded_range(ys, logY);
    failedY = failed_marker_value(y, logY);
    // Room above the failed band so its markers are not cut by the frame.
    if (anyFailed) y.hi = logY ? failedY * 1.3 : failedY + (y.hi - y.lo) * 0.06;
}

}  // namespace tl::gui
