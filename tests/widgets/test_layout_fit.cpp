// Layout that keeps the story on screen: the spec editor never wider than its dock, the whole
// description shown, and first-run docks in proportion to the window.
#include <gtest/gtest.h>

#include <QApplication>
#include <QDockWidget>
#include <QLabel>
#include <QPlainTextEdit>
#include <QScrollBar>
#include <QSettings>
#include <QTemporaryDir>

#include "test_util.h"
#include "widgets/document/spec_document.h"
#include "widgets/editor/params_section.h"
#include "widgets/editor/spec_editor.h"
#include "widgets/explorer/explorer_view.h"
#include "widgets/explorer/grid_canvas.h"
#include "widgets/explorer/grid_navigator.h"
#include "widgets/explorer/navigator_layout.h"
#include "widgets/explorer/operand_view.h"
#include "widgets/mainwindow/main_window.h"
#include "widgets/present/presenter.h"

using namespace tl;
using namespace tl::gui;

namespace {

// The editor on matmul-rect, `width` pixels wide, shown and settled.
struct Editor {
    SpecDocument doc;
    SpecEditor editor{&doc};
    explicit Editor(int width) {
        EXPECT_TRUE(doc.load(tl::test::example_file("matmul-rect")));
        editor.resize(width, 900);
        editor.show();
        EXPECT_TRUE(tl::test::settle(doc));
        QApplication::processEvents();
    }
};

TEST(LayoutFit, TheSpecEditorFitsANarrowDockWithOneParamPerRow) {
    Editor e(320);
    SpecEditor& editor = e.editor;
    // Every section fits: no part of the editor lies past the right edge, unseen.
    EXPECT_LE(editor.widget()->width(), editor.viewport()->width());
    EXPECT_FALSE(editor.horizontalScrollBar()->isVisible());
    EXPECT_EQ(editor.findChild<ParamsSection*>()->columns(), 1);
    editor.resize(620, 900);
    QApplication::processEvents();
    EXPECT_EQ(editor.findChild<ParamsSection*>()->columns(), 2);
}

TEST(LayoutFit, TheDescriptionBoxGrowsWithItsText) {
    Editor e(420);
    SpecDocument& doc = e.doc;
    SpecEditor& editor = e.editor;
    auto* box = editor.findChild<QPlainTextEdit*>(QStringLiteral("specDescription"));
    ASSERT_NE(box, nullptr);
    const int lineH = box->fontMetrics().lineSpacing();
    Spec s = doc.spec();
    s.description = "one line";
    doc.edit(s, {SpecChange::Part::Meta, -1, QStringLiteral("description")},
             QStringLiteral("short"));
    QApplication::processEvents();
    const int shortH = box->height();
    s.description = std::string(60, 'x') + "\n" + "a\nb\nc\nd\ne\nf\ng";
    doc.edit(s, {SpecChange::Part::Meta, -1, QStringLiteral("description")},
             QStringLiteral("long"));
    QApplication::processEvents();
    EXPECT_GE(box->height(), shortH + 5 * lineH);  // 8+ lines instead of 3
    EXPECT_LE(box->height(), 12 * lineH + 40);     // capped: the rest scrolls
}

struct FitWindow {
    QTemporaryDir dir;
    QSettings settings{dir.filePath(QStringLiteral("settings.ini")), QSettings::IniFormat};
    MainWindow w{&settings};
    QDockWidget* dock(const char* name) const {
        return w.findChild<QDockWidget*>(QString::fromUtf8(name));
    }
    void resize(int width, int height) {
        w.resize(width, height);
        QApplication::processEvents();
        QApplication::processEvents();
    }
};

TEST(LayoutFit, FirstRunDocksFollowTheWindowSizeUntilTheUserMovesThem) {
    FitWindow t;
    t.w.show();
    t.resize(1280, 720);
    const int small = t.dock("bottomDock")->height();
    EXPECT_LE(small, 720 * 30 / 100);  // the explorer keeps most of a small screen
    EXPECT_LE(t.dock("specEditorDock")->width(), 340);
    t.resize(2560, 1440);
    const int big = t.dock("bottomDock")->height();
    EXPECT_GE(big, 1440 * 25 / 100);  // the charts get room on a big one
    EXPECT_GT(big, small + 150);
    // A separator the user moved stays where they put it.
    t.w.resizeDocks({t.dock("bottomDock")}, {600}, Qt::Vertical);
    QApplication::processEvents();
    const int mine = t.dock("bottomDock")->height();
    t.resize(2000, 1300);
    EXPECT_NEAR(t.dock("bottomDock")->height(), mine, 8);
}

TEST(LayoutFit, NothingInTheWindowMovesWhileStepping) {
    FitWindow t;
    t.w.show();
    t.resize(1280, 720);
    for (const char* example : {"matmul-rect", "softmax-narrow-block", "block-sparse"}) {
        ASSERT_TRUE(t.w.openSpec(
            QStringLiteral(":/examples/%1.tilelens.json").arg(QLatin1String(example))));
        ASSERT_TRUE(tl::test::settle(*t.w.document()));
        QApplication::processEvents();
        ExplorerView* ex = t.w.explorer();
        const auto frames = [&] {
            std::vector<QRect> r{ex->geometry(), ex->navigator()->geometry(),
                                 ex->navigator()->canvas()->geometry()};
            for (int i = 0; i < ex->operandViewCount(); ++i)
                r.push_back(ex->operandView(i)->geometry());
            for (QDockWidget* d : t.w.findChildren<QDockWidget*>()) r.push_back(d->geometry());
            return r;
        };
        const auto first = frames();
        const qint64 n = ex->snapshot().analysis->programs();
        for (qint64 p = 0; p < n; p += std::max<qint64>(1, n / 30)) {
            emit ex->navigator()->programActivated(p);
            QApplication::processEvents();
            EXPECT_EQ(frames(), first) << example << " program " << p;
        }
    }
    EXPECT_EQ(t.w.size(), QSize(1280, 720));  // the window's minimum fits that screen
}

}  // namespace

