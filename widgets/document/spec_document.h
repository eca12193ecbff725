#pragma once
// The open spec: the value the editor changes through undo commands, and the newest valid
// ExplorerSnapshot computed from it off the GUI thread on a queueing JobTracker lane: while
// one analysis runs only the newest edit waits (a burst of keystrokes costs at most two), a
// stale result is dropped unseen, and while the spec as edited has errors the last valid
// snapshot stays.
#include <QObject>
#include <QString>
#include <functional>
#include <memory>
#include <optional>

#include "core/base/diagnostic.h"
#include "core/pyrun/python_env.h"
#include "core/spec/spec.h"
#include "widgets/document/explorer_snapshot.h"
#include "widgets/document/snapshot_compute.h"
#include "widgets/document/spec_change.h"
#include "widgets/kit/job_tracker.h"

class QUndoStack;

namespace tl::gui {

class SpecDocument : public QObject {
    Q_OBJECT
public:
    using Compute = std::function<SnapshotResult(const Spec&, quint64)>;
    // `compute` replaces compute_snapshot (tests use it to control timing).
    explicit SpecDocument(QObject* parent = nullptr, Compute compute = {});
    ~SpecDocument() override;

    // Opens a spec file (also ":/examples/..." resources, which open untitled). On failure
    // returns false, fills *error with the loader's messages and keeps the open document.
    bool load(const QString& path, QString* error = nullptr);
    // Reads and checks a spec file without opening it. A file whose mistakes are in expression
    // texts (the name, grid sizes, shapes, block sizes, index maps) is read as written, to be
    // opened and fixed in the editor; *mistakes counts them. Null when it cannot be read.
    static std::optional<Spec> read(const QString& path, QString* error = nullptr,
                                    int* mistakes = nullptr);
    // Opens a spec read from `path` (a resource opens untitled).
    void open(const Spec& spec, const QString& path);
    // Replaces the document with `spec`, untitled and unmodified (a new document).
    void reset(const Spec& spec);
    // Writes the spec as edited atomically; on success the document takes the path and is clean.
    bool save(const QString& path, QString* error = nullptr);

    const QString& path() const { return path_; }  // empty while untitled
    // The folder a `python` spec's file is relative to: the spec file's, or for an untitled
    // document the one set here (a kernel opened as a .py file).
    QString baseDir() const;
    void setBaseDir(const QString& dir);
    // The absolute path of the spec's kernel file; empty without a `python` key.
    QString pythonFilePath() const;
    // Whether the kernel file may run (the window asks the user); reset by each new document.
    void allowPython(bool allowed);
    bool pythonAllowed() const { return python_allowed_; }
    // Which engine runs a Python kernel file (docs/python-runner.md, "Engines").
    void setPythonEngine(PythonEngine engine);
    PythonEngine pythonEngine() const { return python_engine_; }
    QString displayName() const;  // the file's name, or "<name>.tilelens.json"
    bool isModified() const;

    const Spec& spec() const { return spec_; }  // as edited: may not be valid
    // Makes `after` the spec as one undo step described by `text`; a no-op when unchanged.
    void edit(const Spec& after, const SpecChange& change, const QString& text);
    // Ends the undo step being typed: the next edit is a step of its own even when it edits
    // the same field (a field left, or a table cell closed, and edited again).
    void endEditStep() { ++edit_step_; }
    quint64 editStep() const { return edit_step_; }
    QUndoStack* undoStack() const { return undo_; }

    // What is wrong with the spec as edited (loader and resolver messages); empty when fine.
    const Diagnostics& diagnostics() const { return diagnostics_; }
    // The newest valid snapshot (generation 0 and no spec before the first one).
    const ExplorerSnapshot& snapshot() const { return snapshot_; }
    quint64 generation() const { return generation_; }  // of the newest edit
    bool isAnalysing() const { return settled_ != generation_; }

    // Attaches a kernel run to the snapshot of `generation`, its numerics findings merged into
    // the audit. Returns false (and drops it) when the spec was edited since.
    bool attachRun(quint64 generation, std::shared_ptr<const RunResult> run,
                   std::shared_ptr<const NumericsResult> numerics);

signals:
    void specChanged(const tl::gui::SpecChange& change);
    void snapshotReady(const tl::gui::ExplorerSnapshot& snapshot);
    void diagnosticsChanged();
    void pathChanged(const QString& path);
    // Another document replaced the open one (open, new from example); before specChanged.
    void documentReplaced();
    void modifiedChanged(bool modified);
    // The snapshot of the newest edit was computed, in `milliseconds`.
    void analysed(quint64 generation, double milliseconds);

private:
    friend class SpecEditCommand;
    void apply(const Spec& spec, const SpecChange& change);
    void replace(const Spec& spec, const QString& path);
    void requestSnapshot();
    SnapshotContext snapshotContext() const;
    void onResult(const SnapshotResult& result);

    Spec spec_;
    QString path_;
    QString base_dir_;
    bool python_allowed_ = false;
    PythonEngine python_engine_ = PythonEngine::Auto;
    QUndoStack* undo_;
    Compute compute_;
    quint64 generation_ = 0;
    quint64 document_ = 0;  // counts the documents opened (ExplorerSnapshot::document)
    quint64 edit_step_ = 0;
    quint64 settled_ = 0;  // generation of the newest result received
    Diagnostics diagnostics_;
    ExplorerSnapshot snapshot_;
    bool analysable_ = false;                       // the snapshot on show has an analysis
    JobTracker lane_{JobTracker::WhenBusy::Queue};  // last: waited for before the rest goes
};

}  // namespace tl::gui
