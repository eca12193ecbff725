#pragma once
// Helpers shared by the timing importer tests: fixtures under tests/golden/timings/.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>

#include "core/timings/io/importer.h"
#include "core/timings/io/registry.h"

namespace tl::testing {

inline std::string timing_fixture(const std::string& rel) {
    return std::string(TILELENS_SOURCE_DIR) + "/tests/golden/timings/" + rel;
}

inline ImportResult import_with(std::string_view format, std::istream& in,
                                ImportConfig config = {}) {
    const TimingImporter* imp = find_timing_importer(format);
    if (!imp) {
        ADD_FAILURE() << "no importer " << format;
        return {};
    }
    return imp->import(in, config, {});
}

inline ImportResult import_fixture(std::string_view format, const std::string& rel,
                                   ImportConfig config = {}) {
    std::ifstream in(timing_fixture(rel), std::ios::binary);
    EXPECT_TRUE(in.good()) << "missing fixture " << rel;
    if (config.file.empty()) config.file = rel;
    return import_with(format, in, config);
}

inline ImportResult import_text(std::string_view format, const std::string& text,
                                ImportConfig config = {}) {
    std::istringstream in(text);
    return import_with(format, in, config);
}

// The first `bytes` of a fixture, as format detection sees the start of a file.
inline std::string fixture_head(const std::string& rel, std::size_t bytes) {
    std::ifstream in(timing_fixture(rel), std::ios::binary);
    std::string head(bytes, '\0');
    in.read(head.data(), static_cast<std::streamsize>(head.size()));
    head.resize(static_cast<std::size_t>(in.gcount()));
    return head;
}

// The format detection picks for a fixture's first KiBs under the file name `as_name`, or
// "none".
inline std::string detected_format(std::string_view as_name, const std::string& rel) {
    const TimingImporter* imp = detect_timing_format(as_name, fixture_head(rel, 4096));
    return imp ? std::string(imp->format_id()) : std::string("none");
}

// All warnings, one a line, for failure messages.
inline std::string all_warnings(const ImportResult& r) {
    return join(r.warnings);
}

// Whether any warning contains `text`.
inline bool warns(const ImportResult& r, const std::string& text) {
    return all_warnings(r).find(text) != std::string::npos;
}

// The warning at `line` whose message contains `text`; nullptr when there is none.
inline const Diagnostic* find_warning(const ImportResult& r, int line, const std::string& text) {
    for (const auto& w : r.warnings)
        if (w.line == line && w.message.find(text) != std::string::npos) return &w;
    return nullptr;
}

}  // namespace tl::testing
