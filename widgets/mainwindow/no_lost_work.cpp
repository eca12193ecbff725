#include "widgets/mainwindow/no_lost_work.h"

#include <QDir>
#include <QFile>
#include <QSettings>
#include <QTemporaryFile>
#include <QUndoStack>

#include "widgets/document/autosave.h"
#include "widgets/document/spec_document.h"

namespace tl::gui {

NoLostWork::NoLostWork(SpecDocument* document, QSettings* settings, QWidget* window,
                       std::function<bool()> maybe_save, QObject* parent)
    : QObject(parent),
      document_(document),
      maybe_save_(std::move(maybe_save)),
      autosave_(new Autosave(document, this)),
      watch_(new FileWatch(document, window, this)),
      recovery_prompt_([window](const QList<RecoveryOffer>& offers) {
          RecoveryDialog dialog(offers, window);
          dialog.exec();
          return dialog.answer();
      }) {
    autosave_->setInterval(
        settings->value(QString::fromLatin1(kIntervalKey), Autosave::kDefaultSeconds).toInt());
    connect(watch_, &FileWatch::message, this, &NoLostWork::message);
}

bool NoLostWork::offerRecovery() {
    QList<RecoveryFile> files = orphaned_recovery_files();
    while (!files.isEmpty()) {
        QList<RecoveryOffer> offers;
        for (const RecoveryFile& f : files) offers.append({f, describe_change(f)});
        const RecoveryAnswer answer = recovery_prompt_(offers);
        if (answer.action == RecoveryAnswer::Action::Later || answer.index < 0 ||
            answer.index >= files.size())
            return false;
        const RecoveryFile chosen = files.takeAt(answer.index);
        if (answer.action == RecoveryAnswer::Action::Recover) return recover(chosen);
        QFile::remove(chosen.file);
        emit message(tr("Discarded the unsaved changes of %1").arg(chosen.name));
    }
    return false;
}

bool NoLostWork::recover(const RecoveryFile& file) {
    // The reader of spec files also keeps mistakes in expression texts as written, so the
    // text goes through a file of its own.
    QTemporaryFile text(QDir::temp().filePath(QStringLiteral("tilelens-recovered-XXXXXX.json")));
    QString why;
    std::optional<Spec> spec;
    if (text.open() && text.write(file.text) == file.text.size() && text.flush())
        spec = SpecDocument::read(text.fileName(), &why);
    if (!spec) {
        emit error(tr("Could not recover %1 (the recovery file %2 is kept):\n%3")
                       .arg(file.name, QDir::toNativeSeparators(file.file), why));
        return false;
    }
    if (!maybe_save_()) return false;
    // Bound to its file but modified: nothing is written there until the user saves.
    if (file.path.isEmpty()) {
        document_->setBaseDir(file.baseDir);
        document_->reset(*spec);
    } else {
        document_->open(*spec, file.path);
    }
    document_->undoStack()->resetClean();
    // This window's own recovery file takes over before the old one goes.
    autosave_->writeNow();
    QFile::remove(file.file);
    emit message(tr("Recovered the unsaved changes of %1; save to keep them").arg(file.name));
    return true;
}

void NoLostWork::closedCleanly() {
    autosave_->discard();
}

}  // namespace tl::gui
