// The interpreter's fast paths against the slow ones they replace: the same bits.
#include <gtest/gtest.h>

#include <cstring>
#include <vector>

#include "core/interp/bodies/detail/packed_gemm.h"
#include "core/interp/detail/data_gen.h"

namespace tl::test {
namespace {

TEST(InterpFastPaths, Float32DataIsTheFloat64DataRounded) {
    // float32 inputs are drawn without the round trip through double that float64 takes.
    for (std::int64_t seed : {0, 7, -3}) {
        Buffer f(DType::Float32, {1001}), d(DType::Float64, {1001});
        generate_input(f, seed, 2);
        generate_input(d, seed, 2);
        for (std::int64_t i = 0; i < f.size(); ++i)
            ASSERT_EQ(static_cast<double>(f.data<float>()[i]), d.data<double>()[i]) << i;
    }
}

// o += x . y through PackedGemm for each (x block, y block) pair of a row of blocks, with the
// packed blocks kept (cache) or packed afresh every time.
std::vector<float> tiled(const std::vector<float>& x, const std::vector<float>& y, std::int64_t b,
                         std::int64_t blocks, bool cache) {
    interp::PackedGemm<float> gemm;
    const std::int64_t ld = b * blocks;
    std::vector<float> o(static_cast<std::size_t>(b * ld), 0.0f);
    for (int pass = 0; pass < 2; ++pass)  // the second pass reuses what the first packed
        for (std::int64_t j = 0; j < blocks; ++j)
            for (std::int64_t k = 0; k < blocks; ++k)
                gemm.run(x.data() + k * b, ld, cache, y.data() + (k * b) * ld + j * b, ld, cache,
                         o.data() + j * b, ld, b, b, b);
    return o;
}

TEST(InterpFastPaths, KeptPackedBlocksGiveTheSameProductAsFreshOnes) {
    // 16 x 16 blocks of 128 x 128 floats: more packed data than one arena chunk holds.
    const std::int64_t b = 128, blocks = 16, ld = b * blocks;
    std::vector<float> x(static_cast<std::size_t>(b * ld)), y(static_cast<std::size_t>(ld * ld));
    Buffer bx(DType::Float32, {b * ld}), by(DType::Float32, {ld * ld});
    generate_input(bx, 1, 0);
    generate_input(by, 1, 1);
    std::memcpy(x.data(), bx.raw(), bx.bytes());
    std::memcpy(y.data(), by.raw(), by.bytes());
    const std::vector<float> kept = tiled(x, y, b, blocks, true);
    const std::vector<float> fresh = tiled(x, y, b, blocks, false);
    EXPECT_EQ(std::memcmp(kept.data(), fresh.data(), kept.size() * sizeof(float)), 0);
}

}  // namespace
}  // namespace tl::test
