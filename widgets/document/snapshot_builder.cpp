#include "widgets/document/snapshot_builder.h"

#include <QtConcurrent/QtConcurrentRun>

namespace tl::gui {

SnapshotBuilder::SnapshotBuilder(Compute compute, QObject* parent)
    : QObject(parent), compute_(compute ? std::move(compute) : Compute(compute_snapshot)) {
    connect(&watcher_, &QFutureWatcher<SnapshotResult>::finished, this,
            &SnapshotBuilder::onFinished);
}

SnapshotBuilder::~SnapshotBuilder() {
    watcher_.waitForFinished();
}

void SnapshotBuilder::request(const Spec& spec, quint64 generation) {
    if (running_) {
        waiting_.emplace(spec, generation);
        return;
    }
    start(spec, generation);
}

void SnapshotBuilder::start(Spec spec, quint64 generation) {
    running_ = true;
    watcher_.setFuture(QtConcurrent::run([compute = compute_, spec = std::move(spec), generation] {
        return compute(spec, generation);
    }));
}

void SnapshotBuilder::onFinished() {
    running_ = false;
    SnapshotResult result = watcher_.result();
    if (waiting_) {
        auto [spec, generation] = std::move(*waiting_);
        waiting_.reset();
        start(std::move(spec), generation);
    }
    emit finished(result);
}

}  // namespace tl::gui
