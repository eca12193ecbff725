// The composite explorer: snapshots in generation order, program selection, the inverse map
// on hover, clicks on elements and on the error heat map.
#include <gtest/gtest.h>

#include <QAction>
#include <QApplication>
#include <QLabel>
#include <QMouseEvent>
#include <QSignalSpy>
#include <QTest>

#include "tests/widgets/explorer_test_util.h"
#include "widgets/explorer/explorer_view.h"
#include "widgets/explorer/grid_canvas.h"
#include "widgets/explorer/grid_navigator.h"
#include "widgets/explorer/inspector.h"
#include "widgets/explorer/operand_view.h"

namespace tl::gui {
namespace {

using namespace tl::gui::testing;
using V = std::vector<std::int64_t>;

struct Explorer {
    ExplorerView view;
    QSignalSpy selected{&view, &ExplorerView::programSelected};
    explicit Explorer(const ExplorerSnapshot& s) {
        view.resize(1400, 900);
        view.setSnapshot(s);
        view.show();
        QApplication::processEvents();
    }
    void hover(int op, std::int64_t row, std::int64_t col) {
        OperandView* v = view.operandView(op);
        const QPointF pt = v->pixelOf(row, col);
        QMouseEvent e(QEvent::MouseMove, pt, v->mapToGlobal(pt), Qt::NoButton, Qt::NoButton,
                      Qt::NoModifier);
        QApplication::sendEvent(v, &e);
    }
    void click(int op, std::int64_t row, std::int64_t col) {
        OperandView* v = view.operandView(op);
        QTest::mouseClick(v, Qt::LeftButton, Qt::NoModifier, v->pixelOf(row, col).toPoint());
    }
};

TEST(ExplorerView, OneViewPerOperandInputsAboveOutputs) {
    Explorer e(snapshotOf(loadExample("matmul-rect")));
    ASSERT_EQ(e.view.operandViewCount(), 3);
    EXPECT_EQ(e.view.operandView(0)->scene().name, "x");
    EXPECT_EQ(e.view.operandView(2)->scene().name, "o");
    EXPECT_LT(e.view.operandView(0)->geometry().bottom(), e.view.operandView(2)->geometry().top());
    EXPECT_EQ(e.view.operandView(0)->geometry().top(), e.view.operandView(1)->geometry().top());
    // One scale: x's 256 columns are as wide as y's 256 rows are tall.
    EXPECT_DOUBLE_EQ(e.view.operandView(0)->transform().scale_x,
                     e.view.operandView(1)->transform().scale_y);
}

TEST(ExplorerView, TheNavigatorPaneGrowsForATallGridAndKeepsItsHeightWhileStepping) {
    const auto grid = [](int rows) {
        return snapshotOf(loadText(R"json({"tilelens": 1, "name": "g", "grid": [)json" +
                                   std::to_string(rows) + R"json(, 2],
            "operands": [{"name": "o", "role": "output", "shape": [1024, 16],
              "dtype": "float32", "block_shape": [8, 8], "index_map": "lambda i, j: (i, j)"}]})json"));
    };
    Explorer e(grid(2));
    const int small = e.view.navigator()->height();
    e.view.setSnapshot(grid(12));
    QApplication::processEvents();
    const int tall = e.view.navigator()->height();
    EXPECT_GT(tall, small + 60);  // 10 more rows of readable cells
    e.view.navigator()->setCurrent(5);
    QApplication::processEvents();
    EXPECT_EQ(e.view.navigator()->height(), tall);
}

TEST(ExplorerView, SelectingAProgramMovesEveryViewTheNavigatorAndTheInspector) {
    Explorer e(snapshotOf(loadExample("matmul-rect")));
    e.view.selectProgram(13);
    EXPECT_EQ(e.view.selectedProgram(), 13);
    ASSERT_EQ(e.selected.size(), 1);
    EXPECT_EQ(e.selected.at(0).at(0).toLongLong(), 13);
    for (int op = 0; op < 3; ++op) EXPECT_EQ(e.view.operandView(op)->scene().program, 13);
    EXPECT_EQ(e.view.navigator()->current(), 13);
    EXPECT_TRUE(e.view.inspector()->programHtml().contains(QStringLiteral("program_id (1, 2, 1)")));
    e.view.selectProgram(13);  // no change, no signal
    EXPECT_EQ(e.selected.size(), 1);
    e.view.selectProgram(1000);  // clamped
    EXPECT_EQ(e.view.selectedProgram(), 23);
}

TEST(ExplorerView, ArrowKeysStepThePrograms) {
    Explorer e(snapshotOf(loadExample("matmul-rect")));
    QTest::keyClick(&e.view, Qt::Key_Right);
    EXPECT_EQ(e.view.selectedProgram(), 1);
    QTest::keyClick(e.view.operandView(0), Qt::Key_Down);  // from an operand view too
    EXPECT_EQ(e.view.selectedProgram(), 9);                // (1, 0, 1)
}

TEST(ExplorerView, StaleSnapshotsAreIgnoredAndTheSelectionKept) {
    Explorer e(snapshotOf(loadExample("matmul-rect"), 5));
    e.view.selectProgram(7);
    e.view.setSnapshot(snapshotOf(loadExample("rank1"), 3));  // older: never drawn
    EXPECT_EQ(e.view.shownGeneration(), 5u);
    EXPECT_EQ(e.view.operandViewCount(), 3);
    EXPECT_EQ(e.view.operandView(0)->scene().rank(), 2);
    e.view.setSnapshot(snapshotOf(loadExample("elementwise-add"), 6));  // 3 x 4 grid, 12 programs
    EXPECT_EQ(e.view.shownGeneration(), 6u);
    EXPECT_EQ(e.view.selectedProgram(), 7);                   // still in range: kept
    e.view.setSnapshot(snapshotOf(loadExample("rank1"), 7));  // 5 programs: clamped
    EXPECT_EQ(e.view.selectedProgram(), 4);
}

TEST(ExplorerView, ASpecThatDoesNotResolveKeepsTheLastDrawing) {
    Explorer e(snapshotOf(loadExample("matmul-rect"), 1));
    ExplorerSnapshot broken;
    broken.generation = 2;
    broken.spec = e.view.snapshot().spec;
    e.view.setSnapshot(broken);
    EXPECT_EQ(e.view.shownGeneration(), 2u);
    EXPECT_EQ(e.view.operandViewCount(), 3);
    EXPECT_NE(e.view.shownAnalysis(), nullptr);
    EXPECT_TRUE(e.view.findChild<QLabel*>(QStringLiteral("staleBanner"))->isVisibleTo(&e.view));
    e.view.setSnapshot(snapshotOf(loadExample("matmul-rect"), 3));
    EXPECT_FALSE(e.view.findChild<QLabel*>(QStringLiteral("staleBanner"))->isVisibleTo(&e.view));
}

TEST(ExplorerView, HoveringAnElementHighlightsEveryProgramThatTouchesIt) {
    Explorer e(snapshotOf(loadExample("matmul-rect")));
    QSignalSpy hovered(&e.view, &ExplorerView::elementHovered);
    e.hover(2, 130, 260);  // o block (1, 2): written by (1, 2, 0) and (1, 2, 1)
    ASSERT_FALSE(hovered.isEmpty());
    EXPECT_EQ(hovered.last().at(0).toInt(), 2);
    EXPECT_EQ(hovered.last().at(1).value<V>(), (V{130, 260}));
    const auto& st = e.view.navigator()->canvas()->state();
    EXPECT_EQ(st.writers, (V{12, 13}));
    EXPECT_TRUE(st.readers.empty());
    EXPECT_TRUE(
        e.view.inspector()->elementHtml().contains(QStringLiteral("written by 2 programs")));
    e.hover(0, 10, 200);  // x block (0, 1): read at k = 1 by every j of i = 0
    EXPECT_EQ(st.readers, (V{1, 3, 5, 7}));
}

TEST(ExplorerView, SelectElementPicksAProgramThatTouchesItAndMarksIt) {
    Explorer e(snapshotOf(loadExample("matmul-rect")));
    e.view.selectElement(2, {290, 490});  // o block (2, 3): programs 22, 23
    EXPECT_EQ(e.view.selectedProgram(), 22);
    e.view.selectElement(2, {290, 480});  // same block: the current program already writes it
    EXPECT_EQ(e.view.selectedProgram(), 22);
    EXPECT_TRUE(e.view.inspector()->elementHtml().contains(QStringLiteral("o[290, 480]")));
}

TEST(ExplorerView, ClickingAnElementStepsThroughItsPrograms) {
    Explorer e(snapshotOf(loadExample("matmul-rect")));
    e.click(0, 10, 200);  // read by 1, 3, 5, 7
    EXPECT_EQ(e.view.selectedProgram(), 1);
    e.click(0, 10, 200);
    EXPECT_EQ(e.view.selectedProgram(), 3);
}

TEST(ExplorerView, TheErrorHeatMapClickSelectsTheProgramThatWroteTheElement) {
    Explorer e(snapshotOf(loadExample("reduction-wrong-axis"), 1, true));
    EXPECT_TRUE(e.view.heatAction()->isEnabled());
    EXPECT_TRUE(e.view.heatAction()->isChecked());  // a fresh run shows its errors
    EXPECT_TRUE(e.view.operandView(2)->heatShown());
    EXPECT_FALSE(e.view.operandView(0)->heatShown());
    e.click(2, 40, 200);  // o block (0, 1): last written back by program 5, (1, 0, 1)
    EXPECT_EQ(e.view.selectedProgram(), 5);
    e.view.heatAction()->setChecked(false);
    EXPECT_FALSE(e.view.operandView(2)->heatShown());
    // Without a run there is no heat map to show.
    Explorer plain(snapshotOf(loadExample("reduction-wrong-axis")));
    EXPECT_FALSE(plain.view.heatAction()->isEnabled());
}

TEST(ExplorerView, TheCoverageToggleReachesEveryView) {
    Explorer e(snapshotOf(loadExample("matmul-rect")));
    e.view.coverageAction()->setChecked(true);
    const QImage img = e.view.operandView(0)->grab().toImage();
    const auto* v = e.view.operandView(0);
    const QColor c = img.pixelColor(v->pixelOf(240, 140).toPoint());
    EXPECT_NE(c, ExplorerPalette::light().array);
}

}  // namespace
}  // namespace tl::gui

