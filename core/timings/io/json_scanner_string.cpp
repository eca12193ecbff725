// Strings: the bulk of a trace's bytes (HLO text in `args`). Plain runs are found 16 or 32
// bytes at a time and copied out only when asked for; escapes and UTF-8 are checked as
// strictly as nlohmann does, so what one accepts the other accepts too.
#include <cstdio>

#include "core/timings/io/json_scanner.h"

#if defined(__AVX2__) || defined(__SSE2__)
#include <immintrin.h>
#endif

namespace tl {
namespace {

// The first byte in [p, end) that ends or interrupts a plain run of a string: '"', '\\', a
// control character (< 0x20, an error) or a non-ASCII byte (to check its UTF-8). Never
// reads outside [p, end).
const char* find_special(const char* p, const char* end) {
#if defined(__AVX2__)
    const __m256i quote32 = _mm256_set1_epi8('"');
    const __m256i backslash32 = _mm256_set1_epi8('\\');
    const __m256i space32 = _mm256_set1_epi8(0x20);
    while (end - p >= 32) {
        const __m256i v = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
        // Signed compare: bytes >= 0x80 are negative, so "< 0x20" flags them as well.
        const __m256i hit = _mm256_or_si256(
            _mm256_or_si256(_mm256_cmpeq_epi8(v, quote32), _mm256_cmpeq_epi8(v, backslash32)),
            _mm256_cmpgt_epi8(space32, v));
        if (const auto mask = static_cast<unsigned>(_mm256_movemask_epi8(hit)))
            return p + __builtin_ctz(mask);
        p += 32;
    }
#endif
#if defined(__SSE2__)
    const __m128i quote = _mm_set1_epi8('"');
    const __m128i backslash = _mm_set1_epi8('\\');
    const __m128i space = _mm_set1_epi8(0x20);
    while (end - p >= 16) {
        const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
        const __m128i hit =
            _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, quote), _mm_cmpeq_epi8(v, backslash)),
                         _mm_cmplt_epi8(v, space));
        if (const auto mask = static_cast<unsigned>(_mm_movemask_epi8(hit)))
            return p + __builtin_ctz(mask);
        p += 16;
    }
#endif
    for (; p < end; ++p) {
        const auto c = static_cast<unsigned char>(*p);
        if (c == '"' || c == '\\' || c < 0x20 || c >= 0x80) return p;
    }
    return end;
}

int hex_value(int c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

}  // namespace

// After the opening quote; consumes the closing one.
bool JsonScanner::string(std::string* text, std::size_t limit) {
    for (;;) {
        if (pos_ == end_ && !refill()) {
            fail_at(-1, "'\"' to close the string");
            return false;
        }
        const char* stop = find_special(pos_, end_);
        append(text, limit, pos_, static_cast<std::size_t>(stop - pos_));
        pos_ = stop;
        if (stop == end_) continue;
        const auto c = static_cast<unsigned char>(*stop);
        if (c == '"') {
            ++pos_;
            return true;
        }
        if (c == '\\') {
            ++pos_;
            if (!escape(text, limit)) return false;
        } else if (c < 0x20) {
            char what[96];
            std::snprintf(what, sizeof what,
                          "control character U+%04X in a string: it must be escaped", c);
            fail(what);
            return false;
        } else if (!utf8(text, limit)) {
            return false;
        }
    }
}

