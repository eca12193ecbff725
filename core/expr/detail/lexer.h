#pragma once
// Tokens of the expression language, and the map from byte offsets to line:column.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/base/limits.h"
#include "core/expr/expr.h"

namespace tl::expr::detail {

// Limits that keep hostile input from exhausting time or stack (docs/bad-input.md): the values
// in force, read at each use.
inline constexpr CurrentLimit<std::size_t> kMaxTextLength{LimitId::ExpressionLength};  // bytes
inline constexpr CurrentLimit<int> kMaxNesting{LimitId::ExpressionNesting};  // parentheses, ...
inline constexpr CurrentLimit<int> kMaxTreeDepth{LimitId::ExpressionDepth};  // operations inside

// Half-open byte range [begin, end) in the expression text.
struct Span {
    int begin = 0;
    int end = 0;
};

inline Span join(Span a, Span b) {
    return {a.begin, b.end};
}

enum class Tok : std::uint8_t {
    End,
    Int,
    Name,
    LParen,
    RParen,
    LBracket,
    RBracket,
    Comma,
    Colon,
    Dot,
    Plus,
    Minus,
    Star,
    SlashSlash,
    Slash,
    Percent,
    Lt,
    Le,
    Gt,
    Ge,
    EqEq,
    Ne,
    KwLambda,
    KwIf,
    KwElse,
    KwAnd,
    KwOr,
    KwNot,
    KwOther,      // a Python keyword the language does not use (for, in, is, None, ...)
    Unsupported,  // a Python operator the language does not have (**, &, <<, =, ...)
};

struct Token {
    Tok kind = Tok::End;
    Span span;
    std::int64_t value = 0;  // for Int
    std::string_view text;   // the characters, as written
};

// Turns byte spans into 1-based line, column (in characters) and underline length.
class SourceMap {
public:
    explicit SourceMap(std::string_view text);
    Error error(Span span, std::string message) const;

private:
    std::string_view text_;
    std::vector<int> line_starts_;
};

// Thrown inside the parser and compiler; the public functions turn it into an Error.
struct Failure {
    Error error;
};

// Splits the text into tokens, the last one End. Throws Failure on a bad character or
// literal.
std::vector<Token> tokenize(std::string_view text, const SourceMap& map);

// How a token reads in a message: 'x', or "the end of the expression".
std::string describe(const Token& tok);

}  // namespace tl::expr::detail
