// The limits on input sizes (core/base/limits.h, docs/bad-input.md): the table, the --limit
// parser, and each limit refused past its value, accepted at it, before anything is allocated.
#include <chrono>
#include <filesystem>
#include <fstream>
#include <functional>
#include <thread>

#include <gtest/gtest.h>
#include <pthread.h>
#include <zlib.h>

#include "core/base/limits.h"
#include "core/expr/expr.h"
#include "core/interp/interpreter.h"
#include "core/pyrun/python_run.h"
#include "core/spec/instance.h"
#include "core/spec/json_path.h"
#include "core/spec/spec_io.h"
#include "core/timings/io/registry.h"

#if defined(__has_feature)
#define TILELENS_HAS_ASAN __has_feature(address_sanitizer)
#else
#define TILELENS_HAS_ASAN 0
#endif

namespace tl {
namespace {

namespace fs = std::filesystem;

// Runs `f` on a thread with the stack a worker thread gets on Linux, 8 MiB: the tops of the
// nesting limits must fit it. AddressSanitizer's redzones make every frame several times
// larger, so a sanitized build gives the thread four times that.
void on_worker_stack(const std::function<void()>& f) {
// ASan's frames are several times larger: GCC names it __SANITIZE_ADDRESS__, clang 14 only
// through __has_feature.
#if defined(__SANITIZE_ADDRESS__) || TILELENS_HAS_ASAN
    constexpr std::size_t kStack = std::size_t{32} << 20;
#else
    constexpr std::size_t kStack = std::size_t{8} << 20;
#endif
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setstacksize(&attr, kStack);
    pthread_t thread;
    const auto run = [](void* fn) -> void* {
        (*static_cast<const std::function<void()>*>(fn))();
        return nullptr;
    };
    ASSERT_EQ(pthread_create(&thread, &attr, run, const_cast<std::function<void()>*>(&f)), 0);
    pthread_join(thread, nullptr);
    pthread_attr_destroy(&attr);
}

// Every test starts and ends with the defaults: the values are process-wide.
class Limits_ : public ::testing::Test {
protected:
    void SetUp() override { reset_limits(); }
    void TearDown() override { reset_limits(); }
};
using LimitTable = Limits_;
using LimitSetting = Limits_;
using SpecLimits = Limits_;
using ExprLimits = Limits_;
using FileLimits = Limits_;

bool has(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

std::string temp_file(const std::string& name, const std::string& contents) {
    const fs::path p = fs::temp_directory_path() / ("tilelens-limits-" + name);
    std::ofstream(p, std::ios::binary) << contents;
    return p.string();
}

TEST_F(LimitTable, NamesAreKebabCaseUniqueAndDefaultsInRange) {
    std::set<std::string_view> names;
    int i = 0;
    for (const auto& l : limit_table()) {
        EXPECT_EQ(static_cast<int>(l.id), i++) << l.name;  // the table follows LimitId
        EXPECT_TRUE(names.insert(l.name).second) << l.name;
        for (char c : l.name) EXPECT_TRUE((c >= 'a' && c <= 'z') || c == '-') << l.name;
        EXPECT_GE(l.default_value, l.min) << l.name;
        EXPECT_LE(l.default_value, l.max) << l.name;
        EXPECT_FALSE(l.guards.empty());
        EXPECT_EQ(find_limit(l.name), l.id);
        EXPECT_EQ(limit(l.id), l.default_value);
        // The suggested setting text reads back as the same value.
        EXPECT_EQ(parse_limit_value(limit_setting_text(l.id, l.default_value), l.unit, nullptr),
                  l.default_value)
            << l.name;
    }
    for (const char* name :
         {"spec-file-bytes", "elements", "programs", "block-elements", "expression-length",
          "expression-nesting", "expression-depth", "json-depth", "timing-records",
          "timing-file-bytes", "interpreter-memory-bytes", "python-seconds", "python-memory-bytes",
          "kernel-file-bytes"})
        EXPECT_TRUE(find_limit(name)) << name;
    EXPECT_EQ(limit(LimitId::SpecFileBytes), std::int64_t{64} << 20);
    EXPECT_EQ(limit(LimitId::PythonSeconds), 60);
}

TEST_F(LimitTable, TextListsNameDefaultCurrentAndWhatItGuards) {
    set_limit(LimitId::Programs, 1024);
    const std::string t = limits_table_text();
    EXPECT_TRUE(has(t, "name")) << t;
    EXPECT_TRUE(has(t, "guards")) << t;
    const auto line_start = t.find("\nprograms ");
    ASSERT_NE(line_start, std::string::npos) << t;
    const std::string line = t.substr(line_start + 1, t.find('\n', line_start + 1) - line_start);
    EXPECT_TRUE(has(line, "67108864")) << line;  // the default
    EXPECT_TRUE(has(line, "1024")) << line;      // the current value
    EXPECT_TRUE(has(line, "programs in a grid")) << line;
    EXPECT_TRUE(has(t, "spec-file-bytes           64 MiB")) << t;
}

TEST_F(LimitSetting, ValuesWithSuffixes) {
    const auto bytes = [](const char* t) {
        return parse_limit_value(t, LimitUnit::Bytes, nullptr);
    };
    EXPECT_EQ(bytes("4096"), 4096);
    EXPECT_EQ(bytes("64K"), 64000);
    EXPECT_EQ(bytes("64Ki"), 65536);
    EXPECT_EQ(bytes("64Mi"), std::int64_t{64} << 20);
    EXPECT_EQ(bytes("64MiB"), std::int64_t{64} << 20);
    EXPECT_EQ(bytes("2G"), 2000000000);
    EXPECT_EQ(bytes("4GiB"), std::int64_t{4} << 30);
    EXPECT_EQ(bytes("1Ti"), std::int64_t{1} << 40);
    EXPECT_EQ(bytes("1k"), 1000);
    EXPECT_EQ(parse_limit_value("90s", LimitUnit::Seconds, nullptr), 90);
    EXPECT_EQ(parse_limit_value("90", LimitUnit::Seconds, nullptr), 90);
    EXPECT_EQ(parse_limit_value("1M", LimitUnit::Count, nullptr), 1000000);
    std::string error;
    for (const char* bad : {"", "x", "1.5G", "-1", "12Q", "1Mi2", "1 M", "1iB"}) {
        EXPECT_FALSE(parse_limit_value(bad, LimitUnit::Bytes, &error)) << bad;
        EXPECT_TRUE(has(error, "is not a whole number")) << error;
        EXPECT_TRUE(has(error, "64Mi")) << error;  // an example of the form
    }
    EXPECT_FALSE(parse_limit_value("1M", LimitUnit::Seconds, &error));
    EXPECT_TRUE(has(error, "seconds")) << error;
    EXPECT_FALSE(parse_limit_value("99999999999999999999", LimitUnit::Count, &error));
    EXPECT_TRUE(has(error, "64 bits")) << error;
    EXPECT_FALSE(parse_limit_value("9000000Ti", LimitUnit::Count, &error));  // overflows
    EXPECT_TRUE(has(error, "64 bits")) << error;
}

TEST_F(LimitSetting, NameEqualsValue) {
    std::string error;
    EXPECT_TRUE(apply_limit_setting("elements=2Ti", &error)) << error;
    EXPECT_EQ(limit(LimitId::Elements), std::int64_t{2} << 40);
    EXPECT_TRUE(apply_limit_setting("python-seconds=300s", &error)) << error;
    EXPECT_EQ(limit(LimitId::PythonSeconds), 300);

    EXPECT_FALSE(apply_limit_setting("elemnts=5", &error));
    EXPECT_TRUE(has(error, "unknown limit 'elemnts'")) << error;
    for (const auto& l : limit_table()) EXPECT_TRUE(has(error, std::string(l.name))) << error;

    EXPECT_FALSE(apply_limit_setting("elements", &error));
    EXPECT_TRUE(has(error, "NAME=VALUE")) << error;
    EXPECT_FALSE(apply_limit_setting("elements=lots", &error));
    EXPECT_TRUE(has(error, "'lots' is not a whole number")) << error;
    EXPECT_FALSE(apply_limit_setting("elements=0", &error));
    EXPECT_TRUE(has(error, "out of range")) << error;
    EXPECT_FALSE(apply_limit_setting("json-depth=1M", &error));  // past the stack-safe top
    EXPECT_TRUE(has(error, "1 to 10000")) << error;
    EXPECT_EQ(limit(LimitId::Elements),
              std::int64_t{2} << 40);  // a refused setting changes nothing
}

TEST_F(LimitSetting, MessageNamesFigureLimitAndSetting) {
    EXPECT_EQ(over_limit_message("the file", "100 bytes", LimitId::SpecFileBytes, 100, 64),
              "the file is 100 bytes, over the limit of 64 B (spec-file-bytes); raise it with "
              "--limit spec-file-bytes=100");
    set_limit(LimitId::Programs, 1000);
    EXPECT_EQ(over_limit_message("the grid", "2048 programs", LimitId::Programs, 2048),
              "the grid is 2048 programs, over the limit of 1000 (programs); raise it with "
              "--limit programs=2Ki");
    // Past the top of the range (a figure that overflowed 64 bits): raising cannot help.
    EXPECT_TRUE(has(over_limit_message("x", "y", LimitId::JsonDepth, 20000),
                    "--limit json-depth goes up to 10000, which is not enough"));
    // Unknown figure: twice the limit.
    EXPECT_TRUE(has(raise_hint(LimitId::ExpressionNesting), "--limit expression-nesting=400"));
}

// A spec with one output of `shape` and `grid`, for the size limits.
Spec one_output(const std::string& shape, const std::string& grid, const std::string& block) {
    const std::string text =
        R"({"tilelens": 2, "name": "big", "grid": )" + grid +
        R"(, "operands": [{"name": "o", "role": "output", "dtype": "float32", )"
        R"("shape": )" +
        shape + R"(, "block_shape": )" + block + R"J(, "index_map": "lambda *g: (0, 0)"}]})J";
    LoadResult r = load_spec(text, "big.tilelens.json");
    EXPECT_TRUE(r.spec) << join(r.errors) << text;
    return r.spec.value_or(Spec{});
}

TEST_F(SpecLimits, HugeShapesAreRefusedInstantlyBeforeAllocation) {
    // 10^15 elements: allocating would take petabytes; the refusal takes no time.
    const Spec s = one_output("[1000000, 1000000000]", "[1]", "[8, 128]");
    const auto t0 = std::chrono::steady_clock::now();
    const auto r = resolve(s);
    const double secs =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    EXPECT_LT(secs, 0.5);
    ASSERT_FALSE(r.instance);
    const std::string m = join(r.errors);
    EXPECT_TRUE(has(m,
                    "1000000000000000 elements in all, over the limit of 1099511627776 "
                    "(elements); raise it with --limit elements=1000000000000000"))
        << m;
}

TEST_F(SpecLimits, ElementsAtTheLimitPassAndOneMoreIsRefused) {
    const Spec s = one_output("[1000, 1000]", "[1]", "[8, 128]");
    set_limit(LimitId::Elements, 1000000);
    EXPECT_TRUE(resolve(s).instance) << join(resolve(s).errors);
    set_limit(LimitId::Elements, 999999);
    const auto r = resolve(s);
    ASSERT_FALSE(r.instance);
    EXPECT_TRUE(has(join(r.errors), "--limit elements=1000000")) << join(r.errors);
}

TEST_F(SpecLimits, ProgramsAndBlockElements) {
    const Spec s = one_output("[1024, 1024]", "[32, 32]", "[32, 32]");
    set_limit(LimitId::Programs, 1024);
    EXPECT_TRUE(resolve(s).instance) << join(resolve(s).errors);
    set_limit(LimitId::Programs, 1023);
    auto r = resolve(s);
    ASSERT_FALSE(r.instance);
    EXPECT_TRUE(has(join(r.errors),
                    "1024 programs (32 x 32), over the limit of 1023 (programs); "
                    "raise it with --limit programs=1Ki"))
        << join(r.errors);
    reset_limits();
    set_limit(LimitId::BlockElements, 1024);
    EXPECT_TRUE(resolve(s).instance);
    set_limit(LimitId::BlockElements, 1023);
    r = resolve(s);
    ASSERT_FALSE(r.instance);
    EXPECT_TRUE(has(join(r.errors), "(block-elements); raise it with --limit block-elements=1Ki"))
        << join(r.errors);
}

TEST_F(SpecLimits, ShapeAndGridProductsThatOverflowAreDetected) {
    // 2^32 x 2^32 = 2^64 elements: past int64, which no setting can allow.
    const Spec s = one_output("[4294967296, 4294967296]", "[4294967296, 4294967296]", "[8, 128]");
    const auto r = resolve(s);
    ASSERT_FALSE(r.instance);
    const std::string m = join(r.errors);
    EXPECT_TRUE(has(m, "more than 9223372036854775807 programs")) << m;
    EXPECT_TRUE(has(m, "more than 9223372036854775807 elements in all")) << m;
    EXPECT_TRUE(has(m, "which is not enough")) << m;
    // A size expression that overflows is an error, not a wrapped value.
    const Spec e = one_output(R"(["9223372036854775807 + 1", 8])", "[1]", "[8, 8]");
    const auto re = resolve(e);
    EXPECT_FALSE(re.instance);
    EXPECT_TRUE(has(join(re.errors), "overflow")) << join(re.errors);
}

TEST_F(SpecLimits, InterpreterMemoryDefaultFollowsTheSetting) {
    EXPECT_EQ(RunOptions{}.memory_limit_bytes, std::int64_t{4} << 30);
    set_limit(LimitId::InterpreterMemoryBytes, std::int64_t{1} << 20);
    EXPECT_EQ(RunOptions{}.memory_limit_bytes, std::int64_t{1} << 20);
    EXPECT_EQ(PythonLimits{}.memory_bytes, std::int64_t{4} << 30);
    set_limit(LimitId::PythonMemoryBytes, std::int64_t{1} << 30);
    set_limit(LimitId::PythonSeconds, 5);
    EXPECT_EQ(PythonLimits{}.memory_bytes, std::int64_t{1} << 30);
    EXPECT_EQ(PythonLimits{}.seconds, 5.0);
}

std::string eval_error(const std::string& text) {
    const std::map<std::string, std::int64_t> params{{"a", 3}};
    expr::Env env;
    env.params = &params;
    const auto r = expr::evaluate(text, env);
    if (const auto* e = std::get_if<expr::Error>(&r)) return e->message;
    return "";
}

TEST_F(ExprLimits, IntegerOverflowAtTheInt64EdgesIsAnError) {
    EXPECT_EQ(eval_error("9223372036854775807 - 1 + 1"), "");
    for (const char* text :
         {"9223372036854775807 + 1", "-9223372036854775807 - 2", "3037000500 * 3037000500",
          "(-9223372036854775807 - 1) // -1", "-(-9223372036854775807 - 1)",
          "(-9223372036854775807 - 1) * -1", "4611686018427387904 * 2"})
        EXPECT_TRUE(has(eval_error(text), "overflow")) << text << ": " << eval_error(text);
    EXPECT_TRUE(has(eval_error("9223372036854775808"), "does not fit in 64 bits"));
}

TEST_F(ExprLimits, LengthAtTheLimitPassesAndOneMoreIsRefused) {
    set_limit(LimitId::ExpressionLength, 40);
    const std::string at(40, ' ');
    EXPECT_EQ(eval_error("1" + at.substr(1)), "");
    const std::string m = eval_error("1" + at);
    EXPECT_TRUE(has(m,
                    "41 characters, over the limit of 40 (expression-length); raise it with "
                    "--limit expression-length=41"))
        << m;
}

TEST_F(ExprLimits, DeepNestingIsRefusedWithoutUsingTheStack) {
    // Half a million parentheses: refused at the limit, long before the stack.
    const std::string deep = std::string(499999, '(') + "1" + std::string(499999, ')');
    set_limit(LimitId::ExpressionLength, 1000000);
    std::string m = eval_error(deep);
    EXPECT_TRUE(has(m,
                    "nested too deeply (more than 200 levels, the limit expression-nesting); "
                    "raise it with --limit expression-nesting=400"))
        << m.substr(0, 300);
    const auto nested = [](int n) { return std::string(n, '(') + "a" + std::string(n, ')'); };
    EXPECT_EQ(eval_error(nested(199)), "");
    // At the top of its range the parse fits the stack of a worker thread too.
    set_limit(LimitId::ExpressionNesting, 1000000);
    EXPECT_EQ(limit(LimitId::ExpressionNesting), limit_info(LimitId::ExpressionNesting).max);
    std::string in_thread = "not run";
    on_worker_stack([&] { in_thread = eval_error(nested(990)); });
    EXPECT_EQ(in_thread, "");
    // Past the top the parse goes 1000 levels deep before it refuses: on the same stack.
    on_worker_stack([&] { m = eval_error(nested(1200)); });
    EXPECT_TRUE(has(m, "goes up to 1000, which is not enough")) << m;
}

TEST_F(ExprLimits, TreeDepthAtTheTopOfItsRangeFitsTheStack) {
    set_limit(LimitId::ExpressionNesting, 1000);
    set_limit(LimitId::ExpressionDepth, 100000);  // clamped to the top of the range
    set_limit(LimitId::ExpressionLength, 1000000);
    std::string chain = "a";
    for (int i = 0; i < 4990; ++i) chain += "+a";
    std::string in_thread = "not run";
    on_worker_stack([&] { in_thread = eval_error(chain); });
    EXPECT_EQ(in_thread, "");
    for (int i = 0; i < 20; ++i) chain += "+a";
    const std::string m = eval_error(chain);
    EXPECT_TRUE(has(m, "too complex") && has(m, "expression-depth")) << m;
}

std::string nested_json(std::size_t depth) {
    return std::string(depth, '[') + std::string(depth, ']');
}

TEST_F(FileLimits, JsonDepthAtTheLimitPassesAndAMillionLevelsAreRefused) {
    Json j;
    Diagnostics errors;
    EXPECT_TRUE(parse_json_document(nested_json(100), "f", &j, &errors)) << join(errors);
    EXPECT_FALSE(parse_json_document(nested_json(101), "f", &j, &errors));
    errors.clear();
    // A million '[' with nothing closed: no stack overflow, a message naming the setting.
    const LoadResult r = load_spec(std::string(1000000, '['), "deep.tilelens.json");
    EXPECT_FALSE(r.spec);
    const std::string m = join(r.errors);
    EXPECT_TRUE(has(m, "nested deeper than 100 levels (the limit json-depth)")) << m;
    EXPECT_TRUE(has(m, "--limit json-depth=200")) << m;
    set_limit(LimitId::JsonDepth, 10000);
    std::string in_thread;
    on_worker_stack([&] {
        Json deep;
        Diagnostics e;
        in_thread = parse_json_document(nested_json(10000), "f", &deep, &e) ? "" : join(e);
        // Copying and printing recurse: the top of the range must fit a thread's stack.
        const Json copy = deep;
        in_thread += copy.dump().size() == 20000 ? "" : "bad dump";
    });
    EXPECT_EQ(in_thread, "");
}

// A timing file nested past json-depth is refused with the setting named, by the importers
// that read the whole document (Google Benchmark) and by the streamed traces alike.
TEST_F(FileLimits, TimingJsonDepth) {
    const auto deep = [](std::size_t levels) {
        return std::string(R"({"context": {"x": )") + nested_json(levels) +
               R"(}, "benchmarks": [{"name": "BM_a/8", "run_type": "iteration", "iterations": 1,
               "real_time": 2.5, "cpu_time": 2.5, "time_unit": "us"}]})";
    };
    const auto import = [](const std::string& path, const char* format) {
        return import_timing_file(path, {}, {}, format);
    };
    std::string path = temp_file("deep.json", deep(50));
    ImportResult r = import(path, "google-benchmark");
    EXPECT_EQ(r.records.size(), 1u) << join(r.warnings);
    path = temp_file("deep.json", deep(150));
    r = import(path, "google-benchmark");
    EXPECT_TRUE(r.records.empty());
    EXPECT_TRUE(has(join(r.warnings), "more than 100 levels")) << join(r.warnings);
    EXPECT_TRUE(has(join(r.warnings), "--limit json-depth=")) << join(r.warnings);
    // A trace is scanned as a stream: the same limit, the same message, no deep stack.
    path = temp_file("deep.trace.json", R"({"traceEvents": [{"ph": "X", "name": "k", "args": )" +
                                            std::string(1000000, '['));
    r = import(path, "chrome-trace");
    EXPECT_TRUE(r.records.empty());
    EXPECT_TRUE(has(join(r.warnings), "(json-depth)")) << join(r.warnings);
    set_limit(LimitId::JsonDepth, 200);
    path = temp_file("deep.json", deep(150));
    EXPECT_EQ(import(path, "google-benchmark").records.size(), 1u);
    fs::remove(path);
}

