#pragma once
// The kernel body from the built-in library and its options; an option left at "default"
// is absent from the file.
#include <QList>

#include "widgets/editor/editor_section.h"

class QComboBox;
class QFormLayout;
class QLabel;

namespace tl::gui {

class KernelSection : public EditorSection {
    Q_OBJECT
public:
    explicit KernelSection(SpecDocument* document, QWidget* parent = nullptr);

    void refresh(const SpecChange& change) override;
    void showDiagnostics(const Diagnostics& diagnostics) override;
    bool focusPath(const std::string& path) override;

private:
    void bodyChosen(int index);
    void rebuildOptions();
    void syncOptions();
    void setOption(const std::string& name, const Json& value);  // null = default (absent)

    QComboBox* body_;
    QLabel* signature_;
    QFormLayout* options_;
    std::string shown_body_;  // the body whose option rows exist; "" without a kernel
    int shown_axes_ = -1;     // grid rank the axis choices were made for
    QList<QWidget*> option_widgets_;
    std::vector<std::string> option_names_;
};

}  // namespace tl::gui
