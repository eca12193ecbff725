#pragma once
// Internal to the Chrome trace importer: what the streaming pass keeps of a trace (complete
// events grouped by thread and name, and the metadata names), and turning that into records.
#include <cstdint>
#include <map>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "core/timings/importer.h"

namespace tl {

struct TraceSpan {
    double ts = 0;   // microseconds
    double dur = 0;  // microseconds
};

// Complete (X) events of one name on one thread, in file order.
struct TraceGroup {
    std::uint32_t track = 0;
    std::uint32_t name = 0;
    int first_line = 0;
    std::vector<TraceSpan> spans;
};

struct TraceTrack {
    std::string pid, tid;  // as written (numbers in decimal)
};

struct TraceData {
    std::vector<TraceTrack> tracks;
    std::vector<std::string> names;  // interned event names, in order of first appearance
    std::unordered_map<std::uint64_t, TraceGroup> groups;  // key: track << 32 | name
    std::map<std::string, std::string> process_names;      // pid -> "/device:TPU:0"
    std::map<std::pair<std::string, std::string>, std::string> thread_names;  // (pid, tid)
};

// "matmul.1" -> "matmul": XLA numbers each instruction; the kernel is the name before it.
std::string trace_kernel_name(const std::string& op_name);

// Sum of the durations of `spans` that are not nested inside another of them, and those
// durations (in microseconds), sorted by start.
double outermost_sum(std::vector<TraceSpan> spans, std::vector<double>* counted = nullptr);

// Records from the device tracks: one per kernel on the `XLA Ops` threads of each device
// process, with the share of the step from the `XLA Modules` threads of the same process.
void trace_records(const TraceData& data, const ImportConfig& config, ImportResult& result);

}  // namespace tl
