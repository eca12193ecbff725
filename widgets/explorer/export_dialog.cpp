#include "widgets/explorer/export_dialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QStandardItemModel>
#include <QVBoxLayout>

namespace tl::gui {

ExportImageDialog::ExportImageDialog(const ExplorerSnapshot& snapshot, qint64 program, bool dark,
                                     QWidget* parent)
    : QDialog(parent),
      snapshot_(snapshot),
      program_(program),
      view_(new QComboBox(this)),
      width_(new QSpinBox(this)),
      height_(new QSpinBox(this)),
      scale_(new QDoubleSpinBox(this)),
      theme_(new QComboBox(this)),
      path_(new QLineEdit(this)),
      error_(new QLabel(this)) {
    setObjectName(QStringLiteral("exportImageDialog"));
    setWindowTitle(tr("Export Image"));
    view_->addItem(tr("Operands: the program's blocks"), static_cast<int>(ExportView::Operands));
    view_->addItem(tr("Coverage: how often each block is visited"),
                   static_cast<int>(ExportView::Coverage));
    view_->addItem(tr("Error heat map of the run"), static_cast<int>(ExportView::Heat));
    view_->addItem(tr("Navigator: the grid of programs"), static_cast<int>(ExportView::Navigator));
    // The heat map needs the run that the explorer shows.
    const bool ran = snapshot_.run && !snapshot_.run->references.empty();
    if (auto* model = qobject_cast<QStandardItemModel*>(view_->model()); model && !ran) {
        model->item(2)->setEnabled(false);
        model->item(2)->setToolTip(tr("Run the kernel first (Run ▸ Run Kernel, F5)"));
    }
    for (QSpinBox* s : {width_, height_}) {
        s->setRange(0, 20000);
        s->setSpecialValueText(tr("auto"));
        s->setSuffix(tr(" px"));
    }
    width_->setToolTip(tr("Pixels (points for a PDF); auto: the picture's own size"));
    scale_->setRange(0.25, 8);
    scale_->setSingleStep(0.25);
    scale_->setValue(2);
    scale_->setToolTip(tr("Image pixels per screen pixel: larger text and lines at one size"));
    theme_->addItem(tr("Light"), false);
    theme_->addItem(tr("Dark"), true);
    theme_->setCurrentIndex(dark ? 1 : 0);
    const QString name =
        snapshot_.spec ? QString::fromStdString(snapshot_.spec->name) : QStringLiteral("tilelens");
    path_->setText(QDir::home().filePath(name + QStringLiteral(".png")));
    path_->setMinimumWidth(360);
    auto* browse = new QPushButton(tr("Choose…"), this);
    connect(browse, &QPushButton::clicked, this, &ExportImageDialog::browse);
    auto* pathRow = new QHBoxLayout;
    pathRow->addWidget(path_, 1);
    pathRow->addWidget(browse);
    auto* sizeRow = new QHBoxLayout;
    sizeRow->addWidget(width_);
    sizeRow->addWidget(new QLabel(QStringLiteral("×"), this));
    sizeRow->addWidget(height_);
    sizeRow->addStretch(1);

    auto* form = new QFormLayout;
    form->addRow(tr("View"), view_);
    form->addRow(tr("Size"), sizeRow);
    form->addRow(tr("Scale"), scale_);
    form->addRow(tr("Theme"), theme_);
    form->addRow(tr("File (.png, .svg, .pdf)"), pathRow);
    error_->setObjectName(QStringLiteral("exportError"));
    error_->setWordWrap(true);
    error_->setStyleSheet(QStringLiteral("color: #C0392B"));
    error_->hide();
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    QPushButton* exportButton = buttons->addButton(tr("Export"), QDialogButtonBox::AcceptRole);
    exportButton->setDefault(true);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(buttons, &QDialogButtonBox::accepted, this, [this] {
        if (exportNow().isEmpty()) accept();
    });
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(error_);
    layout->addWidget(buttons);
    connect(path_, &QLineEdit::textChanged, this, &ExportImageDialog::updateState);
    updateState();
}

QString ExportImageDialog::path() const {
    return path_->text().trimmed();
}

ImageExportOptions ExportImageDialog::options() const {
    ImageExportOptions o;
    o.view = static_cast<ExportView>(view_->currentData().toInt());
    if (width_->value() > 0 && height_->value() > 0)
        o.size = QSize(width_->value(), height_->value());
    // Vector files keep their own scale unless asked: 1 sheet pixel per point.
    const QString suffix = QFileInfo(path()).suffix().toLower();
    o.scale = suffix == QStringLiteral("png") ? scale_->value() : 0;
    o.dark = theme_->currentData().toBool();
    return o;
}

void ExportImageDialog::setPath(const QString& path) {
    path_->setText(path);
}

void ExportImageDialog::setView(ExportView view) {
    view_->setCurrentIndex(view_->findData(static_cast<int>(view)));
}

void ExportImageDialog::setSize(QSize size) {
    width_->setValue(size.isEmpty() ? 0 : size.width());
    height_->setValue(size.isEmpty() ? 0 : size.height());
}

QString ExportImageDialog::exportNow() {
    const QString why = exportImage(snapshot_, program_, path(), options());
    error_->setText(why);
    error_->setVisible(!why.isEmpty());
    return why;
}

void ExportImageDialog::browse() {
    const QString chosen = QFileDialog::getSaveFileName(
        this, tr("Export Image"), path(),
        tr("PNG image (*.png);;SVG drawing (*.svg);;PDF document (*.pdf)"));
    if (!chosen.isEmpty()) path_->setText(chosen);
}

void ExportImageDialog::updateState() {
    // Scale applies to PNG only: SVG and PDF are drawn in points.
    scale_->setEnabled(QFileInfo(path()).suffix().toLower() == QStringLiteral("png"));
}

}  // namespace tl::gui
