#pragma once
// The grid as a list of sizes, one semantics choice per axis, and what it resolves to.
#include <QList>
#include <vector>

#include "core/spec/spec.h"

#include "widgets/editor/editor_section.h"

class QComboBox;
class QGridLayout;
class QLabel;

namespace tl::gui {

class ErrorLineEdit;

class GridSection : public EditorSection {
    Q_OBJECT
public:
    explicit GridSection(SpecDocument* document, QWidget* parent = nullptr);

    void refresh(const SpecChange& change) override;
    void showDiagnostics(const Diagnostics& diagnostics) override;
    void showSnapshot(const ExplorerSnapshot& snapshot) override;
    bool focusPath(const std::string& path) override;

protected:
    void resizeEvent(QResizeEvent* e) override;

private:
    void gridEdited(const QString& text);
    void semanticsEdited(int axis, int index);
    void rebuildSemantics();
    void placeSemantics();  // as many axes to a row as the section's width holds
    void rememberSemantics(const SpecChange& change);
    void requiresEdited(const QString& text);
    void scratchEdited(const QString& text);
    void tablesEdited(const QString& text);

    ErrorLineEdit* grid_;
    // The semantics of every axis the grid had since the grid text was last set otherwise.
    std::vector<Semantics> remembered_;
    QGridLayout* semantics_grid_;
    QList<QComboBox*> semantics_;
    QList<QLabel*> semantics_labels_;  // the axis number before each combo
    int semantics_per_row_ = 0;
    QLabel* resolved_;
    ErrorLineEdit* requires_;
    ErrorLineEdit* scratch_;
    QLabel* scratch_error_;
    ErrorLineEdit* tables_;
    QLabel* tables_error_;
};

}  // namespace tl::gui
