// The Chrome trace importer as a stream: the same result whatever the chunk size, escapes and
// numbers in every form, skipped args, truncation at every byte, damaged input.
#include <algorithm>
#include <cstdint>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string_view>

#include "core/timings/io/chrome_trace.h"
#include "core/timings/io/json_scanner.h"
#include "test_timings_util.h"

namespace tl {
namespace {

using testing::all_warnings;
using testing::find_warning;

std::string fixture_text(const std::string& rel) {
    std::ifstream in(testing::timing_fixture(rel), std::ios::binary);
    EXPECT_TRUE(in.good()) << rel;
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

ImportResult import_chunked(const std::string& text, std::size_t chunk,
                            const ProgressFn& progress = {}) {
    std::istringstream in(text);
    return import_chrome_trace(in, ImportConfig{}, progress, chunk);
}

// The records of an import at full precision, to compare two imports.
std::string records_text(const ImportResult& r) {
    std::ostringstream out;
    out.precision(17);
    const auto opt = [](const std::optional<double>& v) { return v ? *v : -1.0; };
    for (const auto& rec : r.records)
        out << rec.label << " kernel=" << rec.kernel.value_or("-") << " line=" << rec.line
            << " device=" << rec.device.value_or("-") << " n=" << rec.n.value_or(-1)
            << " median=" << opt(rec.median_s) << " min=" << opt(rec.min_s)
            << " max=" << opt(rec.max_s) << " mean=" << opt(rec.mean_s) << " p20=" << opt(rec.p20_s)
            << " p80=" << opt(rec.p80_s) << " share=" << opt(rec.share) << "\n";
    return out.str();
}

// Everything an import gives: completeness, records and warnings.
std::string describe(const ImportResult& r) {
    std::string out = r.complete ? "complete\n" : "incomplete\n";
    out += records_text(r);
    for (const auto& w : r.warnings)
        out += "warning " + std::to_string(w.line) + " " + w.path + ": " + w.message + "\n";
    return out;
}

// Escaped names and ids, numbers in several forms, and fields that only look like the ones
// read: in nested args, in another array, under another key. One event a line.
const std::string kCrafted =
    R"json({"otherEvents": [{"ph": "X", "pid": 1, "tid": 2, "ts": 0, "dur": 9, "name": "decoy.1"}],
"traceEvents": [
{"ph": "M", "pid": "\u0074pu0", "name": "process_name", "args": {"other": {"name": "WRONG"}, "name": "/device:TPU:\u0030"}},
{"ph": "M", "pid": "tpu0", "tid": 2, "name": "thread_name", "args": {"nested": {"name": "Python"}, "name": "XLA \u004Fps", "list": ["x"]}},
{"ph": "M", "pid": "tpu0", "tid": 1, "name": "thread_name", "args": {"name": "XLA Modules"}},
{"ph": "X", "pid": "tpu0", "tid": 1, "ts": 0, "dur": 1E3, "name": "jit_step(1)"},
{"ph": "X", "pid": "tpu0", "tid": 2.0, "ts": 1e2, "dur": 2.5e1, "name": "mat\u006Dul.1", "args": {"name": "not the op", "ph": "B", "long_name": "%x = f32[8]{0} \"q\" \\ [{", "deep": [[{"ts": 5, "dur": 7}]]}},
{"ph": "X", "pid": "tpu0", "tid": 2, "ts": 200.0, "dur": 25.000, "name": "matmul.2", "extra": {"name": "x", "dur": -1}},
{"ph": "X", "pid": "tpu0", "tid": 2, "ts": 300, "dur": 0.5e2, "name": "caf\u00e9.1", "args": {}},
{"ph": "X", "pid": "tpu0", "tid": -0, "ts": -0, "dur": 50, "name": "\"q\" op.3", "tid": 2},
{"ph": "XY", "pid": "tpu0", "tid": 2, "ts": 1, "dur": 1, "name": "ignored.1"},
{"ph": 88, "pid": "tpu0", "tid": 2, "ts": 1, "dur": 1, "name": "no ph.1"}
],
"traceEvents2": [{"ph": "X", "pid": "tpu0", "tid": 2, "ts": 0, "dur": 9, "name": "decoy.2"}]}
)json";

TEST(ChromeTraceStream, EveryChunkSizeGivesTheSameResult) {
    for (const auto& text : {fixture_text("chrome-trace/step.trace.json"),
                             fixture_text("chrome-trace/late_metadata.json"), kCrafted}) {
        const std::string whole = describe(import_chunked(text, text.size() + 1));
        ASSERT_TRUE(whole.starts_with("complete\n")) << whole;
        for (std::size_t chunk = 1; chunk <= 64; ++chunk)
            ASSERT_EQ(describe(import_chunked(text, chunk)), whole) << "chunk " << chunk;
    }
}

TEST(ChromeTraceStream, EscapesNumbersAndNestedArgs) {
    const auto r = import_chunked(kCrafted, 5);
    ASSERT_TRUE(r.complete) << all_warnings(r);
    ASSERT_EQ(r.records.size(), 3u) << describe(r);
    // Records in the order their names first appear: matmul, café, "q" op.
    const auto& mm = r.records[0];
    EXPECT_EQ(mm.kernel, "matmul");
    EXPECT_EQ(mm.label, "matmul.1");
    EXPECT_EQ(mm.device, "/device:TPU:0");
    EXPECT_EQ(mm.n, 2);  // tid 2.0 and 2 are one thread; the nested ts/dur are not events
    EXPECT_EQ(mm.line, 7);
    EXPECT_NEAR(*mm.median_s, 25e-6, 1e-15);
    EXPECT_NEAR(*mm.share, 50.0 / 1000.0, 1e-12);  // 1E3 us of XLA Modules
    EXPECT_EQ(r.records[1].kernel, "caf\xC3\xA9");
    EXPECT_NEAR(*r.records[1].median_s, 50e-6, 1e-15);
    const auto& q = r.records[2];
    EXPECT_EQ(q.kernel, "\"q\" op");
    EXPECT_EQ(q.label, "\"q\" op.3");
    EXPECT_NEAR(*q.median_s, 50e-6, 1e-15);
    EXPECT_TRUE(find_warning(r, 12, "an event without ph")) << all_warnings(r);
    EXPECT_EQ(all_warnings(r).find("decoy"), std::string::npos);
}

// Offsets of the closing brace of each event of a trace written one event a line.
std::vector<std::size_t> event_ends(const std::string& text) {
    std::vector<std::size_t> ends;
    for (std::size_t pos = 0; pos < text.size();) {
        std::size_t eol = text.find('\n', pos);
        if (eol == std::string::npos) eol = text.size();
        const std::string_view line(text.data() + pos, eol - pos);
        if (line.starts_with("{\"ph\"")) ends.push_back(pos + line.rfind('}'));
        pos = eol + 1;
    }
    return ends;
}

TEST(ChromeTraceStream, TruncatedAtEveryByteKeepsTheEventsBeforeTheCut) {
    for (const auto& text : {fixture_text("chrome-trace/step.trace.json"),
                             fixture_text("chrome-trace/late_metadata.json"), kCrafted}) {
        const auto ends = event_ends(text);
        const std::size_t open = text.find("[\n{\"ph\"");
        ASSERT_NE(open, std::string::npos);
        const std::string closer = text[0] == '{' ? "]}" : "]";
        const std::size_t last = text.find_last_not_of(" \n");
        for (std::size_t cut = 0; cut <= last; ++cut) {
            // What the events before the cut give as a complete trace.
            std::size_t complete = 0;
            while (complete < ends.size() && ends[complete] < cut) ++complete;
            std::string expected_text;
            if (complete > 0)
                expected_text = text.substr(0, ends[complete - 1] + 1) + closer;
            else if (cut > open)
                expected_text = text.substr(0, open + 1) + closer;
            const auto expected = import_chunked(expected_text, 4096);
            for (const std::size_t chunk : {std::size_t{3}, kJsonChunkBytes}) {
                const auto r = import_chunked(text.substr(0, cut), chunk);
                ASSERT_FALSE(r.complete) << cut;
                ASSERT_NE(all_warnings(r).find("not valid JSON"), std::string::npos) << cut;
                if (expected_text.empty()) {
                    ASSERT_TRUE(r.records.empty()) << cut;
                } else {
                    ASSERT_EQ(records_text(r), records_text(expected))
                        << "cut at " << cut << ": " << text.substr(0, cut);
                }
            }
        }
    }
}

TEST(ChromeTraceStream, DamagedInputReadsTheSameInAnyChunkSize) {
    const std::string base = fixture_text("chrome-trace/step.trace.json");
    const std::string palette = "{}[]\",:\\/0123456789eE.-+ \ntfnu\x01\x80\xC3\xFF";
    std::uint64_t state = 0x9E3779B97F4A7C15ull;
    const auto next = [&] {  // xorshift64: the same damage on every run
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        return state;
    };
    int incomplete = 0;
    for (int round = 0; round < 400; ++round) {
        std::string text = base;
        for (int edits = 1 + static_cast<int>(next() % 3); edits > 0 && !text.empty(); --edits) {
            const std::size_t at = next() % text.size();
            switch (next() % 4) {
                case 0:
                    text[at] = palette[next() % palette.size()];
                    break;
                case 1:
                    text[at] = static_cast<char>(next() & 0xFF);
                    break;
                case 2:
                    text.erase(at, 1 + next() % 8);
                    break;
                default:
                    text.insert(at, text.substr(next() % text.size(), 1 + next() % 40));
            }
        }
        const std::string whole = describe(import_chunked(text, text.size() + 1));
        incomplete += whole.starts_with("incomplete");
        for (const std::size_t chunk : {std::size_t{1}, std::size_t{2}, std::size_t{7}})
            ASSERT_EQ(describe(import_chunked(text, chunk)), whole) << "round " << round;
    }
    EXPECT_GT(incomplete, 100);  // the damage was mostly fatal, and still read the same
}

TEST(ChromeTraceStream, InvalidJsonWarnsWithItsLine) {
    const std::string text =
        "{\"traceEvents\": [\n"
        "{\"ph\": \"M\", \"pid\": 1, \"tid\": 2, \"name\": \"thread_name\", \"args\": {\"name\": "
        "\"XLA Ops\"}},\n"
        "{\"ph\": \"X\", \"pid\": 1, \"tid\": 2, \"ts\": 1, \"dur\": 2, \"name\": \"matmul.1\"},\n"
        "{\"ph\": \"X\", \"pid\": 1, \"tid\": 2, \"ts\": 5, \"dur\": 2 \"name\": \"matmul.2\"},\n"
        "{\"ph\": \"X\", \"pid\": 1, \"tid\": 2, \"ts\": 9, \"dur\": 2, \"name\": \"matmul.3\"}\n"
        "]}\n";
    for (const std::size_t chunk : {std::size_t{1}, kJsonChunkBytes}) {
        const auto r = import_chunked(text, chunk);
        EXPECT_FALSE(r.complete);
        EXPECT_TRUE(find_warning(r, 4,
                                 "the trace is not valid JSON (line 4, column 51: unexpected "
                                 "'\"'; expected ',' or '}' after an object member): the events "
                                 "before that point are kept"))
            << all_warnings(r);
        ASSERT_EQ(r.records.size(), 1u);
        EXPECT_EQ(r.records[0].n, 1);
    }
    // Garbage after a document, and an array that never closes.
    const auto trailing = import_chunked(fixture_text("chrome-trace/late_metadata.json") + "x", 4);
    EXPECT_FALSE(trailing.complete);
    EXPECT_TRUE(find_warning(trailing, 12,
                             "(line 12, column 1: unexpected 'x'; expected end of input after "
                             "the top-level value)"))
        << all_warnings(trailing);
    EXPECT_EQ(trailing.records.size(), 1u);
    const auto open = import_chunked("[{\"ph\": \"B\"}, {\"ph\": \"E\"}", 4);
    EXPECT_FALSE(open.complete);
    EXPECT_TRUE(find_warning(open, 1, "line 1, column 26: unexpected end of input"))
        << all_warnings(open);
    EXPECT_TRUE(find_warning(open, 0, "2 begin/end ('B'/'E') events ignored"));
}

TEST(ChromeTraceStream, BothRootFormsAndEveryTraceEventsArray) {
    const auto event = [](int ts) {
        return R"({"ph": "M", "pid": 1, "tid": 2, "name": "thread_name", "args": {"name": )"
               R"("XLA Ops"}}, {"ph": "X", "pid": 1, "tid": 2, "ts": )" +
               std::to_string(ts) + R"(, "dur": 2, "name": "matmul.1"})";
    };
    const auto bare = import_chunked("[" + event(1) + "]", 3);
    EXPECT_TRUE(bare.complete) << all_warnings(bare);
    ASSERT_EQ(bare.records.size(), 1u);
    // As nlohmann's pass did: every top-level traceEvents array is read.
    const auto twice = import_chunked(R"({"traceEvents": [)" + event(1) + R"(], "x": 1, )" +
                                          R"("traceEvents": [)" + event(5) + "]}",
                                      3);
    EXPECT_TRUE(twice.complete) << all_warnings(twice);
    ASSERT_EQ(twice.records.size(), 1u);
    EXPECT_EQ(twice.records[0].n, 2);
    const auto nested = import_chunked(R"({"x": {"traceEvents": [)" + event(1) + "]}}", 3);
    EXPECT_FALSE(nested.complete);
    EXPECT_TRUE(find_warning(nested, 0, "no traceEvents array")) << all_warnings(nested);
}

TEST(ChromeTraceStream, ProgressReachesTheEndAndCancelKeepsEarlierEvents) {
    const std::string text = fixture_text("chrome-trace/step.trace.json");
    std::vector<std::uint64_t> seen;
    const auto r = import_chunked(text, 64, [&](std::uint64_t done, std::uint64_t) {
        seen.push_back(done);
        return true;
    });
    EXPECT_TRUE(r.complete);
    ASSERT_GE(seen.size(), text.size() / 64);
    EXPECT_TRUE(std::is_sorted(seen.begin(), seen.end()));
    EXPECT_EQ(seen.back(), text.size());

    // Cancelled in the chunk that holds the second step's first op: what came before it is
    // kept, and the warning names the line where reading stopped.
    const std::size_t stop = text.find("\"ts\": 310");
    const auto cancelled =
        import_chunked(text, 64, [&](std::uint64_t done, std::uint64_t) { return done < stop; });
    const std::size_t used = (stop - 1) / 64 * 64;  // the chunks before the cancelled one
    const int line = 1 + static_cast<int>(std::count(text.begin(), text.begin() + used, '\n'));
    EXPECT_FALSE(cancelled.complete);
    EXPECT_TRUE(find_warning(cancelled, line, "import cancelled")) << all_warnings(cancelled);
    ASSERT_FALSE(cancelled.records.empty());
    EXPECT_EQ(cancelled.records[0].n, 2);
}

}  // namespace
}  // namespace tl
