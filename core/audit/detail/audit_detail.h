#pragma once
// Pieces of run_audit shared between its files; not a public interface.
#include "core/audit/audit.h"
#include "core/spec/instance.h"
#include "core/target/target.h"

namespace tl {

// The datasheet figures the measurement plan lists, and the ones the roofline uses.
void describe_target(const TargetProfile& t, const Instance& inst, AuditResult& r);

}  // namespace tl
