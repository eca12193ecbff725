#pragma once
// The spec's params as spin boxes, with adding and removing params.
#include <QList>

#include "widgets/editor/editor_section.h"

class QGridLayout;
class QLineEdit;
class QSpinBox;

namespace tl::gui {

class ParamsSection : public EditorSection {
    Q_OBJECT
public:
    explicit ParamsSection(SpecDocument* document, QWidget* parent = nullptr);

    void refresh(const SpecChange& change) override;
    void showDiagnostics(const Diagnostics& diagnostics) override;
    bool focusPath(const std::string& path) override;

    // The spin box of param `name`, or nullptr.
    QSpinBox* spinBox(const QString& name) const;
    int columns() const { return columns_; }  // params side by side: 2 when wide, else 1

protected:
    void resizeEvent(QResizeEvent* e) override;

private:
    void rebuild();
    void place();  // the rows into the grid, columns_ to a row
    void setValue(const std::string& name, int value);
    void addParam();
    void removeParam(const std::string& name);

    QGridLayout* grid_;
    QLineEdit* new_name_;
    std::vector<std::string> names_;  // the rows shown, in spec order
    QList<QSpinBox*> spins_;
    QList<QWidget*> row_widgets_;  // label, spin box, remove button of each param
    int columns_ = 2;
};

}  // namespace tl::gui
