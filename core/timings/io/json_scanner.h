#pragma once
// A streaming JSON tokenizer for large files (a Chrome trace of hundreds of MB): it reads the
// stream in large chunks and hands out one token at a time, checking the whole document
// against RFC 8259 (strings' UTF-8 and escapes included) but copying out only the text the
// caller asks for. Strings that are not wanted are skipped with a vectorised search for the
// bytes that end or interrupt them, so long HLO text in `args` costs little.
#include <cstddef>
#include <cstdint>
#include <istream>
#include <limits>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/base/limits.h"
#include "core/timings/io/importer.h"

namespace tl {

inline constexpr std::size_t kJsonChunkBytes = std::size_t{1} << 20;

class JsonScanner {
public:
    enum class Token : std::uint8_t {
        ObjectBegin,
        ObjectEnd,
        ArrayBegin,
        ArrayEnd,
        Key,  // an object member's name; the value follows
        String,
        Number,
        True,
        False,
        Null,
        End,    // the document ended where it should
        Error,  // a syntax error, truncation or cancellation: see error() and cancelled()
    };

    // `progress` is called after every chunk read with the bytes read so far and `total`;
    // when it returns false, reading stops as if the input ended there.
    JsonScanner(std::istream& in, ProgressFn progress = {}, std::uint64_t total = 0,
                std::size_t chunk_bytes = kJsonChunkBytes);
    JsonScanner(const JsonScanner&) = delete;
    JsonScanner& operator=(const JsonScanner&) = delete;

    // The next token. With `text`, a key's or string's decoded text (or a number as written)
    // replaces *text, at most `limit` bytes of it (truncated() says whether there was more);
    // without, the token is checked and skipped. After Error or End, returns the same again.
    Token next(std::string* text = nullptr,
               std::size_t limit = std::numeric_limits<std::size_t>::max());
    // Skips the value after a Key: a scalar, or a whole object or array.
    bool skip_value();
    // Skips the rest of the innermost open object or array, through its closing bracket.
    bool skip_container();

    std::size_t depth() const { return stack_.size(); }  // open objects and arrays
    int line() const { return line_; }                   // 1-based line of the read position
    int column() const;                                  // 1-based byte column of it
    std::uint64_t offset() const;                        // bytes consumed
    bool truncated() const { return truncated_; }
    bool cancelled() const { return cancelled_; }
    // "line 3, column 7: ..." once next() returned Error.
    const std::string& error() const { return error_; }

private:
    enum class State : std::uint8_t { Value, ValueOrArrayEnd, Key, KeyOrObjectEnd, AfterValue };

    bool refill();
    int peek() { return pos_ < end_ || refill() ? static_cast<unsigned char>(*pos_) : -1; }
    int skip_whitespace();
    Token value(int c, std::string* text, std::size_t limit);
    Token too_deep();
    Token close(bool object);
    Token fail(std::string what);
    Token fail_at(int c, std::string_view expected);
    void append(std::string* text, std::size_t limit, const char* from, std::size_t n) {
        if (!text) return;
        const std::size_t room = limit > text->size() ? limit - text->size() : 0;
        if (n > room) {
            truncated_ = true;
            n = room;
        }
        text->append(from, n);
    }

    bool string(std::string* text, std::size_t limit);
    bool escape(std::string* text, std::size_t limit);
    bool hex4(unsigned& code);
    bool utf8(std::string* text, std::size_t limit);
    bool number(std::string* text, std::size_t limit);
    bool number_across_chunks(std::string* text, std::size_t limit);
    void digits(std::string* text, std::size_t limit);
    bool literal(std::string_view word);

    std::istream& in_;
    ProgressFn progress_;  // a copy: the caller's may be a temporary
    std::uint64_t total_ = 0;
    std::size_t chunk_bytes_ = 0;
    std::unique_ptr<char[]> buffer_;
    const char* pos_ = nullptr;
    const char* end_ = nullptr;
    std::uint64_t chunk_offset_ = 0;  // bytes before the current chunk
    std::uint64_t read_ = 0;          // bytes read from the stream
    bool eof_ = false, cancelled_ = false, started_ = false, done_ = false, failed_ = false;
    bool truncated_ = false;

    State state_ = State::Value;
    std::vector<bool> stack_;  // open containers, true for an object
    // The json-depth limit, read once: the scanner is built per file.
    std::size_t max_depth_ = static_cast<std::size_t>(limit(LimitId::JsonDepth));
    int line_ = 1;
    std::uint64_t line_start_ = 0;  // offset of the current line's first byte
    std::string error_;
};

// The value of a JSON number as written (`-0`, `12.5`, `1e3`), read the same whatever the
// C locale; beyond the range of a double it is +-infinity or +-0, as strtod gives.
double json_number_value(std::string_view text);

}  // namespace tl
