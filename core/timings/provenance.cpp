#include "core/timings/provenance.h"

#include <cstddef>

namespace tl {

ProvenanceInfo provenance_of(const TimingRecord& r) {
    ProvenanceInfo p;
    if (!r.source) return p;
    switch (*r.source) {
        case TimingSource::Measured:
            p.kind = Provenance::Measured;
            p.target = r.target;
            p.unverified = r.verified != true;
            p.failed_check = r.verified == false;
            if (r.verified == true) p.attestation = r.attestation;
            break;
        case TimingSource::Interpret:
            p.kind = Provenance::Interpreted;
            break;
        case TimingSource::Estimated:
            p.kind = Provenance::Estimated;
            break;
    }
    return p;
}

std::string badge_text(const ProvenanceInfo& p) {
    switch (p.kind) {
        case Provenance::Measured:
            return "measured (" + p.target.value_or("target unknown") + ")";
        case Provenance::Interpreted:
            return "interpreted";
        case Provenance::Estimated:
            return "estimated";
        case Provenance::Unmeasured:
            return "unmeasured";
    }
    return {};
}

std::string verification_text(const ProvenanceInfo& p) {
    if (p.kind != Provenance::Measured) return {};
    if (p.failed_check) return "check failed";
    if (p.unverified) return "unverified";
    return p.attestation ? "verified (attested)" : "verified";
}

std::string badge_explanation(const ProvenanceInfo& p) {
    std::string text;
    switch (p.kind) {
        case Provenance::Measured:
            text = p.target ? "timed on " + *p.target : "timed on a target the file does not name";
            break;
        case Provenance::Interpreted:
            text = "timed in the CPU interpreter: proves semantics, never speed";
            break;
        case Provenance::Estimated:
            text = "a model's estimate, not a measurement";
            break;
        case Provenance::Unmeasured:
            text = "not measured on any target: a modelled figure at most";
            break;
    }
    if (p.failed_check)
        text +=
            "; unverified: its file says the output failed its check on the target (or could "
            "not be checked), so no decision uses it";
    else if (p.unverified)
        text +=
            "; unverified: the file does not say the output was checked on the target, so it "
            "counts only in a provisional decision";
    else if (p.attestation)
        text += "; verified on a person's word: \xe2\x80\x9c" + *p.attestation + "\xe2\x80\x9d";
    else if (p.kind == Provenance::Measured)
        text += "; verified: its run checked the output on the target";
    return text;
}

std::string trimmed_note(const std::string& note) {
    const auto first = note.find_first_not_of(" \t\r\n");
    if (first == std::string::npos) return {};
    return note.substr(first, note.find_last_not_of(" \t\r\n") - first + 1);
}

void attest_verified(ImportResult& result, const std::string& file, const std::string& note) {
    std::size_t refused = 0;
    int first_refused = 0;
    for (auto& r : result.records) {
        if (r.status == TimingStatus::Failed || r.verified == true) continue;
        if (r.verified == false) {
            if (refused++ == 0) first_refused = r.line;
            continue;
        }
        r.verified = true;
        r.attestation = note;
    }
    if (refused == 0) return;
    Diagnostic d;
    d.file = file;
    d.line = first_refused;
    d.message = std::to_string(refused) +
                (refused == 1 ? " record says its" : " records say their") +
                " outputs were not verified on the target (verified=false: the check failed or "
                "could not run); --verified does not override the file, so " +
                (refused == 1 ? "it stays" : "they stay") +
                " unverified and out of every decision: find out why the check failed (the "
                "benchmark script prints it) and time the candidate again";
    result.warnings.push_back(std::move(d));
}

}  // namespace tl
