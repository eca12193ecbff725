// The spec editor drives the document: typing changes the snapshot and the findings live,
// errors are underlined at their column with the message beside, undo restores.
#include <gtest/gtest.h>
#include <QComboBox>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QScrollBar>
#include <QSpinBox>
#include <QTableView>
#include <QTest>
#include <QToolButton>
#include <QUndoStack>
#include <QWheelEvent>

#include "core/analysis/analysis.h"
#include "test_util.h"
#include "widgets/document/spec_document.h"
#include "widgets/editor/error_line_edit.h"
#include "widgets/editor/operand_delegate.h"
#include "widgets/editor/operands_model.h"
#include "widgets/editor/operands_section.h"
#include "widgets/editor/params_section.h"
#include "widgets/editor/spec_editor.h"
#include "widgets/editor/wheel_guard.h"

using namespace tl;
using namespace tl::gui;
using tl::test::settle;

namespace {

struct Fixture {
    SpecDocument doc;
    SpecEditor editor{&doc};
    explicit Fixture(const char* example = "matmul-rect", int width = 520) {
        EXPECT_TRUE(doc.load(tl::test::example_file(example)));
        editor.resize(width, 900);
        editor.show();
        EXPECT_TRUE(settle(doc));
    }
    // Opens the cell editor of operand `row`, column `column`, and types `text` over it.
    ErrorLineEdit* type_in_cell(int row, int column, const QString& text) {
        QTableView* table = editor.operands()->table();
        const QModelIndex i = editor.operands()->model()->index(row, column);
        table->setCurrentIndex(i);
        table->edit(i);
        ErrorLineEdit* cell = editor.operands()->delegate()->activeEditor();
        if (!cell) return nullptr;
        cell->selectAll();
        QTest::keyClicks(cell, text);
        return cell;
    }
    bool has_finding(FindingKind kind, const std::string& operand) const {
        for (const auto& f : doc.snapshot().audit->findings)
            if (f.kind == kind && f.operand == operand) return true;
        return false;
    }
};

}  // namespace

TEST(SpecEditor, ShowsTheSpecInItsFields) {
    Fixture f;
    EXPECT_EQ(f.editor.findChild<QLineEdit*>(QStringLiteral("specName"))->text(),
              QStringLiteral("matmul-rect"));
    EXPECT_EQ(f.editor.findChild<QLineEdit*>(QStringLiteral("grid"))->text(),
              QStringLiteral("cdiv(M, bm), cdiv(N, bn), cdiv(K, bk)"));
    EXPECT_EQ(f.editor.params()->spinBox(QStringLiteral("M"))->value(), 300);
    EXPECT_EQ(f.editor.operands()->model()->rowCount(), 3);
    EXPECT_TRUE(f.editor.findChild<QLabel*>(QStringLiteral("gridResolved"))
                    ->text()
                    .contains(QStringLiteral("24 programs")));
}

TEST(SpecEditor, TypingAShapeChangesTheAnalysisAndTheFindingsAndUndoRestoresThem) {
    Fixture f;
    ASSERT_FALSE(f.has_finding(FindingKind::UnreadInput, "x"));
    ErrorLineEdit* cell =
        f.type_in_cell(0, OperandsModel::ShapeColumn, QStringLiteral("M + 128, K"));
    ASSERT_NE(cell, nullptr);
    ASSERT_TRUE(settle(f.doc));
    EXPECT_EQ(f.doc.snapshot().analysis->instance().operands[0].shape[0], 428);
    EXPECT_TRUE(f.has_finding(FindingKind::UnreadInput, "x"))
        << "rows 300..427 of x are never read";
    EXPECT_TRUE(cell->errors().isEmpty());
    // Every keystroke was an edit of the same field: one undo step brings it all back.
    f.doc.undoStack()->undo();
    ASSERT_TRUE(settle(f.doc));
    EXPECT_EQ(f.doc.snapshot().analysis->instance().operands[0].shape[0], 300);
    EXPECT_FALSE(f.has_finding(FindingKind::UnreadInput, "x"));
    EXPECT_FALSE(f.doc.isModified());
    EXPECT_EQ(f.editor.operands()->model()->index(0, OperandsModel::ShapeColumn).data().toString(),
              QStringLiteral("M, K"));
}

