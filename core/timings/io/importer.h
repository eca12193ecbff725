#pragma once
// One importer per timing format behind one interface (docs/timings.md, "Formats").
// An importer reads a stream, never the file system, so tests feed std::istringstream.
#include <cstdint>
#include <functional>
#include <istream>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/base/diagnostic.h"
#include "core/timings/record.h"

namespace tl {

// What the caller knows that a file may not say. A value the file gives wins; these only
// fill the gaps (e.g. `--target tpu-v5e` for a Google Benchmark file).
struct ImportConfig {
    std::string file;  // copied into every record and warning
    std::optional<std::string> kernel, impl, target, device, dtype;
    // Where `target` came from and how to take it back, for the notes on the records it fills.
    std::string target_from = "--target", target_undo = "drop --target";
    std::optional<TimingMethod> method;
    std::optional<TimingSource> source;
    std::optional<bool> verified;
    std::uint64_t total_bytes = 0;  // the stream's size, for progress; 0 when unknown
};

// Called now and then with the bytes read so far and the total (0 when unknown); returning
// false cancels the import, which then returns what it has with `complete = false`.
using ProgressFn = std::function<bool(std::uint64_t done, std::uint64_t total)>;

struct ImportResult {
    std::vector<TimingRecord> records;  // one per candidate, repeated runs folded
    Diagnostics warnings;               // skipped rows and why, with their line (or JSON path)
    bool complete = true;  // false when reading stopped early: a syntax error, cancel, truncation
};

class TimingImporter {
public:
    virtual ~TimingImporter() = default;
    // The contract's `format` value: "tilelens-csv", "google-benchmark", ...
    virtual std::string_view format_id() const = 0;
    // What the format is, for messages and file dialogs.
    virtual std::string_view description() const = 0;
    // Whether this importer reads a file with this name (without ".gz") that starts with
    // `first_bytes` (the first few KiB, decompressed). Decides by content; the extension
    // only rules out the obviously wrong family (a ".csv" is never JSON).
    virtual bool supports(std::string_view file_name, std::string_view first_bytes) const = 0;
    // Never throws on bad input: problems become warnings with their line.
    virtual ImportResult import(std::istream& in, const ImportConfig& config,
                                const ProgressFn& progress) const = 0;
};

// The built-in importers (one .cpp each).
std::unique_ptr<TimingImporter> make_tilelens_csv_importer();
std::unique_ptr<TimingImporter> make_google_benchmark_importer();
std::unique_ptr<TimingImporter> make_pytest_benchmark_importer();
std::unique_ptr<TimingImporter> make_chrome_trace_importer();
std::unique_ptr<TimingImporter> make_ncu_csv_importer();
std::unique_ptr<TimingImporter> make_nsys_csv_importer();
std::unique_ptr<TimingImporter> make_xprof_op_stats_importer();
std::unique_ptr<TimingImporter> make_xprof_op_stats_json_importer();
std::unique_ptr<TimingImporter> make_xprof_op_profile_importer();
std::unique_ptr<TimingImporter> make_tokamax_autotuning_importer();
std::unique_ptr<TimingImporter> make_xprof_xplane_importer();
std::unique_ptr<TimingImporter> make_triton_perf_report_importer();
std::unique_ptr<TimingImporter> make_rocprof_csv_importer();
std::unique_ptr<TimingImporter> make_liger_benchmark_importer();
// Said once by each XProf importer: its tables hold averages, not medians.
inline constexpr std::string_view kXprofAverageNote =
    "XProf gives each op's average time per occurrence, not its median: the average stands in "
    "for the median, with no min or max";

// The target profile of a device as jax names its kind, lower case with spaces as
// underscores ("tpu_v5_lite", "tpu7x": tokamax's folder names); nullopt for one TileLens has
// no profile for.
std::optional<std::string> target_of_device_kind(std::string_view kind);

// Shared last step of every importer: fills the gaps from `config`, stamps file and format,
// folds repeated runs of one candidate, and warns once about records timed by an unknown
// method.
void finish_import(ImportResult& result, std::string_view format, const ImportConfig& config);

// Appends `r` unless the result already holds the timing-records limit in force: past it
// records are dropped (no memory is taken for them), the result is marked incomplete and one
// warning names the limit; the records before it are kept, as after a truncated file.
void add_record(ImportResult& result, TimingRecord&& r, const ImportConfig& config);

// A warning at `line` of the config's file.
Diagnostic timing_warning(const ImportConfig& config, int line, std::string message,
                          std::string path = {});

// Case-insensitive: does `name` end with `suffix`?
bool ends_with_nocase(std::string_view name, std::string_view suffix);

}  // namespace tl