namespace tl::gui {
namespace {

using namespace tl::gui::testing;

TEST(ExplorerView, AnotherDocumentLeavesNoTrailOfTheOldSelection) {
    ExplorerSnapshot first = snapshotOf(loadExample("matmul-rect"), 1);
    first.document = 1;
    Explorer e(first);
    e.view.selectProgram(2);
    e.view.selectProgram(7);
    ASSERT_FALSE(e.view.navigator()->canvas()->state().trail.empty());
    ExplorerSnapshot second = snapshotOf(loadExample("matmul-rect"), 2);  // the same grid
    second.document = 2;
    e.view.setSnapshot(second);
    EXPECT_EQ(e.view.selectedProgram(), 0);
    EXPECT_TRUE(e.view.navigator()->canvas()->state().trail.empty());
    // What is visited in the new document is a trail again.
    e.view.selectProgram(3);
    EXPECT_EQ(e.view.navigator()->canvas()->state().trail, std::deque<std::int64_t>{0});
}

TEST(ExplorerView, AnOutOfBoundsBlockLiesWholeInsideItsView) {
    // matmul-swapped-axes: program_id (2, 0, 0) reads x's rows 256-383; x has 256 rows.
    Explorer e(snapshotOf(loadExample("matmul-swapped-axes")));
    e.view.selectProgram(16);
    QApplication::processEvents();
    OperandView* x = e.view.operandView(0);
    ASSERT_EQ(x->scene().window, (view::ElementRect{256, 0, 384, 128}));
    const QRectF canvas = x->canvasRect();
    EXPECT_TRUE(canvas.contains(x->pixelOf(383, 127))) << x->pixelOf(383, 127).y();
    EXPECT_TRUE(canvas.contains(x->pixelOf(0, 0)));
    // The frame is the grid's, not the program's: stepping back keeps the scale.
    const double scale = x->transform().scale_y;
    e.view.selectProgram(0);
    QApplication::processEvents();
    EXPECT_DOUBLE_EQ(x->transform().scale_y, scale);
}

}  // namespace
}  // namespace tl::gui
