#include "widgets/timings/import_job.h"

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QEventLoop>
#include <QPointer>
#include <QThread>
#include <QTimer>

#include "core/timings/io/registry.h"

namespace tl::gui {

ImportJob::ImportJob(QObject* parent) : QObject(parent) {
    qRegisterMetaType<std::vector<tl::gui::ImportedFile>>();
}

ImportJob::~ImportJob() {
    cancel();
    if (thread_) thread_->wait();
}

void ImportJob::cancel() {
    if (cancel_) cancel_->store(true);
}

void ImportJob::start(const QStringList& paths) {
    if (thread_) {
        cancel();
        thread_->wait();  // a cancelled import stops at its next progress check
    }
    const quint64 generation = ++generation_;
    auto cancel = std::make_shared<std::atomic<bool>>(false);
    cancel_ = cancel;
    QPointer<ImportJob> self(this);
    const int count = static_cast<int>(paths.size());
    thread_ = QThread::create([self, paths, generation, cancel, count] {
        auto files = std::make_shared<std::vector<ImportedFile>>();
        for (int i = 0; i < count && !cancel->load(); ++i) {
            const QString& path = paths[i];
            int lastPercent = -1;
            // Progress is reported at whole percents so the GUI thread is not flooded.
            const ProgressFn progress = [&](std::uint64_t done, std::uint64_t total) {
                const int percent =
                    total ? static_cast<int>(100.0 * double(done) / double(total)) : 0;
                if (percent != lastPercent && self) {
                    lastPercent = percent;
                    QMetaObject::invokeMethod(
                        self.data(),
                        [self, i, count, path, percent] {
                            if (self) emit self->progress(i, count, path, percent / 100.0);
                        },
                        Qt::QueuedConnection);
                }
                return !cancel->load();
            };
            files->push_back({path, import_timing_file(path.toStdString(), {}, progress)});
        }
        const bool wasCancelled = cancel->load();
        if (self)
            QMetaObject::invokeMethod(
                self.data(),
                [self, generation, files, wasCancelled] {
                    if (self) self->deliver(generation, files, wasCancelled);
                },
                Qt::QueuedConnection);
    });
    connect(thread_, &QThread::finished, thread_, &QObject::deleteLater);
    thread_->start();
}

void ImportJob::deliver(quint64 generation, std::shared_ptr<std::vector<ImportedFile>> files,
                        bool wasCancelled) {
    if (generation != generation_) return;  // a newer batch replaced this one
    thread_ = nullptr;
    cancel_.reset();
    if (wasCancelled)
        emit cancelled();
    else
        emit finished(*files);
}

bool ImportJob::waitForFinished(int timeoutMs) {
    QDeadlineTimer deadline(timeoutMs);
    while (thread_ && !deadline.hasExpired())
        QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
    return !thread_;
}

}  // namespace tl::gui