TEST_F(FileLimits, SpecFileBytes) {
    const std::string path = temp_file("spec.tilelens.json", std::string(101, ' '));
    set_limit(LimitId::SpecFileBytes, 100);
    std::string m = join(load_spec_file(path).errors);
    EXPECT_TRUE(has(m,
                    "the file is 101 bytes, over the limit of 100 B (spec-file-bytes); raise "
                    "it with --limit spec-file-bytes=101"))
        << m;
    set_limit(LimitId::SpecFileBytes, 101);
    m = join(load_spec_file(path).errors);
    EXPECT_FALSE(has(m, "spec-file-bytes")) << m;  // read, and refused for being empty
    EXPECT_EQ(static_cast<std::uintmax_t>(kMaxSpecFileBytes), 101u);
    fs::remove(path);
}

const std::string kCsv =
    "# tilelens-timings/1\nkernel,impl,median_s\nk1,pallas,0.001\nk2,pallas,0.002\n"
    "k3,pallas,0.003\n";

TEST_F(FileLimits, TimingFileBytes) {
    const std::string path = temp_file("t.csv", kCsv);
    set_limit(LimitId::TimingFileBytes, static_cast<std::int64_t>(kCsv.size()));
    ImportResult r = import_timing_file(path);
    EXPECT_EQ(r.records.size(), 3u) << join(r.warnings);
    set_limit(LimitId::TimingFileBytes, static_cast<std::int64_t>(kCsv.size()) - 1);
    r = import_timing_file(path);
    EXPECT_TRUE(r.records.empty());
    EXPECT_FALSE(r.complete);
    EXPECT_TRUE(has(join(r.warnings),
                    "(timing-file-bytes); raise it with --limit "
                    "timing-file-bytes=" +
                        std::to_string(kCsv.size())))
        << join(r.warnings);
    fs::remove(path);
}

