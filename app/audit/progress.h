#pragma once
// Progress of long work on standard error: a bar with an ETA on a terminal, a plain line every
// tenth of the way otherwise (docs/report-format.md, "Commands"). `task` names the work ("sweep")
// and `units` what is counted ("cases"); nothing is printed before `quiet_seconds` have passed,
// so work that is quick stays silent.
#include <functional>
#include <ostream>
#include <string>

namespace tl::cli {

std::function<void(int, int)> progress_printer(std::ostream& err, std::string task = "sweep",
                                               std::string units = "cases",
                                               double quiet_seconds = 0);

}  // namespace tl::cli
