#include "core/expr/detail/lexer.h"

#include <algorithm>
#include <array>
#include <utility>

namespace tl::expr::detail {
namespace {

bool is_ident_start(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}
bool is_digit(char c) {
    return c >= '0' && c <= '9';
}
bool is_ident_char(char c) {
    return is_ident_start(c) || is_digit(c);
}
bool is_space(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

struct Keyword {
    std::string_view text;
    Tok kind;
};
constexpr std::array<Keyword, 6> kKeywords{{{"lambda", Tok::KwLambda},
                                            {"if", Tok::KwIf},
                                            {"else", Tok::KwElse},
                                            {"and", Tok::KwAnd},
                                            {"or", Tok::KwOr},
                                            {"not", Tok::KwNot}}};
// The rest of Python's keywords: never names, never supported.
constexpr std::array<std::string_view, 27> kOtherKeywords{
    "None", "as",       "assert", "async",   "await",  "break", "class",  "continue", "def",
    "del",  "elif",     "except", "finally", "for",    "from",  "global", "import",   "in",
    "is",   "nonlocal", "pass",   "raise",   "return", "try",   "while",  "with",     "yield"};

// Operator spellings, longest first so that "//" wins over "/".
struct Punct {
    std::string_view text;
    Tok kind;
};
constexpr std::array<Punct, 36> kPuncts{{
    {"**=", Tok::Unsupported},
    {"//=", Tok::Unsupported},
    {"<<=", Tok::Unsupported},
    {">>=", Tok::Unsupported},
    {"//", Tok::SlashSlash},
    {"**", Tok::Unsupported},
    {"<=", Tok::Le},
    {">=", Tok::Ge},
    {"==", Tok::EqEq},
    {"!=", Tok::Ne},
    {"<<", Tok::Unsupported},
    {">>", Tok::Unsupported},
    {":=", Tok::Unsupported},
    {"->", Tok::Unsupported},
    {"+=", Tok::Unsupported},
    {"-=", Tok::Unsupported},
    {"*=", Tok::Unsupported},
    {"%=", Tok::Unsupported},
    {"(", Tok::LParen},
    {")", Tok::RParen},
    {"[", Tok::LBracket},
    {"]", Tok::RBracket},
    {",", Tok::Comma},
    {":", Tok::Colon},
    {".", Tok::Dot},
    {"+", Tok::Plus},
    {"-", Tok::Minus},
    {"*", Tok::Star},
    {"/", Tok::Slash},
    {"%", Tok::Percent},
    {"<", Tok::Lt},
    {">", Tok::Gt},
    {"&", Tok::Unsupported},
    {"|", Tok::Unsupported},
    {"^", Tok::Unsupported},
    {"~", Tok::Unsupported},
}};

class Lexer {
public:
    Lexer(std::string_view text, const SourceMap& map) : text_(text), map_(map) {}

    std::vector<Token> run() {
        std::vector<Token> out;
        for (;;) {
            skip_space();
            if (pos_ >= text_.size()) break;
            out.push_back(next());
        }
        const int end = static_cast<int>(text_.size());
        out.push_back(Token{Tok::End, {end, end + 1}, 0, {}});
        return out;
    }

private:
    [[noreturn]] void fail(std::size_t begin, std::size_t end, std::string message) const {
        throw Failure{
            map_.error({static_cast<int>(begin), static_cast<int>(end)}, std::move(message))};
    }

    void skip_space() {
        while (pos_ < text_.size()) {
            const char c = text_[pos_];
            if (is_space(c)) {
                ++pos_;
            } else if (c == '\\' && pos_ + 1 < text_.size() &&
                       (text_[pos_ + 1] == '\n' || text_[pos_ + 1] == '\r')) {
                pos_ += 2;  // line continuation
            } else if (c == '#') {
                while (pos_ < text_.size() && text_[pos_] != '\n') ++pos_;
            } else {
                break;
            }
        }
    }

    Token make(Tok kind, std::size_t begin) const {
        return Token{kind,
                     {static_cast<int>(begin), static_cast<int>(pos_)},
                     0,
                     text_.substr(begin, pos_ - begin)};
    }

    Token next() {
        const std::size_t begin = pos_;
        const char c = text_[pos_];
        if (is_digit(c)) return number();
        if (is_ident_start(c)) {
            while (pos_ < text_.size() && is_ident_char(text_[pos_])) ++pos_;
            return word(make(Tok::Name, begin));
        }
        for (const Punct& p : kPuncts) {
            if (text_.substr(pos_, p.text.size()) == p.text) {
                pos_ += p.text.size();
                return make(p.kind, begin);
            }
        }
        if (c == '"' || c == '\'') fail(begin, begin + 1, "strings are not supported");
        if (c == '!') fail(begin, begin + 1, "unexpected character '!'; use 'not' to negate");
        if (c == '=') fail(begin, begin + 1, "unexpected '='; use == to compare");
        // Take a whole UTF-8 sequence so the message shows the character.
        std::size_t end = begin + 1;
        while (end < text_.size() && (static_cast<unsigned char>(text_[end]) & 0xC0) == 0x80) ++end;
        fail(begin, end,
             "unexpected character '" + std::string(text_.substr(begin, end - begin)) + "'");
    }

    Token word(Token tok) const {
        for (const Keyword& k : kKeywords) {
            if (tok.text == k.text) tok.kind = k.kind;
        }
        if (tok.text == "True" || tok.text == "False") {
            tok.kind = Tok::Int;
            tok.value = tok.text == "True" ? 1 : 0;
        }
        if (std::find(kOtherKeywords.begin(), kOtherKeywords.end(), tok.text) !=
            kOtherKeywords.end())
            tok.kind = Tok::KwOther;
        return tok;
    }

    Token number() {
        const std::size_t begin = pos_;
        int base = 10;
        if (text_[pos_] == '0' && pos_ + 1 < text_.size()) {
            const char p = static_cast<char>(text_[pos_ + 1] | 0x20);
            base = p == 'x' ? 16 : p == 'o' ? 8 : p == 'b' ? 2 : 10;
            if (base != 10) pos_ += 2;
        }
        std::int64_t value = 0;
        bool overflow = false;
        bool any_digit = false;
        bool bad_digit = false;
        while (pos_ < text_.size() && (is_ident_char(text_[pos_]))) {
            const char ch = text_[pos_++];
            if (ch == '_') continue;
            const char lower = static_cast<char>(ch | 0x20);
            const int digit = is_digit(ch)                     ? ch - '0'
                              : (lower >= 'a' && lower <= 'f') ? lower - 'a' + 10
                                                               : 99;
            if (digit >= base) {
                bad_digit = true;
                continue;
            }
            any_digit = true;
            overflow = overflow || __builtin_mul_overflow(value, base, &value) ||
                       __builtin_add_overflow(value, digit, &value);
        }
        const std::string written(text_.substr(begin, pos_ - begin));
        if (pos_ < text_.size() && text_[pos_] == '.')
            fail(begin, pos_ + 1,
                 "floating-point numbers are not supported; sizes and indices are integers");
        if (bad_digit || !any_digit || text_[pos_ - 1] == '_')
            fail(begin, pos_, "invalid integer literal '" + written + "'");
        if (base == 10 && written.size() > 1 && written[0] == '0' &&
            written.find_first_not_of("0_") != std::string::npos)
            fail(begin, pos_,
                 "leading zeros are not allowed in integer literals ('" + written + "')");
        if (overflow)
            fail(begin, pos_,
                 "integer literal too large: " + written +
                     " does not fit in 64 bits (the limit is 9223372036854775807)");
        Token tok = make(Tok::Int, begin);
        tok.value = value;
        return tok;
    }

    std::string_view text_;
    const SourceMap& map_;
    std::size_t pos_ = 0;
};

}  // namespace

SourceMap::SourceMap(std::string_view text) : text_(text) {
    line_starts_.push_back(0);
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '\n') line_starts_.push_back(static_cast<int>(i + 1));
    }
}

