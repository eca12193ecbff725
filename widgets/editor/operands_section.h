#pragma once
// The operands as an editable table, with adding (a copy of the selected row under a new
// name), removing and reordering rows; errors are underlined in their cells and listed below.
#include "widgets/editor/editor_section.h"

class QTableView;
class QToolButton;

namespace tl::gui {

class OperandDelegate;
class OperandsModel;

class OperandsSection : public EditorSection {
    Q_OBJECT
public:
    explicit OperandsSection(SpecDocument* document, QWidget* parent = nullptr);

    void refresh(const SpecChange& change) override;
    void showDiagnostics(const Diagnostics& diagnostics) override;
    bool focusPath(const std::string& path) override;

    OperandsModel* model() const { return model_; }
    QTableView* table() const { return table_; }
    OperandDelegate* delegate() const { return delegate_; }

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    int currentRow() const;
    void fitTable();  // columns to the width, rows to their text, the height to the rows
    void fitHeight();
    void addOperand();
    void removeOperand();
    void moveOperand(int delta);

    OperandsModel* model_;
    OperandDelegate* delegate_;
    QTableView* table_;
    QToolButton* more_;  // shows the format-2 columns
};

}  // namespace tl::gui
