// The streaming JSON tokenizer behind the Chrome trace importer: tokens that straddle chunk
// boundaries, strings and escapes, numbers, skipping, errors with their place, truncation.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <sstream>
#include <string>
#include <vector>

#include "core/base/limits.h"
#include "core/timings/io/json_scanner.h"

namespace tl {
namespace {

using Token = JsonScanner::Token;

// Every token of `json` read in chunks of `chunk` bytes, as "{", "K:ph", "S:X", "N:1e3", ...,
// ending with "END" or "ERR <message>".
std::vector<std::string> tokens(const std::string& json, std::size_t chunk, bool capture = true) {
    std::istringstream in(json);
    JsonScanner scan(in, {}, 0, chunk);
    std::vector<std::string> out;
    std::string text;
    for (int guard = 0; guard < 100000; ++guard) {
        const Token t = scan.next(capture ? &text : nullptr);
        switch (t) {
            case Token::ObjectBegin:
                out.push_back("{");
                break;
            case Token::ObjectEnd:
                out.push_back("}");
                break;
            case Token::ArrayBegin:
                out.push_back("[");
                break;
            case Token::ArrayEnd:
                out.push_back("]");
                break;
            case Token::Key:
                out.push_back("K:" + text);
                break;
            case Token::String:
                out.push_back("S:" + text);
                break;
            case Token::Number:
                out.push_back("N:" + text);
                break;
            case Token::True:
                out.push_back("true");
                break;
            case Token::False:
                out.push_back("false");
                break;
            case Token::Null:
                out.push_back("null");
                break;
            case Token::End:
                out.push_back("END");
                return out;
            case Token::Error:
                out.push_back("ERR " + scan.error());
                return out;
        }
    }
    ADD_FAILURE() << "the scanner did not stop";
    return out;
}

// The error of `json`, or "" when it is valid.
std::string error_of(const std::string& json, std::size_t chunk = kJsonChunkBytes) {
    const auto t = tokens(json, chunk);
    return t.back().starts_with("ERR ") ? t.back().substr(4) : "";
}

const std::string kDocument =
    "\xEF\xBB\xBF{\"traceEvents\": [\n"
    "  {\"ph\": \"X\", \"name\": \"mat\\u006dul.1 \\\"q\\\" \\\\ \\/ \\b\\f\\n\\r\\t\","
    " \"ts\": -12.5e+2, \"dur\": 0, \"pid\": -0, \"tid\": 1E3, \"ok\": true, \"no\": false,\n"
    "   \"none\": null, \"args\": {\"nested\": [1, [2.25, {}], [], {\"a\": {\"b\": \"c\"}}],\n"
    "   \"utf8\": \"\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80\", \"pair\": "
    "\"\\uD83D\\uDE00\\u00e9\"}},\n"
    "\t\r\n  123456789012345678901234567890, 1e-400, \"\"]}\n  ";

TEST(JsonScanner, EveryChunkSizeGivesTheSameTokens) {
    const auto whole = tokens(kDocument, kDocument.size() + 1);
    ASSERT_EQ(whole.back(), "END");
    EXPECT_EQ(whole.at(7), "S:matmul.1 \"q\" \\ / \b\f\n\r\t");
    EXPECT_EQ(whole.at(9), "N:-12.5e+2");
    EXPECT_EQ(whole.at(13), "N:-0");
    for (std::size_t chunk = 1; chunk <= 64; ++chunk)
        ASSERT_EQ(tokens(kDocument, chunk), whole) << "chunk " << chunk;
    // Skipping instead of copying reads the same structure.
    const auto skipped = tokens(kDocument, 3, false);
    ASSERT_EQ(skipped.size(), whole.size());
    for (std::size_t i = 0; i < whole.size(); ++i)
        EXPECT_EQ(skipped[i].substr(0, 2), whole[i].substr(0, 2)) << i;
}

TEST(JsonScanner, EscapesAndUtf8Decode) {
    const auto t = tokens(kDocument, 5);
    const auto find = [&](const std::string& key) {
        for (std::size_t i = 0; i + 1 < t.size(); ++i)
            if (t[i] == "K:" + key) return t[i + 1];
        return std::string("missing");
    };
    EXPECT_EQ(find("utf8"), "S:\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80");  // é € U+1F600
    EXPECT_EQ(find("pair"), "S:\xF0\x9F\x98\x80\xC3\xA9");              // the same from \u
    EXPECT_EQ(tokens(R"(["\u0000"])", 2).at(1), std::string("S:\0", 3));
    EXPECT_EQ(tokens(R"(["\u20AC\u07FF\u0080"])", 1).at(1), "S:\xE2\x82\xAC\xDF\xBF\xC2\x80");
}

TEST(JsonScanner, BadStringsAreErrors) {
    EXPECT_NE(error_of(R"(["\x"])").find("after the backslash"), std::string::npos);
    EXPECT_NE(error_of(R"(["\u12G4"])").find("four hex digits"), std::string::npos);
    EXPECT_NE(error_of(R"(["\uDC00"])").find("low surrogate"), std::string::npos);
    EXPECT_NE(error_of(R"(["\uD800"])").find("low surrogate"), std::string::npos);
    EXPECT_NE(error_of(R"(["\uD800\u0041"])").find("must be followed by a low one"),
              std::string::npos);
    EXPECT_NE(error_of("[\"a\nb\"]").find("control character U+000A"), std::string::npos);
    EXPECT_NE(error_of("[\"a\x01\"]").find("U+0001"), std::string::npos);
    // Overlong, surrogate, beyond U+10FFFF, a stray continuation byte, a cut sequence.
    for (const char* bad :
         {"[\"\xC0\x80\"]", "[\"\xE0\x80\x80\"]", "[\"\xED\xA0\x80\"]", "[\"\xF4\x90\x80\x80\"]",
          "[\"\xF5\x80\x80\x80\"]", "[\"\x80\"]", "[\"\xE2\x82\"]", "[\"\xE2\x82"})
        EXPECT_NE(error_of(bad, 1), "") << bad;
    EXPECT_EQ(error_of("[\"\xF4\x8F\xBF\xBF\xEF\xBF\xBF\"]", 1), "");  // U+10FFFF, U+FFFF
}

TEST(JsonScanner, NumbersInEveryForm) {
    const std::vector<std::string> valid = {"0",
                                            "-0",
                                            "7",
                                            "-12",
                                            "12.5",
                                            "-0.0",
                                            "1e3",
                                            "1E3",
                                            "1e+3",
                                            "1e-3",
                                            "-2.5E-2",
                                            "10e2",
                                            "1234.567",
                                            "0.1",
                                            "9007199254740993",
                                            "123456789.123456789",
                                            "1.7976931348623157e308",
                                            "4.9e-324",
                                            "123456789012345678901234567890",
                                            "0.000001234"};
    for (const auto& n : valid) {
        for (const std::size_t chunk : {std::size_t{1}, std::size_t{2}, kJsonChunkBytes}) {
            const auto t = tokens("[" + n + "]", chunk);
            ASSERT_EQ(t.size(), 4u) << n;
            EXPECT_EQ(t[1], "N:" + n);
        }
        // Exactly what strtod gives (the tests run in the C locale).
        EXPECT_EQ(json_number_value(n), std::strtod(n.c_str(), nullptr)) << n;
    }
    EXPECT_TRUE(std::signbit(json_number_value("-0")));
    EXPECT_EQ(json_number_value("1e400"), HUGE_VAL);
    EXPECT_EQ(json_number_value("-1e400"), -HUGE_VAL);
    EXPECT_EQ(json_number_value("1000000000000000000000e-500"), 0.0);
    EXPECT_EQ(json_number_value("0.000000000000000000000000001e-400"), 0.0);
    EXPECT_TRUE(std::signbit(json_number_value("-1e-400")));
    for (const char* bad : {"01", "-", "1.", ".5", "+1", "1e", "1e+", "--1", "0x10", "1.e3", "NaN",
                            "Infinity", "-Infinity", "1ee3", "- 1"})
        EXPECT_NE(error_of(std::string("[") + bad + "]", 1), "") << bad;
}

TEST(JsonScanner, ErrorsNameTheirLineAndColumn) {
    EXPECT_EQ(error_of("{\n  \"a\": 1,\n  \"b\" 2\n}"),
              "line 3, column 7: unexpected '2'; expected ':' after an object key");
    EXPECT_EQ(error_of("[1,\n 2,\n ]"), "line 3, column 2: unexpected ']'; expected a value");
    EXPECT_EQ(error_of("[1"),
              "line 1, column 3: unexpected end of input; expected ',' or ']' "
              "after an array element");
    EXPECT_EQ(error_of("[1}"),
              "line 1, column 3: unexpected '}'; expected ',' or ']' after an "
              "array element");
    EXPECT_EQ(error_of("{\"a\": 1,}"),
              "line 1, column 9: unexpected '}'; expected a string as "
              "an object key");
    EXPECT_EQ(error_of("[] x"),
              "line 1, column 4: unexpected 'x'; expected end of input after "
              "the top-level value");
    EXPECT_EQ(error_of(""), "line 1, column 1: unexpected end of input; expected a value");
    EXPECT_EQ(error_of("[tru]"), "line 1, column 5: unexpected ']'; expected the literal 'true'");
    EXPECT_EQ(error_of("[\"\xFF\"]"),
              "line 1, column 3: unexpected byte 0xFF; expected UTF-8 "
              "text in the string");
    EXPECT_NE(error_of("\xEF\xBB[]").find("byte order mark"), std::string::npos);
    // The same place whatever the chunk size.
    const std::string late = "[\n\n" + std::string(100, ' ') + "1,\n  {\"k\": nul}]";
    const std::string expected = "line 4, column 12: unexpected '}'; expected the literal 'null'";
    for (std::size_t chunk = 1; chunk <= 64; ++chunk) EXPECT_EQ(error_of(late, chunk), expected);
}

TEST(JsonScanner, TruncationAtEveryOffsetStopsWithAnErrorAfterTheSameTokens) {
    const auto whole = tokens(kDocument, kDocument.size());
    for (std::size_t cut = 0; cut < kDocument.size(); ++cut) {
        const std::string part = kDocument.substr(0, cut);
        const bool only_space_left =
            kDocument.find_first_not_of(" \t\r\n", cut) == std::string::npos;
        for (const std::size_t chunk : {std::size_t{1}, std::size_t{7}, kJsonChunkBytes}) {
            const auto t = tokens(part, chunk);
            if (only_space_left) {
                EXPECT_EQ(t, whole) << cut;
                continue;
            }
            ASSERT_TRUE(t.back().starts_with("ERR ")) << cut;
            ASSERT_LE(t.size(), whole.size()) << cut;
            // Every token before the error is the document's; the last may be a number that
            // the cut shortened ("12" of "123").
            for (std::size_t i = 0; i + 2 < t.size(); ++i) ASSERT_EQ(t[i], whole[i]) << cut;
            if (t.size() >= 2 && !t[t.size() - 2].starts_with("N:")) {
                ASSERT_EQ(t[t.size() - 2], whole[t.size() - 2]) << cut;
            }
        }
    }
}

TEST(JsonScanner, SkipsValuesAndContainersAndKeepsCopiesShort) {
    std::istringstream in(
        R"({"a": {"x": [1, {"y": "z"}], "w": "}"}, "b": [[], "]"], "c": "long text", "d": 2})");
    JsonScanner scan(in, {}, 0, 3);
    std::string text;
    EXPECT_EQ(scan.next(), Token::ObjectBegin);
    EXPECT_EQ(scan.next(&text), Token::Key);
    EXPECT_EQ(text, "a");
    EXPECT_TRUE(scan.skip_value());
    EXPECT_EQ(scan.next(&text), Token::Key);
    EXPECT_EQ(text, "b");
    EXPECT_EQ(scan.next(), Token::ArrayBegin);
    EXPECT_EQ(scan.depth(), 2u);
    EXPECT_TRUE(scan.skip_container());
    EXPECT_EQ(scan.depth(), 1u);
    EXPECT_EQ(scan.next(&text), Token::Key);
    EXPECT_EQ(scan.next(&text, 4), Token::String);
    EXPECT_EQ(text, "long");
    EXPECT_TRUE(scan.truncated());
    EXPECT_EQ(scan.next(&text, 4), Token::Key);
    EXPECT_EQ(text, "d");
    EXPECT_FALSE(scan.truncated());
    EXPECT_TRUE(scan.skip_value());
    EXPECT_EQ(scan.next(), Token::ObjectEnd);
    EXPECT_EQ(scan.next(), Token::End);
    EXPECT_EQ(scan.next(), Token::End);

