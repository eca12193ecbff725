#pragma once
// The end-to-end panel: the op's share of the step (from the files or typed in), the
// threshold, the speedup and whole-step speedup 1 / ((1 - p) + p / s), and the decision
// sentence with the records left out of it and why.
#include <QWidget>
#include <optional>

class QDoubleSpinBox;
class QLabel;
class QListWidget;

namespace tl {
struct Decision;
struct TimingsView;
}  // namespace tl

namespace tl::gui {

class EndToEndPanel : public QWidget {
    Q_OBJECT
public:
    explicit EndToEndPanel(QWidget* parent = nullptr);

    void setView(const TimingsView& view);

    // Typed in (a fraction), or unset: the files' share.
    std::optional<double> typedShare() const;
    void setTypedShare(std::optional<double> share);
    double threshold() const;  // a fraction
    void setThreshold(double fraction);

    QString decisionText() const;
    // "PROVISIONAL — rests on 3 unverified measurement(s)", "FINAL — verified measurements",
    // or empty without a decision.
    QString stateText() const;
    QString figuresText() const;  // speedup, share, end-to-end, saving, as shown
    QStringList excludedReasons() const;

signals:
    void shareChanged(std::optional<double> share);
    void thresholdChanged(double fraction);

private:
    void showState(const Decision& d);

    QDoubleSpinBox* share_;
    QDoubleSpinBox* threshold_;
    QLabel* fileShare_;
    QLabel* figures_;
    QLabel* state_;
    QLabel* decision_;
    QLabel* basis_;
    QListWidget* excluded_;
};

}  // namespace tl::gui
