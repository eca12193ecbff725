#include "widgets/timings/import_job.h"

#include <algorithm>
#include <memory>

#include "core/timings/io/registry.h"
#include "core/timings/provenance.h"

namespace tl::gui {
namespace {

// Progress is counted in thousandths of a file, so the lane's done/total says both which file
// is being read and how far.
constexpr qint64 kPerFile = 1000;

}  // namespace

ImportJob::ImportJob(QObject* parent) : QObject(parent) {
    qRegisterMetaType<std::vector<tl::gui::ImportedFile>>();
    connect(&lane_, &JobTracker::started, this, [this] { running_ = queued_; });
    connect(&lane_, &JobTracker::progress, this, &ImportJob::showProgress);
}

void ImportJob::start(const QStringList& paths, const QString& formatId,
                      const std::optional<QString>& verifiedNote,
                      const std::optional<std::string>& fillTarget) {
    queued_ = paths;
    const auto count = static_cast<qint64>(paths.size());
    std::optional<std::string> note;
    if (verifiedNote) note = verifiedNote->toStdString();
    ImportConfig config;
    config.target = fillTarget;
    config.target_from = tr("the import dialog's target").toStdString();
    config.target_undo = tr("choose no target in the import dialog").toStdString();
    lane_.start(tr("Importing %n timing file(s)", nullptr, static_cast<int>(count)), ++batches_,
                [this, paths, count, format = formatId.toStdString(), note,
                 config](JobControl& control) -> JobTracker::Deliver {
                    auto files = std::make_shared<std::vector<ImportedFile>>();
                    for (qint64 i = 0; i < count && !control.cancelled(); ++i) {
                        const ProgressFn progress = [&](std::uint64_t done, std::uint64_t total) {
                            const qint64 part =
                                total ? static_cast<qint64>(kPerFile * double(done) / double(total))
                                      : 0;
                            control.report(i * kPerFile + part, count * kPerFile);
                            return !control.cancelled();
                        };
                        const QString& path = paths[static_cast<int>(i)];
                        ImportResult result =
                            import_timing_file(path.toStdString(), config, progress, format);
                        if (note) attest_verified(result, path.toStdString(), *note);
                        files->push_back({path, std::move(result)});
                    }
                    return [this, files](bool wasCancelled) {
                        if (wasCancelled)
                            emit cancelled();
                        else
                            emit finished(*files);
                    };
                });
}

void ImportJob::showProgress(qint64 done, qint64 total) {
    const auto count = static_cast<int>(running_.size());
    if (total <= 0 || count == 0) return;
    const int i = static_cast<int>(std::min<qint64>(done / kPerFile, count - 1));
    emit progress(i, count, running_[i], double(done - i * kPerFile) / double(kPerFile));
}

}  // namespace tl::gui
