#pragma once
// One finding of the audit (docs/report-format.md, "Finding kinds"); kinds and keys are public.
#include <cstdint>
#include <iosfwd>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tl {

enum class Severity { Error, Warning, Info };
std::string_view to_string(Severity s);

// The public finding kinds; to_string gives the name the reports print.
enum class FindingKind {
    SpecError,
    ContractViolation,
    BlockOutOfBounds,
    UncoveredOutput,
    MultiplyWrittenOutput,
    NonconsecutiveRevisit,
    ParallelRace,
    NumericalMismatch,
    UnreadInput,
    PaddedReads,
    UncheckedOperand,
    AliasedUnwritten,
    DiscardedOutput,
    RevisitRestored,
    KernelError,  // the user's Python kernel file failed (docs/report-format.md)
};
std::string_view to_string(FindingKind k);
std::optional<FindingKind> parse_finding_kind(std::string_view name);
std::ostream& operator<<(std::ostream& os, FindingKind k);

struct Finding {
    FindingKind kind = FindingKind::SpecError;
    Severity severity = Severity::Error;
    std::string operand;  // empty when the finding is not about one operand
    std::string message;  // for a person: what, where, the likely fix
    std::optional<std::int64_t> count;
    std::vector<std::int64_t> element;  // first offending element (row-major), may be empty
    std::vector<std::int64_t> program;  // a program that touched it, may be empty
    std::string rule;                   // contract_violation only
    std::string cause;                  // numerical_mismatch only
    std::map<std::string, std::int64_t> case_params;  // the sweep case; empty for the spec's own
};

}  // namespace tl
