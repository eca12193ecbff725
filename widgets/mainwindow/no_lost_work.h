#pragma once
// No lost work (docs/no-lost-work.md): the document's autosave, the recovery question at
// start, and the watch on its file for changes by other programs.
#include <QObject>
#include <functional>

#include "widgets/mainwindow/file_watch.h"
#include "widgets/mainwindow/recovery_dialog.h"

class QSettings;
class QWidget;

namespace tl::gui {

class Autosave;
class SpecDocument;

class NoLostWork : public QObject {
    Q_OBJECT
public:
    static constexpr const char* kIntervalKey = "autosave/seconds";
    // Asked with the recovery files left by windows that no longer run.
    using RecoveryPrompt = std::function<RecoveryAnswer(const QList<RecoveryOffer>& offers)>;
    // `maybe_save` is asked before a recovered document replaces the open one.
    NoLostWork(SpecDocument* document, QSettings* settings, QWidget* window,
               std::function<bool()> maybe_save, QObject* parent = nullptr);

    Autosave* autosave() const { return autosave_; }
    FileWatch* watch() const { return watch_; }
    void setRecoveryPrompt(RecoveryPrompt prompt) { recovery_prompt_ = std::move(prompt); }

    // Offers the recovery files until the user recovers one, has discarded all or says Later.
    // Returns whether a document was recovered.
    bool offerRecovery();
    // The window closes on purpose (its changes saved or discarded): the recovery file goes.
    void closedCleanly();

signals:
    void message(const QString& text);
    void error(const QString& text);

private:
    bool recover(const RecoveryFile& file);

    SpecDocument* document_;
    std::function<bool()> maybe_save_;
    Autosave* autosave_;
    FileWatch* watch_;
    RecoveryPrompt recovery_prompt_;
};

}  // namespace tl::gui
