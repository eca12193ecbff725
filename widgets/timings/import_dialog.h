#pragma once
// The "Import timings" file dialog, with what a file cannot say itself: the attestation "I
// checked the outputs on the target" with a note saying who checked what, where and when
// (docs/timings.md, "The rule of evidence"), and the target of the records whose file names
// none (as --target does). Qt's own dialog, so the fields sit under the file list on every
// platform.
#include <QFileDialog>
#include <optional>
#include <string>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;

namespace tl::gui {

class TimingsImportDialog : public QFileDialog {
    Q_OBJECT
public:
    // `specTarget`, the open spec's target, is offered first for the records that name none.
    explicit TimingsImportDialog(QWidget* parent = nullptr,
                                 const std::optional<std::string>& specTarget = std::nullopt);

    // The note when the box is ticked; nullopt when it is not.
    std::optional<QString> verifiedNote() const;
    QCheckBox* verifiedBox() const { return verified_; }
    QLineEdit* noteEdit() const { return note_; }
    // The target chosen for the records whose file names none; nullopt: leave them without.
    std::optional<std::string> fillTarget() const;
    QComboBox* fillTargetBox() const { return fillTarget_; }

    // Refuses (and says why under the note) a ticked box without a note.
    void accept() override;

private:
    QCheckBox* verified_;
    QLineEdit* note_;
    QLabel* noteError_;
    QComboBox* fillTarget_;
};

}  // namespace tl::gui
