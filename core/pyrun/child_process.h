#pragma once
// Running a child program with a wall-clock limit and a cancel flag, its output captured.
// Used for Python kernel files (docs/python-runner.md): user code may hang or crash, and
// neither may reach the caller. Safe to call from several threads at once.
#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

namespace tl {

struct ChildOptions {
    double seconds = 60;                   // wall clock, then the whole process group is killed
    std::atomic<bool>* cancel = nullptr;   // set to kill the child early
    std::size_t output_limit = 64 * 1024;  // keep the last this many bytes of stdout+stderr
    // > 0: the child's address space (RLIMIT_AS), set before exec so that nothing the child
    // runs can take more; the hard limit leaves `memory_margin` above it for the child to
    // report the failure after lifting its own soft limit.
    std::int64_t memory_bytes = 0;
    std::int64_t memory_margin = std::int64_t{256} << 20;
};

struct ChildResult {
    bool started = false;
    std::string start_error;  // why it did not start
    int exit_code = -1;       // when it exited normally
    int signal = 0;           // the signal that ended it, when one did
    bool timed_out = false;
    bool cancelled = false;
    std::string output;  // stdout and stderr together, the tail
    double seconds = 0;  // wall clock it ran
};

// Runs argv[0] (a path, not looked up on PATH) with argv[1..]. The child gets its own
// process group, so that whatever it starts is killed with it.
ChildResult run_child(const std::vector<std::string>& argv, const ChildOptions& options = {});

}  // namespace tl
