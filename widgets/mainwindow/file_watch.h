#pragma once
// Watches the open document's file for changes by other programs. A change to an unmodified
// document offers a reload; to a modified one it warns that saving overwrites the other
// program's change and offers Reload (discarding the edits) or Keep mine. A deleted file is
// reported and the document marked modified, so Save writes it again. The document's own
// saves are recognised by their content and ask nothing.
#include <QByteArray>
#include <QFileSystemWatcher>
#include <QObject>
#include <QTimer>
#include <functional>

class QWidget;

namespace tl::gui {

class SpecDocument;

class FileWatch : public QObject {
    Q_OBJECT
public:
    enum class Change {
        Changed,          // changed on disk; the document has no unsaved changes
        ChangedModified,  // changed on disk while the document has unsaved changes
        Deleted,          // removed from disk (the answer is not used)
    };
    // True to reload the file (for ChangedModified: discarding the unsaved changes).
    using Prompt = std::function<bool(const QString& path, Change change)>;

    FileWatch(SpecDocument* document, QWidget* window, QObject* parent = nullptr);
    void setPrompt(Prompt prompt) { prompt_ = std::move(prompt); }

signals:
    void message(const QString& text);

private:
    void follow();   // a new path, or the document was saved: watch it with its new content
    void changed();  // from the watcher, after a short pause
    void rewatch();

    SpecDocument* document_;
    QFileSystemWatcher watcher_;
    QTimer pause_;  // an atomic replace is a remove and a rename: look once it is done
    Prompt prompt_;
    QString path_;
    QByteArray known_;  // the file's content as last read or written by the document
    bool exists_ = false;
    bool asking_ = false;
};

}  // namespace tl::gui
