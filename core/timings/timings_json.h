#pragma once
// The `timings --json` document (docs/report-format.md, "Timings output").
#include <string>
#include <vector>

#include "core/base/diagnostic.h"
#include "core/timings/decision.h"
#include "core/timings/record.h"

namespace tl {

// One record with every key of the contract (and of the normalised record in docs/timings.md);
// what the file did not give is null.
Json timing_record_json(const TimingRecord& r);

// The decision object; `records` are the ones given to decide().
Json decision_json(const Decision& d, const std::vector<TimingRecord>& records);

// {"tilelens_timings": 1, "records": [...], "warnings": [...]} plus "decision" when given.
Json timings_json(const std::vector<TimingRecord>& records, const Diagnostics& warnings,
                  const Decision* decision = nullptr);

// timings_json(...) written with two-space indentation and a final newline.
std::string write_timings_json(const std::vector<TimingRecord>& records,
                               const Diagnostics& warnings, const Decision* decision = nullptr);

}  // namespace tl
