#include "app/audit/progress.h"

#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <memory>
#include <string>

namespace tl::cli {

std::function<void(int, int)> progress_printer(std::ostream& err, std::string task,
                                               std::string units, double quiet_seconds) {
    struct State {
        std::chrono::steady_clock::time_point start = std::chrono::steady_clock::now();
        int last_tenth = 0;
        bool shown = false;
    };
    const bool tty = ::isatty(STDERR_FILENO) != 0;
    auto state = std::make_shared<State>();
    return [&err, tty, state, task = std::move(task), units = std::move(units), quiet_seconds](
               int done, int total) {
        if (total <= 1) return;
        const double elapsed =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - state->start).count();
        if (!state->shown && elapsed < quiet_seconds) return;
        state->shown = true;
        const double eta = done > 0 ? elapsed * (total - done) / done : 0;
        if (tty) {
            constexpr int kWidth = 30;
            const int filled = kWidth * done / total;
            char line[128];
            std::snprintf(line, sizeof line, "\r[%s%s] %d/%d %s, %.0f s left ",
                          std::string(static_cast<std::size_t>(filled), '#').c_str(),
                          std::string(static_cast<std::size_t>(kWidth - filled), '.').c_str(), done,
                          total, units.c_str(), eta);
            err << line << (done == total ? "\n" : "") << std::flush;
            return;
        }
        const int tenth = 10 * done / total;
        if (tenth == state->last_tenth && done != total) return;
        state->last_tenth = tenth;
        err << task << ": " << done << "/" << total << " " << units << " ("
            << static_cast<int>(elapsed) << " s)\n";
    };
}

}  // namespace tl::cli
