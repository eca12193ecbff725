// XProf's XSpace, the `<host>.xplane.pb` that jax.profiler writes under plugins/profile/<run>/
// (docs/timings.md, "Formats"): planes (one per device and host) of lines of timed events,
// each event naming its metadata (the op's name). The device ops become records as a
// jax.profiler trace of the same run gives them: the events on each device plane's
// "XLA Ops" line (on a GPU without one, the kernels on its stream lines), their share of the
// step from the "XLA Modules" line. Times are picoseconds.
#include <algorithm>
#include <cctype>
#include <map>
#include <optional>
#include <unordered_map>
#include <vector>

#include "core/base/format.h"
#include "core/base/limits.h"
#include "core/timings/io/chrome_trace.h"
#include "core/timings/io/device_target.h"
#include "core/timings/io/protobuf_wire.h"

namespace tl {
namespace {

using pb::WireField;
using pb::WireReader;
using pb::WireType;

// Field numbers of the XSpace schema the profiler writes (docs/timings.md, "Formats").
enum SpaceField : std::uint32_t { kPlanes = 1, kErrors = 2 };
enum PlaneField : std::uint32_t {
    kPlaneName = 2,
    kLines = 3,
    kEventMetadata = 4,
    kStatMetadata = 5,
    kPlaneStats = 6
};
enum LineField : std::uint32_t { kLineName = 2, kEvents = 4, kLineDisplayName = 11 };
enum EventField : std::uint32_t {
    kEventMetadataId = 1,
    kOffsetPs = 2,
    kDurationPs = 3,
    kNumOccurrences = 5
};
enum MetadataField : std::uint32_t { kMetaId = 1, kMetaName = 2, kMetaDisplayName = 4 };
enum StatField : std::uint32_t {
    kStatMetadataId = 1,
    kUint64Value = 3,
    kInt64Value = 4,
    kStrValue = 5,
    kRefValue = 7
};
constexpr std::uint32_t kMapKey = 1, kMapValue = 2;

constexpr std::size_t kChunkBytes = 256 * 1024;
constexpr int kMaxWarningsPerKind = 10;
constexpr int kFirstEventWarning = 3;  // warning kinds from here on are about skipped events

// What a GPU plane says of its device: the vendor, the compute capability, the cores (an AMD
// GPU's compute units, an NVIDIA GPU's SMs) and the memory; it names no model.
using GpuFacts = GpuIdentity;

// "AMD gfx94x, 304 CUs, 192 GiB": AMD names its GPU generations by the gfx target of their
// compute capability (9.4 is gfx940 to gfx942: MI300A, MI300X, MI325X); other vendors' planes
// are named by their capability. Empty when the plane names no vendor.
std::string describe(const GpuFacts& g) {
    if (g.vendor.empty()) return "";
    std::string out = g.vendor.substr(0, 40);
    std::string vendor = out;
    for (char& c : vendor) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    const bool amd = vendor == "amd";
    const bool cap = g.major && g.minor && *g.major >= 0 && *g.major < 100 && *g.minor >= 0;
    if (cap && amd && *g.minor < 16) {
        const char* hex = "0123456789abcdef";
        out += " gfx" + std::to_string(*g.major) + hex[*g.minor] + "x";
    } else if (cap) {
        out += " compute capability " + std::to_string(*g.major) + "." + std::to_string(*g.minor);
    }
    if (g.cores && *g.cores > 0)
        out += ", " + std::to_string(*g.cores) +
               (amd                  ? " CUs"
                : vendor == "nvidia" ? " SMs"
                                     : " cores");
    if (g.memory && *g.memory > 0) out += ", " + format_bytes_short(*g.memory);
    return out;
}

// "Im3d2Col.kd" -> "Im3d2Col", "void f(int) [clone .kd]" -> "void f(int)": a ROCm kernel named
// by its kernel descriptor's symbol is the kernel an older capture names without the suffix.
std::string without_descriptor(const std::string& name) {
    for (std::string_view suffix : {" [clone .kd]", ".kd"})
        if (name.size() > suffix.size() && name.ends_with(suffix))
            return name.substr(0, name.size() - suffix.size());
    return name;
}

// The lines whose events may be device ops, as the chrome-trace importer reads them.
bool wanted_line(const std::string& name) {
    return name == "XLA Ops" || name == "XLA Modules" || is_gpu_stream_thread(name);
}

// A binary file that went through a text conversion has each byte that is not UTF-8 replaced
// by U+FFFD (EF BF BD): nothing of its structure can be recovered.
std::string text_hint(std::string_view bytes) {
    const std::string_view head = bytes.substr(0, 4096);
    std::size_t count = 0;
    for (auto at = head.find("\xef\xbf\xbd"); at != std::string_view::npos;
         at = head.find("\xef\xbf\xbd", at + 3))
        ++count;
    if (count < 16) return "";
    return "; its first bytes hold " + std::to_string(count) +
           " U+FFFD replacement characters (EF BF BD): the file was saved as text somewhere, "
           "which destroys a protobuf; copy the original again as binary";
}

class XSpaceReader {
public:
    XSpaceReader(const ImportConfig& config, ImportResult& result)
        : config_(config), result_(result) {}

