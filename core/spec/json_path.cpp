#include "core/spec/json_path.h"

#include <algorithm>
#include <cctype>
#include <limits>
#include <set>

#include "core/base/limits.h"

namespace tl {

std::string path_key(const std::string& base, std::string_view key) {
    if (!is_identifier(key)) return base + "[" + Json(std::string(key)).dump() + "]";
    if (base.empty()) return std::string(key);
    return base + "." + std::string(key);
}

std::string path_index(const std::string& base, std::size_t i) {
    return base + "[" + std::to_string(i) + "]";
}

TextPosition text_position(std::string_view text, std::size_t offset) {
    offset = std::min(offset, text.size());
    TextPosition pos;
    for (std::size_t i = 0; i < offset; ++i) {
        const auto c = static_cast<unsigned char>(text[i]);
        if (c == '\n') {
            ++pos.line;
            pos.column = 1;
        } else if ((c & 0xC0) != 0x80) {  // UTF-8 continuation bytes do not start a character
            ++pos.column;
        }
    }
    return pos;
}

namespace {

// Copying, comparing and printing JSON values recurses, so absurd nesting is refused while
// parsing (the parser itself keeps its stack on the heap); no spec needs more than a few
// levels. The json-depth limit in force; its top keeps those recursions within a stack.
constexpr CurrentLimit<std::size_t> kMaxDepth{LimitId::JsonDepth};

struct TooDeep {
    std::string path;
};

// Tracks where the parser is, so that a repeated key can be reported with its JSON path.
class DuplicateKeyFinder {
public:
    explicit DuplicateKeyFinder(std::vector<std::string>* found) : found_(found) {}

    bool operator()(int, Json::parse_event_t event, Json& parsed) {
        using E = Json::parse_event_t;
        switch (event) {
            case E::object_start:
            case E::array_start:
                if (frames_.size() >= kMaxDepth) throw TooDeep{current_path()};
                frames_.push_back({event == E::array_start, 0, {}, {}});
                break;
            case E::key: {
                auto& f = frames_.back();
                f.key = parsed.get<std::string>();
                if (!f.keys.insert(f.key).second) found_->push_back(current_path());
                break;
            }
            case E::object_end:
            case E::array_end:
                frames_.pop_back();
                child_done();
                break;
            case E::value:
                child_done();
                break;
        }
        return true;
    }

private:
    struct Frame {
        bool array;
        std::size_t count;  // elements finished so far (arrays)
        std::string key;    // key being read (objects)
        std::set<std::string> keys;
    };

    void child_done() {
        if (!frames_.empty() && frames_.back().array) ++frames_.back().count;
    }

    std::string current_path() const {
        std::string path;
        for (const auto& f : frames_)
            path = f.array ? path_index(path, f.count) : path_key(path, f.key);
        return path;
    }

    std::vector<Frame> frames_;
    std::vector<std::string>* found_;
};

// nlohmann's message starts "[json.exception.parse_error.101] parse error at line 1,
// column 5: "; the position is reported separately, so keep only the explanation.
std::string parse_error_text(const std::string& what) {
    const auto col = what.find("column ");
    if (col != std::string::npos) {
        const auto colon = what.find(": ", col);
        if (colon != std::string::npos) return what.substr(colon + 2);
    }
    const auto bracket = what.find("] ");
    return bracket == std::string::npos ? what : what.substr(bracket + 2);
}

}  // namespace

bool parse_json_document(std::string_view text, const std::string& file, Json* out,
                         Diagnostics* errors) {
    std::vector<std::string> duplicates;
    try {
        *out = Json::parse(text.begin(), text.end(), DuplicateKeyFinder(&duplicates));
    } catch (const TooDeep& e) {
        const std::size_t max = kMaxDepth;
        errors->push_back({file, e.path, 0, 0,
                           "nested deeper than " + std::to_string(max) +
                               " levels (the limit json-depth); a spec needs only a few, or " +
                               raise_hint(LimitId::JsonDepth)});
        return false;
    } catch (const Json::parse_error& e) {
        const std::size_t offset = e.byte > 0 ? e.byte - 1 : 0;
        const auto pos = text_position(text, offset);
        errors->push_back(
            {file, "", pos.line, pos.column, "JSON syntax error: " + parse_error_text(e.what())});
        return false;
    } catch (const Json::out_of_range& e) {
        // A number past the range of a double ("1e999"): nlohmann gives no position, so the
        // number is found by its text, which the message quotes.
        const std::string what = e.what();
        const auto open = what.find('\'');
        const auto close = open == std::string::npos ? open : what.find('\'', open + 1);
        TextPosition pos;
        if (close != std::string::npos) {
            const auto at = text.find(what.substr(open + 1, close - open - 1));
            if (at != std::string_view::npos) pos = text_position(text, at);
        }
        errors->push_back({file, "", pos.line, pos.column,
                           "JSON number out of range: " + parse_error_text(what)});
        return false;
    }
    for (const auto& path : duplicates)
        errors->push_back({file, path, 0, 0,
                           "key given twice in the same object; keep one (a JSON reader "
                           "would silently use the last)"});
    return duplicates.empty();
}

std::string describe_json(const Json& j) {
    switch (j.type()) {
        case Json::value_t::null:
            return "null";
        case Json::value_t::boolean:
            return j.get<bool>() ? "true" : "false";
        case Json::value_t::string: {
            auto s = j.get<std::string>();
            if (s.size() > 40) s = s.substr(0, 37) + "...";
            return "the string " + Json(s).dump(-1, ' ', false, Json::error_handler_t::replace);
        }
        case Json::value_t::array:
            return j.empty()       ? "an empty list"
                   : j.size() == 1 ? "a list of 1 value"
                                   : "a list of " + std::to_string(j.size()) + " values";
        case Json::value_t::object:
            return "an object";
        case Json::value_t::number_float:
            return "the number " + j.dump();
        default:
            return "the integer " + j.dump();
    }
}

std::optional<std::int64_t> json_int64(const Json& j) {
    if (j.is_number_unsigned()) {
        const auto u = j.get<std::uint64_t>();
        if (u > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()))
            return std::nullopt;
        return static_cast<std::int64_t>(u);
    }
    if (j.is_number_integer()) return j.get<std::int64_t>();
    return std::nullopt;
}

}  // namespace tl
