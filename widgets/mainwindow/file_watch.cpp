#include "widgets/mainwindow/file_watch.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QMessageBox>
#include <QPushButton>
#include <QUndoStack>

#include "widgets/document/spec_document.h"

namespace tl::gui {
namespace {

QByteArray content(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

bool ask(QWidget* window, const QString& path, FileWatch::Change change) {
    const QString file = QDir::toNativeSeparators(path);
    switch (change) {
        case FileWatch::Change::Changed:
            return QMessageBox::question(
                       window, QObject::tr("File changed on disk"),
                       QObject::tr("%1 was changed by another program. Reload it?").arg(file),
                       QMessageBox::Yes | QMessageBox::No, QMessageBox::Yes) == QMessageBox::Yes;
        case FileWatch::Change::ChangedModified: {
            QMessageBox box(QMessageBox::Warning, QObject::tr("File changed on disk"),
                            QObject::tr("%1 was changed by another program while it has unsaved "
                                        "changes here. Saving will overwrite the other program's "
                                        "change.")
                                .arg(file),
                            QMessageBox::NoButton, window);
            QAbstractButton* reload =
                box.addButton(QObject::tr("Reload (discard my changes)"), QMessageBox::AcceptRole);
            box.setDefaultButton(box.addButton(QObject::tr("Keep mine"), QMessageBox::RejectRole));
            box.exec();
            return box.clickedButton() == reload;
        }
        case FileWatch::Change::Deleted:
            QMessageBox::warning(window, QObject::tr("File deleted"),
                                 QObject::tr("%1 was deleted by another program. Save writes it "
                                             "again.")
                                     .arg(file));
            return false;
    }
    return false;
}

}  // namespace

FileWatch::FileWatch(SpecDocument* document, QWidget* window, QObject* parent)
    : QObject(parent),
      document_(document),
      prompt_([window](const QString& path, Change change) { return ask(window, path, change); }) {
    pause_.setSingleShot(true);
    pause_.setInterval(150);
    connect(&pause_, &QTimer::timeout, this, &FileWatch::changed);
    connect(&watcher_, &QFileSystemWatcher::fileChanged, &pause_, qOverload<>(&QTimer::start));
    // The folder tells when a deleted (or atomically replaced) file is back.
    connect(&watcher_, &QFileSystemWatcher::directoryChanged, &pause_, qOverload<>(&QTimer::start));
    // Open and save both announce the path: the file on disk is then the document's own.
    connect(document_, &SpecDocument::pathChanged, this, &FileWatch::follow);
}

void FileWatch::follow() {
    if (!watcher_.files().isEmpty()) watcher_.removePaths(watcher_.files());
    if (!watcher_.directories().isEmpty()) watcher_.removePaths(watcher_.directories());
    path_ = document_->path();
    known_.clear();
    exists_ = false;
    if (path_.isEmpty()) return;
    known_ = content(path_);
    exists_ = QFileInfo::exists(path_);
    rewatch();
}

void FileWatch::rewatch() {
    // A watcher drops a file that was replaced by a rename: add it again.
    if (QFileInfo::exists(path_) && !watcher_.files().contains(path_)) watcher_.addPath(path_);
    const QString dir = QFileInfo(path_).absolutePath();
    if (!watcher_.directories().contains(dir)) watcher_.addPath(dir);
}

void FileWatch::changed() {
    if (path_.isEmpty() || asking_) return;
    rewatch();
    const bool exists = QFileInfo::exists(path_);
    if (!exists) {
        if (!exists_) return;  // still gone: told already
        exists_ = false;
        known_.clear();
        emit message(tr("%1 was deleted on disk; Save writes it again")
                         .arg(QDir::toNativeSeparators(path_)));
        document_->undoStack()->resetClean();  // modified: nothing on disk holds it
        asking_ = true;
        prompt_(path_, Change::Deleted);
        asking_ = false;
        return;
    }
    exists_ = true;
    const QByteArray now = content(path_);
    if (now == known_) return;  // the document's own save, or only touched
    known_ = now;               // asked once per change
    const bool modified = document_->isModified();
    emit message(
        tr("%1 was changed on disk by another program").arg(QDir::toNativeSeparators(path_)));
    asking_ = true;
    const bool reload = prompt_(path_, modified ? Change::ChangedModified : Change::Changed);
    asking_ = false;
    if (!reload) return;
    QString why;
    const std::optional<Spec> spec = SpecDocument::read(path_, &why);
    if (!spec) {
        emit message(tr("Could not reload %1:\n%2").arg(QDir::toNativeSeparators(path_), why));
        return;
    }
    document_->open(*spec, path_);
    emit message(tr("Reloaded %1").arg(QDir::toNativeSeparators(path_)));
}

}  // namespace tl::gui
