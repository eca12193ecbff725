#include "core/pyrun/child_process.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
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

// fork and exec with the address-space limit set in between (posix_spawn cannot set one).
// Between fork and exec the child calls only async-signal-safe functions: other threads of
// this process may hold locks. Returns 0 or the errno that kept the program from starting.
int spawn_with_memory_limit(const std::vector<char*>& args, int out_fd, const ChildOptions& opt,
                            pid_t* pid) {
    rlimit lim{};
    lim.rlim_cur = static_cast<rlim_t>(opt.memory_bytes);
    lim.rlim_max =
        static_cast<rlim_t>(opt.memory_bytes + std::max<std::int64_t>(0, opt.memory_margin));
    rlimit old{};
    if (::getrlimit(RLIMIT_AS, &old) == 0 && old.rlim_max != RLIM_INFINITY) {
        lim.rlim_max = std::min(lim.rlim_max, old.rlim_max);
        lim.rlim_cur = std::min(lim.rlim_cur, lim.rlim_max);
    }
    int err[2];
    if (::pipe2(err, O_CLOEXEC) != 0) return errno;
    const pid_t child = ::fork();
    if (child < 0) {
        const int e = errno;
        ::close(err[0]);
        ::close(err[1]);
        return e;
    }
    if (child == 0) {
        ::setpgid(0, 0);
        ::dup2(out_fd, 1);
        ::dup2(out_fd, 2);
        int e = 0;
        if (::setrlimit(RLIMIT_AS, &lim) != 0) e = errno;
        if (e == 0) ::execve(args[0], args.data(), environ);
        if (e == 0) e = errno;
        [[maybe_unused]] const auto n = ::write(err[1], &e, sizeof e);
        ::_exit(127);
    }
    ::setpgid(child, child);  // also here, so that a kill right after this finds the group
    ::close(err[1]);
    int e = 0;
    ssize_t n;
    do {
        n = ::read(err[0], &e, sizeof e);
    } while (n < 0 && errno == EINTR);
    ::close(err[0]);
    if (n == static_cast<ssize_t>(sizeof e)) {  // exec failed: the child is already gone
        int status = 0;
        ::waitpid(child, &status, 0);
        return e;
    }
    *pid = child;
    return 0;
}

int spawn(const std::vector<char*>& args, int out_fd, pid_t* pid) {
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, out_fd, 1);
    posix_spawn_file_actions_adddup2(&actions, out_fd, 2);
    posix_spawnattr_t attr;
    posix_spawnattr_init(&attr);
    posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP);
    posix_spawnattr_setpgroup(&attr, 0);
    const int rc = posix_spawn(pid, args[0], &actions, &attr, args.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attr);
    return rc;
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
    std::vector<char*> args;
    for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    pid_t pid = 0;
    const auto start = Clock::now();
    int rc = 0;
    if (opt.memory_bytes > 0) {
        rc = spawn_with_memory_limit(args, fds[1], opt, &pid);
    } else {
        rc = spawn(args, fds[1], &pid);
    }
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
