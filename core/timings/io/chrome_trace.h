#pragma once
// Internal to the Chrome trace importer: what the streaming pass keeps of a trace (complete
// events grouped by thread and name, and the metadata names), and turning that into records.
#include <cstddef>
#include <cstdint>
#include <istream>
#include <map>
#include <set>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "core/timings/io/device_target.h"
#include "core/timings/io/importer.h"

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
    // Tracks holding events of category "kernel": GPU kernels in a PyTorch profiler (Kineto)
    // trace, on its stream threads, whatever those are named.
    std::set<std::uint32_t> kernel_tracks;
    std::set<std::uint32_t> kernel_names;  // names of those events (a stream's copies are not)
    // A PyTorch trace's deviceProperties by device id, and the device a kernel track's events
    // name in args.device (their pid is that id too, in the traces Kineto writes).
    std::map<std::string, GpuIdentity> gpus;
    std::map<std::uint32_t, std::string> track_gpu;
    // An XSpace names each device's target on its plane: the trace's own guess is not needed.
    bool targets_from_planes = false;
};

// Threads whose events may be device ops: `XLA Ops`, `XLA Modules`, and the GPU streams of a
// jax.profiler trace ("Stream #14(Compute)"), which hold the kernels when no `XLA Ops` does.
bool is_device_thread(const std::string& name);
bool is_gpu_stream_thread(const std::string& name);

// The GPU a kernel track ran on, from its events' args.device or else its pid (or the one GPU
// of a trace that names one), when the trace's deviceProperties name it; nullptr otherwise.
const GpuIdentity* track_gpu(const TraceData& data, std::uint32_t track, std::string* id);

// One event's fields as the streaming pass read them: strings as written, numbers decoded.
struct TraceEvent {
    char ph = 0;  // 0 when absent, '?' when not one character
    std::string name, args_name, args_device, pid, tid, cat;
    double ts = 0, dur = 0;
    bool has_ts = false, has_dur = false, has_pid = false, has_tid = false;
    int line = 0;          // of its opening brace
    long long index = -1;  // its place in traceEvents
};

// What the pass keeps of the events, one at a time: complete events of threads that may be
// device tracks, the metadata names, and a warning for each kind of event it skips.
class TraceCollector {
public:
    TraceCollector(const ImportConfig& config, ImportResult& result)
        : config_(config), result_(result) {}
    void add(TraceEvent& event);  // an absent pid or tid becomes "0"
    void finish();                // the warnings that sum up the whole trace
    void add_gpu(std::string id, GpuIdentity gpu) { data_.gpus[std::move(id)] = std::move(gpu); }
    const TraceData& data() const { return data_; }

private:
    void add_span(const TraceEvent& e);
    std::uint32_t track_index(const TraceEvent& e);
    void warn(const TraceEvent& e, int kind, std::string message);

    const ImportConfig& config_;
    ImportResult& result_;
    TraceData data_;
    std::map<std::pair<std::string, std::string>, std::uint32_t> track_ids_;
    std::vector<int> track_kind_;  // 0 unknown, 1 device thread, 2 other
    std::string cached_pid_, cached_tid_;
    std::uint32_t cached_track_ = 0;
    std::unordered_map<std::string, std::uint32_t> name_ids_;
    std::uint32_t last_track_ = 0, last_name_ = 0;
    TraceGroup* last_group_ = nullptr;
    long long begin_end_ = 0;
    std::map<int, int> warned_;
};

// "matmul.1" -> "matmul": XLA numbers each instruction; the kernel is the name before it.
std::string trace_kernel_name(const std::string& op_name);

// Sum of the durations of `spans` that are not nested inside another of them, and those
// durations (in microseconds), sorted by start.
double outermost_sum(std::vector<TraceSpan> spans, std::vector<double>* counted = nullptr);

// Records from the device tracks: one per kernel on the `XLA Ops` threads of each device
// process, with the share of the step from the `XLA Modules` threads of the same process.
void trace_records(const TraceData& data, const ImportConfig& config, ImportResult& result);

// After the '[' of a PyTorch trace's deviceProperties: each device's id, name, SMs, memory and
// compute capability into `events`; false on a syntax error.
class JsonScanner;
bool read_device_properties(JsonScanner& scan, TraceCollector& events);

// The whole import, reading `in` in chunks of `chunk_bytes` (the importer uses
// kJsonChunkBytes; tests use tiny chunks so that every token straddles a boundary somewhere).
ImportResult import_chrome_trace(std::istream& in, const ImportConfig& config,
                                 const ProgressFn& progress, std::size_t chunk_bytes);

}  // namespace tl
