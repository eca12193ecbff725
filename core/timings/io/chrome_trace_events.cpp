// The events of a Chrome trace, one at a time as the streaming pass reads them, into what
// the import keeps: complete ('X') events grouped by thread and name, and the metadata that
// names processes and threads. Events it cannot use are skipped with a warning per kind.
#include <cmath>

#include "core/timings/io/chrome_trace.h"

namespace tl {
namespace {

constexpr int kMaxWarningsPerKind = 10;

}  // namespace

bool is_device_thread(const std::string& name) {
    return name == "XLA Ops" || name == "XLA Modules" || is_gpu_stream_thread(name);
}

bool is_gpu_stream_thread(const std::string& name) {
    return name.starts_with("Stream #");
}

const GpuIdentity* track_gpu(const TraceData& data, std::uint32_t track, std::string* id) {
    const auto named = data.track_gpu.find(track);
    const std::string& key = named != data.track_gpu.end() ? named->second : data.tracks[track].pid;
    auto gpu = data.gpus.find(key);
    // A trace of one GPU: its kernels ran there, whatever their pid (an excerpt may lose args).
    if (gpu == data.gpus.end() && data.gpus.size() == 1 && named == data.track_gpu.end())
        gpu = data.gpus.begin();
    if (gpu == data.gpus.end()) return nullptr;
    *id = gpu->first;
    return &gpu->second;
}

void TraceCollector::warn(const TraceEvent& e, int kind, std::string message) {
    if (++warned_[kind] > kMaxWarningsPerKind) return;
    const std::string path = "traceEvents[" + std::to_string(e.index) + "]";
    // A one-line trace has no useful line: name the event by its JSON path instead.
    result_.warnings.push_back(timing_warning(config_, e.line > 1 ? e.line : 0, std::move(message),
                                              e.line > 1 ? "" : path));
}

std::uint32_t TraceCollector::track_index(const TraceEvent& e) {
    if (!data_.tracks.empty() && e.pid == cached_pid_ && e.tid == cached_tid_) return cached_track_;
    const auto [it, added] = track_ids_.emplace(std::pair{e.pid, e.tid},
                                                static_cast<std::uint32_t>(data_.tracks.size()));
    if (added) {
        data_.tracks.push_back({e.pid, e.tid});
        const auto name = data_.thread_names.find({e.pid, e.tid});
        track_kind_.push_back(name == data_.thread_names.end() ? 0
                              : is_device_thread(name->second) ? 1
                                                               : 2);
    }
    cached_pid_ = e.pid;
    cached_tid_ = e.tid;
    cached_track_ = it->second;
    return it->second;
}

void TraceCollector::add_span(const TraceEvent& e) {
    const std::uint32_t track = track_index(e);
    // A PyTorch profiler marks GPU kernels by category, on stream threads of any name.
    const bool kernel = e.cat == "kernel";
    if (kernel)
        data_.kernel_tracks.insert(track);
    else if (track_kind_[track] == 2)
        return;  // a host thread: not a device op
    std::uint32_t name = 0;
    if (last_group_ && track == last_track_ && data_.names[last_name_] == e.name) {
        name = last_name_;
    } else {
        // Look up before inserting: emplace would build a node (and copy the name) each time.
        auto it = name_ids_.find(e.name);
        if (it == name_ids_.end()) {
            it = name_ids_.emplace(e.name, static_cast<std::uint32_t>(data_.names.size())).first;
            data_.names.push_back(e.name);
        }
        name = it->second;
        const std::uint64_t key = (std::uint64_t{track} << 32) | name;
        auto [g, fresh] = data_.groups.try_emplace(key);
        if (fresh) {
            g->second.track = track;
            g->second.name = name;
            g->second.first_line = e.line;
        }
        last_group_ = &g->second;
        last_track_ = track;
        last_name_ = name;
    }
    if (kernel) data_.kernel_names.insert(name);
    if (kernel && !e.args_device.empty()) data_.track_gpu.try_emplace(track, e.args_device);
    last_group_->spans.push_back({e.ts, e.dur});
}

void TraceCollector::add(TraceEvent& e) {
    if (!e.has_pid) e.pid = "0";
    if (!e.has_tid) e.tid = "0";
    switch (e.ph) {
        case 'X':
            if (!e.has_ts || !e.has_dur) {
                warn(e, 0, "a complete ('X') event without ts or dur: skipped");
            } else if (!std::isfinite(e.ts) || !std::isfinite(e.dur) || e.dur < 0) {
                warn(e, 1, "a complete ('X') event with a negative or non-finite time: skipped");
            } else {
                add_span(e);
            }
            break;
        case 'M':
            if (e.name == "process_name") {
                data_.process_names[e.pid] = e.args_name;
            } else if (e.name == "thread_name") {
                data_.thread_names[{e.pid, e.tid}] = e.args_name;
                if (const auto it = track_ids_.find({e.pid, e.tid}); it != track_ids_.end())
                    track_kind_[it->second] = is_device_thread(e.args_name) ? 1 : 2;
            }
            break;
        case 'B':
        case 'E':
            ++begin_end_;
            break;
        case 0:
            // jax.profiler's Perfetto traces end with an empty `{}` event: nothing to say.
            if (!e.name.empty() || !e.cat.empty() || e.has_ts || e.has_pid || e.has_tid)
                warn(e, 2, "an event without ph: skipped");
            break;
        default:
            break;
    }
}

void TraceCollector::finish() {
    for (const auto& [kind, count] : warned_)
        if (count > kMaxWarningsPerKind)
            result_.warnings.push_back(timing_warning(
                config_, 0,
                std::to_string(count - kMaxWarningsPerKind) +
                    " more events like the ones above were skipped without a warning each"));
    if (begin_end_ > 0)
        result_.warnings.push_back(timing_warning(
            config_, 0,
            std::to_string(begin_end_) + " begin/end ('B'/'E') events ignored: only complete "
                                         "('X') events are read, as jax.profiler writes them"));
}

}  // namespace tl
