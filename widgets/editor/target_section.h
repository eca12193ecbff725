#pragma once
// Target profile, checking policy, tolerance and data seed.
#include "widgets/editor/editor_section.h"

class QComboBox;
class QLineEdit;
class QSpinBox;

namespace tl::gui {

// Fills `combo` with "interpret" and every built-in target profile (id as item data).
void fill_target_combo(QComboBox* combo);

class TargetSection : public EditorSection {
    Q_OBJECT
public:
    explicit TargetSection(SpecDocument* document, QWidget* parent = nullptr);

    void refresh(const SpecChange& change) override;
    void showDiagnostics(const Diagnostics& diagnostics) override;
    bool focusPath(const std::string& path) override;

private:
    void toleranceEdited();

    QComboBox* target_;
    QComboBox* uninitialized_;
    QComboBox* revisit_;
    QLineEdit* rtol_;
    QLineEdit* atol_;
    QSpinBox* seed_;
};

}  // namespace tl::gui
