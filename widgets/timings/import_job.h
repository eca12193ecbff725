#pragma once
// Imports timing files off the GUI thread, one after another, reporting progress and
// honouring cancel. It runs on a JobTracker lane that replaces: a new batch cancels the one
// running, whose records are never delivered.
#include <QObject>
#include <QString>
#include <QStringList>
#include <optional>
#include <vector>

#include "core/timings/io/importer.h"
#include "widgets/kit/job_tracker.h"

namespace tl::gui {

struct ImportedFile {
    QString path;
    ImportResult result;
};

class ImportJob : public QObject {
    Q_OBJECT
public:
    explicit ImportJob(QObject* parent = nullptr);

    // Starts importing `paths`, as format `formatId` (a registry id) or, when it is empty, as
    // each file's detected format; a batch already running is cancelled first. With
    // `verifiedNote`, every file is attested: its outputs were checked on the target
    // (attest_verified in core/timings/provenance.h). With `fillTarget`, the records whose file
    // names no target get that one, as --target does.
    void start(const QStringList& paths, const QString& formatId = {},
               const std::optional<QString>& verifiedNote = std::nullopt,
               const std::optional<std::string>& fillTarget = std::nullopt);
    void cancel() { lane_.cancel(); }
    // Blocks until the current batch has delivered (or was cancelled); for tests and shutdown.
    bool waitForFinished(int timeoutMs = 30000) { return lane_.waitForIdle(timeoutMs); }

signals:
    // `fraction` of file `fileIndex` (0-based) of `fileCount` is read.
    void progress(int fileIndex, int fileCount, const QString& path, double fraction);
    // Every file of the batch, in the order given.
    void finished(const std::vector<tl::gui::ImportedFile>& files);
    void cancelled();

private:
    void showProgress(qint64 done, qint64 total);

    QStringList queued_;   // the newest batch asked for
    QStringList running_;  // the batch the lane is running
    quint64 batches_ = 0;
    JobTracker lane_{JobTracker::WhenBusy::Replace};  // last: destroyed (waited for) first
};

}  // namespace tl::gui
