// Numbers for people: one formatter each for SI values, bytes, durations and shares, used
// by the CLI, the reports and the charts alike.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>

#include "core/base/format.h"

namespace tl {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();
const std::string kDash = "\xe2\x80\x94";

TEST(FormatSi, PrefixesDigitsAndTrailingZeros) {
    EXPECT_EQ(format_si(1.97e14, "FLOP/s"), "197 TFLOP/s");
    EXPECT_EQ(format_si(2.5e9, "FLOP"), "2.5 GFLOP");
    EXPECT_EQ(format_si(1.229e12, "B/s", 4), "1.229 TB/s");
    EXPECT_EQ(format_si(341.333, "FLOP/B"), "341 FLOP/B");
    EXPECT_EQ(format_si(0, "B"), "0 B");
    EXPECT_EQ(format_si(0.0123, "FLOP/B"), "0.0123 FLOP/B");
}

TEST(FormatSi, RoundsUpToTheNextPrefixInsteadOfWritingAThousand) {
    EXPECT_EQ(format_si(999.97e3, "B/s"), "1 MB/s");
    EXPECT_EQ(format_si(999.4e3, "B/s"), "999 kB/s");
}

TEST(FormatSi, NegativesKeepTheirPrefixAndNonFiniteIsADash) {
    EXPECT_EQ(format_si(-2.5e9, "FLOP"), "-2.5 GFLOP");
    EXPECT_EQ(format_si(-1.97e14, "FLOP/s"), "-197 TFLOP/s");
    EXPECT_EQ(format_si(kNaN, "B"), kDash);
    EXPECT_EQ(format_si(-kInf, "B"), kDash);
}

TEST(FormatBytes, LongAndShortAgreeOnUnits) {
    EXPECT_EQ(format_bytes(1), "1 byte");
    EXPECT_EQ(format_bytes(16777216), "16777216 bytes (16 MiB)");
    EXPECT_EQ(format_bytes(-1536), "-1536 bytes (-1.5 KiB)");
    EXPECT_EQ(format_bytes_short(900), "900 B");
    EXPECT_EQ(format_bytes_short(393216), "384 KiB");
    EXPECT_EQ(format_bytes_short(3 << 20), "3 MiB");
    EXPECT_EQ(format_bytes_short(1536), "1.5 KiB");
    EXPECT_EQ(format_bytes_short(-(3 << 20)), "-3 MiB");
    EXPECT_EQ(format_bytes(std::numeric_limits<std::int64_t>::min()),
              "-9223372036854775808 bytes (-8589934592 GiB)");
}

TEST(FormatSeconds, ThreeDigitsInTheUnitThatFits) {
    EXPECT_EQ(format_seconds(0.00112), "1.12 ms");
    EXPECT_EQ(format_seconds(850e-9), "850 ns");
    EXPECT_EQ(format_seconds(2.5), "2.50 s");
    EXPECT_EQ(format_seconds(12.5e-6), "12.5 \xc2\xb5s");
    EXPECT_EQ(format_seconds(999.97e-6), "1.00 ms") << "not 1000 µs";
    EXPECT_EQ(format_seconds(-0.00112), "-1.12 ms");
    EXPECT_EQ(format_seconds(-150e-6), "-150 \xc2\xb5s") << "a negative keeps three digits";
    EXPECT_EQ(format_seconds(kNaN), kDash);
    EXPECT_EQ(format_seconds_short(0.0025), "2.5 ms");
    EXPECT_EQ(format_seconds_short(1e-4), "100 \xc2\xb5s");
}

TEST(FormatPercent, DigitsByMagnitude) {
    EXPECT_EQ(format_percent(0.027), "2.7%");
    EXPECT_EQ(format_percent(0.03), "3%");
    EXPECT_EQ(format_percent(0.0004), "0.04%");
    EXPECT_EQ(format_percent(0.0996), "10%");
    EXPECT_EQ(format_percent(-0.25), "-25%");
    EXPECT_EQ(format_percent(kNaN), kDash);
}

TEST(Abbreviated, TemplateArgumentsCollapseThenTheRestIsCut) {
    EXPECT_EQ(abbreviated("matmul", 10), "matmul");
    const std::string cuda =
        "void at::native::vectorized_elementwise_kernel<4, at::native::CUDAFunctor_add<float>, "
        "at::detail::Array<char*, 3> >(int, at::native::CUDAFunctor_add<float>)";
    EXPECT_EQ(abbreviated(cuda, 60),
              "void at::native::vectorized_elementwise_kernel<\u2026>(\u2026)");
    const std::string cut = abbreviated(cuda, 20);
    EXPECT_EQ(cut, "void at::native::ve\u2026");  // 19 characters and the ellipsis
    EXPECT_EQ(abbreviated("a(b)c(d)e", 5).substr(0, 2), "a(");
}

}  // namespace
}  // namespace tl
