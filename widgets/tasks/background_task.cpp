#include "widgets/tasks/background_task.h"

#include <QtConcurrent/QtConcurrentRun>

namespace tl::gui {

BackgroundTask::BackgroundTask(QObject* parent) : QObject(parent) {
    poll_timer_.setInterval(50);
    connect(&poll_timer_, &QTimer::timeout, this, &BackgroundTask::poll);
    connect(&watcher_, &QFutureWatcher<void>::finished, this, &BackgroundTask::onFinished);
}

BackgroundTask::~BackgroundTask() {
    cancel();
    watcher_.waitForFinished();
}

bool BackgroundTask::start(const QString& label, std::function<void(TaskControl&)> work) {
    if (running_) return false;
    running_ = true;
    label_ = label;
    control_ = std::make_shared<TaskControl>();
    watcher_.setFuture(
        QtConcurrent::run([control = control_, work = std::move(work)] { work(*control); }));
    poll_timer_.start();
    emit started(label_);
    emit progress(0, 0);
    return true;
}

void BackgroundTask::cancel() {
    if (running_ && control_) control_->cancel.store(true);
}

void BackgroundTask::waitForFinished() {
    watcher_.waitForFinished();
}

void BackgroundTask::poll() {
    if (control_) emit progress(control_->done.load(), control_->total.load());
}

void BackgroundTask::onFinished() {
    poll_timer_.stop();
    poll();
    running_ = false;
    const bool cancelled = control_ && control_->cancel.load();
    emit finished(cancelled);
}

}  // namespace tl::gui
