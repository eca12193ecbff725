#pragma once
// Autosave: while the document has unsaved changes its text is written, at most once per
// interval, to a recovery file in the application's data folder; the file goes when the
// document is saved, discarded or closed. What is offered after a crash is in
// docs/no-lost-work.md.
#include <QDateTime>
#include <QList>
#include <QObject>
#include <QString>
#include <QTimer>
#include <optional>

namespace tl::gui {

class SpecDocument;

// One recovery file: the document's text as edited and where it came from.
struct RecoveryFile {
    QString file;     // the recovery file itself
    QString path;     // the document's file; empty when untitled
    QString baseDir;  // the folder a kernel file of an untitled document is relative to
    QString name;     // the document's display name
    QDateTime time;   // when it was written
    qint64 pid = 0;   // the process that wrote it
    QByteArray text;  // the spec as edited (save_spec)
};

// <AppData>/recovery (QStandardPaths::AppDataLocation).
QString recovery_dir();
std::optional<RecoveryFile> read_recovery_file(const QString& file);
// Whether process `pid` still runs (a recovery file of a running window is not offered).
bool process_alive(qint64 pid);
// The recovery files whose writer no longer runs, newest first.
QList<RecoveryFile> orphaned_recovery_files();

class Autosave : public QObject {
    Q_OBJECT
public:
    static constexpr int kDefaultSeconds = 5;
    explicit Autosave(SpecDocument* document, QObject* parent = nullptr);
    ~Autosave() override;

    // Seconds between an edit and its write; 0 turns autosave off (and removes the file).
    void setInterval(int seconds);
    int interval() const { return seconds_; }
    // The recovery file of the document as it is now (it exists only once written).
    QString file() const;
    // Writes the document now when it has unsaved changes; false when nothing was written.
    bool writeNow();
    // Removes the recovery file: the changes were saved, discarded or closed on purpose.
    void discard();

signals:
    void written(const QString& file);

private:
    void schedule();

    SpecDocument* document_;
    QTimer timer_;
    int seconds_ = kDefaultSeconds;
    QString written_;       // the file last written (removed by discard)
    quint64 untitled_ = 0;  // counts the documents, for the names of untitled ones
};

}  // namespace tl::gui
