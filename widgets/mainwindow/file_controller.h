#pragma once
// File handling of the window: open, save, save as, recent files, new from example, drops,
// and the unsaved-changes question before the document is replaced or the window closes.
#include <QMessageBox>
#include <QObject>
#include <functional>
#include <memory>
#include <optional>

#include "core/spec/spec.h"
#include "widgets/mainwindow/no_lost_work.h"
#include "widgets/mainwindow/python_call_dialog.h"
#include "widgets/mainwindow/python_trust.h"

class QMenu;
class QSettings;
class QWidget;

namespace tl::gui {

class RecentFiles;
class SpecDocument;

class FileController : public QObject {
    Q_OBJECT
public:
    // Asked before unsaved changes are lost: Save, Discard or Cancel.
    using Prompt = std::function<QMessageBox::StandardButton(const QString& name)>;

    FileController(SpecDocument* document, QSettings* settings, QWidget* window);
    ~FileController() override;

    void setPrompt(Prompt prompt) { prompt_ = std::move(prompt); }
    // Asked before a kernel file runs for the first time (or changed): true to run it.
    using PythonPrompt = std::function<bool(const QString& path)>;
    void setPythonPrompt(PythonPrompt prompt) { python_prompt_ = std::move(prompt); }
    // Asked when a .py file is opened: the call to record; nullopt cancels.
    using CallPrompt =
        std::function<std::optional<PythonCall>(const QString& path, const PythonCall& initial)>;
    void setCallPrompt(CallPrompt prompt) { call_prompt_ = std::move(prompt); }
    // Asked when a file does not load as a spec: its text fixed (FixTextDialog), or nullopt.
    using FixPrompt = std::function<std::optional<Spec>(const QString& path, const QString& text)>;
    void setFixPrompt(FixPrompt prompt) { fix_prompt_ = std::move(prompt); }
    // Runs kernel files without asking (the command line's --allow-python).
    void setAllowAllPython(bool allow) { allow_all_python_ = allow; }

    // Asks, when needed, whether the open spec's kernel file may run, and tells the document.
    bool allowPython();
    // Opens a kernel's .py file as a new untitled spec, asking for the call.
    bool openPython(const QString& path);
    // Fills `menu` with the recent files now and whenever they change.
    void setRecentMenu(QMenu* menu);
    RecentFiles& recent() const { return *recent_; }
    // Autosave, crash recovery and the watch on the open file.
    NoLostWork* noLostWork() const { return no_lost_work_; }

    // Each returns false when nothing happened (cancelled, or an error that was reported).
    bool openPath(const QString& path);              // asks about unsaved changes first
    bool open();                                     // with a file dialog
    bool newFromExample();                           // with the example dialog
    bool newFromRealKernel();                        // the same, on its real-kernel page
    bool openExample(const QString& resource_path);  // untitled copy of an example
    bool save();                                     // Save As when untitled
    bool saveAs();                                   // with a file dialog
    bool saveTo(const QString& path);
    // True when the document may be replaced: saved, discarded, or unmodified.
    bool maybeSave();

signals:
    void message(const QString& text);  // for the log
    void error(const QString& text);    // shown to the user as well

private:
    void fillRecentMenu();
    bool openToFix(const QString& path, const QString& why);

    SpecDocument* document_;
    QWidget* window_;
    std::unique_ptr<RecentFiles> recent_;
    QMenu* recent_menu_ = nullptr;
    Prompt prompt_;
    QSettings* settings_;
    PythonTrust trust_;
    PythonPrompt python_prompt_;
    CallPrompt call_prompt_;
    FixPrompt fix_prompt_;
    bool allow_all_python_ = false;
    // Last: it uses the members above.
    NoLostWork* no_lost_work_ = new NoLostWork(
        document_, settings_, window_, [this] { return maybeSave(); }, this);
};

}  // namespace tl::gui
