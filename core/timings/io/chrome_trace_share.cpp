// From the device tracks of a trace to records: each kernel's runs on the `XLA Ops` threads
// (else on a jax.profiler trace's GPU streams, "Stream #N(...)"; in a PyTorch profiler trace, the
// events of category "kernel") and its share of the step, the
// summed op time over the summed `XLA Modules` time of the same device process. Nested events are
// counted once: only the outermost of a set.
#include <algorithm>
#include <cctype>
#include <limits>
#include <map>
#include <set>

#include "core/timings/io/chrome_trace.h"
#include "core/timings/io/fold.h"

namespace tl {
namespace {

// Start and duration of nested events are printed with microsecond fractions; a child that
// ends within a nanosecond of its parent is still inside it.
constexpr double kEpsilonUs = 1e-3;

struct KernelRuns {
    std::string label;
    int first_line = 0;
    std::uint32_t first_name = std::numeric_limits<std::uint32_t>::max();
    std::vector<double> durations_us;
    double sum_us = 0;
};

struct Device {
    std::optional<std::string> name;    // the process name, when the trace gives one
    std::optional<std::string> target;  // from the GPU's deviceProperties or the TPU's kind
    std::string no_target;              // why there is none, for the warning
    bool kernels_by_category = false;   // a PyTorch profiler trace: no step time on the device
    double modules_us = 0;
    bool has_modules = false;
    std::map<std::string, KernelRuns> kernels;
};

}  // namespace

std::string trace_kernel_name(const std::string& op_name) {
    const auto dot = op_name.rfind('.');
    if (dot == std::string::npos || dot == 0 || dot + 1 == op_name.size()) return op_name;
    for (std::size_t i = dot + 1; i < op_name.size(); ++i)
        if (!std::isdigit(static_cast<unsigned char>(op_name[i]))) return op_name;
    return op_name.substr(0, dot);
}

double outermost_sum(std::vector<TraceSpan> spans, std::vector<double>* counted) {
    std::sort(spans.begin(), spans.end(), [](const TraceSpan& a, const TraceSpan& b) {
        return a.ts != b.ts ? a.ts < b.ts : a.dur > b.dur;
    });
    double sum = 0;
    double end = -std::numeric_limits<double>::infinity();
    for (const auto& s : spans) {
        if (s.ts + s.dur <= end + kEpsilonUs) continue;  // inside an earlier event
        sum += s.dur;
        if (counted) counted->push_back(s.dur);
        end = std::max(end, s.ts + s.dur);
    }
    return sum;
}

// The kernels of one "XLA Ops" thread: one set of runs per kernel (matmul.1 and matmul.2
// are runs of matmul), nested spans counted once.
void add_ops(const TraceData& data, const std::vector<const TraceGroup*>& groups, Device& dev) {
    std::map<std::string, std::vector<TraceSpan>> per_kernel;
    for (const auto* g : groups) {
        const std::string& raw = data.names[g->name];
        const std::string kernel = trace_kernel_name(raw);
        auto& spans = per_kernel[kernel];
        spans.insert(spans.end(), g->spans.begin(), g->spans.end());
        KernelRuns& runs = dev.kernels[kernel];
        if (g->name < runs.first_name) {
            runs.first_name = g->name;
            runs.label = raw;
            runs.first_line = g->first_line;
        }
    }
    for (auto& [kernel, spans] : per_kernel) {
        KernelRuns& runs = dev.kernels[kernel];
        runs.sum_us += outermost_sum(std::move(spans), &runs.durations_us);
    }
}

// One record per kernel of a device, in the order the trace names them first. A device with
// no `XLA Modules` time is added to `no_step` (one warning names them all).
void device_records(const std::string& key, const Device& dev, const ImportConfig& config,
                    ImportResult& result, std::vector<std::string>& no_step) {
    if (dev.kernels.empty()) return;
    if (dev.kernels_by_category)
        result.warnings.push_back(timing_warning(
            config, 0,
            "a PyTorch profiler trace has no step time on " + key +
                ": the kernels' share of the step is unknown (give it where the decision asks)"));
    else if (!dev.has_modules || dev.modules_us <= 0)
        no_step.push_back(key);
    std::vector<const KernelRuns*> kernels;
    std::map<const KernelRuns*, std::string> names;
    for (const auto& [kernel, runs] : dev.kernels) {
        kernels.push_back(&runs);
        names[&runs] = kernel;
    }
    std::sort(kernels.begin(), kernels.end(), [](const KernelRuns* a, const KernelRuns* b) {
        return a->first_name < b->first_name;
    });
    for (const KernelRuns* runs : kernels) {
        std::vector<double> seconds;
        for (double us : runs->durations_us) seconds.push_back(us * 1e-6);
        TimingRecord r;
        if (!set_run_stats(r, std::move(seconds))) continue;
        r.line = runs->first_line;
        r.label = runs->label;
        r.kernel = names[runs];
        r.device = dev.name;
        r.target = dev.target;
        r.method = TimingMethod::DeviceProfiler;
        r.source = TimingSource::Measured;
        if (dev.has_modules && dev.modules_us > 0) r.share = runs->sum_us / dev.modules_us;
        add_record(result, std::move(r), config);
    }
}

// One warning for the devices without `XLA Modules` time; an eight-GPU capture lacks it on
// every device, so the first few are named.
void warn_no_step(const std::vector<std::string>& no_step, const ImportConfig& config,
                  ImportResult& result) {
    if (no_step.empty()) return;
    constexpr std::size_t kNamed = 3;
    std::string where = no_step.front();
    for (std::size_t i = 1; i < std::min(no_step.size(), kNamed); ++i)
        where += (i + 1 == no_step.size() ? " and " : ", ") + no_step[i];
    if (no_step.size() > kNamed)
        where += " and " + std::to_string(no_step.size() - kNamed) + " more devices";
    result.warnings.push_back(
        timing_warning(config, 0,
                       "no 'XLA Modules' time on " + where +
                           ": the ops' share of the step is unknown (profile whole steps)"));
}

// The device's name and target: a GPU's from the trace's deviceProperties, a TPU's from the
// kind its process name gives ("/device:TPU:0 (TPU v5 lite)").
void identify(const GpuIdentity* gpu, const std::string& process, Device& dev) {
    if (gpu) {
        dev.name = gpu->name;
        const GpuTarget t = target_of_gpu(*gpu);
        dev.target = t.target;
        if (!t.target) dev.no_target = "the GPU '" + gpu->name + "' is " + t.why;
        return;
    }
    if (!process.empty()) dev.name = process;
    if (process.find("/device:TPU") == std::string::npos) return;
    const std::string kind = tpu_type_in(process);
    dev.target = kind.empty() ? std::nullopt : target_of_tpu_type(kind);
    if (dev.target) return;
    dev.no_target = kind.empty() ? "the trace does not name the TPU kind of " + process +
                                       " (the .xplane.pb of the same capture does)"
                                 : "the TPU kind '" + kind + "' of " + process +
                                       " is not one TileLens has a target for";
}

// One warning per distinct reason a device has no target, unless --target gives one.
void warn_no_target(const std::vector<std::string>& order, std::map<std::string, Device>& devices,
                    const ImportConfig& config, ImportResult& result) {
    if (config.target) return;
    std::set<std::string> said;
    for (const auto& key : order) {
        const Device& dev = devices[key];
        if (dev.target || dev.no_target.empty() || dev.kernels.empty()) continue;
        if (said.insert(dev.no_target).second)
            result.warnings.push_back(timing_warning(
                config, 0,
                dev.no_target + ": its records name no target (give one with --target)"));
    }
}

void trace_records(const TraceData& data, const ImportConfig& config, ImportResult& result) {
    // Groups in a stable order (track, then name), whatever the hash map's order.
    std::vector<const TraceGroup*> groups;
    groups.reserve(data.groups.size());
    for (const auto& [key, g] : data.groups) groups.push_back(&g);
    std::sort(groups.begin(), groups.end(), [](const TraceGroup* a, const TraceGroup* b) {
        return a->track != b->track ? a->track < b->track : a->name < b->name;
    });

    // The processes with an `XLA Ops` thread: their GPU streams repeat those ops as kernels.
    std::set<std::string> pids_with_ops;
    for (const auto& [where, name] : data.thread_names)
        if (name == "XLA Ops") pids_with_ops.insert(where.first);

    std::vector<std::string> order;  // device keys by first track
    std::map<std::string, Device> devices;
    bool any_ops = false;
    std::size_t gi = 0;
    for (std::uint32_t t = 0; t < data.tracks.size(); ++t) {
        const auto& track = data.tracks[t];
        const auto thread = data.thread_names.find({track.pid, track.tid});
        const std::string thread_name = thread == data.thread_names.end() ? "" : thread->second;
        const auto process = data.process_names.find(track.pid);
        std::vector<const TraceGroup*> mine;
        for (; gi < groups.size() && groups[gi]->track == t; ++gi) mine.push_back(groups[gi]);
        const bool kernels = data.kernel_tracks.count(t) > 0;
        const bool stream = !kernels && is_gpu_stream_thread(thread_name) &&
                            !pids_with_ops.count(track.pid) &&
                            (thread_name.find("Compute") != std::string::npos ||
                             thread_name.find("Memcpy") == std::string::npos);
        if (thread_name != "XLA Ops" && thread_name != "XLA Modules" && !kernels && !stream)
            continue;

        std::string key =
            process == data.process_names.end() ? "pid " + track.pid : process->second;
        std::string gpu_id;
        const GpuIdentity* gpu = kernels ? track_gpu(data, t, &gpu_id) : nullptr;
        if (gpu) key = "GPU " + gpu_id;  // a PyTorch trace names the process, not the GPU
        if (!devices.count(key)) {
            order.push_back(key);
            identify(gpu, process == data.process_names.end() ? "" : process->second, devices[key]);
        }
        Device& dev = devices[key];

        dev.kernels_by_category = dev.kernels_by_category || kernels;
        if (thread_name == "XLA Modules" && !kernels) {
            std::vector<TraceSpan> all;
            for (const auto* g : mine) all.insert(all.end(), g->spans.begin(), g->spans.end());
            dev.modules_us += outermost_sum(std::move(all));
            dev.has_modules = true;
            continue;
        }
        if (kernels && thread_name != "XLA Ops")
            std::erase_if(mine,
                          [&](const TraceGroup* g) { return !data.kernel_names.count(g->name); });
        // A stream's copies and fills are not kernels: the driver's, and the ROCm runtime's
        // own copy and fill kernels ("__amd_rocclr_copyBuffer").
        if (stream)
            std::erase_if(mine, [&](const TraceGroup* g) {
                const std::string& n = data.names[g->name];
                return n.starts_with("Memcpy") || n.starts_with("Memset") ||
                       n.starts_with("__amd_rocclr_copy") || n.starts_with("__amd_rocclr_fill");
            });
        any_ops = any_ops || !mine.empty();
        add_ops(data, mine, dev);
    }

    if (!any_ops) {
        result.warnings.push_back(timing_warning(
            config, 0,
            "no 'XLA Ops' thread, GPU stream or \"kernel\" events in the trace: nothing to import "
            "(expected a jax.profiler trace of a device run, with /device:... processes, or a "
            "PyTorch profiler trace of GPU kernels)"));
        return;
    }
    std::vector<std::string> no_step;
    for (const auto& key : order) device_records(key, devices[key], config, result, no_step);
    warn_no_step(no_step, config, result);
    if (!data.targets_from_planes) warn_no_target(order, devices, config, result);
}

}  // namespace tl
