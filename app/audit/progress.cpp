#include "app/audit/progress.h"

#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <memory>
#include <string>

namespace tl::cli {

std::function<void(int, int)> progress_printer(std::ostream& err) {
    struct State {
        std::chrono::steady_clock::time_point start = std::chrono::steady_clock::now();
        int last_tenth = 0;
    };
    const bool tty = ::isatty(STDERR_FILENO) != 0;
    auto state = std::make_shared<State>();
    return [&err, tty, state](int done, int total) {
        if (total <= 1) return;
        const double elapsed =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - state->start).count();
        const double eta = done > 0 ? elapsed * (total - done) / done : 0;
        if (tty) {
            constexpr int kWidth = 30;
            const int filled = kWidth * done / total;
            char line[128];
            std::snprintf(line, sizeof line, "\r[%s%s] %d/%d cases, %.0f s left ",
                          std::string(static_cast<std::size_t>(filled), '#').c_str(),
                          std::string(static_cast<std::size_t>(kWidth - filled), '.').c_str(), done,
                          total, eta);
            err << line << (done == total ? "\n" : "") << std::flush;
            return;
        }
        const int tenth = 10 * done / total;
        if (tenth == state->last_tenth && done != total) return;
        state->last_tenth = tenth;
        err << "sweep: " << done << "/" << total << " cases (" << static_cast<int>(elapsed)
            << " s)\n";
    };
}

}  // namespace tl::cli
