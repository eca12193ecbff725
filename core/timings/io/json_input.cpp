#include "core/timings/io/json_input.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <istream>
#include <iterator>
#include <limits>

#include "core/base/limits.h"

namespace tl {
namespace {

// Replaces bare NaN / Infinity / -Infinity / inf / nan outside strings by quoted strings.
// Returns the line of the first one, or 0.
int quote_nonstandard_numbers(std::string& text) {
    static const std::pair<std::string_view, std::string_view> kWords[] = {
        {"-Infinity", "\"-inf\""}, {"Infinity", "\"inf\""}, {"NaN", "\"nan\""},
        {"-inf", "\"-inf\""},      {"inf", "\"inf\""},      {"nan", "\"nan\""}};
    std::string out;
    int first_line = 0, line = 1;
    bool in_string = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '\n') ++line;
        if (in_string) {
            if (c == '\\' && i + 1 < text.size()) {
                out += c;
                out += text[++i];
                continue;
            }
            if (c == '"') in_string = false;
            out += c;
            continue;
        }
        if (c == '"') in_string = true;
        bool replaced = false;
        if (c == '-' || c == 'I' || c == 'N' || c == 'i' || c == 'n') {
            const bool word_start =
                i == 0 || !std::isalnum(static_cast<unsigned char>(text[i - 1]));
            for (const auto& [word, repl] : kWords) {
                const std::size_t after = i + word.size();
                if (!word_start || text.compare(i, word.size(), word) != 0) continue;
                if (after < text.size() && std::isalnum(static_cast<unsigned char>(text[after])))
                    continue;
                out += repl;
                i = after - 1;
                replaced = true;
                if (first_line == 0) first_line = line;
                break;
            }
        }
        if (!replaced) out += c;
    }
    if (first_line) text = std::move(out);
    return first_line;
}

}  // namespace

JsonSource::JsonSource(std::string_view text) {
    pos_ = counted_ = text.data();
    end_ = text.data() + text.size();
}

int JsonSource::line() {
    // The character just read is pos_ - 1; a newline there still belongs to its line.
    const char* upto = pos_ > counted_ ? pos_ - 1 : counted_;
    newlines_ += static_cast<int>(std::count(counted_, upto, '\n'));
    counted_ = upto;
    return newlines_ + 1;
}

int JsonDocument::line_of_member(const std::string& outer, const std::string& inner) const {
    const auto it = member_lines.find({outer, inner});
    return it == member_lines.end() ? 0 : it->second;
}

int JsonDocument::line_of(const std::string& path) const {
    const auto it = element_lines.find(path);
    return it == element_lines.end() ? 0 : it->second;
}

JsonDocument read_json_document(std::istream& in, const ImportConfig& config,
                                Diagnostics* warnings) {
    JsonDocument doc;
    std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    if (const int line = quote_nonstandard_numbers(text); line > 0 && warnings)
        warnings->push_back(timing_warning(
            config, line,
            "non-standard JSON numbers (NaN, Infinity) read as \"nan\"/\"inf\": the rows "
            "that hold them count as failed"));

    JsonSource source(text);
    std::string key;
    std::map<std::string, int> counts;
    const int max_depth = static_cast<int>(limit(LimitId::JsonDepth));
    const auto first = text.find_first_not_of(" \t\r\n");
    const bool object_root = first != std::string::npos && text[first] == '{';
    struct TooDeep {};
    const Json::parser_callback_t record_lines = [&](int depth, Json::parse_event_t event,
                                                     Json& parsed) {
        // Timing files nest a few levels; a deeper one is refused like a spec.
        if (depth >= max_depth && (event == Json::parse_event_t::object_start ||
                                   event == Json::parse_event_t::array_start))
            throw TooDeep{};
        if (depth == 1 && event == Json::parse_event_t::key) key = parsed.get<std::string>();
        if (depth == 2 && event == Json::parse_event_t::key && object_root)
            doc.member_lines[{key, parsed.get<std::string>()}] = source.line();
        if (depth == 2 && event == Json::parse_event_t::object_start) {
            const int index = counts[key]++;
            doc.element_lines[key + "[" + std::to_string(index) + "]"] = source.line();
        }
        return true;
    };
    try {
        doc.root = Json::parse(source.begin(), source.end(), record_lines);
    } catch (const TooDeep&) {
        doc.root = Json();
        doc.error = timing_warning(
            config, source.line(),
            over_limit_message("the nesting", "more than " + std::to_string(max_depth) + " levels",
                               LimitId::JsonDepth, std::nullopt));
    } catch (const Json::exception& e) {  // a syntax error, or a number past a double's range
        doc.error = timing_warning(
            config, source.line(),
            "not valid JSON (" + json_error_text(e.what()) + "): the file is damaged or not JSON");
    }
    return doc;
}

std::optional<double> json_number(const Json& v) {
    if (v.is_number()) return v.get<double>();
    if (v.is_string()) {
        const auto& s = v.get_ref<const std::string&>();
        if (s == "inf") return std::numeric_limits<double>::infinity();
        if (s == "-inf") return -std::numeric_limits<double>::infinity();
        if (s == "nan") return std::numeric_limits<double>::quiet_NaN();
    }
    return std::nullopt;
}

std::optional<std::string> json_string(const Json& v) {
    if (v.is_string()) return v.get<std::string>();
    return std::nullopt;
}

const Json& json_field(const Json& obj, std::string_view key) {
    static const Json null_value;
    if (!obj.is_object()) return null_value;
    const auto it = obj.find(key);
    return it == obj.end() ? null_value : *it;
}

std::string json_text_or(const Json& obj, std::string_view key, std::string fallback) {
    const Json& v = json_field(obj, key);
    return v.is_string() ? v.get<std::string>() : fallback;
}

bool json_true(const Json& obj, std::string_view key) {
    const Json& v = json_field(obj, key);
    return v.is_boolean() && v.get<bool>();
}

std::string json_error_text(std::string_view what) {
    if (const auto close = what.find("] ");
        what.starts_with("[json.exception") && close != std::string_view::npos)
        what.remove_prefix(close + 2);
    if (what.starts_with("parse error at ")) what.remove_prefix(15);
    return std::string(what);
}

ImportResult JsonDocumentImporter::import(std::istream& in, const ImportConfig& config,
                                          const ProgressFn& progress) const {
    ImportResult result;
    if (progress && !progress(0, config.total_bytes)) {
        result.complete = false;  // cancelled before reading
    } else if (const JsonDocument doc = read_json_document(in, config, &result.warnings);
               doc.error) {
        result.warnings.push_back(*doc.error);
        result.complete = false;
    } else {
        read(doc, config, result);
    }
    finish_import(result, format_id(), config);
    return result;
}

}  // namespace tl
