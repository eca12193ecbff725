#include "widgets/timings/import_dialog.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QGridLayout>
#include <QLabel>
#include <QLineEdit>
#include <QVBoxLayout>

#include "core/target/target.h"
#include "core/timings/provenance.h"
#include "widgets/kit/palette.h"
#include "widgets/timings/timing_format_filters.h"

namespace tl::gui {

namespace {

QString targetLabel(const TargetProfile& t) {
    return QStringLiteral("%1 (%2)").arg(QString::fromStdString(t.display_name),
                                         QString::fromStdString(t.id));
}

// "None" first, then the open spec's target, then every other chip (not "interpret", which
// times nothing).
void fillTargets(QComboBox* box, const std::optional<std::string>& specTarget) {
    box->addItem(QObject::tr("none: leave them without a target"));
    const TargetProfile* own = specTarget ? builtin_targets().find(*specTarget) : nullptr;
    if (own)
        box->addItem(QObject::tr("%1, the open spec's").arg(targetLabel(*own)),
                     QString::fromStdString(own->id));
    for (const auto& t : builtin_targets().targets())
        if (&t != own && t.id != "interpret")
            box->addItem(targetLabel(t), QString::fromStdString(t.id));
}

}  // namespace

TimingsImportDialog::TimingsImportDialog(QWidget* parent,
                                         const std::optional<std::string>& specTarget)
    : QFileDialog(parent, tr("Import timings")),
      verified_(new QCheckBox(tr("I checked the outputs on the target"), this)),
      note_(new QLineEdit(this)),
      noteError_(new QLabel(this)),
      fillTarget_(new QComboBox(this)) {
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

    fillTarget_->setObjectName(QStringLiteral("fillTargetBox"));
    fillTargets(fillTarget_, specTarget);
    fillTarget_->setToolTip(
        tr("The target of the records whose file names none (a jax trace, a CSV without a "
           "target column), as --target does on the command line. A record whose file names "
           "its device keeps that device's target; the import warnings say how many were "
           "given this one."));
    auto* targetRow = new QFormLayout;
    targetRow->addRow(tr("Records that name no target are on:"), fillTarget_);

    auto* box = new QVBoxLayout;
    box->addLayout(targetRow);
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

std::optional<std::string> TimingsImportDialog::fillTarget() const {
    const QString id = fillTarget_->currentData().toString();
    if (id.isEmpty()) return std::nullopt;
    return id.toStdString();
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
