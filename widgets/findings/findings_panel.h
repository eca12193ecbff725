#pragma once
// The findings panel: errors of the spec as edited first (clicking one focuses its field),
// then the contract, indexing and numerics findings of the newest snapshot (clicking one
// selects the program and element it names).
#include <QWidget>
#include <cstdint>
#include <string>
#include <vector>

#include "widgets/document/explorer_snapshot.h"

class QLabel;
class QModelIndex;
class QListView;

namespace tl::gui {

class FindingsModel;
class SpecDocument;

class FindingsPanel : public QWidget {
    Q_OBJECT
public:
    explicit FindingsPanel(SpecDocument* document, QWidget* parent = nullptr);

    FindingsModel* model() const { return model_; }
    QListView* view() const { return view_; }

    // Activates the row `row` as a click would.
    void activate(int row);
    // Moves to the next (+1) or previous (-1) finding and activates it.
    void step(int delta);

signals:
    // A finding of the audit was chosen (before its program and element are selected).
    void findingSelected(const tl::Finding& finding);
    void programSelected(qint64 program);
    void elementSelected(int operand, const std::vector<std::int64_t>& element);
    // A spec error was clicked: the editor field at JSON path `path` should take focus.
    void pathActivated(const std::string& path);

private:
    void rebuild();

    SpecDocument* document_;
    FindingsModel* model_;
    QLabel* summary_;
    QListView* view_;
    std::vector<std::string> paths_;  // JSON paths of the spec-error rows (first rows)
};

// The program (iteration order) at grid coordinate `coords`, or -1 when outside `inst`.
qint64 program_at(const Instance& inst, const std::vector<std::int64_t>& coords);

}  // namespace tl::gui
