#include "widgets/document/spec_document.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>
#include <QUndoStack>
#include <regex>

#include "core/audit/rules.h"
#include "core/base/format.h"
#include "core/base/limits.h"
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
    // Commands point back at the document: drop them before it goes, without telling anyone
    // (clearing makes the stack clean, and the window that listened may be half destroyed).
    disconnect(undo_, nullptr, this, nullptr);
    undo_->clear();
}

namespace {

// One expression text of a file that does not load, and where it goes back in the Spec.
struct Mistake {
    enum class Field { Name, Grid, IndexMap, Shape, Block } field = Field::Name;
    std::size_t index = 0;  // grid axis or operand
    std::size_t dim = 0;    // shape or block dimension
    std::string text;       // as written
};

// The mistake at JSON path `path` when it is an expression text this reader can put back.
std::optional<Mistake> mistake_at(const Json& doc, const std::string& path) {
    static const std::regex re(
        R"(^(name|grid\[(\d+)\]|operands\[(\d+)\]\.(index_map|shape\[(\d+)\]|block_shape\[(\d+)\]))$)");
    std::smatch m;
    if (!std::regex_match(path, m, re)) return std::nullopt;
    const auto num = [&](int i) { return static_cast<std::size_t>(std::stoull(m[i].str())); };
    // The element `i` of the array under `key` of object `o`, or null.
    const auto at = [](const Json* o, const char* key, std::optional<std::size_t> i) {
        if (!o || !o->is_object()) return static_cast<const Json*>(nullptr);
        const auto it = o->find(key);
        if (it == o->end()) return static_cast<const Json*>(nullptr);
        if (!i) return &*it;
        return it->is_array() && *i < it->size() ? &(*it)[*i] : nullptr;
    };
    Mistake k;
    const Json* j = nullptr;
    if (m[1] == "name") {
        j = at(&doc, "name", std::nullopt);
    } else if (m[2].matched) {
        k = {Mistake::Field::Grid, num(2), 0, {}};
        j = at(&doc, "grid", k.index);
    } else {
        const std::size_t op = num(3);
        const Json* o = at(&doc, "operands", op);
        if (m[4] == "index_map") {
            k = {Mistake::Field::IndexMap, op, 0, {}};
            j = at(o, "index_map", std::nullopt);
        } else {
            const bool shape = m[5].matched;
            k = {shape ? Mistake::Field::Shape : Mistake::Field::Block, op, num(shape ? 5 : 6), {}};
            j = at(o, shape ? "shape" : "block_shape", k.dim);
        }
    }
    if (!j || !j->is_string()) return std::nullopt;
    k.text = j->get<std::string>();
    return k;
}

// Replaces the mistake in `doc` by a text that loads (an index map by none, all zeros).
void stand_in(Json& doc, const Mistake& k) {
    switch (k.field) {
        case Mistake::Field::Name:
            doc["name"] = "spec";
            break;
        case Mistake::Field::Grid:
            doc["grid"][k.index] = 1;
            break;
        case Mistake::Field::IndexMap:
            doc["operands"][k.index].erase("index_map");
            break;
        case Mistake::Field::Shape:
            doc["operands"][k.index]["shape"][k.dim] = 1;
            break;
        case Mistake::Field::Block:
            doc["operands"][k.index]["block_shape"][k.dim] = 1;
            break;
    }
}

void put_back(Spec& spec, const Mistake& k) {
    switch (k.field) {
        case Mistake::Field::Name:
            spec.name = k.text;
            break;
        case Mistake::Field::Grid:
            spec.grid.at(k.index) = k.text;
            break;
        case Mistake::Field::IndexMap:
            spec.operands.at(k.index).index_map = k.text;
            break;
        case Mistake::Field::Shape:
            spec.operands.at(k.index).shape.at(k.dim) = k.text;
            break;
        case Mistake::Field::Block:
            spec.operands.at(k.index).block_shape.value().at(k.dim).size = k.text;
            break;
    }
}

// The spec of a file whose only mistakes are expression texts, with those texts as written:
// each is replaced by a stand-in until the file loads, then put back. The editor then shows
// the same errors the loader gave. Null for any other mistake (syntax, keys, types).
std::optional<Spec> read_with_mistakes(std::string_view text, const Diagnostics& errors,
                                       int* mistakes) {
    Json doc;
    try {
        doc = Json::parse(text);
    } catch (const Json::exception&) {
        return std::nullopt;
    }
    if (!doc.is_object()) return std::nullopt;
    std::vector<Mistake> found;
    Diagnostics left = errors;
    // A stand-in can reveal a mistake the first one hid (an arity after a name): a few rounds.
    for (int round = 0; round < 4 && !left.empty(); ++round) {
        for (const Diagnostic& d : left) {
            const auto k = mistake_at(doc, d.path);
            if (!k) return std::nullopt;
            stand_in(doc, *k);
            found.push_back(*k);
        }
        LoadResult again = load_spec(doc.dump(), std::string());
        if (again.spec) {
            for (const Mistake& k : found) put_back(*again.spec, k);
            if (mistakes) *mistakes = static_cast<int>(errors.size());
            return again.spec;
        }
        left = std::move(again.errors);
    }
    return std::nullopt;
}

}  // namespace

std::optional<Spec> SpecDocument::read(const QString& path, QString* error, int* mistakes) {
    if (mistakes) *mistakes = 0;
    // Read through QFile so that Qt resources (":/examples/...") open like files.
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        if (error) *error = tr("%1: cannot open the file: %2").arg(path, file.errorString());
        return std::nullopt;
    }
    if (static_cast<std::uintmax_t>(file.size()) > kMaxSpecFileBytes) {
        if (error) {
            const auto size = static_cast<std::int64_t>(file.size());
            *error = path + QStringLiteral(": ") +
                     QString::fromStdString(over_limit_message("the file", format_bytes(size),
                                                               LimitId::SpecFileBytes, size));
        }
        return std::nullopt;
    }
    const QByteArray bytes = file.readAll();
    const std::string_view text(bytes.constData(), static_cast<std::size_t>(bytes.size()));
    LoadResult loaded = load_spec(text, QFileInfo(path).fileName().toStdString());
    if (loaded.spec) return std::move(loaded.spec);
    if (auto spec = read_with_mistakes(text, loaded.errors, mistakes)) return spec;
    if (error) *error = QString::fromStdString(join(loaded.errors));
    return std::nullopt;
}

void SpecDocument::open(const Spec& spec, const QString& path) {
    const bool resource = path.startsWith(u':');
    replace(spec, resource ? QString() : QFileInfo(path).absoluteFilePath());
}

bool SpecDocument::load(const QString& path, QString* error) {
    const std::optional<Spec> spec = read(path, error);
    if (!spec) return false;
    open(*spec, path);
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

void SpecDocument::setPythonEngine(PythonEngine engine) {
    if (engine == python_engine_) return;
    python_engine_ = engine;
    if (spec_.python && python_allowed_) requestSnapshot();
}

SnapshotContext SpecDocument::snapshotContext() const {
    return SnapshotContext{baseDir().toStdString(), python_allowed_, python_engine_};
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
    // One copy of the spec per request: the snapshot shares it.
    lane_.start(
        tr("Analysing"), generation_,
        [this, spec = std::make_shared<const Spec>(spec_), generation = generation_,
         compute = compute_, context = snapshotContext()](JobControl&) -> JobTracker::Deliver {
            auto result = std::make_shared<const SnapshotResult>(
                compute ? compute(*spec, generation) : compute_snapshot(spec, generation, context));
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
