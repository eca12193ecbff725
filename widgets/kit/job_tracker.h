#pragma once
// One lane of work off the GUI thread. Every job is started for a generation of what it
// computes from (an edit of the document, a batch of files, a spec and target); it reports
// progress into atomics the GUI polls (a fast job cannot flood the event loop), can be
// cancelled, and delivers its result on the GUI thread only if no newer job was started on
// the lane since: a stale result is dropped unseen. What happens to a start while a job runs
// is the lane's policy.
#include <QFutureWatcher>
#include <QObject>
#include <QString>
#include <QTimer>
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>

namespace tl::gui {

struct JobControl {
    std::atomic<bool> cancel{false};
    std::atomic<std::int64_t> done{0};
    std::atomic<std::int64_t> total{0};
    void report(std::int64_t d, std::int64_t t) {
        total.store(t, std::memory_order_relaxed);
        done.store(d, std::memory_order_relaxed);
    }
    bool cancelled() const { return cancel.load(std::memory_order_relaxed); }
};

class JobTracker : public QObject {
    Q_OBJECT
public:
    enum class WhenBusy {
        Refuse,   // start() returns 0 while a job runs (one long task at a time)
        Replace,  // the running job is cancelled, its result dropped; the new one starts next
        Queue,    // the new job waits for the running one; a newer start replaces it unseen
    };
    // Runs on the GUI thread with the job's result, only while the job is the lane's newest;
    // `cancelled` when cancel() was called while it ran (its result may be partial).
    using Deliver = std::function<void(bool cancelled)>;
    // Runs on the thread pool; returns what to do with the result on the GUI thread.
    using Work = std::function<Deliver(JobControl&)>;

    explicit JobTracker(WhenBusy policy, QObject* parent = nullptr);
    ~JobTracker() override;  // cancels and waits for the running job

    // Starts (or, under Queue, schedules) `work` for `generation`; returns the job's id, or 0
    // when refused.
    quint64 start(const QString& label, quint64 generation, Work work);
    void cancel();  // the running job and any queued one
    bool running() const { return running_.has_value(); }
    bool busy() const { return running_ || queued_; }
    // The generation of the newest job started or queued (0 before the first).
    quint64 generation() const { return generation_; }
    const QString& label() const { return label_; }
    bool cancelRequested() const { return control_ && control_->cancelled(); }
    // Processes events until nothing runs or waits, or `timeoutMs` passed; for tests and
    // shutdown.
    bool waitForIdle(int timeoutMs = 30000);
    // Blocks until the running job returns, without delivering it; for destructors.
    void waitForRunning() { watcher_.waitForFinished(); }

signals:
    void started(const QString& label);
    void progress(qint64 done, qint64 total);
    // A job ended: `delivered` when its result was applied (it was still the newest),
    // `cancelled` when cancel was requested while it ran.
    void finished(quint64 id, bool cancelled, bool delivered);

private:
    struct Pending {
        quint64 id = 0;
        QString label;
        Work work;
    };
    void launch(Pending job);
    void poll();
    void onFinished();

    WhenBusy policy_;
    QFutureWatcher<Deliver> watcher_;
    QTimer poll_timer_;
    std::shared_ptr<JobControl> control_;
    std::optional<quint64> running_;  // the id of the running job
    std::optional<Pending> queued_;
    quint64 newest_ = 0;  // the id of the newest job started or queued
    quint64 next_id_ = 1;
    quint64 generation_ = 0;
    QString label_;
};

}  // namespace tl::gui
