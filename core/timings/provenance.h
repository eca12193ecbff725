#pragma once
// Where a figure comes from (docs/timings.md, "The rule of evidence"): measured on a named target,
// interpreted on the CPU, estimated by a model, or unmeasured.
#include <optional>
#include <string>

#include "core/timings/record.h"

namespace tl {

enum class Provenance { Measured, Interpreted, Estimated, Unmeasured };

struct ProvenanceInfo {
    Provenance kind = Provenance::Unmeasured;
    std::optional<std::string> target;  // where it was measured, when the record says
    bool unverified = false;            // measured, but the output was not checked there
};

// A record without a source is unmeasured: nothing says it ran on a target.
ProvenanceInfo provenance_of(const TimingRecord& r);

// "measured (tpu-v5e)", "interpreted", "estimated", "unmeasured".
std::string badge_text(const ProvenanceInfo& p);

// One line saying what the badge means, for tooltips.
std::string badge_explanation(const ProvenanceInfo& p);

}  // namespace tl
