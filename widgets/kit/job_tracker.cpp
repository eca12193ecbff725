#include "widgets/kit/job_tracker.h"

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QtConcurrent/QtConcurrentRun>

namespace tl::gui {

JobTracker::JobTracker(WhenBusy policy, QObject* parent) : QObject(parent), policy_(policy) {
    poll_timer_.setInterval(25);  // 40 times a second: smooth, and never a flood
    connect(&poll_timer_, &QTimer::timeout, this, &JobTracker::poll);
    connect(&watcher_, &QFutureWatcher<Deliver>::finished, this, &JobTracker::onFinished);
}

JobTracker::~JobTracker() {
    cancel();
    watcher_.waitForFinished();
}

quint64 JobTracker::start(const QString& label, quint64 generation, Work work) {
    if (running_ && policy_ == WhenBusy::Refuse) return 0;
    Pending job{next_id_++, label, std::move(work)};
    newest_ = job.id;
    generation_ = generation;
    if (!running_) {
        const quint64 id = job.id;
        launch(std::move(job));
        return id;
    }
    // The running job ends at its next cancel check under Replace; the newest start waits.
    if (policy_ == WhenBusy::Replace && control_) control_->cancel.store(true);
    queued_ = std::move(job);
    return queued_->id;
}

void JobTracker::launch(Pending job) {
    running_ = job.id;
    label_ = job.label;
    control_ = std::make_shared<JobControl>();
    watcher_.setFuture(QtConcurrent::run(
        [control = control_, work = std::move(job.work)] { return work(*control); }));
    poll_timer_.start();
    emit started(label_);
    emit progress(0, 0);
}

void JobTracker::cancel() {
    queued_.reset();
    if (running_ && control_) control_->cancel.store(true);
}

void JobTracker::poll() {
    if (control_) emit progress(control_->done.load(), control_->total.load());
}

void JobTracker::onFinished() {
    poll_timer_.stop();
    poll();
    const quint64 id = running_.value_or(0);
    running_.reset();
    const bool cancelled = control_ && control_->cancelled();
    const Deliver deliver = watcher_.result();
    const bool delivered = id == newest_ && deliver;
    if (delivered) deliver(cancelled);
    emit finished(id, cancelled, delivered);
    if (queued_ && !running_) {
        Pending next = std::move(*queued_);
        queued_.reset();
        launch(std::move(next));
    }
}

bool JobTracker::waitForIdle(int timeoutMs) {
    QDeadlineTimer deadline(timeoutMs);
    while (busy() && !deadline.hasExpired())
        QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
    return !busy();
}

}  // namespace tl::gui