    void read(std::string_view bytes);
    void finish();

private:
    void plane(const WireField& f, WireReader& parent);
    void device_plane(const std::string& pid, const std::string& name, WireReader& plane,
                      const std::vector<WireField>& lines, const std::vector<WireField>& stats,
                      const std::map<std::int64_t, std::string>& stat_names);
    void line(const std::string& pid, std::size_t index, const WireField& f, WireReader& parent);
    void event(std::uint32_t track, const WireField& f, WireReader& parent);
    void warn(int kind, std::string message);

    const ImportConfig& config_;
    ImportResult& result_;
    pb::WireStatus status_;
    TraceData data_;
    std::map<std::int64_t, std::string> event_names_;          // of the plane being read
    std::unordered_map<std::string, std::uint32_t> name_ids_;  // index in data_.names
    std::map<std::string, std::string> targets_;               // device -> target
    std::map<std::string, std::string> written_;  // a name without its ".kd" -> as written
    std::map<int, int> warned_;
    std::size_t planes_ = 0, device_planes_ = 0;
    TraceGroup* last_group_ = nullptr;
    std::uint32_t last_track_ = 0;
    std::int64_t last_metadata_ = -1;
};

void XSpaceReader::warn(int kind, std::string message) {
    if (++warned_[kind] <= kMaxWarningsPerKind)
        result_.warnings.push_back(timing_warning(config_, 0, std::move(message)));
}

// One id -> name entry of a plane's event or stat metadata map.
std::pair<std::int64_t, std::string> metadata_entry(const WireField& f, WireReader& parent) {
    std::pair<std::int64_t, std::string> out{0, ""};
    auto entry = parent.nested(f);
    if (!entry) return out;
    std::string display;
    WireField e;
    while (entry->next(e)) {
        if (e.number == kMapKey && e.type == WireType::Varint) out.first = e.as_int64();
        if (e.number != kMapValue || e.type != WireType::Bytes) continue;
        auto meta = entry->nested(e);
        if (!meta) return out;
        WireField m;
        while (meta->next(m)) {
            if (m.number == kMetaName && m.type == WireType::Bytes) out.second = m.bytes;
            if (m.number == kMetaDisplayName && m.type == WireType::Bytes) display = m.bytes;
        }
    }
    if (out.second.empty()) out.second = display;
    return out;
}

void XSpaceReader::read(std::string_view bytes) {
    WireReader space(bytes, status_);
    WireField f;
    while (space.next(f)) {
        if (f.number == kPlanes && f.type == WireType::Bytes) plane(f, space);
        if (f.number == kErrors && f.type == WireType::Bytes)
            warn(1, "the profiler reported an error while capturing: " +
                        std::string(f.bytes.substr(0, 300)));
        if (!status_.ok()) break;
    }
    if (!status_.ok()) {
        result_.complete = false;
        result_.warnings.push_back(timing_warning(
            config_, 0,
            "the XSpace is damaged or truncated (" + status_.error +
                "): the device planes read before that point are kept" + text_hint(bytes)));
    }
}

void XSpaceReader::plane(const WireField& f, WireReader& parent) {
    auto plane = parent.nested(f);
    if (!plane) return;
    const std::string pid = std::to_string(planes_++);
    std::string name;
    std::vector<WireField> lines, stats;
    std::vector<WireField> event_meta, stat_meta;
    WireField p;
    while (plane->next(p)) {
        if (p.type != WireType::Bytes) continue;
        if (p.number == kPlaneName) name = p.bytes;
        if (p.number == kLines) lines.push_back(p);
        if (p.number == kEventMetadata) event_meta.push_back(p);
        if (p.number == kStatMetadata) stat_meta.push_back(p);
        if (p.number == kPlaneStats) stats.push_back(p);
    }
    // Hosts' planes (/host:CPU, /host:metadata) hold no device time.
    if (!status_.ok() || !name.starts_with("/device:")) return;
    ++device_planes_;
    event_names_.clear();
    for (const auto& m : event_meta) event_names_.insert(metadata_entry(m, *plane));
    std::map<std::int64_t, std::string> stat_names;
    for (const auto& m : stat_meta) stat_names.insert(metadata_entry(m, *plane));
    if (status_.ok()) device_plane(pid, name, *plane, lines, stats, stat_names);
}

void XSpaceReader::device_plane(const std::string& pid, const std::string& name, WireReader& plane,
                                const std::vector<WireField>& lines,
                                const std::vector<WireField>& stats,
                                const std::map<std::int64_t, std::string>& stat_names) {
    // The device's kind, a string or a reference to a stat metadata name; a GPU's facts.
    GpuFacts gpu;
    std::string device = name;
    for (const auto& s : stats) {
        auto stat = plane.nested(s);
        if (!stat) return;
        std::int64_t id = 0;
        std::optional<std::string> value;
        std::optional<std::int64_t> number;
        WireField v;
        while (stat->next(v)) {
            if (v.number == kStatMetadataId && v.type == WireType::Varint) id = v.as_int64();
            if ((v.number == kUint64Value || v.number == kInt64Value) && v.type == WireType::Varint)
                number = v.as_int64();
            if (v.number == kStrValue && v.type == WireType::Bytes) value = std::string(v.bytes);
            if (v.number == kRefValue && v.type == WireType::Varint) {
                const auto ref = stat_names.find(v.as_int64());
                if (ref != stat_names.end()) value = ref->second;
            }
        }
        const auto stat_name = stat_names.find(id);
        if (stat_name == stat_names.end()) continue;
        const std::string& key = stat_name->second;
        if (key == "device_vendor" && value) gpu.vendor = *value;
        if (key == "compute_cap_major") gpu.major = number;
        if (key == "compute_cap_minor") gpu.minor = number;
        if (key == "core_count") gpu.cores = number;
        if (key == "memory_size") gpu.memory = number;
        if (!value || key != "device_type_string") continue;
        if (const auto target = target_of_tpu_type(*value))
            targets_[name] = *target;
        else
            warn(2, "the device type '" + value->substr(0, 100) + "' of " + name +
                        " is not one TileLens has a target for: its records name no target "
                        "(give one with --target)");
    }
    // A GPU plane is named "/device:GPU:7": the device is that and what the plane says of it.
    if (const std::string facts = describe(gpu); !facts.empty()) {
        device = name + " (" + facts + ")";
        const GpuTarget t = target_of_gpu(gpu);
        if (t.target && !targets_.count(name)) targets_[name] = *t.target;
        if (!t.target && !targets_.count(name) && !config_.target)
            warn(2, "the GPU of " + device + " is " + t.why +
                        ": its records name no target (give one with --target)");
        if (const auto it = targets_.find(name); it != targets_.end())
            targets_[device] = it->second;
    }
    data_.process_names[pid] = device;
    for (std::size_t i = 0; i < lines.size() && status_.ok(); ++i) line(pid, i, lines[i], plane);
}

void XSpaceReader::line(const std::string& pid, std::size_t index, const WireField& f,
                        WireReader& parent) {
    auto line = parent.nested(f);
    if (!line) return;
    std::string name, display;
    std::vector<WireField> events;
    WireField l;
    while (line->next(l)) {
        if (l.type != WireType::Bytes) continue;
        if (l.number == kLineName) name = l.bytes;
        if (l.number == kLineDisplayName) display = l.bytes;
        if (l.number == kEvents) events.push_back(l);
    }
    // The name a trace gives the thread: streams are shown by their display name
    // ("Stream #14(Compute)"), the XLA lines by their name.
    const std::string thread =
        display.empty() || name == "XLA Ops" || name == "XLA Modules" ? name : display;
    if (!status_.ok() || !wanted_line(thread)) return;
    const std::string tid = std::to_string(index);
    data_.thread_names[{pid, tid}] = thread;
    const auto track = static_cast<std::uint32_t>(data_.tracks.size());
    data_.tracks.push_back({pid, tid});
    last_group_ = nullptr;
    for (const auto& e : events) {
        event(track, e, *line);
        if (!status_.ok()) return;
    }
}

void XSpaceReader::event(std::uint32_t track, const WireField& f, WireReader& parent) {
    auto event = parent.nested(f);
    if (!event) return;
    std::int64_t metadata = 0, offset_ps = 0, duration_ps = 0;
    bool aggregated = false;
    WireField e;
    while (event->next(e)) {
        if (e.type != WireType::Varint) continue;
        if (e.number == kEventMetadataId) metadata = e.as_int64();
        if (e.number == kOffsetPs) offset_ps = e.as_int64();
        if (e.number == kDurationPs) duration_ps = e.as_int64();
        if (e.number == kNumOccurrences) aggregated = true;
    }
    if (!status_.ok()) return;
    const std::string at = " (the event at byte " + std::to_string(f.offset) + ")";
    if (aggregated) {
        warn(3, "an aggregated event (a count of occurrences, not their times): skipped" + at);
        return;
    }
    if (duration_ps < 0 || offset_ps < 0) {
        warn(4, "an event with a negative time: skipped" + at);
        return;
    }
    if (!last_group_ || last_track_ != track || last_metadata_ != metadata) {
        const auto meta = event_names_.find(metadata);
        if (meta == event_names_.end() || meta->second.empty()) {
            warn(5, "an event whose metadata id " + std::to_string(metadata) +
                        " names no op: skipped" + at);
            return;
        }
        const std::string op = without_descriptor(meta->second);
        if (op != meta->second) written_.emplace(op, meta->second);
        const auto [known, added] =
            name_ids_.try_emplace(op, static_cast<std::uint32_t>(data_.names.size()));
        if (added) data_.names.push_back(op);
        const std::uint32_t name = known->second;
        auto [g, fresh] = data_.groups.try_emplace((std::uint64_t{track} << 32) | name);
        if (fresh) {
            g->second.track = track;
            g->second.name = name;
        }
        last_group_ = &g->second;
        last_track_ = track;
        last_metadata_ = metadata;
    }
    // Picoseconds to the microseconds of a trace; offsets are from the line's start.
    last_group_->spans.push_back(
        {static_cast<double>(offset_ps) * 1e-6, static_cast<double>(duration_ps) * 1e-6});
}

void XSpaceReader::finish() {
    for (const auto& [kind, count] : warned_)
        if (kind >= kFirstEventWarning && count > kMaxWarningsPerKind)
            result_.warnings.push_back(timing_warning(
                config_, 0,
                std::to_string(count - kMaxWarningsPerKind) +
                    " more events like the ones above were skipped without a warning each"));
    if (data_.tracks.empty()) {
        if (!status_.ok() && planes_ == 0) return;  // the damage is the news
        result_.warnings.push_back(timing_warning(
            config_, 0,
            std::to_string(planes_) + " planes, " + std::to_string(device_planes_) +
                " of a device, and no 'XLA Ops' or GPU stream line among them: nothing to "
                "import (expected the .xplane.pb of a jax.profiler capture of a device run)"));
        return;
    }
    data_.targets_from_planes = true;
    trace_records(data_, config_, result_);
    for (auto& r : result_.records) {
        if (r.device && targets_.count(*r.device)) r.target = targets_[*r.device];
        if (const auto w = written_.find(r.label); w != written_.end()) r.label = w->second;
    }
}

class XprofXplaneImporter : public TimingImporter {
public:
    std::string_view format_id() const override { return "xprof-xplane"; }
    std::string_view description() const override {
        return "XProf XSpace protobuf (jax.profiler's plugins/profile/<run>/<host>.xplane.pb)";
    }
    bool supports(std::string_view name, std::string_view head) const override;
    ImportResult import(std::istream& in, const ImportConfig& config,
                        const ProgressFn& progress) const override;
};

// An XSpace starts with its first plane (field 1), whose fields come in order: its id, then
// its name as text ("/device:TPU:0", "/host:CPU"). The head may end inside the plane.
bool XprofXplaneImporter::supports(std::string_view name, std::string_view head) const {
    for (const auto* text : {".csv", ".json", ".txt"})
        if (ends_with_nocase(name, text)) return false;
    std::size_t pos = 0;
    std::uint64_t tag = 0, length = 0;
    if (!pb::read_varint(head, pos, tag) || tag != ((kPlanes << 3) | 2) ||
        !pb::read_varint(head, pos, length) || length == 0)
        return false;
    const std::string_view plane = head.substr(
        pos, static_cast<std::size_t>(std::min<std::uint64_t>(length, head.size() - pos)));
    pb::WireStatus status;
    WireReader reader(plane, status);
    WireField f;
    while (reader.next(f)) {
        if (f.number == 1 && f.type == WireType::Varint) continue;  // the plane's id
        if (f.number != kPlaneName || f.type != WireType::Bytes || f.bytes.empty()) return false;
        return std::all_of(f.bytes.begin(), f.bytes.end(), [](char c) {
            return static_cast<unsigned char>(c) >= 0x20 && static_cast<unsigned char>(c) < 0x7f;
        });
    }
    return false;
}

ImportResult XprofXplaneImporter::import(std::istream& in, const ImportConfig& config,
                                         const ProgressFn& progress) const {
    ImportResult result;
    // The whole space in memory: a protobuf message is read from its end as much as its start.
    std::string bytes;
    const auto max = static_cast<std::uint64_t>(limit(LimitId::TimingFileBytes));
    std::string chunk(kChunkBytes, '\0');
    while (in) {
        in.read(chunk.data(), static_cast<std::streamsize>(chunk.size()));
        const auto got = static_cast<std::size_t>(in.gcount());
        if (bytes.size() + got > max) {
            const auto n = static_cast<std::int64_t>(bytes.size() + got);
            result.complete = false;
            result.warnings.push_back(
                timing_warning(config, 0,
                               over_limit_message("the file", "more than " + format_bytes(n),
                                                  LimitId::TimingFileBytes, n)));
            finish_import(result, "xprof-xplane", config);
            return result;
        }
        bytes.append(chunk.data(), got);
        if (progress && !progress(bytes.size(), config.total_bytes)) {
            result.complete = false;
            result.warnings.push_back(timing_warning(config, 0, "import cancelled"));
            finish_import(result, "xprof-xplane", config);
            return result;
        }
    }
    XSpaceReader reader(config, result);
    reader.read(bytes);
    reader.finish();
    finish_import(result, "xprof-xplane", config);
    return result;
}

}  // namespace

std::unique_ptr<TimingImporter> make_xprof_xplane_importer() {
    return std::make_unique<XprofXplaneImporter>();
}

}  // namespace tl
