#pragma once
// JSON input for the small timing documents (Google Benchmark, pytest-benchmark): a reader
// that remembers the line of each top-level array element, and field accessors. Chrome
// traces, which can be large, are streamed by core/timings/io/json_scanner.h instead.
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/timings/io/importer.h"
#include "core/timings/record.h"

namespace tl {

class JsonSource {
public:
    explicit JsonSource(std::string_view text);
    JsonSource(const JsonSource&) = delete;
    JsonSource& operator=(const JsonSource&) = delete;

    // An input iterator over the characters; every copy shares this source's position.
    class iterator {
    public:
        using iterator_category = std::input_iterator_tag;
        using value_type = char;
        using difference_type = std::ptrdiff_t;
        using pointer = const char*;
        using reference = const char&;

        iterator() = default;
        explicit iterator(JsonSource* s) : src_(s) {}
        reference operator*() const { return *src_->pos_; }
        iterator& operator++() {
            ++src_->pos_;
            return *this;
        }
        iterator operator++(int) {
            iterator old = *this;
            ++src_->pos_;
            return old;
        }
        friend bool operator==(const iterator& a, const iterator& b) {
            return a.at_end() == b.at_end();
        }

    private:
        bool at_end() const { return src_ == nullptr || src_->pos_ == src_->end_; }
        JsonSource* src_ = nullptr;
    };

    iterator begin() { return iterator(this); }
    iterator end() { return iterator(); }

    int line();  // 1-based line of the last character read

private:
    const char* pos_ = nullptr;
    const char* end_ = nullptr;
    const char* counted_ = nullptr;  // newlines before this point are in newlines_
    int newlines_ = 0;
};

// A small JSON document read whole, with the line of each element of its top-level arrays.
struct JsonDocument {
    Json root;
    std::map<std::string, int> element_lines;  // "benchmarks[3]" -> 41
    // The line of each key of an object that is a member of the top-level object: (outer
    // key, inner key) -> its line (a tokamax cache's config under its input spec).
    std::map<std::pair<std::string, std::string>, int> member_lines;
    std::optional<Diagnostic> error;  // a syntax error, with its line and column
    int line_of(const std::string& path) const;
    int line_of_member(const std::string& outer, const std::string& inner) const;
};

// Reads `in` whole (these files are small) and parses it. Python's bare NaN / Infinity /
// -Infinity (and inf / nan) are read as the strings "nan", "inf", "-inf", with one warning.
JsonDocument read_json_document(std::istream& in, const ImportConfig& config,
                                Diagnostics* warnings);

// An importer of a small JSON document: reading it (cancel at the start, a syntax error) and
// the shared last step (finish_import) happen here; `read` turns the parsed document into
// records and warnings.
class JsonDocumentImporter : public TimingImporter {
public:
    ImportResult import(std::istream& in, const ImportConfig& config,
                        const ProgressFn& progress) const final;

protected:
    virtual void read(const JsonDocument& doc, const ImportConfig& config,
                      ImportResult& result) const = 0;
};

// The number in `v`, including the strings "inf", "-inf", "nan"; nullopt otherwise.
std::optional<double> json_number(const Json& v);
// The string in `v`, or nullopt.
std::optional<std::string> json_string(const Json& v);

// obj[key], or null when `obj` is not an object or has no such key; never throws.
const Json& json_field(const Json& obj, std::string_view key);
// The string at obj[key], or `fallback` when it is absent or not a string.
std::string json_text_or(const Json& obj, std::string_view key, std::string fallback);
// Whether obj[key] is the boolean true.
bool json_true(const Json& obj, std::string_view key);

// "[json.exception.parse_error.101] parse error at line 1, column 2: x" -> "line 1, column
// 2: x", for a message a person reads.
std::string json_error_text(std::string_view what);

}  // namespace tl
