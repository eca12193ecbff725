#pragma once
// The explorer: one OperandView per operand (inputs above outputs), the GridNavigator and the
// Inspector, all showing one ExplorerSnapshot at one selected program. Snapshots older than
// the one on screen are ignored; a snapshot whose spec does not resolve keeps the last
// drawing that did.
#include <QWidget>
#include <map>
#include <memory>
#include <optional>
#include <vector>

#include "core/base/finding.h"
#include "core/view/geometry.h"
#include "widgets/document/explorer_snapshot.h"
#include "widgets/explorer/operand_arrangement.h"

class QAction;
class QGridLayout;
class QHBoxLayout;
class QKeyEvent;
class QLabel;

class QSplitter;

namespace tl::gui {

class GridNavigator;
class Inspector;
class LegendBar;
class OperandView;

class ExplorerView : public QWidget {
    Q_OBJECT
public:
    explicit ExplorerView(QWidget* parent = nullptr);
    ~ExplorerView() override;

    void setSnapshot(const ExplorerSnapshot& snapshot);
    // Iteration-order index, clamped to the grid.
    void selectProgram(qint64 program);
    // Selects a program that touches the element (the current one when it does, else the
    // first in iteration order) and marks the element in its operand view.
    void selectElement(int operand, const std::vector<std::int64_t>& element);
    qint64 selectedProgram() const { return program_; }
    // Draws the finding on the picture (its block outlined with a caption on its operand,
    // its programs ringed on the navigator) until another is shown, the document changes or
    // the finding is gone from a new audit. The program and element are selected as well.
    void showFinding(const Finding& f);
    void clearFinding();
    // The document has spec errors: the views show the last valid state, greyed, under a
    // banner that says so.
    void setSpecErrors(bool errors);
    const std::optional<Finding>& shownFinding() const { return finding_; }

    const ExplorerSnapshot& snapshot() const { return snapshot_; }
    quint64 shownGeneration() const { return snapshot_.generation; }
    std::shared_ptr<const Analysis> shownAnalysis() const { return analysis_; }

    int operandViewCount() const { return static_cast<int>(views_.size()); }
    OperandView* operandView(int operand) const;
    GridNavigator* navigator() const { return navigator_; }
    Inspector* inspector() const { return inspector_; }

    // For the main window's menus; their shortcuts work while the explorer has focus.
    QAction* coverageAction() const { return coverage_; }  // C
    QAction* heatAction() const { return heat_; }          // H, enabled once a run is shown
    QAction* playAction() const;                           // Space

signals:
    void programSelected(qint64 program);
    // The element under the pointer (full rank); empty when the pointer left the arrays.
    void elementHovered(int operand, std::vector<std::int64_t> element);

protected:
    void keyPressEvent(QKeyEvent* e) override;
    void changeEvent(QEvent* e) override;  // a theme change recolours the heat map
    void showEvent(QShowEvent* e) override;
    // The operand area's resize: the legend's place and the views' arrangement.
    bool eventFilter(QObject* watched, QEvent* e) override;

private:
    void setProgram(qint64 program, bool notify);
    void resetSelection();
    void applyMark();
    // Whether `element` lies inside operand `operand` of the analysis on show.
    bool inside(int operand, const std::vector<std::int64_t>& element) const;
    QWidget* buildLeftPane();
    void rebuildViews();
    void arrangeViews();
    void placeLegend();
    void fitNavigatorPane(const std::vector<std::int64_t>& grid);
    void refreshScenes();
    void refreshHeat();
    void refreshInspector();
    void refreshLegend();
    void shareScale();
    void onHovered(int operand, const std::vector<std::int64_t>& element);
    void onClicked(int operand, const std::vector<std::int64_t>& element);
    void mark(int operand, const std::vector<std::int64_t>& element);
    int outputIndex(int operand) const;  // among the run's outputs, -1 when none

    ExplorerSnapshot snapshot_;
    std::shared_ptr<const Analysis> analysis_;  // the last one that resolved
    std::shared_ptr<const Spec> spec_;          // the spec of analysis_
    // What each operand view fits (operand_fit.h), computed for the analysis framed_.
    std::shared_ptr<const Analysis> framed_;
    std::vector<view::ElementRect> frames_;
    qint64 program_ = 0;
    // The selected program's coordinates as chosen: an edit that shrinks the grid clamps the
    // selection, and a later one that restores the grid (typing 300 passes 3 and 30) gets it
    // back.
    std::vector<std::int64_t> wanted_;
    std::vector<OperandView*> views_;
    OperandArrangement arrangement_;  // where views_ are in grid_; empty: as rebuildViews put them
    QGridLayout* grid_;
    GridNavigator* navigator_;
    QSplitter* vsplit_ = nullptr;              // operands above, navigator below
    std::vector<std::int64_t> navigatorGrid_;  // the grid the navigator pane was sized for
    bool navigatorFitPending_ = false;
    bool navigatorSized_ = false;  // the user dragged the split: it stays where they put it
    bool specErrors_ = false;
    void applyStale();
    std::optional<Finding> finding_;  // the finding drawn on the picture
    void applyFinding();
    Inspector* inspector_;
    LegendBar* legend_;
    QHBoxLayout* tools_ = nullptr;      // the buttons, and the legend when it fits there
    QHBoxLayout* legendRow_ = nullptr;  // the legend on a row of its own
    QLabel* banner_;
    QAction* coverage_;
    QAction* heat_;
    QAction* fit_;
    int hoverOp_ = -1, markedOp_ = -1;
    std::vector<std::int64_t> hovered_, marked_;
    std::vector<Tolerance> tolerances_;  // per run output
    struct HeatEntry;
    std::map<int, std::shared_ptr<HeatEntry>> heatCache_;
};

}  // namespace tl::gui
