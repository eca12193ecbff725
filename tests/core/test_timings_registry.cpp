// Format detection and importing files by path, `.gz` included.
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>

#include "core/timings/io/gzip_stream.h"
#include "test_timings_util.h"

namespace tl {
namespace {

using testing::all_warnings;
using testing::find_warning;
using testing::timing_fixture;

std::string head_of(const std::string& rel) {
    return testing::fixture_head(rel, 64 * 1024);
}

TEST(TimingRegistry, DetectsEveryFixtureByContent) {
    const std::vector<std::pair<std::string, std::string>> cases{
        {"tilelens-csv/example.csv", "tilelens-csv"},
        {"tilelens-csv/ugly.csv", "tilelens-csv"},
        {"google-benchmark/repetitions.json", "google-benchmark"},
        {"google-benchmark/aggregates_only.json", "google-benchmark"},
        {"pytest-benchmark/benchmarks.json", "pytest-benchmark"},
        {"chrome-trace/step.trace.json", "chrome-trace"},
        {"chrome-trace/late_metadata.json", "chrome-trace"},
        {"ncu-csv/long.csv", "ncu-csv"},
        {"ncu-csv/raw.csv", "ncu-csv"},
        {"nsys-csv/kern_sum.csv", "nsys-csv"},
        {"nsys-csv/old_kern_sum.csv", "nsys-csv"},
        {"xprof-op-stats/framework_op_stats.csv", "xprof-op-stats-csv"},
        {"real/xprof-framework-op-stats-tpu-v4.json", "xprof-op-stats-json"},
        {"real/xprof-op-profile-tpu-v4.json", "xprof-op-profile-json"},
        {"real/tpu_v5_lite/pallas_mosaic_tpu_ragged_dot.json", "tokamax-autotuning-json"},
        {"real/jacobi_kernel_trace.csv", "rocprofv3-csv"},
        {"real/jacobi_kernel_stats.csv", "rocprofv3-csv"},
        {"real/matmul-performance-fp16.csv", "triton-perf-report-csv"},
        {"real/liger_h100_benchmark_data.csv", "liger-benchmark-csv"},
    };
    for (const auto& [rel, format] : cases) {
        const TimingImporter* imp = detect_timing_format(rel, head_of(rel));
        ASSERT_NE(imp, nullptr) << rel;
        EXPECT_EQ(imp->format_id(), format) << rel;
    }
    // Content decides, whatever the name says; a CSV name never gets a JSON reader.
    EXPECT_EQ(detect_timing_format("out.txt", head_of("nsys-csv/kern_sum.csv"))->format_id(),
              "nsys-csv");
    EXPECT_EQ(detect_timing_format("x.csv", head_of("chrome-trace/step.trace.json")), nullptr);
    // An ncu run that profiled nothing is still ncu's output, so its error can be quoted.
    const auto* ncu = detect_timing_format(
        "ncu.csv", "==PROF== Connected to process 7\n==ERROR== Failed to profile\n");
    ASSERT_NE(ncu, nullptr);
    EXPECT_EQ(ncu->format_id(), "ncu-csv");
    EXPECT_EQ(detect_timing_format("x.json", "hello"), nullptr);
    EXPECT_EQ(detect_timing_format("x.json", ""), nullptr);
}

TEST(TimingRegistry, EveryImporterHasAnIdAndADescription) {
    EXPECT_EQ(timing_importers().size(), 14u);
    EXPECT_EQ(
        known_timing_formats(),
        "tilelens-csv, chrome-trace, xprof-xplane, pytest-benchmark, google-benchmark, ncu-csv, "
        "nsys-csv, rocprofv3-csv, liger-benchmark-csv, xprof-op-stats-json, xprof-op-profile-json, "
        "tokamax-autotuning-json, xprof-op-stats-csv, triton-perf-report-csv");
    for (const auto& imp : timing_importers()) {
        EXPECT_EQ(find_timing_importer(imp->format_id()), imp.get());
        EXPECT_FALSE(imp->description().empty());
    }
}

TEST(TimingRegistry, GzipTraceReadsLikeThePlainOne) {
    const auto plain = import_timing_file(timing_fixture("chrome-trace/step.trace.json"));
    std::vector<std::uint64_t> seen;
    const auto gz = import_timing_file(timing_fixture("chrome-trace/step.trace.json.gz"), {},
                                       [&](std::uint64_t done, std::uint64_t total) {
                                           seen.push_back(done);
                                           EXPECT_LE(done, total);
                                           return true;
                                       });
    ASSERT_TRUE(gz.complete) << all_warnings(gz);
    ASSERT_EQ(gz.records.size(), plain.records.size());
    ASSERT_EQ(gz.records.size(), 3u);
    for (std::size_t i = 0; i < gz.records.size(); ++i) {
        EXPECT_EQ(gz.records[i].kernel, plain.records[i].kernel);
        EXPECT_EQ(gz.records[i].n, plain.records[i].n);
        EXPECT_DOUBLE_EQ(*gz.records[i].median_s, *plain.records[i].median_s);
        EXPECT_DOUBLE_EQ(*gz.records[i].share, *plain.records[i].share);
        EXPECT_EQ(gz.records[i].line, plain.records[i].line);
    }
    EXPECT_EQ(gz.records[0].file, timing_fixture("chrome-trace/step.trace.json.gz"));
    EXPECT_EQ(gz.records[0].format, "chrome-trace");
    ASSERT_FALSE(seen.empty());
    // Progress of a compressed file is in compressed bytes and reaches the file's size.
    EXPECT_EQ(seen.back(),
              std::filesystem::file_size(timing_fixture("chrome-trace/step.trace.json.gz")));
}

TEST(TimingRegistry, TruncatedGzipSaysSoAndKeepsWhatWasRead) {
    const auto r = import_timing_file(timing_fixture("chrome-trace/truncated.trace.json.gz"));
    EXPECT_FALSE(r.complete);
    EXPECT_TRUE(find_warning(r, 0, "the gzip data is truncated")) << all_warnings(r);
    EXPECT_NE(all_warnings(r).find("not valid JSON"), std::string::npos) << all_warnings(r);
}

TEST(TimingRegistry, CorruptGzipIsAWarning) {
    const auto path = std::filesystem::temp_directory_path() / "tilelens_corrupt.json.gz";
    {
        std::ifstream in(timing_fixture("chrome-trace/step.trace.json.gz"), std::ios::binary);
        std::string bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
        for (std::size_t i = 40; i < 120; ++i) bytes[i] = static_cast<char>(bytes[i] ^ 0x5a);
        std::ofstream out(path, std::ios::binary);
        out << bytes;
    }
    const auto r = import_timing_file(path.string());
    std::filesystem::remove(path);
    EXPECT_FALSE(r.complete);
    EXPECT_NE(all_warnings(r).find("gzip data"), std::string::npos) << all_warnings(r);
}

TEST(TimingRegistry, ConcatenatedGzipMembersAreOneStream) {
    std::ifstream in(timing_fixture("chrome-trace/step.trace.json.gz"), std::ios::binary);
    const std::string gz{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    std::istringstream twice(gz + gz);
    GzipStreambuf buf(twice);
    std::istream unzipped(&buf);
    const std::string text{std::istreambuf_iterator<char>(unzipped),
                           std::istreambuf_iterator<char>()};
    EXPECT_TRUE(buf.error().empty()) << buf.error();
    EXPECT_EQ(text.size(),
              2 * std::filesystem::file_size(timing_fixture("chrome-trace/step.trace.json")));
}

TEST(TimingRegistry, FilesThatCannotBeReadOrRecognised) {
    const auto missing = import_timing_file("/nonexistent/bench.json");
    EXPECT_FALSE(missing.complete);
    EXPECT_EQ(missing.warnings.at(0).file, "/nonexistent/bench.json");
    EXPECT_NE(missing.warnings[0].message.find("does not exist"), std::string::npos);

    const auto unknown =
        import_timing_file(timing_fixture("chrome-trace/step.trace.json"), {}, {}, "excel");
    EXPECT_NE(unknown.warnings.at(0).message.find("unknown timing format 'excel'"),
              std::string::npos);

    const auto path = std::filesystem::temp_directory_path() / "tilelens_notes.txt";
    std::ofstream(path) << "just some notes\n";
    const auto notes = import_timing_file(path.string());
    std::filesystem::remove(path);
    EXPECT_FALSE(notes.complete);
    EXPECT_NE(notes.warnings.at(0).message.find("not a timing file"), std::string::npos);
}

TEST(TimingRegistry, ConfigFillsWhatTheFileDoesNotSay) {
    ImportConfig config;
    config.target = "tpu-v5e";
    config.impl = "pallas";
    config.verified = true;
    config.file = "step.json";
    const auto r = import_timing_file(timing_fixture("chrome-trace/step.trace.json"), config);
    ASSERT_EQ(r.records.size(), 3u);
    EXPECT_EQ(r.records[0].target, "tpu-v5e");
    EXPECT_EQ(r.records[0].impl, "pallas");
    EXPECT_EQ(r.records[0].verified, true);
    EXPECT_EQ(r.records[0].file, "step.json");
    // The file's own value wins over the config.
    config.target = "elsewhere";
    const auto csv = import_timing_file(timing_fixture("tilelens-csv/example.csv"), config);
    EXPECT_EQ(csv.records.at(0).target, "tpu-v5e");
}

}  // namespace
}  // namespace tl