// After the backslash.
bool JsonScanner::escape(std::string* text, std::size_t limit) {
    const int c = peek();
    char plain = 0;
    switch (c) {
        case '"':
        case '\\':
        case '/':
            plain = static_cast<char>(c);
            break;
        case 'b':
            plain = '\b';
            break;
        case 'f':
            plain = '\f';
            break;
        case 'n':
            plain = '\n';
            break;
        case 'r':
            plain = '\r';
            break;
        case 't':
            plain = '\t';
            break;
        case 'u':
            break;
        default:
            fail_at(c,
                    "an escape ('\\\"', '\\\\', '\\/', '\\b', '\\f', '\\n', '\\r', "
                    "'\\t' or '\\u') after the backslash");
            return false;
    }
    ++pos_;
    if (c != 'u') {
        append(text, limit, &plain, 1);
        return true;
    }
    unsigned code = 0;
    if (!hex4(code)) return false;
    if (code >= 0xDC00 && code <= 0xDFFF) {
        fail("a \\u escape of a low surrogate without a high one before it");
        return false;
    }
    if (code >= 0xD800 && code <= 0xDBFF) {
        // A character beyond U+FFFF is written as a surrogate pair: \uD83D\uDE00.
        unsigned low = 0;
        if (peek() != '\\' || (++pos_, peek() != 'u')) {
            fail_at(peek(), "a \\u escape of a low surrogate after a high one");
            return false;
        }
        ++pos_;
        if (!hex4(low)) return false;
        if (low < 0xDC00 || low > 0xDFFF) {
            fail("a high surrogate \\u escape must be followed by a low one (\\uDC00-\\uDFFF)");
            return false;
        }
        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00);
    }
    char bytes[4];
    std::size_t n = 0;
    if (code < 0x80) {
        bytes[n++] = static_cast<char>(code);
    } else if (code < 0x800) {
        bytes[n++] = static_cast<char>(0xC0 | (code >> 6));
        bytes[n++] = static_cast<char>(0x80 | (code & 0x3F));
    } else if (code < 0x10000) {
        bytes[n++] = static_cast<char>(0xE0 | (code >> 12));
        bytes[n++] = static_cast<char>(0x80 | ((code >> 6) & 0x3F));
        bytes[n++] = static_cast<char>(0x80 | (code & 0x3F));
    } else {
        bytes[n++] = static_cast<char>(0xF0 | (code >> 18));
        bytes[n++] = static_cast<char>(0x80 | ((code >> 12) & 0x3F));
        bytes[n++] = static_cast<char>(0x80 | ((code >> 6) & 0x3F));
        bytes[n++] = static_cast<char>(0x80 | (code & 0x3F));
    }
    append(text, limit, bytes, n);
    return true;
}

bool JsonScanner::hex4(unsigned& code) {
    code = 0;
    for (int i = 0; i < 4; ++i) {
        const int c = peek();
        const int v = hex_value(c);
        if (v < 0) {
            fail_at(c, "four hex digits after '\\u'");
            return false;
        }
        code = code * 16 + static_cast<unsigned>(v);
        ++pos_;
    }
    return true;
}

// One UTF-8 sequence starting at a byte >= 0x80, checked against RFC 3629's table: no
// overlong forms, no surrogates, nothing beyond U+10FFFF.
bool JsonScanner::utf8(std::string* text, std::size_t limit) {
    const auto lead = static_cast<unsigned char>(*pos_);
    int more = 0;
    int lo = 0x80, hi = 0xBF;  // the range of the second byte
    if (lead >= 0xC2 && lead <= 0xDF) {
        more = 1;
    } else if (lead == 0xE0) {
        more = 2;
        lo = 0xA0;
    } else if (lead == 0xED) {
        more = 2;
        hi = 0x9F;
    } else if (lead >= 0xE1 && lead <= 0xEF) {
        more = 2;
    } else if (lead == 0xF0) {
        more = 3;
        lo = 0x90;
    } else if (lead >= 0xF1 && lead <= 0xF3) {
        more = 3;
    } else if (lead == 0xF4) {
        more = 3;
        hi = 0x8F;
    } else {
        fail_at(lead, "UTF-8 text in the string");
        return false;
    }
    char bytes[4] = {static_cast<char>(lead)};
    ++pos_;
    for (int i = 1; i <= more; ++i) {
        const int c = peek();
        if (c < lo || c > hi) {
            fail_at(c, "a UTF-8 continuation byte in the string");
            return false;
        }
        bytes[i] = static_cast<char>(c);
        ++pos_;
        lo = 0x80;
        hi = 0xBF;
    }
    append(text, limit, bytes, static_cast<std::size_t>(more) + 1);
    return true;
}

}  // namespace tl
