// Every finding on the picture: choosing one outlines its block with a caption on its operand
// and rings its programs on the navigator (a race's writers), until the document changes or
// the finding is gone.
#include <gtest/gtest.h>

#include <QApplication>
#include <QSettings>
#include <QTemporaryDir>
#include <QUndoStack>

#include "test_util.h"
#include "widgets/document/spec_document.h"
#include "widgets/explorer/explorer_view.h"
#include "widgets/explorer/grid_canvas.h"
#include "widgets/explorer/grid_navigator.h"
#include "widgets/explorer/operand_view.h"
#include "widgets/findings/findings_model.h"
#include "widgets/findings/findings_panel.h"
#include "widgets/kit/palette.h"
#include "widgets/mainwindow/main_window.h"

using namespace tl;
using namespace tl::gui;

namespace {

struct MarksWindow {
    QTemporaryDir dir;
    QSettings settings{dir.filePath(QStringLiteral("s.ini")), QSettings::IniFormat};
    MainWindow w{&settings};
    MarksWindow(const char* example) {
        w.resize(1400, 900);
        w.show();
        EXPECT_TRUE(w.openSpec(tl::test::example_file(example)));
        EXPECT_TRUE(tl::test::settle(*w.document()));
    }
    int rowOf(FindingKind kind, const char* operand = nullptr) const {
        const FindingsModel* m = w.findings()->model();
        for (int r = 0; r < m->rowCount(); ++r)
            if (m->finding(r) && m->finding(r)->kind == kind &&
                (!operand || m->finding(r)->operand == operand))
                return r;
        return -1;
    }
    OperandView* view(const char* name) const {
        for (int i = 0; i < w.explorer()->operandViewCount(); ++i)
            if (w.explorer()->operandView(i)->scene().name == name)
                return w.explorer()->operandView(i);
        return nullptr;
    }
};

TEST(FindingMarks, ARaceRingsItsWritersAndOutlinesTheSharedBlock) {
    MarksWindow t("reduction-parallel");
    const int row = t.rowOf(FindingKind::ParallelRace);
    ASSERT_GE(row, 0);
    t.w.findings()->activate(row);
    QApplication::processEvents();
    OperandView* o = t.view("o");
    ASSERT_NE(o, nullptr);
    EXPECT_TRUE(o->findingMark().caption.startsWith(QStringLiteral("parallel_race")));
    ASSERT_TRUE(o->findingMark().block.has_value());
    EXPECT_EQ(o->findingMark().block->r0, 0);  // block (0, 0), where (0, 0, 0) and (0, 0, 1) meet
    EXPECT_EQ(o->findingMark().block->c0, 0);
    EXPECT_GE(o->findingMark().programs.size(), 2u);
    GridCanvas* nav = t.w.explorer()->navigator()->canvas();
    nav->grab();
    EXPECT_GE(nav->lastPaintStats().flags, 1);
    // The outline is drawn: the finding's colour around the block.
    const QImage img = o->grab().toImage();
    const QColor red = severityColour(Severity::Error);
    int hits = 0;
    for (int y = 0; y < img.height(); ++y)
        for (int x = 0; x < img.width(); ++x) hits += img.pixelColor(x, y) == red;
    EXPECT_GT(hits, 100);
    // Other operands carry no mark.
    EXPECT_TRUE(t.view("x")->findingMark().caption.isEmpty());
}

TEST(FindingMarks, AContractViolationOutlinesTheRejectedBlockWithItsRule) {
    MarksWindow t("tpu-invalid-block");
    const int row = t.rowOf(FindingKind::ContractViolation, "x");
    ASSERT_GE(row, 0);
    t.w.findings()->activate(row);
    QApplication::processEvents();
    const FindingMark& m = t.view("x")->findingMark();
    EXPECT_TRUE(m.caption.contains(QStringLiteral("block_tiling"))) << m.caption.toStdString();
    EXPECT_TRUE(m.currentBlock);
}

TEST(FindingMarks, UnreadInputNamesItsCountAndTheMarkLeavesWithTheDocument) {
    MarksWindow t("element-offsets");
    const int row = t.rowOf(FindingKind::UnreadInput);
    ASSERT_GE(row, 0);
    t.w.findings()->activate(row);
    QApplication::processEvents();
    EXPECT_TRUE(t.view("x")->findingMark().caption.contains(QStringLiteral("never read")));
    ASSERT_TRUE(t.w.explorer()->shownFinding().has_value());
    ASSERT_TRUE(t.w.openSpec(tl::test::example_file("matmul-rect")));
    ASSERT_TRUE(tl::test::settle(*t.w.document()));
    QApplication::processEvents();
    EXPECT_FALSE(t.w.explorer()->shownFinding().has_value());
    for (int i = 0; i < t.w.explorer()->operandViewCount(); ++i)
        EXPECT_TRUE(t.w.explorer()->operandView(i)->findingMark().caption.isEmpty());
}

TEST(FindingMarks, AFixedFindingLeavesThePicture) {
    MarksWindow t("reduction-parallel");
    const int row = t.rowOf(FindingKind::ParallelRace);
    ASSERT_GE(row, 0);
    t.w.findings()->activate(row);
    QApplication::processEvents();
    ASSERT_TRUE(t.w.explorer()->shownFinding().has_value());
    // Mark every axis arbitrary: the race is gone from the new audit, and from the picture.
    Spec s = t.w.document()->spec();
    s.dimension_semantics.reset();  // all arbitrary
    t.w.document()->edit(s, SpecChange::all(), QStringLiteral("arbitrary"));
    ASSERT_TRUE(tl::test::settle(*t.w.document()));
    QApplication::processEvents();
    EXPECT_FALSE(t.w.explorer()->shownFinding().has_value());
    EXPECT_TRUE(t.view("o")->findingMark().caption.isEmpty());
}

TEST(StalePicture, TheLastValidStateIsGreyedWhileTheSpecHasErrors) {
    MarksWindow t("matmul-rect");
    OperandView* x = t.view("x");
    ASSERT_NE(x, nullptr);
    EXPECT_FALSE(x->stale());
    const QColor before = x->grab().toImage().pixelColor(x->pixelOf(10, 10).toPoint());
    Spec s = t.w.document()->spec();
    s.grid[1] = std::string("cdiv(N, bnn)");  // an unknown name: no valid state
    t.w.document()->edit(s, {SpecChange::Part::Grid, -1, QStringLiteral("grid")},
                         QStringLiteral("grid"));
    ASSERT_TRUE(tl::test::settle(*t.w.document()));
    QApplication::processEvents();
    EXPECT_TRUE(x->stale());
    const QColor greyed = x->grab().toImage().pixelColor(x->pixelOf(10, 10).toPoint());
    EXPECT_NE(greyed, before);
    EXPECT_LT(greyed.saturation(), before.saturation());  // the block's hue washed out
    t.w.document()->undoStack()->undo();
    ASSERT_TRUE(tl::test::settle(*t.w.document()));
    QApplication::processEvents();
    EXPECT_FALSE(x->stale());
}

}  // namespace
