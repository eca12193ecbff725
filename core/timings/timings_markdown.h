#pragma once
// The `timings --markdown` document (docs/report-format.md, "Timings output"): the decision (or
// the provisional one, headed as such), the records with their provenance and verification,
// why records were left out, and the import warnings. For a pull request or a lab notebook.
#include <cstddef>
#include <string>

#include "core/timings/timings_summary.h"

namespace tl {

// `imported`: how many of v.records came from files (the rest are the spec's planned rows);
// `with_decision`: whether a spec named the kernel, so that the decision is shown.
std::string timings_markdown(const TimingsView& v, std::size_t imported, bool with_decision);

}  // namespace tl
