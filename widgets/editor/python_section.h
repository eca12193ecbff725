#pragma once
// A spec whose kernel is a Python file: which file, wrapper, arguments and reference, and the
// pallas_call recorded from it — grid, operands, block shapes and index maps, each with the
// line of the file it came from — read-only (the file is the source; params re-record it).
#include "widgets/editor/editor_section.h"

class QLabel;
class QTableWidget;

namespace tl::gui {

class PythonSection : public EditorSection {
    Q_OBJECT
public:
    explicit PythonSection(SpecDocument* document, QWidget* parent = nullptr);

    void refresh(const SpecChange& change) override;
    void showDiagnostics(const Diagnostics& diagnostics) override;
    void showSnapshot(const ExplorerSnapshot& snapshot) override;

private:
    QLabel* call_;
    QLabel* recorded_;
    QTableWidget* operands_;
};

}  // namespace tl::gui
