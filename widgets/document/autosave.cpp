#include "widgets/document/autosave.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>
#include <QStandardPaths>
#include <algorithm>

#include "core/spec/spec_io.h"
#include "widgets/document/spec_document.h"

#ifdef Q_OS_UNIX
#include <signal.h>
#include <cerrno>
#endif

namespace tl::gui {
namespace {
const QString kSuffix = QStringLiteral(".tilelens-recovery.json");
const QString kFormat = QStringLiteral("tilelens-recovery");
}  // namespace

QString recovery_dir() {
    return QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation))
        .filePath(QStringLiteral("recovery"));
}

std::optional<RecoveryFile> read_recovery_file(const QString& file) {
    QFile f(file);
    if (!f.open(QIODevice::ReadOnly)) return std::nullopt;
    const QJsonObject o = QJsonDocument::fromJson(f.readAll()).object();
    if (o.value(QStringLiteral("format")).toString() != kFormat) return std::nullopt;
    RecoveryFile r;
    r.file = file;
    r.path = o.value(QStringLiteral("path")).toString();
    r.baseDir = o.value(QStringLiteral("base_dir")).toString();
    r.name = o.value(QStringLiteral("name")).toString();
    r.time = QDateTime::fromString(o.value(QStringLiteral("time")).toString(), Qt::ISODateWithMs);
    r.pid = o.value(QStringLiteral("pid")).toInteger();
    r.text = o.value(QStringLiteral("text")).toString().toUtf8();
    return r;
}

bool process_alive(qint64 pid) {
    if (pid == QCoreApplication::applicationPid()) return true;
#ifdef Q_OS_UNIX
    // Signal 0 checks that the process exists; EPERM means it exists under another user.
    return pid > 0 && (::kill(static_cast<pid_t>(pid), 0) == 0 || errno == EPERM);
#else
    return false;  // without a check every other window's file is offered
#endif
}

QList<RecoveryFile> orphaned_recovery_files() {
    QList<RecoveryFile> found;
    const QDir dir(recovery_dir());
    for (const QString& name : dir.entryList({QStringLiteral("*") + kSuffix}, QDir::Files)) {
        auto r = read_recovery_file(dir.filePath(name));
        if (r && !process_alive(r->pid)) found.append(std::move(*r));
    }
    std::sort(found.begin(), found.end(),
              [](const RecoveryFile& a, const RecoveryFile& b) { return a.time > b.time; });
    return found;
}

Autosave::Autosave(SpecDocument* document, QObject* parent) : QObject(parent), document_(document) {
    timer_.setSingleShot(true);
    connect(&timer_, &QTimer::timeout, this, &Autosave::writeNow);
    connect(document_, &SpecDocument::specChanged, this, &Autosave::schedule);
    connect(document_, &SpecDocument::modifiedChanged, this, [this](bool modified) {
        if (modified) return schedule();
        // Saved, or undone back to the file. Looked at once back in the event loop: a document
        // destroyed with its window (not closed) also turns clean, and its file must stay.
        timer_.stop();
        QMetaObject::invokeMethod(
            this,
            [this] {
                if (!document_->isModified()) discard();
            },
            Qt::QueuedConnection);
    });
    // The open document was saved or discarded before another replaced it.
    connect(document_, &SpecDocument::documentReplaced, this, [this] {
        discard();
        ++untitled_;
    });
    // Save As of an untitled document: its changes are under a new name now.
    connect(document_, &SpecDocument::pathChanged, this, [this] {
        if (!written_.isEmpty() && written_ != file()) writeNow();
    });
}

Autosave::~Autosave() = default;  // a window that was not closed keeps its file

void Autosave::setInterval(int seconds) {
    seconds_ = std::max(0, seconds);
    timer_.stop();
    if (seconds_ == 0)
        discard();
    else
        schedule();
}

QString Autosave::file() const {
    const qint64 pid = QCoreApplication::applicationPid();
    const QString path = document_->path();
    // The pid keeps two windows on one file apart.
    const QString id = path.isEmpty()
                           ? QStringLiteral("untitled-%1-%2").arg(pid).arg(untitled_)
                           : QStringLiteral("%1-%2").arg(
                                 QString::fromLatin1(QCryptographicHash::hash(
                                                         path.toUtf8(), QCryptographicHash::Sha1)
                                                         .toHex()
                                                         .left(16)),
                                 QString::number(pid));
    return QDir(recovery_dir()).filePath(id + kSuffix);
}

void Autosave::schedule() {
    // A burst of edits is written once, at most `seconds_` after its first edit.
    if (seconds_ > 0 && document_->isModified() && !timer_.isActive())
        timer_.start(seconds_ * 1000);
}

bool Autosave::writeNow() {
    timer_.stop();
    if (!document_->isModified()) return false;
    const std::string text = save_spec(document_->spec());
    QJsonObject o;
    o.insert(QStringLiteral("format"), kFormat);
    o.insert(QStringLiteral("path"), document_->path());
    o.insert(QStringLiteral("base_dir"), document_->baseDir());
    o.insert(QStringLiteral("name"), document_->displayName());
    o.insert(QStringLiteral("time"), QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs));
    o.insert(QStringLiteral("pid"), QCoreApplication::applicationPid());
    o.insert(QStringLiteral("text"), QString::fromStdString(text));
    const QString target = file();
    QDir().mkpath(recovery_dir());
    QSaveFile out(target);
    if (!out.open(QIODevice::WriteOnly)) return false;
    out.write(QJsonDocument(o).toJson(QJsonDocument::Indented));
    if (!out.commit()) return false;
    if (!written_.isEmpty() && written_ != target) QFile::remove(written_);
    written_ = target;
    emit written(target);
    return true;
}

void Autosave::discard() {
    timer_.stop();
    if (!written_.isEmpty()) QFile::remove(written_);
    written_.clear();
}

}  // namespace tl::gui