TEST(SpecEditor, AnIndexMapSyntaxErrorIsUnderlinedAtItsColumnAndTheLastStateStays) {
    Fixture f;
    const quint64 valid = f.doc.snapshot().generation;
    ErrorLineEdit* cell =
        f.type_in_cell(0, OperandsModel::IndexMapColumn, QStringLiteral("lambda i, j, k: (i, kk)"));
    ASSERT_NE(cell, nullptr);
    ASSERT_TRUE(settle(f.doc));
    EXPECT_EQ(f.doc.snapshot().generation, valid) << "the last valid state stays drawn";
    ASSERT_EQ(cell->errors().size(), 1);
    EXPECT_EQ(cell->errors()[0].start, 20);  // under "kk"
    EXPECT_EQ(cell->errors()[0].length, 2);
    auto* messages = f.editor.operands()->findChild<QLabel*>(QStringLiteral("messages"));
    ASSERT_NE(messages, nullptr);
    EXPECT_FALSE(messages->isHidden());
    EXPECT_TRUE(messages->text().contains(QStringLiteral("operands[0].index_map:1:21")))
        << messages->text().toStdString();
    EXPECT_TRUE(messages->text().contains(QStringLiteral("kk")));
    EXPECT_FALSE(f.editor.findChild<QLabel*>(QStringLiteral("editorBanner"))->isHidden());
    // Finishing the word fixes it: a new snapshot, no message.
    cell->setCursorPosition(21);
    QTest::keyClick(cell, Qt::Key_Backspace);
    ASSERT_TRUE(settle(f.doc));
    EXPECT_GT(f.doc.snapshot().generation, valid);
    EXPECT_TRUE(cell->errors().isEmpty());
    EXPECT_TRUE(messages->isHidden());
}

TEST(SpecEditor, AGridErrorIsUnderlinedInTheItemItIsIn) {
    Fixture f;
    auto* grid = f.editor.findChild<ErrorLineEdit*>(QStringLiteral("grid"));
    grid->selectAll();
    QTest::keyClicks(grid, QStringLiteral("cdiv(M, bm), cdiv(N, bnn), cdiv(K, bk)"));
    ASSERT_TRUE(settle(f.doc));
    ASSERT_EQ(grid->errors().size(), 1);
    EXPECT_EQ(grid->errors()[0].start, 21);  // "bnn" inside the second item
    EXPECT_EQ(f.doc.snapshot().analysis->programs(), 24);
}

TEST(SpecEditor, AParamSpinBoxChangesTheGridLive) {
    Fixture f;
    QSpinBox* m = f.editor.params()->spinBox(QStringLiteral("M"));
    m->setValue(1000);
    ASSERT_TRUE(settle(f.doc));
    EXPECT_EQ(f.doc.snapshot().analysis->programs(), 8 * 4 * 2);
    f.doc.undoStack()->undo();
    EXPECT_EQ(m->value(), 300) << "the field follows undo";
}

TEST(SpecEditor, AddingAndRemovingOperandsIsUndoable) {
    Fixture f;
    f.editor.operands()->table()->setCurrentIndex(f.editor.operands()->model()->index(1, 0));
    QTest::mouseClick(f.editor.findChild<QWidget*>(QStringLiteral("addOperand")), Qt::LeftButton);
    ASSERT_EQ(f.doc.spec().operands.size(), 4u);
    EXPECT_EQ(f.doc.spec().operands[2].name, "z");
    EXPECT_EQ(f.editor.operands()->model()->rowCount(), 4);
    f.doc.undoStack()->undo();
    EXPECT_EQ(f.editor.operands()->model()->rowCount(), 3);
}

