#pragma once
// Imports timing files off the GUI thread, one after another, reporting progress and
// honouring cancel. Each batch carries a generation number: a cancelled or superseded batch
// never delivers its records.
#include <QObject>
#include <QString>
#include <QStringList>
#include <atomic>
#include <memory>
#include <vector>

#include "core/timings/io/importer.h"

class QThread;

namespace tl::gui {

struct ImportedFile {
    QString path;
    ImportResult result;
};

class ImportJob : public QObject {
    Q_OBJECT
public:
    explicit ImportJob(QObject* parent = nullptr);
    ~ImportJob() override;  // cancels and waits for the worker

    // Starts importing `paths`; a batch already running is cancelled first.
    void start(const QStringList& paths);
    void cancel();
    bool isRunning() const { return thread_ != nullptr; }
    // Blocks until the current batch has delivered (or was cancelled); for tests and shutdown.
    bool waitForFinished(int timeoutMs = 30000);

signals:
    // `fraction` of file `fileIndex` (0-based) of `fileCount` is read.
    void progress(int fileIndex, int fileCount, const QString& path, double fraction);
    // Every file of the batch, in the order given.
    void finished(const std::vector<tl::gui::ImportedFile>& files);
    void cancelled();

private:
    void deliver(quint64 generation, std::shared_ptr<std::vector<ImportedFile>> files,
                 bool wasCancelled);

    QThread* thread_ = nullptr;
    quint64 generation_ = 0;
    std::shared_ptr<std::atomic<bool>> cancel_;
};

}  // namespace tl::gui
