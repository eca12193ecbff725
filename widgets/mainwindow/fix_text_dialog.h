#pragma once
// A spec file that does not load (a JSON syntax error, a wrong type, an unknown key) opens as
// its text, so the mistake can be fixed here instead of in another editor: the errors listed
// with their line and column, the cursor on the first, checked again as one types. "Open"
// takes the fixed spec into the window, bound to the file and unsaved; Cancel leaves the
// window as it was.
#include <QDialog>
#include <optional>

#include "core/spec/spec.h"

class QLabel;
class QPlainTextEdit;
class QPushButton;
class QTimer;

namespace tl::gui {

class FixTextDialog : public QDialog {
    Q_OBJECT
public:
    FixTextDialog(const QString& path, const QString& text, QWidget* parent = nullptr);

    QPlainTextEdit* editor() const { return editor_; }
    QString errorsText() const;
    // The spec of the text as it is now, when it loads.
    const std::optional<Spec>& spec() const { return spec_; }
    void check();  // re-reads the text now (otherwise 300 ms after the last keystroke)

private:
    QString path_;
    QPlainTextEdit* editor_;
    QLabel* errors_;
    QPushButton* open_;
    QTimer* timer_;
    std::optional<Spec> spec_;
};

}  // namespace tl::gui
