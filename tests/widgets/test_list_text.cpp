#include <gtest/gtest.h>

#include "widgets/editor/list_text.h"

using namespace tl;
using namespace tl::gui;

TEST(ListText, SplitsAtTopLevelCommasOnlyAndKeepsOffsets) {
    const auto items = split_list("cdiv(M, bm),  4 ,max(a, b)");
    ASSERT_EQ(items.size(), 3u);
    EXPECT_EQ(items[0].text, "cdiv(M, bm)");
    EXPECT_EQ(items[0].offset, 0);
    EXPECT_EQ(items[1].text, "4");
    EXPECT_EQ(items[1].offset, 14);
    EXPECT_EQ(items[2].text, "max(a, b)");
    EXPECT_EQ(items[2].offset, 17);
    EXPECT_TRUE(split_list("   ").empty());
    EXPECT_EQ(split_list("a,").size(), 2u);  // a trailing comma is an empty item (an error)
}

TEST(ListText, SizesAreIntegersOrExpressions) {
    const auto sizes = parse_sizes("300, M, -2, 2 * bm, 99999999999999999999");
    ASSERT_EQ(sizes.size(), 5u);
    EXPECT_EQ(std::get<std::int64_t>(sizes[0]), 300);
    EXPECT_EQ(std::get<std::string>(sizes[1]), "M");
    EXPECT_EQ(std::get<std::int64_t>(sizes[2]), -2);
    EXPECT_EQ(std::get<std::string>(sizes[3]), "2 * bm");
    EXPECT_EQ(std::get<std::string>(sizes[4]), "99999999999999999999");  // the loader says why
    EXPECT_EQ(format_sizes(sizes), "300, M, -2, 2 * bm, 99999999999999999999");
}

TEST(ListText, BlockShapesRoundTripSqueezedAndElementDims) {
    const auto shape = parse_block_shape("None, pl.Element(bk + 2, (1, 1)), Element(8), bn");
    ASSERT_TRUE(shape);
    ASSERT_EQ(shape->size(), 4u);
    EXPECT_EQ((*shape)[0].kind, BlockDim::Kind::Squeezed);
    EXPECT_EQ((*shape)[1].kind, BlockDim::Kind::Element);
    EXPECT_EQ(std::get<std::string>((*shape)[1].size), "bk + 2");
    EXPECT_EQ((*shape)[1].pad_lo, 1);
    EXPECT_EQ((*shape)[1].pad_hi, 1);
    EXPECT_EQ((*shape)[2].kind, BlockDim::Kind::Element);
    EXPECT_EQ(std::get<std::int64_t>((*shape)[2].size), 8);
    EXPECT_EQ((*shape)[3].kind, BlockDim::Kind::Blocked);
    EXPECT_EQ(format_block_shape(shape), "None, Element(bk + 2, (1, 1)), Element(8), bn");
    EXPECT_FALSE(parse_block_shape(" "));
    EXPECT_EQ(parse_block_shape(format_block_shape(shape)), shape);
}

TEST(ListText, LocatesAnErrorInsideAListItemAtItsColumn) {
    // grid[1] is "cdiv(N, bnn)", starting at character 13; the loader says column 9 ("bnn").
    const std::string text = "cdiv(M, bm), cdiv(N, bnn)";
    const auto r = locate_error(text, "grid", "grid[1]", 9, true);
    ASSERT_TRUE(r);
    EXPECT_EQ(r->start, 13 + 8);
    EXPECT_EQ(r->length, 3);
    // An error about the whole field underlines all of it; other fields are not ours.
    const auto whole = locate_error(text, "grid", "grid", 0, true);
    ASSERT_TRUE(whole);
    EXPECT_EQ(whole->start, 0);
    EXPECT_EQ(whole->length, static_cast<int>(text.size()));
    EXPECT_FALSE(locate_error(text, "grid", "grid_x", 0, true));
    EXPECT_FALSE(locate_error(text, "grid", "operands[0].shape", 1, true));
}

TEST(ListText, LocatesAnIndexMapErrorAtItsColumn) {
    const std::string text = "lambda i, j, k: (i, kk)";
    const auto r = locate_error(text, "operands[0].index_map", "operands[0].index_map", 21, false);
    ASSERT_TRUE(r);
    EXPECT_EQ(r->start, 20);
    EXPECT_EQ(r->length, 2);
    EXPECT_FALSE(locate_error(text, "operands[0].index_map", "operands[1].index_map", 21, false));
}
