// The error heat map: per-element errors pooled by their worst element.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "core/view/error_heat.h"

namespace tl::view {
namespace {

using V = std::vector<std::int64_t>;

TEST(ErrorHeat, OneBadElementSurvivesPooling) {
    Buffer out(DType::Float32, {5, 7}), ref(DType::Float64, {5, 7});
    for (std::int64_t i = 0; i < 35; ++i) {
        ref.set(i, static_cast<double>(i));
        out.set(i, static_cast<double>(i));
    }
    out.set(3 * 7 + 6, 100.0);  // element (3, 6)
    const Tolerance tol{1e-6, 1e-6};
    const HeatGrid full = build_error_heat(out, ref, tol, {}, 64);
    ASSERT_EQ(full.rows, 5);
    ASSERT_EQ(full.cols, 7);
    EXPECT_TRUE(full.bad_at(3, 6));
    EXPECT_FALSE(full.bad_at(3, 5));
    EXPECT_EQ(full.bad_elements, 1);
    EXPECT_DOUBLE_EQ(full.max_error, 100.0 - 27.0);

    const HeatGrid pooled = build_error_heat(out, ref, tol, {}, 2);  // bins of 3 x 4
    EXPECT_EQ(pooled.bin_rows, 3);
    EXPECT_EQ(pooled.bin_cols, 4);
    ASSERT_EQ(pooled.rows, 2);
    ASSERT_EQ(pooled.cols, 2);
    EXPECT_TRUE(pooled.bad_at(1, 1));
    EXPECT_FALSE(pooled.bad_at(0, 0));
    EXPECT_GT(heat_intensity(pooled.ratio_at(1, 1)), 0.5);
}

TEST(ErrorHeat, NanAgainstANumberIsTheWorstAndWithinToleranceIsNotBad) {
    Buffer out(DType::Float32, {2, 3, 4}), ref(DType::Float64, {2, 3, 4});
    out.set(out.offset(V{1, 2, 3}), std::numeric_limits<double>::quiet_NaN());
    out.set(out.offset(V{1, 0, 0}), 1e-9);  // inside atol
    const Tolerance tol{0, 1e-6};
    const HeatGrid h = build_error_heat(out, ref, tol, V{1});
    ASSERT_EQ(h.rows, 3);
    ASSERT_EQ(h.cols, 4);
    EXPECT_TRUE(h.bad_at(2, 3));
    EXPECT_TRUE(std::isinf(h.ratio_at(2, 3)));
    EXPECT_EQ(heat_intensity(h.ratio_at(2, 3)), 1.0);
    EXPECT_FALSE(h.bad_at(0, 0));
    EXPECT_EQ(h.bad_elements, 1);
    EXPECT_TRUE(build_error_heat(out, ref, tol, V{0}).bad_elements == 0);
    EXPECT_TRUE(build_error_heat(out, ref, tol, V{}).empty());  // rank 3 needs a slice

    const ElementError e = element_error(out, ref, tol, V{1, 2, 3});
    EXPECT_TRUE(e.bad);
    EXPECT_TRUE(std::isnan(e.out));
    EXPECT_FALSE(element_error(out, ref, tol, V{1, 0, 0}).bad);
}

TEST(ErrorHeat, IntegersCompareExactly) {
    Buffer out(DType::Int32, {4}), ref(DType::Int32, {4});
    out.set_int(2, 5);
    ref.set_int(2, 4);
    const HeatGrid h = build_error_heat(out, ref, Tolerance{}, {});
    ASSERT_EQ(h.rows, 1);
    EXPECT_TRUE(h.bad_at(0, 2));
    EXPECT_FALSE(h.bad_at(0, 1));
    EXPECT_GT(heat_intensity(h.ratio_at(0, 2)), 0);
}

}  // namespace
}  // namespace tl::view
