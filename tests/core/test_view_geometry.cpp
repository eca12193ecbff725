// Element <-> pixel geometry, level of detail, partitions and the navigator plane, all
// without a window.
#include <gtest/gtest.h>

#include "core/view/geometry.h"
#include "core/view/grid_plane.h"
#include "core/view/partition.h"

namespace tl::view {
namespace {

TEST(ViewTransform, FitCentresTheExtentWithOneScale) {
    const ElementRect extent{0, 0, 300, 500};
    const ViewTransform t = fit(extent, {0, 0, 1020, 620}, 10);
    EXPECT_DOUBLE_EQ(t.scale_x, t.scale_y);
    EXPECT_DOUBLE_EQ(t.scale_x, 2.0);  // min(1000 / 500, 600 / 300)
    const RectF r = t.to_pixels(extent);
    EXPECT_DOUBLE_EQ(r.x, 10);
    EXPECT_DOUBLE_EQ(r.y, 10);
    EXPECT_DOUBLE_EQ(r.right(), 1010);
    EXPECT_DOUBLE_EQ(r.bottom(), 610);
}

TEST(ViewTransform, FitKeepsARankOneRowVisibleAsAStrip) {
    const ViewTransform t = fit({0, 0, 1, 5120}, {0, 0, 512, 300}, 0, 24);
    EXPECT_DOUBLE_EQ(t.scale_x, 0.1);
    EXPECT_DOUBLE_EQ(t.scale_y, 24);
    EXPECT_DOUBLE_EQ(t.y_of(0) + t.scale_y / 2, 150);  // vertically centred
    const ViewTransform column = fit({0, 0, 512, 1}, {0, 0, 300, 512}, 0, 24);
    EXPECT_DOUBLE_EQ(column.scale_y, 1);
    EXPECT_DOUBLE_EQ(column.scale_x, 24);
}

TEST(ViewTransform, ElementUnderAPixelInvertsTheMapping) {
    ViewTransform t = fit({0, 0, 100, 90}, {0, 0, 400, 400}, 7);
    t.zoom_at(3.7, 123, 77, 0.1, 100);
    t.pan(-31, 12);
    for (std::int64_t r : {0, 5, 59, 99})
        for (std::int64_t c : {0, 13, 89}) {
            const RectF px = t.to_pixels({r, c, r + 1, c + 1});
            const auto [er, ec] = t.element_at(px.x + px.w / 2, px.y + px.h / 2);
            EXPECT_EQ(er, r);
            EXPECT_EQ(ec, c);
        }
    const auto [nr, nc] = t.element_at(t.x_of(-0.5), t.y_of(-0.5));
    EXPECT_EQ(nr, -1);  // floor, not truncation, left of and above the array
    EXPECT_EQ(nc, -1);
}

TEST(ViewTransform, ZoomKeepsThePointUnderTheCursorAndClamps) {
    ViewTransform t = fit({0, 0, 64, 64}, {0, 0, 640, 640}, 0);  // 10 px per element
    const double col = t.col_at(200), row = t.row_at(300);
    t.zoom_at(2.5, 200, 300, 1, 100);
    EXPECT_DOUBLE_EQ(t.scale_x, 25);
    EXPECT_NEAR(t.col_at(200), col, 1e-9);
    EXPECT_NEAR(t.row_at(300), row, 1e-9);
    t.zoom_at(1000, 200, 300, 1, 100);
    EXPECT_DOUBLE_EQ(t.scale_x, 100);
    t.zoom_at(1e-9, 0, 0, 1, 100);
    EXPECT_DOUBLE_EQ(t.scale_x, 1);
}

TEST(ViewTransform, ViewsShareTheSmallestScaleUnlessAnArrayWouldVanish) {
    EXPECT_DOUBLE_EQ(shared_scale(2.0, 1.0), 1.0);
    EXPECT_DOUBLE_EQ(shared_scale(1.0, 1.0), 1.0);
    EXPECT_DOUBLE_EQ(shared_scale(64.0, 1.0), 64.0);  // 64x smaller would be a speck
    const ViewTransform capped = fit({0, 0, 10, 10}, {0, 0, 100, 100}, 0, 24, 4);
    EXPECT_DOUBLE_EQ(capped.scale_x, 4);
    EXPECT_DOUBLE_EQ(capped.x_of(0), 30);  // still centred
}

TEST(ElementRects, SubtractGivesDisjointStripsOfTheRightArea) {
    const ElementRect window{20, 80, 30, 100}, array{0, 0, 100, 90};
    const auto pad = subtract(window, array);
    ASSERT_EQ(pad.size(), 1u);
    EXPECT_EQ(pad[0], (ElementRect{20, 90, 30, 100}));

    const ElementRect corner{256, 384, 384, 512};  // the bottom-right block of a 300 x 500
    const auto strips = subtract(corner, {0, 0, 300, 500});
    std::int64_t area = 0;
    for (const auto& s : strips) {
        area += s.rows() * s.cols();
        for (const auto& o : strips)
            if (&o != &s) {
                EXPECT_TRUE(intersect(s, o).empty());
            }
    }
    EXPECT_EQ(area, 128 * 128 - 44 * 116);
    EXPECT_EQ(subtract(window, {}).size(), 1u);  // nothing inside: all of it
    EXPECT_TRUE(subtract({0, 0, 5, 5}, {0, 0, 5, 5}).empty());
}

TEST(LevelOfDetail, ElementLinesFadeOutBelowAFewPixels) {
    EXPECT_EQ(element_line_opacity(1), 0);
    EXPECT_EQ(element_line_opacity(3), 0);
    EXPECT_GT(element_line_opacity(5), 0);
    EXPECT_LT(element_line_opacity(5), 1);
    EXPECT_EQ(element_line_opacity(8), 1);
    EXPECT_EQ(element_line_opacity(40), 1);
    for (double px = 0; px < 10; px += 0.25)
        EXPECT_LE(element_line_opacity(px), element_line_opacity(px + 0.25));
    EXPECT_EQ(block_line_opacity(1.5), 0);
    EXPECT_EQ(block_line_opacity(6), 1);
    EXPECT_FALSE(cells_drawn_as_shapes(0.06, 0.06));  // 16384 elements on 1000 pixels
    EXPECT_TRUE(cells_drawn_as_shapes(4, 4));
}

TEST(LevelOfDetail, VisibleSpanClampsToTheArray) {
    // 16384 elements at 0.06 px each, pixels 0..1000 show all of them, never more.
    const Span all = visible_span(10, 1000.0 / 16384, 0, 1020, 0, 16384);
    EXPECT_EQ(all.lo, 0);
    EXPECT_EQ(all.hi, 16384);
    // Zoomed in: 20 px per element, pixels 0..200 from origin -1000 are elements 50..60.
    const Span some = visible_span(-1000, 20, 0, 200, 0, 16384);
    EXPECT_EQ(some.lo, 50);
    EXPECT_EQ(some.hi, 60);
    EXPECT_EQ(visible_span(5000, 1, 0, 100, 0, 10).size(), 0);
}

TEST(AxisPartition, RegularCutsAtBlockMultiplesAndTheEdge) {
    const AxisPartition p = AxisPartition::regular(0, 128, 0, 300);
    ASSERT_EQ(p.count(), 4);
    EXPECT_EQ(p.cut(0), 0);
    EXPECT_EQ(p.cut(1), 128);
    EXPECT_EQ(p.cut(2), 256);
    EXPECT_EQ(p.cut(3), 300);
    EXPECT_EQ(p.cells(), 3);
    EXPECT_EQ(p.cell_of(0), 0);
    EXPECT_EQ(p.cell_of(127), 0);
    EXPECT_EQ(p.cell_of(128), 1);
    EXPECT_EQ(p.cell_of(299), 2);
    EXPECT_EQ(p.cell_of(300), -1);
    EXPECT_EQ(p.cell_of(-1), -1);
    EXPECT_EQ(p.count_in(100, 260), 2);
    EXPECT_EQ(p.min_cell(), 44);
}

TEST(AxisPartition, AFineRegularPartitionIsQueriedNotListed) {
    // 16384 one-element blocks: 16385 cuts, answered by arithmetic.
    const AxisPartition p = AxisPartition::regular(0, 1, 0, 16384);
    EXPECT_EQ(p.count(), 16385);
    EXPECT_EQ(p.count_in(100, 199), 100);
    EXPECT_EQ(p.cell_of(16383), 16383);
    EXPECT_EQ(p.min_cell(), 1);
}

TEST(AxisPartition, ListedCutsComeFromTheCoverage) {
    const std::vector<std::int64_t> cuts{0, 10, 30, 31, 90};
    const AxisPartition p = AxisPartition::listed(cuts);
    EXPECT_EQ(p.cells(), 4);
    EXPECT_EQ(p.cell_of(30), 2);
    EXPECT_EQ(p.cell_of(31), 3);
    EXPECT_EQ(p.cell_bounds(1), (std::pair<std::int64_t, std::int64_t>{10, 30}));
    EXPECT_EQ(p.min_cell(), 1);
    EXPECT_EQ(p.count_in(0, 30), 3);
}

TEST(GridPlane, ProgramsMapToSlicesRowsAndColumnsInIterationOrder) {
    const GridPlane g({3, 4, 2});  // matmul-rect: (i, j, k), k fastest
    EXPECT_EQ(g.rows(), 3);
    EXPECT_EQ(g.cols(), 4);
    EXPECT_EQ(g.slices(), 2);
    for (std::int64_t p = 0; p < g.programs(); ++p) {
        const auto c = g.cell_of(p);
        EXPECT_EQ(g.program_at(c.slice, c.row, c.col), p);
        // Iteration order: program = (i * 4 + j) * 2 + k.
        EXPECT_EQ(p, (c.row * 4 + c.col) * 2 + c.slice);
    }
    const GridPlane g4({2, 3, 4, 5});
    EXPECT_EQ(g4.slices(), 20);
    EXPECT_EQ(g4.slice_coords(7), (std::vector<std::int64_t>{1, 2}));
    EXPECT_EQ(g4.slice_of_coords({1, 2}), 7);
}

TEST(GridPlane, KeyMovesStepAndClamp) {
    const GridPlane g({3, 4, 2});
    const std::int64_t p = g.program_at(1, 1, 2);  // (1, 2, 1)
    EXPECT_EQ(g.step_order(p, 1), p + 1);
    EXPECT_EQ(g.step_order(0, -1), 0);
    EXPECT_EQ(g.step_order(g.programs() - 1, 5), g.programs() - 1);
    EXPECT_EQ(g.step_row(p, 1), g.program_at(1, 2, 2));
    EXPECT_EQ(g.step_row(p, 5), g.program_at(1, 2, 2));
    EXPECT_EQ(g.step_col(p, -1), g.program_at(1, 1, 1));
    EXPECT_EQ(g.step_slice(p, -1), g.program_at(0, 1, 2));
    EXPECT_EQ(g.step_slice(p, 1), p);
    const GridPlane line({5});  // rank 1: one row
    EXPECT_EQ(line.rows(), 1);
    EXPECT_EQ(line.cols(), 5);
    EXPECT_EQ(line.step_col(3, 1), 4);
    EXPECT_EQ(GridPlane().programs(), 1);
}

TEST(ViewGeometry, AThinArrayIsStretchedAcrossItsViewport) {
    // 65536 x 256 in 600 x 300: one scale would draw the 256 columns 1.2 px wide.
    const ElementRect tall{0, 0, 65536, 256};
    const RectF vp{0, 0, 600, 300};
    EXPECT_LT(fit(tall, vp, 0).scale_x * 256, 2);
    const ViewTransform t = fit_any_aspect(tall, vp, 0, 64, 96);
    EXPECT_DOUBLE_EQ(t.scale_y, 300.0 / 65536);  // the long side still fits
    EXPECT_DOUBLE_EQ(t.scale_x * 256, 600);      // the short side fills the width
    EXPECT_DOUBLE_EQ(t.x_of(0), 0);
    // And the other way round, and an array that is not thin keeps one scale.
    const ViewTransform wide = fit_any_aspect({0, 0, 256, 65536}, {0, 0, 600, 300}, 0, 64, 96);
    EXPECT_DOUBLE_EQ(wide.scale_y * 256, 300);
    const ViewTransform square = fit_any_aspect({0, 0, 300, 500}, vp, 0, 64, 96);
    EXPECT_DOUBLE_EQ(square.scale_x, square.scale_y);
    // Thin only because of a shared scale cap: still one scale (300 x 256 is no strip).
    const ViewTransform capped = fit_any_aspect({0, 0, 300, 256}, vp, 0, 64, 96, 24, 0.1);
    EXPECT_DOUBLE_EQ(capped.scale_x, capped.scale_y);
    // The stretch stops at max_stretch pixels per element.
    const ViewTransform few = fit_any_aspect({0, 0, 4096, 2}, vp, 0, 64, 96);
    EXPECT_DOUBLE_EQ(few.scale_x, 96);

    // Zooming in widens the thin axis; the stretched one waits until the other catches up.
    ViewTransform z = t;
    const double cap = t.scale_x;  // 600 / 256
    const double col = z.col_at(300), row = z.row_at(150);
    z.zoom_stretched_at(100, 300, 150, 1e-4, 96, cap);
    EXPECT_DOUBLE_EQ(z.scale_y, t.scale_y * 100);
    EXPECT_DOUBLE_EQ(z.scale_x, cap);
    EXPECT_NEAR(z.col_at(300), col, 1e-9);  // the element under the pointer stays there
    EXPECT_NEAR(z.row_at(150), row, 1e-9);
    z.zoom_stretched_at(100, 300, 150, 1e-4, 96, cap);  // rows now past the cap: one scale
    EXPECT_DOUBLE_EQ(z.scale_x, z.scale_y);
}

TEST(GridPlane, LayoutHitsTheCellUnderThePointer) {
    const GridPlane g({3, 4});
    const PlaneLayout l = fit_plane(g, {0, 0, 100, 100}, 40);
    EXPECT_DOUBLE_EQ(l.cell, 25);  // min(100 / 4 columns, 100 / 3 rows, 40)
    EXPECT_DOUBLE_EQ(l.y0, 12.5);  // centred: 75 pixels of rows in 100
    std::int64_t r = -1, c = -1;
    const RectF cell = l.cell_rect(2, 3);
    ASSERT_TRUE(l.hit(g, cell.x + 1, cell.y + 1, &r, &c));
    EXPECT_EQ(r, 2);
    EXPECT_EQ(c, 3);
    EXPECT_FALSE(l.hit(g, l.x0 - 1, l.y0, &r, &c));
}

TEST(GridPlane, ATallGridStretchesItsCellsRatherThanShrinkToAStrip) {
    // 32 x 4 in 400 x 120: square cells would be 3.75 px (a 15-px-wide strip).
    const GridPlane g({32, 4});
    const PlaneLayout l = fit_plane(g, {0, 0, 400, 120}, 34, 8);
    EXPECT_DOUBLE_EQ(l.cell_h, 3.75);
    EXPECT_DOUBLE_EQ(l.cell_w, 34);  // the columns take the width there is, up to the cap
    EXPECT_FALSE(l.square());
    EXPECT_DOUBLE_EQ(l.cell, 3.75);
    std::int64_t r = -1, c = -1;
    ASSERT_TRUE(l.hit(g, l.x0 + 3 * 34 + 1, 31 * 3.75 + 1, &r, &c));
    EXPECT_EQ(r, 31);
    EXPECT_EQ(c, 3);
    // A grid whose square cells are big enough stays square, and so does a huge square grid
    // (its cells are sub-pixel either way; the plane is no strip).
    EXPECT_TRUE(fit_plane(GridPlane({10, 2}), {0, 0, 400, 120}, 34, 8).square());
    const PlaneLayout big = fit_plane(GridPlane({512, 512}), {0, 0, 400, 160}, 34, 8);
    EXPECT_TRUE(big.square());
    EXPECT_DOUBLE_EQ(big.cell_w * 512, 160);
}

}  // namespace
}  // namespace tl::view
