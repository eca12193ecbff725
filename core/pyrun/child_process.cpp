#include "core/pyrun/child_process.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>

extern char** environ;

namespace tl {
namespace {

using Clock = std::chrono::steady_clock;

void append_tail(std::string& out, const char* data, std::size_t n, std::size_t limit) {
    out.append(data, n);
    if (out.size() > 2 * limit) out.erase(0, out.size() - limit);
}

// Reads what is available (or waits up to `ms`); false once the pipe is closed.
bool drain(int fd, int ms, std::string& out, std::size_t limit) {
    pollfd p{fd, POLLIN, 0};
    const int ready = ::poll(&p, 1, ms);
    if (ready <= 0) return true;
    char buf[8192];
    const ssize_t n = ::read(fd, buf, sizeof buf);
    if (n > 0) {
        append_tail(out, buf, static_cast<std::size_t>(n), limit);
        return true;
    }
    return n < 0 && (errno == EINTR || errno == EAGAIN);
}

}  // namespace

ChildResult run_child(const std::vector<std::string>& argv, const ChildOptions& opt) {
    ChildResult r;
    if (argv.empty()) {
        r.start_error = "no program to run";
        return r;
    }
    int fds[2];
    // O_CLOEXEC: a child spawned by another thread at the same time must not inherit the
    // write end, or this read would wait for that child too.
    if (::pipe2(fds, O_CLOEXEC) != 0) {
        r.start_error = std::string("cannot create a pipe: ") + std::strerror(errno);
        return r;
    }
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, fds[1], 1);
    posix_spawn_file_actions_adddup2(&actions, fds[1], 2);
    posix_spawnattr_t attr;
    posix_spawnattr_init(&attr);
    posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP);
    posix_spawnattr_setpgroup(&attr, 0);
    std::vector<char*> args;
    for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    pid_t pid = 0;
    const auto start = Clock::now();
    const int rc = posix_spawn(&pid, argv[0].c_str(), &actions, &attr, args.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attr);
    ::close(fds[1]);
    if (rc != 0) {
        ::close(fds[0]);
        r.start_error = "cannot run " + argv[0] + ": " + std::strerror(rc);
        return r;
    }
    r.started = true;
    const auto deadline = start + std::chrono::duration<double>(opt.seconds);
    bool open = true;
    int status = 0;
    for (;;) {
        if (open) open = drain(fds[0], 20, r.output, opt.output_limit);
        const pid_t w = ::waitpid(pid, &status, WNOHANG);
        if (w == pid) break;
        const bool cancel = opt.cancel && opt.cancel->load();
        if (cancel || Clock::now() > deadline) {
            r.cancelled = cancel;
            r.timed_out = !cancel;
            ::kill(-pid, SIGKILL);
            ::waitpid(pid, &status, 0);
            break;
        }
        if (!open) ::usleep(10000);
    }
    // Whatever the child's own children still write is not waited for.
    ::kill(-pid, SIGKILL);
    while (open && drain(fds[0], 0, r.output, opt.output_limit)) {
        pollfd p{fds[0], POLLIN, 0};
        if (::poll(&p, 1, 0) <= 0) break;
    }
    ::close(fds[0]);
    if (r.output.size() > opt.output_limit) r.output.erase(0, r.output.size() - opt.output_limit);
    if (WIFEXITED(status)) r.exit_code = WEXITSTATUS(status);
    if (WIFSIGNALED(status)) r.signal = WTERMSIG(status);
    r.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    return r;
}

}  // namespace tl
