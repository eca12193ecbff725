#include "core/audit/audit.h"

namespace tl {

std::string_view to_string(AuditStage s) {
    switch (s) {
        case AuditStage::Contract:
            return "contract";
        case AuditStage::Indexing:
            return "indexing";
        case AuditStage::Numerics:
            return "numerics";
        case AuditStage::All:
            return "all";
    }
    return "all";
}

std::string_view to_string(StageStatus s) {
    switch (s) {
        case StageStatus::Pass:
            return "pass";
        case StageStatus::Fail:
            return "fail";
        case StageStatus::Rejected:
            return "rejected";
        case StageStatus::Skipped:
            return "skipped";
    }
    return "skipped";
}

std::string_view to_string(Verdict v) {
    switch (v) {
        case Verdict::Pass:
            return "pass";
        case Verdict::Fail:
            return "fail";
        case Verdict::Rejected:
            return "rejected";
        case Verdict::Invalid:
            return "invalid";
    }
    return "invalid";
}

std::string_view to_string(NoteTopic t) {
    switch (t) {
        case NoteTopic::Contract:
            return "contract";
        case NoteTopic::Indexing:
            return "indexing";
        case NoteTopic::Numerics:
            return "numerics";
        case NoteTopic::Sweep:
            return "sweep";
        case NoteTopic::Proof:
            return "proof";
    }
    return "sweep";
}

std::string to_string(const AuditNote& n) {
    return std::string(to_string(n.topic)) + ": " + n.text;
}

std::optional<AuditStage> parse_audit_stage(std::string_view s) {
    for (auto st :
         {AuditStage::Contract, AuditStage::Indexing, AuditStage::Numerics, AuditStage::All})
        if (s == to_string(st)) return st;
    return std::nullopt;
}

int exit_code(Verdict v) {
    switch (v) {
        case Verdict::Pass:
            return 0;
        case Verdict::Fail:
            return 1;
        case Verdict::Invalid:
            return 2;
        case Verdict::Rejected:
            return 3;
    }
    return 2;
}

}  // namespace tl
