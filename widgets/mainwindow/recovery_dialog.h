#pragma once
// The recovery question at start: the documents a window that ended without closing (a crash,
// a kill) left unsaved, each with its name, time and what differs from its file, and Recover /
// Discard / Later.
#include <QDialog>
#include <QList>

#include "widgets/document/autosave.h"

class QListWidget;

namespace tl::gui {

struct RecoveryOffer {
    RecoveryFile file;
    QString change;  // how the recovered text differs from the file on disk
};

struct RecoveryAnswer {
    enum class Action { Recover, Discard, Later };
    Action action = Action::Later;
    int index = -1;  // the offer it is about (Recover, Discard)
};

// "line 12 differs: <the recovered line>", or the size of an untitled or missing file's text.
QString describe_change(const RecoveryFile& file);

class RecoveryDialog : public QDialog {
    Q_OBJECT
public:
    explicit RecoveryDialog(const QList<RecoveryOffer>& offers, QWidget* parent = nullptr);
    RecoveryAnswer answer() const { return answer_; }
    QListWidget* list() const { return list_; }

private:
    void finish(RecoveryAnswer::Action action);

    QListWidget* list_;
    RecoveryAnswer answer_;
};

}  // namespace tl::gui
