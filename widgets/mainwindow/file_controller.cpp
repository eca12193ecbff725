#include "widgets/mainwindow/file_controller.h"

#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QUndoStack>

#include "core/spec/spec_io.h"
#include "widgets/document/recent_files.h"
#include "widgets/document/spec_document.h"
#include "widgets/examples/new_from_example_dialog.h"
#include "widgets/mainwindow/fix_text_dialog.h"

namespace tl::gui {
namespace {
const QString kFilter = QObject::tr(
    "TileLens specs and kernels (*.tilelens.json *.py);;TileLens specs (*.tilelens.json);;Python "
    "kernel files (*.py);;JSON files (*.json)");
const QString kSaveFilter = QObject::tr("TileLens specs (*.tilelens.json);;JSON files (*.json)");
}  // namespace

FileController::FileController(SpecDocument* document, QSettings* settings, QWidget* window)
    : QObject(window),
      document_(document),
      window_(window),
      recent_(std::make_unique<RecentFiles>(settings)),
      prompt_([window](const QString& name) {
          return QMessageBox::warning(
              window, QObject::tr("Unsaved changes"),
              QObject::tr("%1 has changes that are not saved. Save them?").arg(name),
              QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
      }),
      settings_(settings),
      trust_(settings),
      python_prompt_([window](const QString& path) { return askToRunPython(window, path); }),
      call_prompt_([window](const QString& path, const PythonCall& initial) {
          return askPythonCall(window, path, initial);
      }),
      fix_prompt_([window](const QString& path, const QString& text) -> std::optional<Spec> {
          FixTextDialog dialog(path, text, window);
          if (dialog.exec() != QDialog::Accepted) return std::nullopt;
          return dialog.spec();
      }) {}

FileController::~FileController() = default;

void FileController::setRecentMenu(QMenu* menu) {
    recent_menu_ = menu;
    connect(menu, &QMenu::aboutToShow, this, &FileController::fillRecentMenu);
    fillRecentMenu();
}

void FileController::fillRecentMenu() {
    if (!recent_menu_) return;
    recent_menu_->clear();
    const QStringList files = recent_->files();
    int n = 0;
    for (const QString& f : files) {
        ++n;
        const QString label = (n < 10 ? QStringLiteral("&%1 ").arg(n) : QString()) +
                              QFileInfo(f).fileName() + QStringLiteral("  —  ") +
                              QDir::toNativeSeparators(QFileInfo(f).path());
        recent_menu_->addAction(label, this, [this, f] { openPath(f); });
    }
    if (files.isEmpty()) recent_menu_->addAction(tr("No recent files"))->setEnabled(false);
    recent_menu_->addSeparator();
    recent_menu_
        ->addAction(tr("Clear the list"), this,
                    [this] {
                        recent_->clear();
                        fillRecentMenu();
                    })
        ->setEnabled(!files.isEmpty());
}

bool FileController::maybeSave() {
    if (!document_->isModified()) return true;
    switch (prompt_(document_->displayName())) {
        case QMessageBox::Save:
            return save();
        case QMessageBox::Discard:
            return true;
        default:
            return false;
    }
}

bool FileController::allowPython() {
    const QString file = document_->pythonFilePath();
    if (file.isEmpty()) return false;
    bool allowed = allow_all_python_ || trust_.trusted(file);
    if (!allowed && QFileInfo(file).isFile() && python_prompt_(file)) {
        trust_.trust(file);
        allowed = true;
    }
    document_->allowPython(allowed);
    emit message(allowed ? tr("Running the kernel file %1").arg(QDir::toNativeSeparators(file))
                         : tr("The kernel file %1 was not run; Run ▸ Allow Running the Kernel "
                              "File asks again")
                               .arg(QDir::toNativeSeparators(file)));
    return allowed;
}

bool FileController::openPython(const QString& path) {
    // A file opened before is asked about as it was called; a new one with the wrapper,
    // reference and target its text points to, so that nothing is left silently at interpret.
    PythonCall initial = rememberedCall(settings_, path);
    if (initial.call.isEmpty()) initial = likelyCall(path);
    const auto chosen = call_prompt_(path, initial);
    if (!chosen) return false;
    const auto spec = specForCall(path, *chosen);
    if (const auto* e = std::get_if<std::string>(&spec)) {
        emit error(tr("Could not open %1:\n%2")
                       .arg(QDir::toNativeSeparators(path), QString::fromStdString(*e)));
        return false;
    }
    rememberCall(settings_, path, *chosen);
    if (!maybeSave()) return false;
    document_->setBaseDir(QFileInfo(path).absolutePath());
    document_->reset(std::get<Spec>(spec));
    recent_->add(path);
    fillRecentMenu();
    allowPython();
    return true;
}

bool FileController::openPath(const QString& path) {
    if (path.endsWith(QStringLiteral(".py"))) return openPython(path);
    // The file is checked first: a file that cannot be opened asks nothing.
    QString why;
    int mistakes = 0;
    const std::optional<Spec> spec = SpecDocument::read(path, &why, &mistakes);
    if (!spec) return openToFix(path, why);
    if (!maybeSave()) return false;
    document_->open(*spec, path);
    if (!path.startsWith(u':')) recent_->add(path);
    fillRecentMenu();
    emit message(
        mistakes > 0
            ? tr("Opened %1 with %n mistake(s) to fix in the editor; nothing is drawn until "
                 "they are fixed",
                 nullptr, mistakes)
                  .arg(QDir::toNativeSeparators(path))
        : path.startsWith(u':') ? tr("Opened the example %1").arg(QFileInfo(path).fileName())
                                : tr("Opened %1").arg(QDir::toNativeSeparators(path)));
    if (document_->spec().python) allowPython();
    return true;
}

// A file that reads but does not load (its content is wrong) opens as text to fix; one that
// cannot be read (missing, unreadable, too big) is an error.
bool FileController::openToFix(const QString& path, const QString& why) {
    QFile file(path);
    const bool readable = !path.startsWith(u':') && file.open(QIODevice::ReadOnly) &&
                          static_cast<std::uintmax_t>(file.size()) <= kMaxSpecFileBytes;
    const QByteArray bytes = readable ? file.readAll() : QByteArray();
    if (!readable || bytes.contains('\0')) {
        emit error(tr("Could not open %1:\n%2").arg(QDir::toNativeSeparators(path), why));
        return false;
    }
    emit message(tr("%1 does not load as a spec:\n%2").arg(QDir::toNativeSeparators(path), why));
    const std::optional<Spec> fixed =
        fix_prompt_ ? fix_prompt_(path, QString::fromUtf8(bytes)) : std::nullopt;
    if (!fixed || !maybeSave()) return false;
    document_->open(*fixed, path);
    document_->undoStack()->resetClean();  // the fix is not on disk yet: Save writes it
    if (!path.startsWith(u':')) recent_->add(path);
    fillRecentMenu();
    emit message(
        tr("Opened %1 as fixed; save to write the fix").arg(QDir::toNativeSeparators(path)));
    return true;
}

bool FileController::open() {
    const QString start =
        document_->path().isEmpty() ? QDir::homePath() : QFileInfo(document_->path()).path();
    const QString path = QFileDialog::getOpenFileName(window_, tr("Open spec"), start, kFilter);
    return !path.isEmpty() && openPath(path);
}

bool FileController::openExample(const QString& resource_path) {
    QString why;
    const std::optional<Spec> spec = SpecDocument::read(resource_path, &why);
    if (!spec) {
        emit error(tr("Could not open the example %1:\n%2").arg(resource_path, why));
        return false;
    }
    if (!maybeSave()) return false;
    document_->open(*spec, resource_path);
    emit message(tr("New document from the example %1").arg(QFileInfo(resource_path).fileName()));
    return true;
}

namespace {

QString chooseExample(QWidget* window, NewFromExampleDialog::Page page) {
    NewFromExampleDialog dialog(window, page);
    return dialog.exec() == QDialog::Accepted ? dialog.selectedPath() : QString();
}

}  // namespace

bool FileController::newFromExample() {
    const QString path = chooseExample(window_, NewFromExampleDialog::Page::Examples);
    return !path.isEmpty() && openExample(path);
}

bool FileController::newFromRealKernel() {
    const QString path = chooseExample(window_, NewFromExampleDialog::Page::RealKernels);
    return !path.isEmpty() && openExample(path);
}

bool FileController::save() {
    if (document_->path().isEmpty()) return saveAs();
    return saveTo(document_->path());
}

bool FileController::saveAs() {
    const QString suggested = document_->path().isEmpty()
                                  ? QDir(QDir::homePath()).filePath(document_->displayName())
                                  : document_->path();
    QString path = QFileDialog::getSaveFileName(window_, tr("Save spec"), suggested, kSaveFilter);
    if (path.isEmpty()) return false;
    if (!path.endsWith(QStringLiteral(".json"))) path += QStringLiteral(".tilelens.json");
    return saveTo(path);
}

bool FileController::saveTo(const QString& path) {
    QString why;
    if (!document_->save(path, &why)) {
        emit error(tr("Could not save:\n%1").arg(why));
        return false;
    }
    recent_->add(path);
    fillRecentMenu();
    const auto errors = document_->diagnostics().size();
    emit message(
        errors == 0 ? tr("Saved %1").arg(QDir::toNativeSeparators(path))
                    : tr("Saved %1 with %n error(s) still in it", nullptr, static_cast<int>(errors))
                          .arg(QDir::toNativeSeparators(path)));
    return true;
}

}  // namespace tl::gui
