#pragma once
// One long job off the GUI thread (a kernel run, an audit sweep) with progress and cancel.
// The job reports progress into atomics that the GUI polls, so a fast job cannot flood the
// event loop; cancel sets a flag the job checks between steps.
#include <QFutureWatcher>
#include <QObject>
#include <QTimer>
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>

namespace tl::gui {

struct TaskControl {
    std::atomic<bool> cancel{false};
    std::atomic<std::int64_t> done{0};
    std::atomic<std::int64_t> total{0};
    void report(std::int64_t d, std::int64_t t) {
        total.store(t, std::memory_order_relaxed);
        done.store(d, std::memory_order_relaxed);
    }
};

class BackgroundTask : public QObject {
    Q_OBJECT
public:
    explicit BackgroundTask(QObject* parent = nullptr);
    ~BackgroundTask() override;  // cancels and waits

    // Starts `work` on the thread pool; false when a job is already running.
    bool start(const QString& label, std::function<void(TaskControl&)> work);
    void cancel();
    bool running() const { return running_; }
    const QString& label() const { return label_; }
    bool cancelRequested() const { return control_ && control_->cancel.load(); }
    void waitForFinished();

signals:
    void started(const QString& label);
    void progress(qint64 done, qint64 total);
    // The job returned; `cancelled` when cancel() was called while it ran.
    void finished(bool cancelled);

private:
    void poll();
    void onFinished();

    QFutureWatcher<void> watcher_;
    QTimer poll_timer_;
    std::shared_ptr<TaskControl> control_;
    QString label_;
    bool running_ = false;
};

}  // namespace tl::gui
