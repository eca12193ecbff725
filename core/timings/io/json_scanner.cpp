// The structure of the document: chunked reading, whitespace and line counting, the grammar
// of objects and arrays, numbers and literals. Strings are in json_scanner_string.cpp.
#include <charconv>
#include <climits>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <limits>

#include "core/base/limits.h"
#include "core/timings/io/json_scanner.h"

namespace tl {

JsonScanner::JsonScanner(std::istream& in, ProgressFn progress, std::uint64_t total,
                         std::size_t chunk_bytes)
    : in_(in),
      progress_(std::move(progress)),
      total_(total),
      chunk_bytes_(chunk_bytes > 0 ? chunk_bytes : 1),
      buffer_(new char[chunk_bytes_]) {
    pos_ = end_ = buffer_.get();
}

// Called only once the chunk is used up, so nothing in it needs keeping: a token that
// straddles two chunks is read by code that keeps its own place, never by a pointer.
bool JsonScanner::refill() {
    if (eof_ || cancelled_) return false;
    chunk_offset_ += static_cast<std::uint64_t>(end_ - buffer_.get());
    in_.read(buffer_.get(), static_cast<std::streamsize>(chunk_bytes_));
    const auto got = static_cast<std::size_t>(in_.gcount());
    pos_ = buffer_.get();
    end_ = pos_ + got;
    read_ += got;
    if (got == 0) eof_ = true;
    if (progress_ && !progress_(read_, total_)) {
        cancelled_ = true;
        end_ = pos_;
        return false;
    }
    return got > 0;
}

std::uint64_t JsonScanner::offset() const {
    return chunk_offset_ + static_cast<std::uint64_t>(pos_ - buffer_.get());
}

int JsonScanner::column() const {
    const std::uint64_t col = offset() - line_start_ + 1;
    return col > static_cast<std::uint64_t>(INT_MAX) ? INT_MAX : static_cast<int>(col);
}

// A raw newline can only stand between tokens (inside a string it is an error), so counting
// lines here counts them all.
int JsonScanner::skip_whitespace() {
    for (;;) {
        while (pos_ < end_) {
            const auto c = static_cast<unsigned char>(*pos_);
            if (c > ' ') return c;  // the usual case: a token right away
            if (c == ' ' || c == '\t' || c == '\r') {
                ++pos_;
            } else if (c == '\n') {
                ++pos_;
                if (line_ < INT_MAX) ++line_;
                line_start_ = offset();
            } else {
                return c;
            }
        }
        if (!refill()) return -1;
    }
}

JsonScanner::Token JsonScanner::fail(std::string what) {
    if (!failed_)
        error_ = "line " + std::to_string(line_) + ", column " + std::to_string(column()) + ": " +
                 std::move(what);
    failed_ = true;
    return Token::Error;
}

JsonScanner::Token JsonScanner::fail_at(int c, std::string_view expected) {
    std::string found;
    if (c < 0) {
        found = "end of input";
    } else if (c > ' ' && c < 0x7f) {
        found = std::string("'") + static_cast<char>(c) + "'";
    } else {
        char hex[16];
        std::snprintf(hex, sizeof hex, "byte 0x%02X", static_cast<unsigned>(c));
        found = hex;
    }
    return fail("unexpected " + found + "; expected " + std::string(expected));
}

JsonScanner::Token JsonScanner::next(std::string* text, std::size_t limit) {
    if (failed_) return Token::Error;
    if (done_) return Token::End;
    if (text) text->clear();
    truncated_ = false;
    if (!started_) {
        started_ = true;
        if (peek() == 0xEF) {  // a UTF-8 byte order mark, which nlohmann also accepts
            ++pos_;
            if (peek() != 0xBB) return fail("invalid byte order mark; must be EF BB BF if given");
            ++pos_;
            if (peek() != 0xBF) return fail("invalid byte order mark; must be EF BB BF if given");
            ++pos_;
        }
    }
    int c = skip_whitespace();
    if (state_ == State::AfterValue) {
        if (stack_.empty()) {
            if (c >= 0) return fail_at(c, "end of input after the top-level value");
            done_ = true;
            return Token::End;
        }
        const bool object = stack_.back();
        if (c == ',') {
            ++pos_;
            c = skip_whitespace();
            state_ = object ? State::Key : State::Value;
        } else if (c == (object ? '}' : ']')) {
            ++pos_;
            return close(object);
        } else {
            return fail_at(c, object ? "',' or '}' after an object member"
                                     : "',' or ']' after an array element");
        }
    }
    switch (state_) {
        case State::KeyOrObjectEnd:
            if (c == '}') {
                ++pos_;
                return close(true);
            }
            [[fallthrough]];
        case State::Key:
            if (c != '"') return fail_at(c, "a string as an object key");
            ++pos_;
            if (!string(text, limit)) return Token::Error;
            c = skip_whitespace();
            if (c != ':') return fail_at(c, "':' after an object key");
            ++pos_;
            state_ = State::Value;
            return Token::Key;
        case State::ValueOrArrayEnd:
            if (c == ']') {
                ++pos_;
                return close(false);
            }
            [[fallthrough]];
        default:
            return value(c, text, limit);
    }
}

// Timing files nest a few levels; a deeper one is refused like a spec (the json-depth limit).
JsonScanner::Token JsonScanner::too_deep() {
    return fail(over_limit_message("the nesting",
                                   "more than " + std::to_string(max_depth_) + " levels",
                                   LimitId::JsonDepth, std::nullopt));
}

JsonScanner::Token JsonScanner::value(int c, std::string* text, std::size_t limit) {
    Token token = Token::Number;
    switch (c) {
        case '{':
            if (stack_.size() >= max_depth_) return too_deep();
            ++pos_;
            stack_.push_back(true);
            state_ = State::KeyOrObjectEnd;
            return Token::ObjectBegin;
        case '[':
            if (stack_.size() >= max_depth_) return too_deep();
            ++pos_;
            stack_.push_back(false);
            state_ = State::ValueOrArrayEnd;
            return Token::ArrayBegin;
        case '"':
            ++pos_;
            if (!string(text, limit)) return Token::Error;
            token = Token::String;
            break;
        case 't':
            if (!literal("true")) return Token::Error;
            token = Token::True;
            break;
        case 'f':
            if (!literal("false")) return Token::Error;
            token = Token::False;
            break;
        case 'n':
            if (!literal("null")) return Token::Error;
            token = Token::Null;
            break;
        default:
            if (c != '-' && (c < '0' || c > '9')) return fail_at(c, "a value");
            if (!number(text, limit)) return Token::Error;
            break;
    }
    state_ = State::AfterValue;
    return token;
}

JsonScanner::Token JsonScanner::close(bool object) {
    stack_.pop_back();
    state_ = State::AfterValue;
    return object ? Token::ObjectEnd : Token::ArrayEnd;
}

bool JsonScanner::literal(std::string_view word) {
    for (const char want : word) {
        const int c = peek();
        if (c != static_cast<unsigned char>(want)) {
            fail_at(c, "the literal '" + std::string(word) + "'");
            return false;
        }
        ++pos_;
    }
    return true;
}

// A run of digits, possibly across chunks.
void JsonScanner::digits(std::string* text, std::size_t limit) {
    for (;;) {
        const char* p = pos_;
        while (p < end_ && *p >= '0' && *p <= '9') ++p;
        append(text, limit, pos_, static_cast<std::size_t>(p - pos_));
        pos_ = p;
        if (p < end_ || !refill()) return;
    }
}

// -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?, in one go when the chunk holds the number
// and what follows it; otherwise (or when it is not a valid number) character by character.
bool JsonScanner::number(std::string* text, std::size_t limit) {
    const auto digit = [this](const char* p) { return p < end_ && *p >= '0' && *p <= '9'; };
    const char* p = pos_;
    if (p < end_ && *p == '-') ++p;
    if (p < end_ && *p == '0') {
        ++p;
    } else {
        if (!digit(p)) return number_across_chunks(text, limit);
        while (digit(p)) ++p;
    }
    if (p < end_ && *p == '.') {
        if (!digit(++p)) return number_across_chunks(text, limit);
        while (digit(p)) ++p;
    }
    if (p < end_ && (*p == 'e' || *p == 'E')) {
        ++p;
        if (p < end_ && (*p == '+' || *p == '-')) ++p;
        if (!digit(p)) return number_across_chunks(text, limit);
        while (digit(p)) ++p;
    }
    if (p == end_) return number_across_chunks(text, limit);
    append(text, limit, pos_, static_cast<std::size_t>(p - pos_));
    pos_ = p;
    return true;
}

bool JsonScanner::number_across_chunks(std::string* text, std::size_t limit) {
    const auto is_digit = [](int c) { return c >= '0' && c <= '9'; };
    const auto take = [&] {
        append(text, limit, pos_, 1);
        ++pos_;
        return peek();
    };
    int c = peek();
    if (c == '-') c = take();
    if (c == '0') {
        c = take();
    } else if (is_digit(c)) {
        digits(text, limit);
        c = peek();
    } else {
        fail_at(c, "a digit in the number");
        return false;
    }
    if (c == '.') {
        c = take();
        if (!is_digit(c)) {
            fail_at(c, "a digit after the decimal point");
            return false;
        }
        digits(text, limit);
        c = peek();
    }
    if (c == 'e' || c == 'E') {
        c = take();
        if (c == '+' || c == '-') c = take();
        if (!is_digit(c)) {
            fail_at(c, "a digit in the exponent");
            return false;
        }
        digits(text, limit);
    }
    return true;
}

bool JsonScanner::skip_value() {
    const Token t = next();
    if (t == Token::ObjectBegin || t == Token::ArrayBegin) return skip_container();
    return t != Token::Error;
}

bool JsonScanner::skip_container() {
    const std::size_t depth = stack_.size();
    while (stack_.size() >= depth && depth > 0)
        if (next() == Token::Error) return false;
    return !failed_;
}

namespace {

// The decimal exponent of a number's first significant digit: > 0 when from_chars found it
// too large for a double, < 0 when too small.
long long decimal_magnitude(std::string_view text) {
    std::size_t i = text.starts_with('-') ? 1 : 0;
    long long int_digits = 0, frac_zeros = 0, exponent = 0;
    bool significant = false;
    for (; i < text.size() && text[i] >= '0' && text[i] <= '9'; ++i)
        if (significant || text[i] != '0') {
            significant = true;
            ++int_digits;
        }
    if (i < text.size() && text[i] == '.')
        for (++i; i < text.size() && text[i] >= '0' && text[i] <= '9'; ++i)
            if (!significant) {
                if (text[i] == '0') ++frac_zeros;
                significant = text[i] != '0';
            }
    if (i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
        ++i;
        const bool negative = i < text.size() && text[i] == '-';
        if (i < text.size() && (text[i] == '-' || text[i] == '+')) ++i;
        for (; i < text.size() && text[i] >= '0' && text[i] <= '9'; ++i)
            if (exponent < 1'000'000'000'000) exponent = exponent * 10 + (text[i] - '0');
        if (negative) exponent = -exponent;
    }
    return (int_digits > 0 ? int_digits - 1 : -(frac_zeros + 1)) + exponent;
}

// Clinger's fast path: a mantissa below 2^53 and a power of ten up to 1e22 are both exact
// doubles, so one multiplication or division is correctly rounded, the same as from_chars.
// Covers the times a trace writes ("1234.567"); false for the rest.
bool simple_decimal(std::string_view text, double& v) {
    static constexpr double kPow10[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
                                        1e8,  1e9,  1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
                                        1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
    constexpr std::uint64_t kExact = std::uint64_t{1} << 53;
    std::size_t i = 0;
    const bool negative = !text.empty() && text[0] == '-';
    if (negative) ++i;
    std::uint64_t m = 0;
    int scale = 0, digits = 0;
    bool fraction = false;
    for (; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '.' && !fraction) {
            fraction = true;
            continue;
        }
        if (c < '0' || c > '9' || ++digits > 16) return false;  // an exponent, or long
        m = m * 10 + static_cast<std::uint64_t>(c - '0');
        if (fraction) ++scale;
    }
    if (digits == 0 || m >= kExact || scale > 22) return false;
    v = static_cast<double>(m) / kPow10[scale];
    if (negative) v = -v;
    return true;
}

}  // namespace

double json_number_value(std::string_view text) {
    double v = 0;
    if (simple_decimal(text, v)) return v;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (ec == std::errc::result_out_of_range) {
        const double m =
            decimal_magnitude(text) > 0 ? std::numeric_limits<double>::infinity() : 0.0;
        return text.starts_with('-') ? -m : m;
    }
    if (ec != std::errc() || end != text.data() + text.size())
        return std::numeric_limits<double>::quiet_NaN();
    return v;
}

}  // namespace tl
