#pragma once
// The audit report as Markdown, for a portfolio page or a pull request: the verdict line, a
// table per stage, the sweep table, the findings, the contract rules checked and the target
// measurement plan (docs/report-format.md, "Markdown report").
#include <string>

#include "core/audit/audit.h"

namespace tl {

// The first line is always "**Verdict: <verdict>** ..." so scripts can grep for it.
std::string report_markdown(const AuditResult& r);

}  // namespace tl
