#pragma once
// Progress of the sweep on standard error: a bar with an ETA on a terminal, a plain line every
// tenth of the way otherwise (audit-contract.md, "Commands").
#include <functional>
#include <ostream>

namespace tl::cli {

std::function<void(int, int)> progress_printer(std::ostream& err);

}  // namespace tl::cli
