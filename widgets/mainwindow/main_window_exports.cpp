// The window's exports of the open spec: Edit ▸ Copy as Pallas Code, File ▸ Export Image…
// and File ▸ Export Animation… (docs/exports.md).
#include <QClipboard>
#include <QDir>
#include <QFileInfo>
#include <QGuiApplication>
#include <QMessageBox>
#include <QProgressDialog>
#include <memory>

#include "core/audit/lesson_walk.h"
#include "core/export/pallas_snippet.h"
#include "widgets/document/spec_document.h"
#include "widgets/explorer/explorer_palette.h"
#include "widgets/explorer/export_dialog.h"
#include "widgets/mainwindow/animation_export.h"
#include "widgets/mainwindow/main_window.h"
#include "widgets/mainwindow/status_line.h"

namespace tl::gui {

void MainWindow::copyPallasCode() {
    const ExplorerSnapshot& s = document_->snapshot();
    // A Python kernel is exported as the call its file records.
    const std::shared_ptr<const Spec> spec = s.recorded ? s.recorded : s.spec;
    if (!spec) {
        status_->showMessage(tr("Nothing to copy: the spec has errors"), 5000);
        return;
    }
    const PallasSnippet snippet = pallas_snippet(*spec);
    if (!snippet.errors.empty()) {
        QStringList why;
        for (const auto& e : snippet.errors) why << QString::fromStdString(e);
        QMessageBox::warning(
            this, tr("Copy as Pallas Code"),
            tr("The spec cannot be written as Pallas code:\n%1").arg(why.join(QLatin1Char('\n'))));
        return;
    }
    const QString code = QString::fromStdString(snippet.code);
    QGuiApplication::clipboard()->setText(code);
    status_->showMessage(
        tr("Copied %1 lines of Pallas code to the clipboard").arg(code.count(QLatin1Char('\n'))),
        5000);
}

void MainWindow::exportImage() {
    const ExplorerSnapshot& shown = explorer_->snapshot();
    if (!shown.analysis) {
        status_->showMessage(tr("Nothing to export: the spec does not resolve"), 5000);
        return;
    }
    ExportImageDialog dialog(shown, explorer_->selectedProgram(),
                             ExplorerPalette::forPalette(explorer_->palette()).dark, this);
    if (dialog.exec() == QDialog::Accepted)
        status_->showMessage(tr("Exported %1").arg(dialog.path()), 8000);
}

void MainWindow::exportAnimation() {
    // A copy: the progress dialog runs the event loop, and a newer snapshot may replace the
    // explorer's while the frames are drawn.
    const auto kept = std::make_shared<const ExplorerSnapshot>(explorer_->snapshot());
    const ExplorerSnapshot& shown = *kept;
    if (!shown.analysis) {
        showError(tr("Nothing to animate: the spec does not resolve"));
        return;
    }
    const QString folder = document_->path().isEmpty() || document_->path().startsWith(u':')
                               ? QDir::homePath()
                               : QFileInfo(document_->path()).path();
    const QString name = QString::fromStdString(shown.spec ? shown.spec->name : std::string());
    const std::optional<Lesson> lesson = shown.spec ? read_lesson(*shown.spec) : std::nullopt;
    const auto choice = askAnimation(
        this, shown.analysis->programs(), ExplorerPalette::forPalette(explorer_->palette()).dark,
        QDir(folder).filePath((name.isEmpty() ? QStringLiteral("traversal") : name) +
                              QStringLiteral(".gif")),
        lesson ? static_cast<int>(lesson->steps.size()) : 0);
    if (!choice) return;
    QProgressDialog progress(tr("Drawing the frames…"), tr("Cancel"), 0, 1, this);
    progress.setWindowTitle(tr("Export animation"));
    progress.setWindowModality(Qt::WindowModal);
    progress.setMinimumDuration(300);
    QString why;
    const auto write = choice->lesson ? writeLessonAnimation : writeTraversalAnimation;
    const bool written = write(
        shown, *choice,
        [&progress](int done, int total) {
            progress.setMaximum(total);
            progress.setValue(done);
            return !progress.wasCanceled();
        },
        &why);
    progress.close();
    if (written)
        status_->showMessage(tr("Exported %1").arg(QDir::toNativeSeparators(choice->path)), 8000);
    else if (!why.isEmpty())
        showError(tr("Could not export the animation:\n%1").arg(why));
}

}  // namespace tl::gui
