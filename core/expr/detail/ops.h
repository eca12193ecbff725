#pragma once
// Integer arithmetic with Python's rules on 64-bit values. Each returns false when the result
// is undefined (division by zero) or does not fit (overflow); the caller tells which.
// Used both for constant folding and by the evaluator, so the two always agree.
#include <cstdint>

namespace tl::expr::detail {

__extension__ using Wide = __int128;

inline bool add(std::int64_t a, std::int64_t b, std::int64_t* r) {
    return !__builtin_add_overflow(a, b, r);
}
inline bool sub(std::int64_t a, std::int64_t b, std::int64_t* r) {
    return !__builtin_sub_overflow(a, b, r);
}
inline bool mul(std::int64_t a, std::int64_t b, std::int64_t* r) {
    return !__builtin_mul_overflow(a, b, r);
}

// a // b: rounds towards negative infinity, so -7 // 2 == -4.
inline bool floordiv(std::int64_t a, std::int64_t b, std::int64_t* r) {
    if (b == 0) return false;
    if (b == -1) return !__builtin_sub_overflow(std::int64_t{0}, a, r);
    std::int64_t q = a / b;
    if (a % b != 0 && ((a < 0) != (b < 0))) --q;
    *r = q;
    return true;
}

// a % b: takes the sign of b, so -7 % 2 == 1 and 7 % -2 == -1.
inline bool mod(std::int64_t a, std::int64_t b, std::int64_t* r) {
    if (b == 0) return false;
    if (b == -1) {  // INT64_MIN % -1 traps in C++; Python gives 0
        *r = 0;
        return true;
    }
    std::int64_t m = a % b;
    if (m != 0 && ((m < 0) != (b < 0))) m += b;
    *r = m;
    return true;
}

// pl.cdiv on Python ints: (a + b - 1) // b, the ceiling of a / b for b > 0. When
// a + b - 1 would overflow, it is computed in 128 bits.
inline bool cdiv(std::int64_t a, std::int64_t b, std::int64_t* r) {
    std::int64_t sum = 0;
    if (b > 0 && !__builtin_add_overflow(a, b - 1, &sum)) return floordiv(sum, b, r);
    if (b == 0) return false;
    const Wide n = Wide{a} + b - 1;
    Wide q = n / b;
    if (n % b != 0 && ((n < 0) != (b < 0))) --q;
    if (q < INT64_MIN || q > INT64_MAX) return false;
    *r = static_cast<std::int64_t>(q);
    return true;
}

// lax.div: truncates toward zero, as C does (-7 / 2 == -3), unlike //.
inline bool tdiv(std::int64_t a, std::int64_t b, std::int64_t* r) {
    if (b == 0) return false;
    if (b == -1) return !__builtin_sub_overflow(std::int64_t{0}, a, r);
    *r = a / b;
    return true;
}

// lax.rem: the remainder of tdiv, with the sign of a (-7 rem 2 == -1), unlike %.
inline bool trem(std::int64_t a, std::int64_t b, std::int64_t* r) {
    if (b == 0) return false;
    *r = b == -1 ? 0 : a % b;
    return true;
}

inline bool neg(std::int64_t a, std::int64_t* r) {
    return !__builtin_sub_overflow(std::int64_t{0}, a, r);
}
inline bool abs(std::int64_t a, std::int64_t* r) {
    if (a >= 0) {
        *r = a;
        return true;
    }
    return neg(a, r);
}

// Division by a constant d >= 2 without a divide instruction (Granlund and Montgomery,
// "Division by invariant integers using multiplication", theorem 4.2 with N = 63): for
// 0 <= n < 2^63, n / d == (n * magic) >> (64 + shift). Negative a maps onto ~a >= 0, since
// floor(a / d) == ~(~a / d).
struct Divisor {
    std::int64_t d = 2;
    std::uint64_t magic = 0;
    int shift = 0;
};

inline Divisor make_divisor(std::int64_t d) {
    __extension__ using UWide = unsigned __int128;
    int l = 0;  // ceil(log2(d))
    while ((std::int64_t{1} << l) < d && l < 62) ++l;
    if ((std::int64_t{1} << l) < d) l = 63;
    const UWide p = UWide{1} << (63 + l);
    return Divisor{d, static_cast<std::uint64_t>((p - 1) / static_cast<UWide>(d) + 1), l - 1};
}

inline std::int64_t floordiv(std::int64_t a, const Divisor& k) {
    __extension__ using UWide = unsigned __int128;
    const std::int64_t s = a >> 63;  // 0, or all ones when a < 0
    const auto n = static_cast<std::uint64_t>(a ^ s);
    const auto q = static_cast<std::uint64_t>((UWide{n} * k.magic) >> 64) >> k.shift;
    return static_cast<std::int64_t>(q) ^ s;
}

inline std::int64_t mod(std::int64_t a, const Divisor& k) {
    // Wrapping arithmetic is exact here: the true remainder lies in [0, d).
    const auto q = static_cast<std::uint64_t>(floordiv(a, k));
    return static_cast<std::int64_t>(static_cast<std::uint64_t>(a) -
                                     q * static_cast<std::uint64_t>(k.d));
}

// pl.cdiv for d > 0 is the ceiling of a / d.
inline std::int64_t cdiv(std::int64_t a, const Divisor& k) {
    return floordiv(a, k) + (mod(a, k) != 0);
}

}  // namespace tl::expr::detail
