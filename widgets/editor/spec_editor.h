#pragma once
// The spec editor panel: every part of the spec as fields, live. Each edit is an undo
// command on the document; errors are underlined where they are, and a banner says that the
// views keep showing the last valid state meanwhile.
#include <QList>
#include <QScrollArea>
#include <string>

class QLabel;

namespace tl::gui {

class EditorSection;
class OperandsSection;
class ParamsSection;
class SpecDocument;

class SpecEditor : public QScrollArea {
    Q_OBJECT
public:
    explicit SpecEditor(SpecDocument* document, QWidget* parent = nullptr);
    ~SpecEditor() override;

    // Focuses the field holding JSON path `path` (from a finding or an error message).
    bool focusPath(const std::string& path);

    OperandsSection* operands() const { return operands_; }
    ParamsSection* params() const { return params_; }

private:
    void showDiagnostics();
    // The application's focus signal: it fires while the editor's fields are being destroyed.
    QMetaObject::Connection focusChanged_;

    SpecDocument* document_;
    QLabel* banner_;
    QList<EditorSection*> sections_;
    QList<EditorSection*> written_;  // hidden for a spec whose kernel is a Python file
    OperandsSection* operands_;
    ParamsSection* params_;
};

}  // namespace tl::gui
