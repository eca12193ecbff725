#include <gtest/gtest.h>

#include "widgets/editor/table_text.h"

using namespace tl;
using namespace tl::gui;

TEST(TableText, RequiresSplitAtTopLevelSemicolons) {
    EXPECT_EQ(parse_requires(" M % bm == 0;  min(a, b) > 1 ;"),
              (std::vector<std::string>{"M % bm == 0", "min(a, b) > 1"}));
    EXPECT_TRUE(parse_requires("  ").empty());
    EXPECT_EQ(format_requires({"M % bm == 0", "K >= 128"}), "M % bm == 0; K >= 128");
}

TEST(TableText, ScratchReadsBuffersAndSemaphoresAndRoundTrips) {
    std::string why;
    const auto s = parse_scratch(
        "acc(bm, bn) float32; flags(8) int32 smem; sems(2, 2) dma; one() "
        "regular",
        &why);
    ASSERT_TRUE(s) << why;
    ASSERT_EQ(s->size(), 4u);
    EXPECT_EQ((*s)[0].name, "acc");
    EXPECT_EQ((*s)[0].shape.size(), 2u);
    EXPECT_EQ((*s)[1].memory_space, MemorySpace::Smem);
    EXPECT_EQ((*s)[1].dtype, DType::Int32);
    EXPECT_EQ((*s)[2].semaphore, ScratchSpec::Semaphore::Dma);
    EXPECT_TRUE((*s)[3].shape.empty());
    EXPECT_EQ((*s)[3].semaphore, ScratchSpec::Semaphore::Regular);
    EXPECT_EQ(format_scratch(*s),
              "acc(bm, bn) float32; flags(8) int32 smem; sems(2, 2) dma; one() regular");
    EXPECT_EQ(parse_scratch(format_scratch(*s), nullptr), s);
}

TEST(TableText, ScratchSaysWhatIsWrong) {
    std::string why;
    EXPECT_FALSE(parse_scratch("acc float32", &why));
    EXPECT_NE(why.find("name(shape) dtype"), std::string::npos) << why;
    EXPECT_FALSE(parse_scratch("acc(8) floaty", &why));
    EXPECT_NE(why.find("'floaty' is not a dtype"), std::string::npos) << why;
    EXPECT_FALSE(parse_scratch("acc(8)", &why));
    EXPECT_NE(why.find("give a dtype"), std::string::npos) << why;
}

TEST(TableText, PrefetchTablesReadAndRoundTrip) {
    std::string why;
    const auto t = parse_prefetch("cols = 0, 1, 1, 2; mask(2, 3) int8 = 1, 0, 0, 1, 1, 1", &why);
    ASSERT_TRUE(t) << why;
    ASSERT_EQ(t->size(), 2u);
    EXPECT_EQ((*t)[0].name, "cols");
    EXPECT_EQ((*t)[0].values, (std::vector<std::int64_t>{0, 1, 1, 2}));
    EXPECT_TRUE((*t)[0].shape.empty());
    EXPECT_EQ((*t)[1].shape, (std::vector<std::int64_t>{2, 3}));
    EXPECT_EQ((*t)[1].dtype, DType::Int8);
    EXPECT_EQ(format_prefetch(*t), "cols = 0, 1, 1, 2; mask(2, 3) int8 = 1, 0, 0, 1, 1, 1");
    EXPECT_EQ(parse_prefetch(format_prefetch(*t), nullptr), t);
    EXPECT_FALSE(parse_prefetch("cols 0, 1", &why));
    EXPECT_NE(why.find("name = values"), std::string::npos) << why;
    EXPECT_FALSE(parse_prefetch("cols = 0, x", &why));
    EXPECT_NE(why.find("'x' is not an integer"), std::string::npos) << why;
}
