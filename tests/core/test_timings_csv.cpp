// The CSV tokenizer and the TileLens CSV importer (tests/golden/timings/tilelens-csv/).
#include <cmath>
#include <sstream>

#include "core/timings/io/csv.h"
#include "test_timings_util.h"

namespace tl {
namespace {

using testing::all_warnings;
using testing::find_warning;
using testing::import_fixture;
using testing::import_text;

TEST(CsvTokenizer, QuotedFieldsKeepCommasAndEscapedQuotes) {
    const auto f = split_csv(R"(a, "b,c" ,"say ""hi""",,  d  )");
    ASSERT_EQ(f.size(), 5u);
    EXPECT_EQ(f[0], "a");
    EXPECT_EQ(f[1], "b,c");
    EXPECT_EQ(f[2], "say \"hi\"");
    EXPECT_EQ(f[3], "");
    EXPECT_EQ(f[4], "d");
}

TEST(CsvTokenizer, ReportsAnOpenQuote) {
    bool open = false;
    split_csv(R"(a,"b)", &open);
    EXPECT_TRUE(open);
    split_csv(R"(a,"b")", &open);
    EXPECT_FALSE(open);
}

TEST(CsvTokenizer, ReaderJoinsQuotedLineBreaksAndCountsLines) {
    std::istringstream in("h1,h2\r\n\"multi\nline\",2\nlast,3\n");
    CsvReader reader(in, {}, 0);
    std::vector<std::string> f;
    ASSERT_TRUE(reader.next(f));
    EXPECT_EQ(reader.line(), 1);
    ASSERT_TRUE(reader.next(f));
    EXPECT_EQ(reader.line(), 2);
    EXPECT_EQ(f[0], "multi\nline");
    ASSERT_TRUE(reader.next(f));
    EXPECT_EQ(reader.line(), 4);  // the quoted break used line 3
    EXPECT_EQ(f[1], "3");
    EXPECT_FALSE(reader.next(f));
}

TEST(CsvTokenizer, AQuoteThatNeverClosesStopsWithAnError) {
    std::istringstream in("a,b\n\"open,1\nmore\n");
    CsvReader reader(in, {}, 0);
    std::vector<std::string> f;
    ASSERT_TRUE(reader.next(f));
    EXPECT_FALSE(reader.next(f));
    EXPECT_NE(reader.error().find("line 2 never closes"), std::string::npos) << reader.error();
}

TEST(CsvTokenizer, ProgressCanCancel) {
    std::istringstream in("a\nb\nc\n");
    int calls = 0;
    const ProgressFn stop = [&](std::uint64_t, std::uint64_t) { return ++calls < 1; };
    CsvReader reader(in, stop, 6);
    std::vector<std::string> f;
    EXPECT_FALSE(reader.next(f));
    EXPECT_TRUE(reader.cancelled());
}

TEST(CsvNumbers, ThousandsSeparatorsNaAndInf) {
    EXPECT_DOUBLE_EQ(parse_csv_number("1,234.5").value, 1234.5);
    EXPECT_DOUBLE_EQ(parse_csv_number("1,300,000").value, 1300000);
    EXPECT_DOUBLE_EQ(parse_csv_number(" 1.5e-3 ").value, 0.0015);
    EXPECT_DOUBLE_EQ(parse_csv_number("+7").value, 7);
    EXPECT_EQ(parse_csv_number("n/a").kind, CsvNumber::Kind::Missing);
    EXPECT_EQ(parse_csv_number("N/A").kind, CsvNumber::Kind::Missing);
    EXPECT_EQ(parse_csv_number("").kind, CsvNumber::Kind::Missing);
    EXPECT_TRUE(std::isinf(parse_csv_number("inf").value));
    EXPECT_TRUE(std::isinf(parse_csv_number("-Infinity").value));
    EXPECT_TRUE(std::isnan(parse_csv_number("nan").value));
    // Commas that are not groups of three are not thousands separators.
    for (const char* bad :
         {"12,34", "1234,567", "1,,234", ",123", "1,2345", "abc", "1.2.3", "1,234,5"})
        EXPECT_EQ(parse_csv_number(bad).kind, CsvNumber::Kind::Invalid) << bad;
}

TEST(TileLensCsv, ReadsTheExampleOfTimingsMd) {
    const auto r = import_fixture("tilelens-csv", "tilelens-csv/example.csv");
    ASSERT_TRUE(r.complete) << all_warnings(r);
    EXPECT_TRUE(r.warnings.empty()) << all_warnings(r);
    ASSERT_EQ(r.records.size(), 2u);
    const auto& p = r.records[0];
    EXPECT_EQ(p.file, "tilelens-csv/example.csv");
    EXPECT_EQ(p.line, 3);
    EXPECT_EQ(p.format, "tilelens-csv");
    EXPECT_EQ(p.kernel, "matmul");
    EXPECT_EQ(p.impl, "pallas");
    EXPECT_EQ(p.target, "tpu-v5e");
    EXPECT_EQ(p.device, "TPU v5 lite");
    EXPECT_EQ(p.params.dump(), R"({"M":4096,"N":4096,"K":4096,"bm":512,"bn":512,"bk":512})");
    EXPECT_EQ(p.dtype, "bfloat16");
    EXPECT_EQ(p.n, 50);
    EXPECT_DOUBLE_EQ(*p.median_s, 0.00112);
    EXPECT_DOUBLE_EQ(*p.min_s, 0.00109);
    EXPECT_DOUBLE_EQ(*p.max_s, 0.00121);
    EXPECT_FALSE(p.mean_s);
    EXPECT_FALSE(p.std_s);
    EXPECT_EQ(p.method, TimingMethod::DeviceProfiler);
    EXPECT_EQ(p.source, TimingSource::Measured);
    EXPECT_EQ(p.verified, true);
    EXPECT_EQ(p.status, TimingStatus::Ok);
    EXPECT_DOUBLE_EQ(*p.step_s, 0.0412);
    // The share from step_s: 0.00112 / 0.0412 = 0.0271845 (the contract's 0.027).
    EXPECT_NEAR(*p.share, 0.0271845, 1e-7);
    EXPECT_EQ(r.records[1].impl, "xla");
    EXPECT_EQ(r.records[1].params.dump(), R"({"M":4096,"N":4096,"K":4096})");
    EXPECT_NEAR(*r.records[1].share, 0.00131 / 0.0412, 1e-12);
}

TEST(TileLensCsv, UglyRowsBecomeWarningsWithTheirLines) {
    const auto r = import_fixture("tilelens-csv", "tilelens-csv/ugly.csv");
    EXPECT_TRUE(r.complete);
    ASSERT_EQ(r.records.size(), 5u) << all_warnings(r);
    // Line 6: an inf candidate is a failed point without times.
    const auto& failed = r.records[1];
    EXPECT_EQ(failed.line, 6);
    EXPECT_EQ(failed.status, TimingStatus::Failed);
    EXPECT_FALSE(failed.median_s);
    EXPECT_FALSE(failed.min_s);
    EXPECT_EQ(failed.params["bm"], 4096);
    // Line 7: n/a fields are unknown, an unknown method is read as unknown.
    const auto& na = r.records[2];
    EXPECT_EQ(na.line, 7);
    EXPECT_FALSE(na.n);
    EXPECT_DOUBLE_EQ(*na.median_s, 0.00131);
    EXPECT_FALSE(na.min_s);
    EXPECT_FALSE(na.step_s);
    EXPECT_FALSE(na.share);
    EXPECT_EQ(na.method, TimingMethod::Unknown);
    EXPECT_TRUE(find_warning(r, 7, "unknown method 'stopwatch'")) << all_warnings(r);
    // Line 8: quoted params with commas; an interpret run with an empty device.
    const auto& interp = r.records[3];
    EXPECT_EQ(interp.params.dump(), R"({"M":4096,"N":4096,"K":4096,"bm":128})");
    EXPECT_EQ(interp.source, TimingSource::Interpret);
    EXPECT_EQ(interp.verified, false);
    EXPECT_FALSE(interp.device);
    // Line 9: not a number; line 10: too few fields.
    EXPECT_TRUE(find_warning(r, 9, "median_s 'abc' is not a number: row skipped"));
    EXPECT_TRUE(find_warning(r, 10, "the row has 7 fields but the header has 14"));
    // Line 11: "1,000" runs, bf16 spelled short, "yes" for verified.
    const auto& xla = r.records[4];
    EXPECT_EQ(xla.line, 11);
    EXPECT_EQ(xla.n, 1000);
    EXPECT_EQ(xla.dtype, "bfloat16");
    EXPECT_EQ(xla.verified, true);
    // One note for the record with an unknown method (the failed one does not count).
    EXPECT_TRUE(find_warning(r, 7, "1 record does not say how it was timed"));
    EXPECT_EQ(r.warnings.size(), 4u) << all_warnings(r);
}

TEST(TileLensCsv, RefusesAnotherVersionOrAMissingHeader) {
    const auto v2 = import_text("tilelens-csv", "# tilelens-timings/2\nkernel,median_s\nm,1\n");
    EXPECT_FALSE(v2.complete);
    EXPECT_TRUE(v2.records.empty());
    EXPECT_TRUE(find_warning(v2, 1, "version 1")) << all_warnings(v2);

    const auto cols = import_text("tilelens-csv", "# tilelens-timings/1\nkernel,impl\nm,pallas\n");
    EXPECT_FALSE(cols.complete);
    EXPECT_TRUE(find_warning(cols, 2, "kernel and median_s"));

    const auto empty = import_text("tilelens-csv", "");
    EXPECT_FALSE(empty.complete);
    EXPECT_EQ(empty.warnings.size(), 1u);
}

TEST(TileLensCsv, FoldsRepeatedSingleRuns) {
    // Three single runs of one candidate: 3, 1, 2 ms -> n 3, median 2, min 1, max 3 ms.
    const auto r = import_text("tilelens-csv",
                               "# tilelens-timings/1\n"
                               "kernel,impl,params,n,median_s,method,source,verified\n"
                               "mm,pallas,bm=8,1,0.003,device-profiler,measured,true\n"
                               "mm,pallas,bm=8,1,0.001,device-profiler,measured,true\n"
                               "mm,pallas,bm=16,1,0.005,device-profiler,measured,true\n"
                               "mm,pallas,bm=8,1,0.002,device-profiler,measured,true\n");
    ASSERT_EQ(r.records.size(), 2u) << all_warnings(r);
    EXPECT_EQ(r.records[0].line, 3);
    EXPECT_EQ(r.records[0].n, 3);
    EXPECT_DOUBLE_EQ(*r.records[0].median_s, 0.002);
    EXPECT_DOUBLE_EQ(*r.records[0].min_s, 0.001);
    EXPECT_DOUBLE_EQ(*r.records[0].max_s, 0.003);
    EXPECT_EQ(r.records[1].n, 1);
    EXPECT_TRUE(r.warnings.empty()) << all_warnings(r);
}

}  // namespace
}  // namespace tl
