#include "core/base/finding.h"

#include <array>
#include <ostream>
#include <utility>

namespace tl {
namespace {

constexpr std::array<std::pair<FindingKind, std::string_view>, 15> kKindNames{{
    {FindingKind::SpecError, "spec_error"},
    {FindingKind::ContractViolation, "contract_violation"},
    {FindingKind::BlockOutOfBounds, "block_out_of_bounds"},
    {FindingKind::UncoveredOutput, "uncovered_output"},
    {FindingKind::MultiplyWrittenOutput, "multiply_written_output"},
    {FindingKind::NonconsecutiveRevisit, "nonconsecutive_revisit"},
    {FindingKind::ParallelRace, "parallel_race"},
    {FindingKind::NumericalMismatch, "numerical_mismatch"},
    {FindingKind::UnreadInput, "unread_input"},
    {FindingKind::PaddedReads, "padded_reads"},
    {FindingKind::UncheckedOperand, "unchecked_operand"},
    {FindingKind::AliasedUnwritten, "aliased_unwritten"},
    {FindingKind::DiscardedOutput, "discarded_output"},
    {FindingKind::RevisitRestored, "revisit_restored"},
    {FindingKind::KernelError, "kernel_error"},
}};

}  // namespace

std::string_view to_string(FindingKind k) {
    for (const auto& [kind, name] : kKindNames)
        if (kind == k) return name;
    return "spec_error";
}

std::optional<FindingKind> parse_finding_kind(std::string_view name) {
    for (const auto& [kind, text] : kKindNames)
        if (text == name) return kind;
    return std::nullopt;
}

std::string_view to_string(Severity s) {
    switch (s) {
        case Severity::Error:
            return "error";
        case Severity::Warning:
            return "warning";
        case Severity::Info:
            return "info";
    }
    return "error";
}

std::ostream& operator<<(std::ostream& os, FindingKind k) {
    return os << to_string(k);
}

}  // namespace tl