namespace {

TEST(LayoutFit, At720pTheNavigatorHasRowsToClickAndItsIdIsNotCutOff) {
    FitWindow t;
    t.w.show();
    t.resize(1280, 720);
    ASSERT_TRUE(t.w.openSpec(QStringLiteral(":/examples/matmul-rect.tilelens.json")));
    ASSERT_TRUE(tl::test::settle(*t.w.document()));
    QApplication::processEvents();
    QApplication::processEvents();
    ExplorerView* ex = t.w.explorer();
    GridNavigator* nav = ex->navigator();
    // Three rows of clickable cells under the header, not a 60 px sliver.
    EXPECT_GE(nav->canvas()->height(), 3 * static_cast<int>(kMinWrappedCell) + 26);
    const NavigatorLayout l =
        gridLayout(nav->canvas()->state().plane, QRectF(nav->canvas()->rect()));
    EXPECT_GE(l.cell(), kMinWrappedCell);
    // The program's id is shown whole (short when the header is narrow).
    auto* id = nav->findChild<QLabel*>(QStringLiteral("programId"));
    ASSERT_NE(id, nullptr);
    EXPECT_LE(id->fontMetrics().horizontalAdvance(id->text()), id->width());
    // The legend never takes more than two lines above the operands.
    auto* legend = ex->findChild<QWidget*>(QStringLiteral("legend"));
    ASSERT_NE(legend, nullptr);
    EXPECT_LE(legend->height(), 2 * 22);
}

TEST(LayoutFit, AWideShortOperandAreaPutsTheArraysInOneRow) {
    FitWindow t;
    t.w.show();
    t.resize(1920, 1080);
    ASSERT_TRUE(t.w.openSpec(QStringLiteral(":/examples/matmul-rect.tilelens.json")));
    ASSERT_TRUE(tl::test::settle(*t.w.document()));
    t.w.presenter()->enter();
    QApplication::processEvents();
    QApplication::processEvents();
    ExplorerView* ex = t.w.explorer();
    ASSERT_EQ(ex->operandViewCount(), 3);
    // x, y and o side by side: the screen's width is what a room sees them in.
    EXPECT_EQ(ex->operandView(0)->geometry().top(), ex->operandView(2)->geometry().top());
    EXPECT_LT(ex->operandView(1)->geometry().right(), ex->operandView(2)->geometry().left());
    // The arrays fill their views: o spans most of its canvas one way or the other.
    OperandView* o = ex->operandView(2);
    const double tall = (o->pixelOf(299, 0).y() - o->pixelOf(0, 0).y()) / o->canvasRect().height();
    const double wide = (o->pixelOf(0, 499).x() - o->pixelOf(0, 0).x()) / o->canvasRect().width();
    EXPECT_GT(std::max(tall, wide), 0.6) << tall << " " << wide;
    t.w.presenter()->leave();
}

}  // namespace
