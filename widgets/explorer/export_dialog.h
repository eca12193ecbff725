#pragma once
// File ▸ Export Image… (docs/exports.md, "Images"): the explorer's picture of the selected
// program to PNG, SVG or PDF at a chosen size, scale and theme, as `tilelens --export-image`
// writes it headless. The view is one of the operand sheet, the coverage, the error heat map
// (once a run is shown) and the navigator's grid of programs.
#include <QDialog>

#include "widgets/explorer/export_image.h"

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QSpinBox;

namespace tl::gui {

class ExportImageDialog : public QDialog {
    Q_OBJECT
public:
    // `snapshot` and `program` are what the explorer shows; `dark` the theme on screen.
    ExportImageDialog(const ExplorerSnapshot& snapshot, qint64 program, bool dark,
                      QWidget* parent = nullptr);

    // The choices, for the export and for tests.
    QString path() const;
    ImageExportOptions options() const;
    void setPath(const QString& path);
    void setView(ExportView view);
    void setSize(QSize size);  // empty: the sheet's own size
    // Writes the file; an empty string on success, else what went wrong (also shown).
    QString exportNow();

    QComboBox* viewBox() const { return view_; }

private:
    void browse();
    void updateState();

    ExplorerSnapshot snapshot_;
    qint64 program_;
    QComboBox* view_;
    QSpinBox* width_;
    QSpinBox* height_;
    QDoubleSpinBox* scale_;
    QComboBox* theme_;
    QLineEdit* path_;
    QLabel* error_;
};

}  // namespace tl::gui
