#pragma once
// The human summary of an audit: verdict, one line per stage, one line per finding.
#include <ostream>

#include "core/audit/audit.h"

namespace tl::cli {

void print_summary(std::ostream& os, const AuditResult& r);

}  // namespace tl::cli
