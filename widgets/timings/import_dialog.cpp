#include "widgets/timings/import_dialog.h"

#include <QCheckBox>
#include <QGridLayout>
#include <QLabel>
#include <QLineEdit>
#include <QVBoxLayout>

#include "core/timings/provenance.h"
#include "widgets/kit/palette.h"
#include "widgets/timings/timing_format_filters.h"

namespace tl::gui {

TimingsImportDialog::TimingsImportDialog(QWidget* parent)
    : QFileDialog(parent, tr("Import timings")),
      verified_(new QCheckBox(tr("I checked the outputs on the target"), this)),
      note_(new QLineEdit(this)),
      noteError_(new QLabel(this)) {
    // Qt's dialog: a native one has no room for the attestation.
    setOption(QFileDialog::DontUseNativeDialog);
    setFileMode(QFileDialog::ExistingFiles);
    setAcceptMode(QFileDialog::AcceptOpen);
    setNameFilters(timingFormatFilters().filters);
    verified_->setObjectName(QStringLiteral("verifiedCheck"));
    verified_->setToolTip(
        tr("Marks every record of these files verified: their outputs were compared with a "
           "reference on the target they were timed on. What a file says itself wins. Without "
           "it, a file that does not say so gives only a provisional decision."));
    note_->setObjectName(QStringLiteral("verifiedNote"));
    note_->setPlaceholderText(
        tr("who checked what, where and when: outputs compared with jnp reference on v6e, "
           "2026-11-30, A. Author"));
    note_->setEnabled(false);
    noteError_->setObjectName(QStringLiteral("verifiedNoteError"));
    noteError_->setText(tr("Say who checked which outputs, where and when, or untick the box."));
    QPalette pal = noteError_->palette();
    pal.setColor(QPalette::WindowText, errorColour());
    noteError_->setPalette(pal);
    noteError_->hide();

    auto* box = new QVBoxLayout;
    box->addWidget(verified_);
    box->addWidget(note_);
    box->addWidget(noteError_);
    // Qt's file dialog lays itself out on a grid: the attestation goes under its last row.
    if (auto* grid = qobject_cast<QGridLayout*>(layout()))
        grid->addLayout(box, grid->rowCount(), 0, 1, grid->columnCount());
    connect(verified_, &QCheckBox::toggled, this, [this](bool on) {
        note_->setEnabled(on);
        if (on) note_->setFocus();
        noteError_->hide();
    });
    connect(note_, &QLineEdit::textChanged, noteError_, &QLabel::hide);
}

std::optional<QString> TimingsImportDialog::verifiedNote() const {
    if (!verified_->isChecked()) return std::nullopt;
    return QString::fromStdString(trimmed_note(note_->text().toStdString()));
}

void TimingsImportDialog::accept() {
    if (verified_->isChecked() && verifiedNote()->isEmpty()) {
        noteError_->show();
        note_->setFocus();
        return;
    }
    QFileDialog::accept();
}

}  // namespace tl::gui