    std::istringstream broken(R"({"a": {"x": [1, {"y": }]}})");
    JsonScanner bad(broken, {}, 0, 2);
    EXPECT_EQ(bad.next(), Token::ObjectBegin);
    EXPECT_EQ(bad.next(), Token::Key);
    EXPECT_FALSE(bad.skip_value());
    EXPECT_NE(bad.error().find("column 23"), std::string::npos) << bad.error();
    EXPECT_EQ(bad.next(), Token::Error);
}

TEST(JsonScanner, DeepNestingNeedsNoRecursionAndStopsAtTheLimit) {
    const auto nested = [](std::size_t n) { return std::string(n, '[') + std::string(n, ']'); };
    set_limit(LimitId::JsonDepth, 10000);  // the top of its range
    {
        std::istringstream in(nested(10000));
        JsonScanner scan(in);
        EXPECT_EQ(scan.next(), Token::ArrayBegin);
        EXPECT_TRUE(scan.skip_container()) << scan.error();
        EXPECT_EQ(scan.next(), Token::End);
    }
    {
        std::istringstream in(nested(100000));
        JsonScanner scan(in);
        EXPECT_EQ(scan.next(), Token::ArrayBegin);
        EXPECT_FALSE(scan.skip_container());
        EXPECT_NE(scan.error().find("more than 10000 levels"), std::string::npos) << scan.error();
        EXPECT_NE(scan.error().find("(json-depth)"), std::string::npos) << scan.error();
    }
    reset_limits();
}