Error SourceMap::error(Span span, std::string message) const {
    const int size = static_cast<int>(text_.size());
    const int begin = std::clamp(span.begin, 0, size);
    const auto it = std::upper_bound(line_starts_.begin(), line_starts_.end(), begin);
    const int line_start = *(it - 1);
    const int line_end = it == line_starts_.end() ? size : *it - 1;
    // Columns and lengths count characters, not UTF-8 continuation bytes.
    auto chars = [&](int from, int to) {
        int n = 0;
        for (int i = from; i < to; ++i) {
            if ((static_cast<unsigned char>(text_[i]) & 0xC0) != 0x80) ++n;
        }
        return n;
    };
    Error e;
    e.line = static_cast<int>(it - line_starts_.begin());
    e.column = 1 + chars(line_start, begin);
    const int end = std::min(span.end, line_end);
    e.length = std::max(1, chars(begin, std::max(begin, end)));
    e.message = std::move(message);
    return e;
}

std::vector<Token> tokenize(std::string_view text, const SourceMap& map) {
    if (const std::size_t max = kMaxTextLength; text.size() > max) {
        const int at = static_cast<int>(max);
        throw Failure{map.error(
            {at, at + 1},
            over_limit_message("the expression's length",
                               std::to_string(text.size()) + " characters",
                               LimitId::ExpressionLength, static_cast<std::int64_t>(text.size())))};
    }
    return Lexer(text, map).run();
}

std::string describe(const Token& tok) {
    if (tok.kind == Tok::End) return "the end of the expression";
    return std::string("'").append(tok.text).append("'");
}

}  // namespace tl::expr::detail
