#pragma once
// The "Import timings" file dialog, with the attestation a file cannot give itself: "I checked
// the outputs on the target" and a note saying who checked what, where and when
// (docs/timings.md, "The rule of evidence"). Qt's own dialog, so the two fields sit under the
// file list on every platform.
#include <QFileDialog>
#include <optional>

class QCheckBox;
class QLabel;
class QLineEdit;

namespace tl::gui {

class TimingsImportDialog : public QFileDialog {
    Q_OBJECT
public:
    explicit TimingsImportDialog(QWidget* parent = nullptr);

    // The note when the box is ticked; nullopt when it is not.
    std::optional<QString> verifiedNote() const;
    QCheckBox* verifiedBox() const { return verified_; }
    QLineEdit* noteEdit() const { return note_; }

    // Refuses (and says why under the note) a ticked box without a note.
    void accept() override;

private:
    QCheckBox* verified_;
    QLineEdit* note_;
    QLabel* noteError_;
};

}  // namespace tl::gui
