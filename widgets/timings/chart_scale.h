#pragma once
// Axis scales, ranges and unit labels for the timing charts. Plain C++, no Qt.
#include <string>
#include <vector>

#include "core/base/format.h"
#include "core/timings/record.h"

namespace tl::gui {

struct ValueRange {
    double lo = 0, hi = 1;
    bool contains(double v) const { return v >= lo && v <= hi; }
};

// A logarithmic axis reads better once the largest positive value is this many times the
// smallest: a linear one would squash the small values to the floor.
inline constexpr double kLogScaleRatio = 20;

// Whether positive `values` span a wide range (max / min >= kLogScaleRatio). Values <= 0
// rule out a log axis.
bool wants_log_scale(const std::vector<double>& values);

// A range holding every value with a margin: a factor on a log axis, a fraction of the span
// (and down to 0 for positive data) on a linear one. A single value gets a span around it.
ValueRange padded_range(const std::vector<double>& values, bool log);

// Where failed candidates are drawn: just above the top of the data, so they never sit on a
// real time.
double failed_marker_value(const ValueRange& data, bool log);

// "341 FLOP/B".
std::string format_intensity(double flop_per_byte);

// Candidate labels: each record's params without the ones every record shares (the problem
// size), and those shared ones as one caption ("M=4096, N=4096, K=4096"). A record without
// params is labelled by its kernel's name (as the command line names it); `with_kernel` puts
// that name before every label, for a chart of several kernels.
struct CandidateLabels {
    std::vector<std::string> labels;  // one per record
    std::string common;               // the shared params, or "" when none
};
CandidateLabels candidate_labels(const std::vector<const TimingRecord*>& records,
                                 bool with_kernel = false);

}  // namespace tl::gui
