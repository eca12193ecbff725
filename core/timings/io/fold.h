#pragma once
// Folding repeated runs of one candidate into one record, and time units.
#include <optional>
#include <string_view>
#include <vector>

#include "core/base/diagnostic.h"
#include "core/timings/io/importer.h"
#include "core/timings/record.h"

namespace tl {

// Seconds in one `unit`: ns, us, µs, ms, s and the Nsight spellings nsecond, usecond,
// msecond, second (any case, plural allowed); nullopt for anything else.
std::optional<double> seconds_per_unit(std::string_view unit);

struct RunStats {
    double median = 0, min = 0, max = 0, mean = 0;
    std::optional<double> std;  // sample standard deviation; nullopt for one run
    double p20 = 0, p80 = 0;    // linear interpolation between order statistics
};
// Statistics of `seconds`; refuses (nullopt) an empty list.
std::optional<RunStats> run_stats(std::vector<double> seconds);
// Sets the record's run count and every statistic from single runs of `seconds`; false (the
// record untouched) for an empty list.
bool set_run_stats(TimingRecord& r, std::vector<double> seconds);

// Records of the same candidate (kernel, impl, target, device, dtype, params, method,
// source, verified, status) become one, in order of first appearance. Single runs are
// folded into exact statistics; already-aggregated rows (n > 1) are combined approximately
// (median of medians) with a warning.
std::vector<TimingRecord> fold_runs(std::vector<TimingRecord> records, const ImportConfig& config,
                                    Diagnostics* warnings);

}  // namespace tl
