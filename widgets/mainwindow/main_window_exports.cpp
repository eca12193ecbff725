// The window's exports of the open spec: Edit ▸ Copy as Pallas Code and File ▸ Export
// Image… (docs/exports.md).
#include <QClipboard>
#include <QGuiApplication>
#include <QMessageBox>
#include <QStatusBar>

#include "core/export/pallas_snippet.h"
#include "widgets/document/spec_document.h"
#include "widgets/explorer/explorer_palette.h"
#include "widgets/explorer/export_dialog.h"
#include "widgets/mainwindow/main_window.h"

namespace tl::gui {

void MainWindow::copyPallasCode() {
    const ExplorerSnapshot& s = document_->snapshot();
    // A Python kernel is exported as the call its file records.
    const std::shared_ptr<const Spec> spec = s.recorded ? s.recorded : s.spec;
    if (!spec) {
        statusBar()->showMessage(tr("Nothing to copy: the spec has errors"), 5000);
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
    statusBar()->showMessage(
        tr("Copied %1 lines of Pallas code to the clipboard").arg(code.count(QLatin1Char('\n'))),
        5000);
}

void MainWindow::exportImage() {
    const ExplorerSnapshot& shown = explorer_->snapshot();
    if (!shown.analysis) {
        statusBar()->showMessage(tr("Nothing to export: the spec does not resolve"), 5000);
        return;
    }
    ExportImageDialog dialog(shown, explorer_->selectedProgram(),
                             ExplorerPalette::forPalette(explorer_->palette()).dark, this);
    if (dialog.exec() == QDialog::Accepted)
        statusBar()->showMessage(tr("Exported %1").arg(dialog.path()), 8000);
}

}  // namespace tl::gui