TEST_F(FileLimits, DecompressedTimingFileBytes) {
    // A small .gz that inflates past the limit stops at it, whatever its compressed size.
    const fs::path path = fs::temp_directory_path() / "tilelens-limits-bomb.csv.gz";
    std::string text = "# tilelens-timings/1\nkernel,impl,median_s\n";
    while (text.size() < 200000) text += "k,pallas,0.001\n";
    gzFile gz = gzopen(path.c_str(), "wb9");
    ASSERT_TRUE(gz);
    gzwrite(gz, text.data(), static_cast<unsigned>(text.size()));
    gzclose(gz);
    ASSERT_LT(fs::file_size(path), 10000u);
    set_limit(LimitId::TimingFileBytes, 100000);
    const ImportResult r = import_timing_file(path.string());
    EXPECT_FALSE(r.complete);
    EXPECT_TRUE(has(join(r.warnings), "the decompressed file is more than")) << join(r.warnings);
    EXPECT_TRUE(has(join(r.warnings), "(timing-file-bytes)")) << join(r.warnings);
    fs::remove(path);
}

TEST_F(FileLimits, TimingRecordsKeepsTheFirstAndSaysSo) {
    const std::string path = temp_file("r.csv", kCsv);
    set_limit(LimitId::TimingRecords, 3);
    ImportResult r = import_timing_file(path);
    EXPECT_EQ(r.records.size(), 3u);
    EXPECT_TRUE(r.complete) << join(r.warnings);
    set_limit(LimitId::TimingRecords, 2);
    r = import_timing_file(path);
    EXPECT_EQ(r.records.size(), 2u);
    EXPECT_FALSE(r.complete);
    EXPECT_TRUE(has(join(r.warnings),
                    "the number of records is more than 2, over the limit of 2 "
                    "(timing-records); raise it with --limit timing-records=4"))
        << join(r.warnings);
    fs::remove(path);
}

TEST_F(FileLimits, CsvRecordBytes) {
    const std::string text = "# tilelens-timings/1\nkernel,impl,median_s\n\"k" +
                             std::string(5000, 'x') + "\n" + std::string(5000, 'y') + "\n";
    const std::string path = temp_file("q.csv", text);
    set_limit(LimitId::CsvRecordBytes, 4096);
    const ImportResult r = import_timing_file(path);
    EXPECT_FALSE(r.complete);
    EXPECT_TRUE(has(join(r.warnings),
                    "(csv-record-bytes); raise it with --limit "
                    "csv-record-bytes=8Ki"))
        << join(r.warnings);
    fs::remove(path);
}

}  // namespace
}  // namespace tl
