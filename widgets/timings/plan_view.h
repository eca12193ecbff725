#pragma once
// The measurement plan beside the timing records: the open spec's tile candidates that pass
// the target's contract, fastest modelled bound first, each unmeasured until an imported,
// verified timing measures it, and the benchmark script that measures them on the target.
// The plan is computed on a replacing JobTracker lane: a newer spec or target cancels the
// computation in flight, whose plan is never shown.
#include <QWidget>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/plan/tile_plan.h"
#include "core/spec/spec.h"
#include "core/timings/record.h"
#include "widgets/kit/job_tracker.h"

class QLabel;
class QPushButton;
class QSortFilterProxyModel;
class QTableView;

namespace tl::gui {

class PlanModel;

class PlanView : public QWidget {
    Q_OBJECT
public:
    explicit PlanView(QWidget* parent = nullptr);

    void setSpec(std::shared_ptr<const Spec> spec);
    void setTarget(std::optional<std::string> target);   // unset: the spec's own target
    void setRecords(std::vector<TimingRecord> records);  // fills in measured candidates

    bool waitForPlan(int timeoutMs = 30000);
    const TilePlan* plan() const;
    PlanModel* model() const { return model_; }
    QString summaryText() const;

    // Writes the benchmark script for the plan's candidates; an error message, or empty.
    QString writeBenchScript(const QString& path) const;

signals:
    void planChanged();

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    void fitSummary();
    void compute();
    void computed(const PlanOutcome& out);
    void attach();
    void exportScript();

    std::shared_ptr<const Spec> spec_;
    std::optional<std::string> target_;
    std::vector<TimingRecord> records_;
    std::shared_ptr<const TilePlan> base_;  // the plan before measurements
    QString error_;
    quint64 requests_ = 0;  // the generation of each plan asked for

    QLabel* summary_;
    QPushButton* exportButton_;
    QTableView* table_;
    PlanModel* model_;
    QSortFilterProxyModel* sorted_;
    // A big spec's plan can take seconds. Last member: destroyed (cancelled and waited
    // for) before the widgets its delivery would touch.
    JobTracker lane_{JobTracker::WhenBusy::Replace};
};

}  // namespace tl::gui
