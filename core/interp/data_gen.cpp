#include "core/interp/detail/data_gen.h"

namespace tl {

namespace {
std::uint64_t splitmix64(std::uint64_t& x) {
    std::uint64_t z = (x += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}
std::uint64_t rotl(std::uint64_t x, int k) {
    return (x << k) | (x >> (64 - k));
}
}  // namespace

Rng::Rng(std::uint64_t seed) {
    for (auto& s : s_) s = splitmix64(seed);
}

std::uint64_t Rng::next() {
    const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
    const std::uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return result;
}

void generate_input(Buffer& buf, std::int64_t seed, int stream) {
    std::uint64_t key = static_cast<std::uint64_t>(seed);
    const std::uint64_t a = splitmix64(key);
    std::uint64_t skey = static_cast<std::uint64_t>(stream) + 0x5851F42D4C957F2Dull;
    Rng rng(a ^ splitmix64(skey));
    // Two values per 64-bit draw, one from each half.
    dispatch_dtype(buf.dtype(), [&](auto tag) {
        using T = typename decltype(tag)::type;
        T* p = buf.data<T>();
        const std::int64_t n = buf.size();
        const auto value = [](std::uint32_t r) -> T {
            if constexpr (std::is_same_v<T, float>) {
                // The same value as below, without the round trip through double.
                return static_cast<float>(r >> 8) * 0x1.0p-22f - 2.0f;
            } else if constexpr (is_float_type<T>) {
                // 24 random bits: -2 + 4 u is exact in float and double.
                return from_double<T>(-2.0 + 4.0 * (static_cast<double>(r >> 8) * 0x1.0p-24));
            } else if constexpr (std::is_same_v<T, bool>) {
                return (r >> 31) != 0;
            } else if constexpr (std::is_same_v<T, std::uint8_t>) {
                return static_cast<T>(r % 16);
            } else {
                return static_cast<T>(static_cast<std::int64_t>(r % 15) - 7);
            }
        };
        std::int64_t i = 0;
        for (; i + 1 < n; i += 2) {
            const std::uint64_t r = rng.next();
            p[i] = value(static_cast<std::uint32_t>(r >> 32));
            p[i + 1] = value(static_cast<std::uint32_t>(r));
        }
        if (i < n) p[i] = value(static_cast<std::uint32_t>(rng.next() >> 32));
    });
}

void fill_input_data(Buffer& buf, InputData data) {
    if (data == InputData::Random) return;
    dispatch_dtype(buf.dtype(), [&](auto tag) {
        using T = typename decltype(tag)::type;
        T* p = buf.data<T>();
        const std::int64_t n = buf.size();
        for (std::int64_t i = 0; i < n; ++i)
            p[i] = from_double<T>(data == InputData::Zeros  ? 0.0
                                  : data == InputData::Ones ? 1.0
                                                            : static_cast<double>(i));
    });
}

}  // namespace tl
