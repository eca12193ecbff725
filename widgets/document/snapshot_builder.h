#pragma once
// Runs compute_snapshot off the GUI thread, one job at a time: while a job runs, only the
// newest request waits (older waiting ones are dropped unseen), so a burst of keystrokes
// costs at most two analyses. Every finished job is reported; the document drops stale ones.
#include <QFutureWatcher>
#include <QObject>
#include <functional>
#include <optional>

#include "widgets/document/snapshot_compute.h"

namespace tl::gui {

class SnapshotBuilder : public QObject {
    Q_OBJECT
public:
    using Compute = std::function<SnapshotResult(const Spec&, quint64)>;

    explicit SnapshotBuilder(Compute compute = {}, QObject* parent = nullptr);
    ~SnapshotBuilder() override;  // waits for the running job

    // Asks for the snapshot of `spec` as edit `generation`.
    void request(const Spec& spec, quint64 generation);
    bool busy() const { return running_; }

signals:
    void finished(const tl::gui::SnapshotResult& result);

private:
    void start(Spec spec, quint64 generation);
    void onFinished();

    Compute compute_;
    QFutureWatcher<SnapshotResult> watcher_;
    bool running_ = false;
    std::optional<std::pair<Spec, quint64>> waiting_;
};

}  // namespace tl::gui