TEST(SpecEditor, RetypingTheWholeGridKeepsTheSemanticsOfItsAxes) {
    Fixture f;
    auto* grid = f.editor.findChild<ErrorLineEdit*>(QStringLiteral("grid"));
    grid->selectAll();
    // The first keystrokes leave a one-axis grid; the axes come back as the text is typed.
    QTest::keyClicks(grid, QStringLiteral("cdiv(M, bm), cdiv(N, bn), cdiv(K, bk)"));
    ASSERT_TRUE(f.doc.spec().dimension_semantics);
    EXPECT_EQ(
        *f.doc.spec().dimension_semantics,
        (std::vector<Semantics>{Semantics::Parallel, Semantics::Parallel, Semantics::Arbitrary}));
    auto* axis1 = f.editor.findChild<QComboBox*>(QStringLiteral("semantics_1"));
    ASSERT_NE(axis1, nullptr);
    EXPECT_EQ(axis1->currentText(), QStringLiteral("parallel"));
    EXPECT_FALSE(f.doc.isModified()) << "the grid reads as it did";
}

TEST(SpecEditor, TwoSeparateEditsOfOneIndexMapAreTwoUndoSteps) {
    Fixture f;
    ErrorLineEdit* cell =
        f.type_in_cell(0, OperandsModel::IndexMapColumn, QStringLiteral("lambda i, j, k: (i, 0)"));
    ASSERT_NE(cell, nullptr);
    QTest::keyClick(cell, Qt::Key_Return);  // closes the cell: the edit is done
    QCoreApplication::processEvents();
    QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
    ASSERT_EQ(f.editor.operands()->delegate()->activeEditor(), nullptr);
    cell =
        f.type_in_cell(0, OperandsModel::IndexMapColumn, QStringLiteral("lambda i, j, k: (0, k)"));
    ASSERT_NE(cell, nullptr);
    QTest::keyClick(cell, Qt::Key_Return);
    EXPECT_EQ(f.doc.spec().operands[0].index_map,
              std::optional<std::string>("lambda i, j, k: (0, k)"));
    f.doc.undoStack()->undo();
    EXPECT_EQ(f.doc.spec().operands[0].index_map,
              std::optional<std::string>("lambda i, j, k: (i, 0)"))
        << "one undo takes back only the second edit";
    f.doc.undoStack()->undo();
    EXPECT_EQ(f.doc.spec().operands[0].index_map,
              std::optional<std::string>("lambda i, j, k: (i, k)"));
    EXPECT_FALSE(f.doc.isModified());
}

namespace {

// One wheel step down over the middle of `field`, as a mouse would send it.
void wheel_down(QWidget* field) {
    const QPointF at = QRectF(field->rect()).center();
    QWheelEvent wheel(at, field->mapToGlobal(at), {}, {0, -120}, Qt::NoButton, Qt::NoModifier,
                      Qt::NoScrollPhase, false);
    QApplication::sendEvent(field, &wheel);
}

// The right edge of `w` in the editor's content, which must lie within the viewport.
int right_in_content(const SpecEditor& editor, const QWidget* w) {
    return w->mapTo(editor.widget(), QPoint(w->width(), 0)).x();
}

}  // namespace

TEST(SpecEditor, AWheelOverAnUnfocusedFieldLeavesItAndAFocusedFieldTakesIt) {
    Fixture f;
    f.editor.activateWindow();
    ASSERT_TRUE(QTest::qWaitForWindowActive(&f.editor));
    auto* axis0 = f.editor.findChild<QComboBox*>(QStringLiteral("semantics_0"));
    QSpinBox* m = f.editor.params()->spinBox(QStringLiteral("M"));
    ASSERT_NE(axis0, nullptr);
    ASSERT_NE(m, nullptr);
    // A wheel must not focus them, as Qt's own wheel focus would.
    EXPECT_EQ(axis0->focusPolicy(), Qt::StrongFocus);
    EXPECT_EQ(m->focusPolicy(), Qt::StrongFocus);
    f.editor.operands()->table()->setFocus();
    for (int i = 0; i < 3; ++i) {
        wheel_down(axis0);
        wheel_down(m);
    }
    EXPECT_EQ(axis0->currentText(), QStringLiteral("parallel"));
    EXPECT_EQ(m->value(), 300);
    EXPECT_FALSE(f.doc.isModified());

    m->setFocus();
    ASSERT_TRUE(m->hasFocus());
    wheel_down(m);
    EXPECT_EQ(m->value(), 299);
    axis0->setFocus();
    wheel_down(axis0);
    EXPECT_EQ(axis0->currentText(), QStringLiteral("arbitrary"));
}

