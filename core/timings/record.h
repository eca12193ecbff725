#pragma once
// The normalised timing record (docs/timings.md, "The record"): one candidate's measured times,
// with where they came from. Importers fill what the file gives; everything else stays unset, never
// guessed.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace tl {

using Json = nlohmann::ordered_json;

// How a time was taken; `Unknown` is flagged by the importers.
enum class TimingMethod { DeviceProfiler, WallclockSynced, AmortizedLoop, Unknown };
// What the figure is: a run on the named target, a CPU interpretation, or a model's estimate.
enum class TimingSource { Measured, Interpret, Estimated };
// `Failed` is an inf/OOM/invalid candidate, kept as a failed point without times.
enum class TimingStatus { Ok, Failed };

std::string_view to_string(TimingMethod m);                           // "device-profiler", ...
std::string_view to_string(TimingSource s);                           // "measured", ...
std::string_view to_string(TimingStatus s);                           // "ok", "failed"
std::optional<TimingMethod> parse_timing_method(std::string_view s);  // nullopt when unknown
std::optional<TimingSource> parse_timing_source(std::string_view s);

struct TimingRecord {
    std::string file;    // as given to the importer; empty for a bare stream
    int line = 0;        // 1-based line of the (first) row or element; 0 when unknown
    std::string format;  // "tilelens-csv", "google-benchmark", ... (docs/report-format.md)
    std::string label;   // the name as written in the file ("BM_matmul/bm:128", "matmul.1")

    std::optional<std::string> kernel;
    std::optional<std::string> impl;  // "pallas" or a baseline ("xla", "cublas")
    std::optional<std::string> target;
    std::optional<std::string> device;
    Json params = Json::object();  // candidate parameters in file order: {"bm": 128, ...}
    std::optional<std::string> dtype;

    std::optional<std::int64_t> n;  // runs folded into this record
    std::optional<double> median_s, min_s, max_s, mean_s, std_s, p20_s, p80_s;

    TimingMethod method = TimingMethod::Unknown;
    std::optional<TimingSource> source;
    std::optional<bool> verified;
    // Who checked the outputs, where and when, when a person's word (`--verified "NOTE"`, the
    // import dialog's checkbox) made the record verified rather than its file.
    std::optional<std::string> attestation;
    TimingStatus status = TimingStatus::Ok;

    std::optional<double> flops;   // per run
    std::optional<double> bytes;   // HBM bytes per run
    std::optional<double> step_s;  // the whole step's time, when the file gives it
    std::optional<double> share;   // the op's fraction of the step, when the file gives it
};

// A record holding one run of `seconds` (n = 1; median, min, max, mean and percentiles all
// equal to it), ready to be folded with other runs of the same candidate.
void set_single_run(TimingRecord& r, double seconds);

// True when `params` holds the same keys with the same values, in any order.
bool same_params(const Json& a, const Json& b);

// True when `a` and `b` time the same problem, so that one can be compared with the other: every
// param both give has the same value (a baseline's M=4096 against a candidate's M=4096, bm=512),
// and their dtypes agree when both give one. A record without params compares with any.
bool same_problem(const TimingRecord& a, const TimingRecord& b);

// "bm=512, bn=256" for messages and sentences; "" for no parameters.
std::string params_text(const Json& params);

}  // namespace tl
