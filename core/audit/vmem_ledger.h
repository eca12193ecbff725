#pragma once
// The VMEM ledger of a Python kernel on a TPU target (docs/python-runner.md, "The VMEM
// ledger"): TileLens's predicted VMEM, operand by operand, next to what libtpu's compiler
// reports for the same call compiled for the target chip on the CPU host, the difference, and
// the smallest vmem_limit_bytes that fits. Built only where libtpu is installed beside JAX.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/base/finding.h"
#include "core/spec/spec.h"
#include "core/target/contract.h"
#include "core/target/target.h"

namespace tl {

struct VmemLedger {
    std::string compiler;             // "libtpu 0.0.42.1"
    std::string topology;             // "v5e:1x1"
    std::vector<VmemPart> predicted;  // TileLens's terms: operands, then scratch
    std::int64_t predicted_bytes = 0;
    std::int64_t limit_bytes = 0;                 // the scoped limit the contract used (0: none)
    bool compiled = false;                        // false: the compiler refused the call
    std::optional<std::int64_t> reported_bytes;   // the compiler's scoped VMEM use
    std::optional<std::int64_t> requested_bytes;  // refused for VMEM: what it asked for
    std::optional<std::int64_t> smallest_limit_bytes;  // the least vmem_limit_bytes that fits
    std::string message;                               // the compiler's refusal, when it refused
    std::string fix;  // one sentence: the limit or block change that fits
    std::optional<std::int64_t> difference() const;  // reported (or requested) - predicted
};

// The ledger from a recorded call's "compiled" entry and the contract's VMEM terms; nullopt
// when the call was not compiled (no libtpu, not a TPU target, or not the spec's own case).
std::optional<VmemLedger> vmem_ledger(const Json& call, const ContractResult& contract,
                                      const TargetProfile& target);

// The compiler's refusal as a contract_violation (rule `tpu_compile`), at the kernel's call.
std::optional<Finding> compile_finding(const VmemLedger& ledger, const TargetProfile& target);

// Why there is no ledger for a TPU run of the JAX engine ("" when there is one or none is
// expected): names libtpu and how to install it.
std::string missing_ledger_note(const Json& engine, bool tpu_target, bool has_ledger);

}  // namespace tl