TEST(JsonScanner, ProgressEveryChunkAndCancel) {
    const std::string doc = "[" + std::string(1000, ' ') + "1]";
    std::istringstream in(doc);
    std::vector<std::uint64_t> seen;
    JsonScanner scan(
        in,
        [&](std::uint64_t done, std::uint64_t total) {
            EXPECT_EQ(total, 77u);
            seen.push_back(done);
            return true;
        },
        77, 100);
    while (scan.next() != Token::End) ASSERT_FALSE(scan.error().size()) << scan.error();
    ASSERT_GE(seen.size(), 11u);
    EXPECT_EQ(seen.front(), 100u);
    EXPECT_EQ(seen.back(), doc.size());
    EXPECT_FALSE(scan.cancelled());

    std::istringstream again(doc);
    int calls = 0;
    JsonScanner cancelled(
        again, [&](std::uint64_t, std::uint64_t) { return ++calls < 3; }, 0, 100);
    EXPECT_EQ(cancelled.next(), Token::ArrayBegin);
    EXPECT_EQ(cancelled.next(), Token::Error);
    EXPECT_TRUE(cancelled.cancelled());
    EXPECT_EQ(calls, 3);
    EXPECT_EQ(cancelled.offset(), 200u);  // the third chunk was read but not used
}

}  // namespace
}  // namespace tl
