#pragma once
// Folding a kernel run into the live audit of the spec's own params: its findings join the
// list, the numerics stage gets its status and the verdict is taken again.
#include "core/audit/audit.h"
#include "core/interp/numerics.h"

namespace tl::gui {

// `audit` (contract + indexing) with the numerics of one run added.
AuditResult with_numerics(AuditResult audit, const NumericsResult& numerics);

}  // namespace tl::gui
