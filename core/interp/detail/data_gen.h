#pragma once
// Seeded input data: the same seed gives the same bits on every platform (own generator, no
// std:: distributions). Values are varied enough that a wrong index or a missing term shows.
#include <cstdint>

#include "core/interp/buffers.h"
#include "core/spec/spec.h"

namespace tl {

// splitmix64 for seeding, xoshiro256** for the stream.
class Rng {
public:
    explicit Rng(std::uint64_t seed);
    std::uint64_t next();

private:
    std::uint64_t s_[4];
};

// Fills `buf` with the data of input number `stream` (its position among the spec's
// operands) for `seed`: floats uniform in [-2, 2] rounded to the dtype; signed integers in
// [-7, 7]; uint8 in [0, 15]; bool true or false at random. Floats take 24 random bits.
void generate_input(Buffer& buf, std::int64_t seed, int stream);
// An input's `data` other than "random": zeros, ones, or iota (row-major 0, 1, 2, ..., cast
// to the dtype with its usual conversion, so small integer types wrap).
void fill_input_data(Buffer& buf, InputData data);

}  // namespace tl
