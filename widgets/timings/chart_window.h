#pragma once
// The timing charts at full size, in a window of their own: the Timings tab shares a dock with
// the decision, the records and the plan, where a chart of many series has no room to be read.
// Both charts are drawn from the Timings tab's view and redrawn with it (a new import, a kernel
// or target chosen), and can be exported from here.
#include <QWidget>
#include <memory>

class QTabWidget;

namespace tl {
struct TimingsView;
}  // namespace tl

namespace tl::gui {

class ChartWidget;

class ChartWindow : public QWidget {
    Q_OBJECT
public:
    // A top-level window that closes with `owner`.
    explicit ChartWindow(QWidget* owner);

    // Draws `view` now when the window is shown, else when it is next shown.
    void setView(std::shared_ptr<const TimingsView> view);
    // Shows the window (or raises it), at most the screen's size, on chart `index` (0: the
    // candidates, 1: the roofline).
    void open(int index);

    ChartWidget* candidatesChart() const { return candidates_; }
    ChartWidget* rooflineChart() const { return roofline_; }
    int currentChart() const;

protected:
    void showEvent(QShowEvent* event) override;

private:
    void draw();

    std::shared_ptr<const TimingsView> view_;
    bool stale_ = true;
    QTabWidget* tabs_;
    ChartWidget* candidates_;
    ChartWidget* roofline_;
};

}  // namespace tl::gui
