#include "core/timings/provenance.h"

namespace tl {

ProvenanceInfo provenance_of(const TimingRecord& r) {
    ProvenanceInfo p;
    if (!r.source) return p;
    switch (*r.source) {
        case TimingSource::Measured:
            p.kind = Provenance::Measured;
            p.target = r.target;
            p.unverified = r.verified != true;
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
    if (p.unverified) text += "; unverified: the run did not check its output on the target";
    return text;
}

}  // namespace tl
