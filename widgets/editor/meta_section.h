#pragma once
// The spec's name and description.
#include "widgets/editor/editor_section.h"

class QPlainTextEdit;

namespace tl::gui {

class ErrorLineEdit;

class MetaSection : public EditorSection {
    Q_OBJECT
public:
    explicit MetaSection(SpecDocument* document, QWidget* parent = nullptr);

    void refresh(const SpecChange& change) override;
    void showDiagnostics(const Diagnostics& diagnostics) override;
    bool focusPath(const std::string& path) override;

protected:
    void resizeEvent(QResizeEvent* e) override;

private:
    void fitDescription();
    ErrorLineEdit* name_;
    QPlainTextEdit* description_;
};

}  // namespace tl::gui
