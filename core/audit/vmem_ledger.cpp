#include "core/audit/vmem_ledger.h"

#include "core/base/format.h"
#include "core/pyrun/python_run.h"

namespace tl {
namespace {

std::optional<std::int64_t> bytes_at(const Json& j, const char* key) {
    if (!j.contains(key) || !j[key].is_number_integer()) return std::nullopt;
    return j[key].get<std::int64_t>();
}

// The sentence on what fits: the compiled use is itself the least limit that compiles; a
// refusal needs the requested bytes, within the chip's VMEM, or smaller blocks.
std::string fix_sentence(const VmemLedger& l, const TargetProfile& target) {
    const auto physical = target.vmem_bytes;
    if (l.compiled && l.reported_bytes)
        return "the smallest vmem_limit_bytes that fits is " + format_bytes(*l.reported_bytes);
    if (!l.requested_bytes) return "";
    if (physical && *l.requested_bytes > *physical)
        return "it needs " + format_bytes(*l.requested_bytes) + ", more than the " +
               format_bytes(*physical) + " of VMEM on " + target.id +
               ": make the blocks smaller or single-buffer an operand (pl.Buffered(1))";
    return "set vmem_limit_bytes to at least " + format_bytes(*l.requested_bytes) +
           " in pltpu.CompilerParams, or make the blocks smaller";
}

}  // namespace

std::optional<std::int64_t> VmemLedger::difference() const {
    const auto compiler = reported_bytes ? reported_bytes : requested_bytes;
    if (!compiler) return std::nullopt;
    return *compiler - predicted_bytes;
}

std::optional<VmemLedger> vmem_ledger(const Json& call, const ContractResult& contract,
                                      const TargetProfile& target) {
    if (!call.contains("compiled") || !call["compiled"].is_object()) return std::nullopt;
    const Json& c = call["compiled"];
    VmemLedger l;
    l.compiler = runner_text(c, "compiler", "libtpu");
    l.topology = runner_text(c, "topology");
    l.predicted = contract.vmem_parts;
    l.predicted_bytes = contract.vmem_bytes;
    l.limit_bytes = contract.vmem_limit_bytes;
    l.compiled = c.value("ok", false) == true;
    l.reported_bytes = bytes_at(c, "vmem_bytes");
    l.requested_bytes = bytes_at(c, "requested_bytes");
    if (l.compiled)
        l.smallest_limit_bytes = l.reported_bytes;
    else if (l.requested_bytes)
        l.smallest_limit_bytes = l.requested_bytes;
    if (!l.compiled) l.message = runner_text(c, "message");
    l.fix = fix_sentence(l, target);
    return l;
}

std::optional<Finding> compile_finding(const VmemLedger& l, const TargetProfile& target) {
    if (l.compiled) return std::nullopt;
    Finding f;
    f.kind = FindingKind::ContractViolation;
    f.severity = Severity::Error;
    f.rule = "tpu_compile";
    if (l.requested_bytes) {
        f.message = l.compiler + " does not fit the kernel in the scoped VMEM of " + target.id +
                    ": it asks for " + format_bytes(*l.requested_bytes) +
                    " where TileLens counted " + format_bytes(l.predicted_bytes) + "; " + l.fix;
    } else {
        f.message = l.compiler + " refuses to compile the kernel for " + target.id + " (" +
                    l.topology + "): " + l.message;
    }
    return f;
}

std::string missing_ledger_note(const Json& engine, bool tpu_target, bool has_ledger) {
    if (!tpu_target || has_ledger || !engine.is_object() || engine.value("name", "") != "jax")
        return "";
    if (engine.contains("libtpu") && engine["libtpu"].is_string())
        return "";  // installed: the call was not compiled (an unknown chip or a failed lowering)
    return "VMEM ledger: not built, libtpu is not installed beside JAX in " +
           runner_text(engine, "python") +
           " (packaging/install-jax.sh installs it; docs/python-runner.md, \"The VMEM ledger\")";
}

}  // namespace tl
