#pragma once
// Where a figure comes from (docs/timings.md, "The rule of evidence"): measured on a named target,
// interpreted on the CPU, estimated by a model, or unmeasured; and whether a measurement's outputs
// were checked there, by its file or on a person's word.
#include <optional>
#include <string>

#include "core/timings/io/importer.h"
#include "core/timings/record.h"

namespace tl {

enum class Provenance { Measured, Interpreted, Estimated, Unmeasured };

struct ProvenanceInfo {
    Provenance kind = Provenance::Unmeasured;
    std::optional<std::string> target;  // where it was measured, when the record says
    bool unverified = false;            // measured, but the output was not checked there
    // Measured, and its file says the outputs failed their check (or could not be checked).
    bool failed_check = false;
    std::optional<std::string> attestation;  // the note that made it verified, if a person did
};

// A record without a source is unmeasured: nothing says it ran on a target.
ProvenanceInfo provenance_of(const TimingRecord& r);

// "measured (tpu-v5e)", "interpreted", "estimated", "unmeasured".
std::string badge_text(const ProvenanceInfo& p);

// "verified", "verified (attested)", "unverified", "check failed", or "" for a figure that is
// not a measurement.
std::string verification_text(const ProvenanceInfo& p);

// One line saying what the badge means, for tooltips.
std::string badge_explanation(const ProvenanceInfo& p);

// The attestation of one imported file (`--verified "NOTE"`, the import dialog's "I checked the
// outputs on the target"): every record whose file does not say whether its outputs were
// checked becomes verified with `note`. The file's own word wins: a record it marks verified
// stays as it is, and one it marks verified=false stays unverified, which a warning names (with
// the first such line). Failed runs have no outputs and are left alone. `note` must not be blank.
void attest_verified(ImportResult& result, const std::string& file, const std::string& note);

// `note` without leading and trailing white space; empty when it holds nothing else.
std::string trimmed_note(const std::string& note);

}  // namespace tl
