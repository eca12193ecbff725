#pragma once
// The audit report as JSON, version 1 (docs/report-format.md, "Report"). Keys are public: every
// key of the contract is always present; an optional value that is absent is `null`.
#include <string>

#include "core/audit/audit.h"
#include "core/spec/spec.h"

namespace tl {

inline constexpr int kReportVersion = 1;

Json finding_to_json(const Finding& f);
Json report_to_json(const AuditResult& r);
std::string report_json_text(const AuditResult& r);  // indented, ends with a newline

}  // namespace tl
