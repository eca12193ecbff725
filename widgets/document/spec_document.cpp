#include "widgets/document/spec_document.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>
#include <QUndoStack>

#include "core/audit/rules.h"
#include "core/pyrun/python_run.h"
#include "core/spec/spec_io.h"
#include "widgets/document/spec_edit_command.h"

namespace tl::gui {

SpecDocument::SpecDocument(QObject* parent, Compute compute)
    : QObject(parent), undo_(new QUndoStack(this)), compute_(std::move(compute)) {
    connect(undo_, &QUndoStack::cleanChanged, this,
            [this](bool clean) { emit modifiedChanged(!clean); });
}

SpecDocument::~SpecDocument() {
    // Commands point back at the document: drop them before it goes.
    undo_->clear();
}

bool SpecDocument::load(const QString& path, QString* error) {
    // Read through QFile so that Qt resources (":/examples/...") open like files.
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        if (error) *error = tr("%1: cannot open the file: %2").arg(path, file.errorString());
        return false;
    }
    if (static_cast<std::uintmax_t>(file.size()) > kMaxSpecFileBytes) {
        if (error) *error = tr("%1: the file is larger than a spec can be (64 MiB)").arg(path);
        return false;
    }
    const QByteArray bytes = file.readAll();
    LoadResult loaded =
        load_spec(std::string_view(bytes.constData(), static_cast<std::size_t>(bytes.size())),
                  QFileInfo(path).fileName().toStdString());
    if (!loaded.spec) {
        if (error) *error = QString::fromStdString(join(loaded.errors));
        return false;
    }
    const bool resource = path.startsWith(u':');
    replace(*loaded.spec, resource ? QString() : QFileInfo(path).absoluteFilePath());
    return true;
}

void SpecDocument::reset(const Spec& spec) {
    replace(spec, QString());
}

void SpecDocument::replace(const Spec& spec, const QString& path) {
    undo_->clear();
    ++document_;
    spec_ = spec;
    path_ = path;
    python_allowed_ = false;  // a new document's kernel file is run only once allowed
    analysable_ = false;      // the first snapshot of a new document always shows
    diagnostics_.clear();
    undo_->setClean();
    emit documentReplaced();
    emit pathChanged(path_);
    emit modifiedChanged(false);
    emit specChanged(SpecChange::all());
    requestSnapshot();
}

bool SpecDocument::save(const QString& path, QString* error) {
    // A kernel file named relative to the old folder is named relative to the new one (or
    // absolutely when it is not below it), so the saved spec still finds it.
    if (spec_.python && !QFileInfo(QString::fromStdString(spec_.python->file)).isAbsolute()) {
        const QString file = pythonFilePath();
        const QString rel = QDir(QFileInfo(path).absolutePath()).relativeFilePath(file);
        Spec moved = spec_;
        moved.python->file = (rel.startsWith(QStringLiteral("..")) ? file : rel).toStdString();
        if (moved != spec_) {
            spec_ = moved;
            emit specChanged(SpecChange::all());
        }
    }
    const std::string text = save_spec(spec_);
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        if (error) *error = tr("%1: cannot write: %2").arg(path, file.errorString());
        return false;
    }
    file.write(text.data(), static_cast<qint64>(text.size()));
    if (!file.commit()) {
        if (error) *error = tr("%1: cannot write: %2").arg(path, file.errorString());
        return false;
    }
    path_ = QFileInfo(path).absoluteFilePath();
    undo_->setClean();
    emit pathChanged(path_);
    return true;
}

QString SpecDocument::baseDir() const {
    return path_.isEmpty() ? base_dir_ : QFileInfo(path_).absolutePath();
}

void SpecDocument::setBaseDir(const QString& dir) {
    base_dir_ = dir;
}

QString SpecDocument::pythonFilePath() const {
    if (!spec_.python) return {};
    return QString::fromStdString(python_file_path(*spec_.python, baseDir().toStdString()));
}

void SpecDocument::allowPython(bool allowed) {
    if (allowed == python_allowed_) return;
    python_allowed_ = allowed;
    if (spec_.python) requestSnapshot();
}

SnapshotContext SpecDocument::snapshotContext() const {
    return SnapshotContext{baseDir().toStdString(), python_allowed_};
}

QString SpecDocument::displayName() const {
    if (!path_.isEmpty()) return QFileInfo(path_).fileName();
    return QString::fromStdString(spec_.name) + QStringLiteral(".tilelens.json");
}

bool SpecDocument::isModified() const {
    return !undo_->isClean();
}

void SpecDocument::edit(const Spec& after, const SpecChange& change, const QString& text) {
    if (after == spec_) return;
    undo_->push(new SpecEditCommand(this, spec_, after, change, text));
}

void SpecDocument::apply(const Spec& spec, const SpecChange& change) {
    spec_ = spec;
    emit specChanged(change);
    requestSnapshot();
}

void SpecDocument::requestSnapshot() {
    ++generation_;
    lane_.start(
        tr("Analysing"), generation_,
        [this, spec = spec_, generation = generation_, compute = compute_,
         context = snapshotContext()](JobControl&) -> JobTracker::Deliver {
            auto result = std::make_shared<const SnapshotResult>(
                compute ? compute(spec, generation) : compute_snapshot(spec, generation, context));
            return [this, result](bool) { onResult(*result); };
        });
}

void SpecDocument::onResult(const SnapshotResult& result) {
    // The lane delivers only the newest request's result.
    settled_ = result.generation;
    emit analysed(result.generation, result.milliseconds);
    diagnostics_ = result.diagnostics;
    emit diagnosticsChanged();
    // An edit that does not analyse leaves the last valid drawing on screen.
    if (result.snapshot && (result.snapshot->analysis || !analysable_)) {
        snapshot_ = *result.snapshot;
        snapshot_.document = document_;
        analysable_ = snapshot_.analysis != nullptr;
        emit snapshotReady(snapshot_);
    } else if (!result.snapshot && snapshot_.document != document_) {
        // A new document that is not valid yet: nothing of the previous one is shown or run.
        snapshot_ = ExplorerSnapshot{};
        snapshot_.generation = result.generation;
        snapshot_.document = document_;
        analysable_ = false;
        emit snapshotReady(snapshot_);
    }
}

bool SpecDocument::attachRun(quint64 generation, std::shared_ptr<const RunResult> run,
                             std::shared_ptr<const NumericsResult> numerics) {
    if (generation != generation_ || generation != snapshot_.generation || !snapshot_.audit)
        return false;
    ExplorerSnapshot next = snapshot_;
    next.run = std::move(run);
    next.numerics = std::move(numerics);
    if (next.numerics)
        next.audit =
            std::make_shared<const AuditResult>(with_numerics(*next.audit, *next.numerics));
    snapshot_ = std::move(next);
    emit snapshotReady(snapshot_);
    return true;
}

}  // namespace tl::gui
