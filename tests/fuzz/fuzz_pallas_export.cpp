// libFuzzer harness: the Pallas snippet exporter (core/export). A fuzzed spec that loads is
// exported, and the code checked for what docs/exports.md promises and C++ can see cheaply:
// no control characters, and the spec's free text only inside '#' comments.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "core/export/pallas_snippet.h"
#include "core/spec/spec_io.h"

namespace {

[[noreturn]] void fail(const char* what, std::string_view code) {
    std::fprintf(stderr, "pallas_snippet: %s\n%.*s\n", what, static_cast<int>(code.size()),
                 code.data());
    std::abort();
}

void check_no_control_characters(std::string_view code) {
    for (const char c : code)
        if ((static_cast<unsigned char>(c) < 0x20 && c != '\n') || c == 0x7f)
            fail("a control character in the code", code);
}

// Every occurrence of `text` lies after a '#' on its line. Short texts are skipped: they
// may be a name or a keyword by chance.
void check_only_in_comments(std::string_view code, std::string_view text) {
    if (text.size() < 12) return;
    for (auto at = code.find(text); at != std::string_view::npos; at = code.find(text, at + 1)) {
        const auto line_start = code.rfind('\n', at);
        const auto begin = line_start == std::string_view::npos ? 0 : line_start + 1;
        if (code.substr(begin, at - begin).find('#') == std::string_view::npos)
            fail("the description outside a comment", code);
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);

    const std::string comment = tl::python_comment(text, 40, "    ");
    check_no_control_characters(comment);
    for (std::size_t at = 0; at < comment.size();) {
        if (comment.compare(at, 5, "    #") != 0) fail("a comment line without '#'", comment);
        const auto next = comment.find('\n', at);
        at = next == std::string::npos ? comment.size() : next + 1;
    }

    const tl::LoadResult loaded = tl::load_spec(text, "fuzz.tilelens.json");
    if (!loaded.spec) return 0;
    const tl::PallasSnippet snippet = tl::pallas_snippet(*loaded.spec);
    if (!snippet.errors.empty() && !snippet.code.empty())
        fail("both code and errors", snippet.code);
    if (snippet.code.empty()) return 0;
    check_no_control_characters(snippet.code);
    if (loaded.spec->description) check_only_in_comments(snippet.code, *loaded.spec->description);
    return 0;
}
