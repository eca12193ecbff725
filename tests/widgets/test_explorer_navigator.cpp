// The grid navigator: keys, clicks, the slice selector and play in iteration order.
#include <gtest/gtest.h>

#include <QAction>
#include <QApplication>
#include <QHelpEvent>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTest>
#include <QToolTip>

#include "widgets/explorer/explorer_palette.h"
#include "widgets/explorer/grid_canvas.h"
#include "widgets/explorer/grid_navigator.h"
#include "widgets/explorer/navigator_layout.h"

namespace tl::gui {
namespace {

struct Nav {
    GridNavigator nav;
    QSignalSpy spy{&nav, &GridNavigator::programActivated};
    explicit Nav(std::vector<std::int64_t> grid) {
        nav.resize(500, 220);
        nav.setGrid(grid, {QStringLiteral("i"), QStringLiteral("j"), QStringLiteral("k")});
        nav.setCurrent(0);
        nav.show();
    }
    qint64 last() const { return spy.isEmpty() ? -1 : spy.last().at(0).toLongLong(); }
    void key(int k, Qt::KeyboardModifiers m = Qt::NoModifier) {
        QTest::keyClick(nav.canvas(), static_cast<Qt::Key>(k), m);
    }
};

TEST(GridNavigator, ArrowKeysStepInIterationOrderAndAlongTheAxes) {
    Nav n({3, 4, 2});  // program = (i * 4 + j) * 2 + k
    const view::GridPlane g({3, 4, 2});
    n.key(Qt::Key_Right);
    EXPECT_EQ(n.last(), 1);  // next in iteration order: k = 1
    n.key(Qt::Key_Down);
    EXPECT_EQ(n.last(), g.program_at(1, 1, 0));
    n.key(Qt::Key_Right, Qt::ShiftModifier);
    EXPECT_EQ(n.last(), g.program_at(1, 1, 1));
    n.key(Qt::Key_PageUp);
    EXPECT_EQ(n.last(), g.program_at(0, 1, 1));
    n.key(Qt::Key_End);
    EXPECT_EQ(n.last(), 23);
    n.key(Qt::Key_Right);
    EXPECT_EQ(n.last(), 23);  // clamps at the end
    n.key(Qt::Key_Home);
    EXPECT_EQ(n.last(), 0);
    n.key(Qt::Key_Left);
    EXPECT_EQ(n.nav.current(), 0);
    EXPECT_TRUE(n.nav.programIdText().startsWith(QStringLiteral("program_id (0, 0, 0)")));
}

TEST(GridNavigator, ClickingACellSelectsItsProgramInTheShownSlice) {
    Nav n({3, 4, 2});
    n.nav.setCurrent(1);  // slice k = 1
    const QPointF c = n.nav.canvas()->centreOf(2, 3);
    QTest::mouseClick(n.nav.canvas(), Qt::LeftButton, Qt::NoModifier, c.toPoint());
    EXPECT_EQ(n.last(), view::GridPlane({3, 4, 2}).program_at(1, 2, 3));
    EXPECT_TRUE(n.nav.programIdText().contains(QStringLiteral("(2, 3, 1)")));
}

TEST(GridNavigator, TheToolTipNamesTheProgramUnderThePointer) {
    Nav n({3, 4, 2});
    n.nav.setCurrent(1);  // slice k = 1
    const QPoint c = n.nav.canvas()->centreOf(2, 3).toPoint();
    QHelpEvent help(QEvent::ToolTip, c, n.nav.canvas()->mapToGlobal(c));
    QApplication::sendEvent(n.nav.canvas(), &help);
    EXPECT_EQ(QToolTip::text(), QStringLiteral("program_id (2, 3, 1) · #23"));
}

TEST(GridNavigator, TheSliceSelectorFollowsAndMovesTheProgram) {
    Nav n({2, 2, 3});
    auto* k = n.nav.findChild<QSpinBox*>(QStringLiteral("slice2"));
    ASSERT_NE(k, nullptr);
    EXPECT_EQ(k->prefix(), QStringLiteral("k = "));
    EXPECT_EQ(k->maximum(), 2);
    n.nav.setCurrent(view::GridPlane({2, 2, 3}).program_at(2, 1, 0));
    EXPECT_EQ(k->value(), 2);
    k->setValue(1);
    EXPECT_EQ(n.last(), view::GridPlane({2, 2, 3}).program_at(1, 1, 0));
    Nav flat({3, 4});
    EXPECT_EQ(flat.nav.findChild<QSpinBox*>(QStringLiteral("slice2")), nullptr);
}

TEST(GridNavigator, PlayStepsThroughEveryProgramInOrderAndStops) {
    Nav n({2, 3});
    n.nav.setSpeed(60);
    EXPECT_EQ(n.nav.speed(), 60);
    n.nav.playAction()->trigger();
    EXPECT_TRUE(n.nav.playAction()->isChecked());
    ASSERT_TRUE(QTest::qWaitFor([&] { return !n.nav.playAction()->isChecked(); }, 5000));
    ASSERT_EQ(n.spy.size(), 5);
    for (int i = 0; i < 5; ++i) EXPECT_EQ(n.spy.at(i).at(0).toLongLong(), i + 1);
    // Played to the end, play starts again from the first program.
    n.nav.playAction()->trigger();
    EXPECT_EQ(n.spy.at(5).at(0).toLongLong(), 0);
    n.nav.playAction()->trigger();  // pause
    EXPECT_FALSE(n.nav.playAction()->isChecked());
}

TEST(GridNavigator, TheTrailAndTheHoveredElementsProgramsAreDrawn) {
    Nav n({3, 4, 2});
    for (qint64 p : {2, 4, 6}) n.nav.setCurrent(p);
    const auto& st = n.nav.canvas()->state();
    ASSERT_EQ(st.trail.size(), 3u);
    EXPECT_EQ(st.trail.front(), 4);  // most recent first
    n.nav.setTouching({}, {8, 9});   // writers: cell (1, 0), both slices
    n.nav.canvas()->grab();
    EXPECT_EQ(n.nav.canvas()->lastPaintStats().highlights, 1);
    EXPECT_EQ(n.nav.canvas()->lastPaintStats().cells, 12);
}

TEST(GridNavigator, AHugeGridIsDrawnAsAFewRectangles) {
    Nav n({1000, 1000});
    n.nav.setCurrent(123456);
    n.nav.canvas()->grab();
    EXPECT_EQ(n.nav.canvas()->lastPaintStats().cells, 0);
}

// Every program of the plane has a cell of at least kMinWrappedCell pixels whose centre is a
// click on that program, and no two cells overlap.
void expectEveryCellClickable(Nav& n, const view::GridPlane& g) {
    GridCanvas* canvas = n.nav.canvas();
    const NavigatorLayout l = gridLayout(g, QRectF(canvas->rect()));
    EXPECT_GE(l.cellW(), kMinWrappedCell);
    EXPECT_GE(l.cellH(), kMinWrappedCell);
    for (std::int64_t r = 0; r < g.rows(); ++r)
        for (std::int64_t c = 0; c < g.cols(); ++c) {
            const QPointF centre = canvas->centreOf(r, c);
            EXPECT_TRUE(QRectF(canvas->rect()).contains(centre)) << r << ", " << c;
            std::int64_t hr = -1, hc = -1;
            ASSERT_TRUE(l.hit(g, centre.x(), centre.y(), &hr, &hc)) << r << ", " << c;
            EXPECT_EQ(hr, r);
            EXPECT_EQ(hc, c);
        }
    const QPoint last = canvas->centreOf(g.rows() - 1, g.cols() - 1).toPoint();
    QTest::mouseClick(canvas, Qt::LeftButton, Qt::NoModifier, last);
    EXPECT_EQ(n.last(), g.programs() - 1);
}

TEST(GridNavigator, ATallGridWrapsIntoBandsOfClickableCells) {
    // 32 x 4 in a short pane: square cells would be 4 px; stretched, 4 px tall.
    Nav n({32, 4});
    n.nav.canvas()->resize(420, 150);
    expectEveryCellClickable(n, view::GridPlane({32, 4}));
    // Bands side by side: row 8 starts a band to the right of row 0's.
    EXPECT_GT(n.nav.canvas()->centreOf(8, 0).x(), n.nav.canvas()->centreOf(7, 3).x());
    EXPECT_GT(n.nav.canvas()->centreOf(7, 0).y(), n.nav.canvas()->centreOf(0, 0).y());
}

TEST(GridNavigator, AVeryTallGridOfTwoColumnsWrapsToo) {
    Nav n({128, 2});
    n.nav.canvas()->resize(900, 200);
    expectEveryCellClickable(n, view::GridPlane({128, 2}));
    n.nav.canvas()->grab();
    EXPECT_EQ(n.nav.canvas()->lastPaintStats().cells, 256);
    // A 720p window's pane: bands closer together, cells still drawn and hit one by one.
    n.nav.canvas()->resize(400, 80);
    const view::GridPlane g({128, 2});
    const NavigatorLayout l = gridLayout(g, QRectF(n.nav.canvas()->rect()));
    EXPECT_GT(l.bands, 1);
    EXPECT_GE(l.cell(), 5);
    n.nav.canvas()->grab();
    EXPECT_EQ(n.nav.canvas()->lastPaintStats().cells, 256);
    std::int64_t row = -1, col = -1;
    const QPointF last = n.nav.canvas()->centreOf(127, 1);
    EXPECT_TRUE(QRectF(n.nav.canvas()->rect()).contains(last));
    ASSERT_TRUE(l.hit(g, last.x(), last.y(), &row, &col));
    EXPECT_EQ(row, 127);
    EXPECT_EQ(col, 1);
}

TEST(GridNavigator, AWideGridWrapsItsColumnsIntoStackedBands) {
    Nav n({2, 128});
    n.nav.canvas()->resize(600, 260);
    expectEveryCellClickable(n, view::GridPlane({2, 128}));
    // A later band of columns lies below the first.
    EXPECT_GT(n.nav.canvas()->centreOf(0, 127).y(), n.nav.canvas()->centreOf(1, 0).y());
}

TEST(GridNavigator, ClearingTheTrailForgetsTheCurrentProgramToo) {
    Nav n({3, 4});
    n.nav.setCurrent(5);
    n.nav.clearTrail();  // another document
    n.nav.setCurrent(0);
    EXPECT_TRUE(n.nav.canvas()->state().trail.empty());
}

TEST(GridNavigator, ABigGridShowsWhatHasRunAsADensityImageWithTheProgramMarked) {
    Nav n({512, 512});
    n.nav.canvas()->resize(420, 300);
    const view::GridPlane g({512, 512});
    n.nav.setCurrent(g.program_at(0, 256, 100));  // half the plane has run
    const QImage img = n.nav.canvas()->grab().toImage();
    EXPECT_EQ(n.nav.canvas()->lastPaintStats().cells, 0);
    const QPointF early = n.nav.canvas()->centreOf(64, 400),
                  late = n.nav.canvas()->centreOf(448, 100);
    // Rows above the current one are shaded as run, rows below are not.
    EXPECT_NE(img.pixelColor(early.toPoint()), img.pixelColor(late.toPoint()));
    // The current program is marked with a ring, whatever the cell size.
    const QPointF cur = n.nav.canvas()->centreOf(256, 100);
    const QColor marked = ExplorerPalette::forPalette(n.nav.canvas()->palette()).marked;
    int ring = 0;
    for (int dx = -11; dx <= 11; ++dx)
        for (int dy = -11; dy <= 11; ++dy)
            ring += img.pixelColor((cur + QPointF(dx, dy)).toPoint()) == marked;
    EXPECT_GT(ring, 10);
}

}  // namespace
}  // namespace tl::gui