TEST(SpecEditor, AFourAxisGridAndLongIndexMapsFitTheNarrowDock) {
    // 300: the dock in a 1280x720 window; 330: its least first-run width.
    for (int width : {300, 330, 420}) {
        SCOPED_TRACE(width);
        Fixture f("real/flash-attention-fwd", width);
        QApplication::processEvents();
        const int room = f.editor.viewport()->width();
        EXPECT_LE(f.editor.widget()->width(), room);
        EXPECT_FALSE(f.editor.horizontalScrollBar()->isVisible());
        // Every axis's semantics and every param's remove button lie within the dock.
        for (int axis = 0; axis < 4; ++axis) {
            auto* combo = f.editor.findChild<QComboBox*>(QStringLiteral("semantics_%1").arg(axis));
            ASSERT_NE(combo, nullptr);
            EXPECT_LE(right_in_content(f.editor, combo), room) << "axis " << axis;
            EXPECT_GE(combo->width(), 60) << "axis " << axis;
        }
        for (auto* button : f.editor.params()->findChildren<QToolButton*>())
            EXPECT_LE(right_in_content(f.editor, button), room);
        // The table needs no scrolling, and each index map shows whole, over lines.
        QTableView* table = f.editor.operands()->table();
        EXPECT_EQ(table->horizontalScrollBar()->maximum(), 0);
        EXPECT_LE(right_in_content(f.editor, table), room);
        const int column = OperandsModel::IndexMapColumn;
        const QFontMetrics fm = table->fontMetrics();
        const int text_width = table->columnWidth(column) - 6;  // the cell's text margins
        EXPECT_GE(text_width, fm.horizontalAdvance(QStringLiteral("lambda")))
            << "the map's longest word shows whole";
        for (int row = 0; row < table->model()->rowCount(); ++row) {
            const QString map = table->model()->index(row, column).data().toString();
            const QRect wrapped =
                fm.boundingRect(QRect(0, 0, text_width, 10000), Qt::TextWordWrap, map);
            EXPECT_LE(wrapped.height(), table->rowHeight(row)) << map.toStdString();
        }
    }
}

TEST(SpecEditor, AnIndexMapIsEditedInAFieldAsWideAsItsText) {
    Fixture f("real/flash-attention-fwd", 330);
    ErrorLineEdit* cell = f.type_in_cell(1, OperandsModel::IndexMapColumn,
                                         QStringLiteral("lambda b, h, i, j: (b, h, j, 0)"));
    ASSERT_NE(cell, nullptr);
    QTableView* table = f.editor.operands()->table();
    f.editor.operands()->delegate()->updateEditorGeometry(
        cell,
        [&] {
            QStyleOptionViewItem o;
            o.rect = table->visualRect(table->currentIndex());
            return o;
        }(),
        table->currentIndex());
    EXPECT_GE(cell->width(), cell->fontMetrics().horizontalAdvance(cell->text()));
    EXPECT_LE(cell->geometry().right(), table->viewport()->width());
    EXPECT_GE(cell->x(), 0);
}

TEST(SpecEditor, TheFormat2ColumnsShowWhereAnOperandSetsOneOrWhenAskedFor) {
    Fixture f;
    QTableView* table = f.editor.operands()->table();
    EXPECT_TRUE(table->isColumnHidden(OperandsModel::MemoryColumn));
    EXPECT_FALSE(table->isColumnHidden(OperandsModel::IndexMapColumn));
    auto* more = f.editor.findChild<QToolButton*>(QStringLiteral("moreOperandColumns"));
    ASSERT_NE(more, nullptr);
    more->click();
    EXPECT_FALSE(table->isColumnHidden(OperandsModel::MemoryColumn));
    EXPECT_FALSE(table->isColumnHidden(OperandsModel::DataColumn));
    more->click();
    EXPECT_TRUE(table->isColumnHidden(OperandsModel::DataColumn));
    Spec s = f.doc.spec();
    s.operands[0].data = InputData::Iota;
    f.doc.edit(s, SpecChange::all(), QStringLiteral("iota"));
    EXPECT_FALSE(table->isColumnHidden(OperandsModel::DataColumn)) << "an operand sets data";
}
