// Chrome trace JSON (a jax.profiler / perfetto export, `.json` or `.json.gz`), read with
// nlohmann's SAX interface over a chunked source: the trace is never held whole, only the
// complete events of threads that may be device tracks, as (start, duration) pairs.
#include <cmath>
#include <map>

#include "core/timings/chrome_trace.h"
#include "core/timings/importer.h"
#include "core/timings/json_input.h"

namespace tl {
namespace {

constexpr int kMaxWarningsPerKind = 10;

enum class Field { Other, Ph, Name, Pid, Tid, Ts, Dur, Args };

Field classify(const std::string& k) {
    switch (k.size()) {
        case 2:
            if (k == "ph") return Field::Ph;
            if (k == "ts") return Field::Ts;
            break;
        case 3:
            if (k == "pid") return Field::Pid;
            if (k == "tid") return Field::Tid;
            if (k == "dur") return Field::Dur;
            break;
        case 4:
            if (k == "name") return Field::Name;
            if (k == "args") return Field::Args;
            break;
        default:
            break;
    }
    return Field::Other;
}

bool is_device_thread(const std::string& name) {
    return name == "XLA Ops" || name == "XLA Modules";
}

class TraceSax {
public:
    using number_integer_t = Json::number_integer_t;
    using number_unsigned_t = Json::number_unsigned_t;
    using number_float_t = Json::number_float_t;
    using string_t = Json::string_t;
    using binary_t = Json::binary_t;

    TraceSax(JsonSource& source, const ImportConfig& config, ImportResult& result)
        : source_(source), config_(config), result_(result) {}

    bool null() { return true; }
    bool boolean(bool) { return true; }
    bool number_integer(number_integer_t v) { return number(static_cast<double>(v), v); }
    bool number_unsigned(number_unsigned_t v) {
        return number(static_cast<double>(v), static_cast<long long>(v));
    }
    bool number_float(number_float_t v, const string_t&) {
        return number(v, static_cast<long long>(v));
    }
    bool binary(binary_t&) { return true; }

    bool string(string_t& s) {
        if (depth_ == event_depth_) {
            switch (field_) {
                case Field::Ph:
                    ph_ = s.size() == 1 ? s[0] : '?';
                    break;
                case Field::Name:
                    name_.assign(s);
                    break;
                case Field::Pid:
                    pid_.assign(s);
                    has_pid_ = true;
                    break;
                case Field::Tid:
                    tid_.assign(s);
                    has_tid_ = true;
                    break;
                default:
                    break;
            }
        } else if (depth_ == event_depth_ + 1 && in_args_ && args_name_key_) {
            args_name_.assign(s);
        }
        return true;
    }

    bool start_object(std::size_t) {
        ++depth_;
        if (depth_ == event_depth_)
            begin_event();
        else if (depth_ == event_depth_ + 1 && field_ == Field::Args)
            in_args_ = true;
        return true;
    }
    bool key(string_t& k) {
        if (depth_ == event_depth_)
            field_ = classify(k);
        else if (depth_ == event_depth_ + 1 && in_args_)
            args_name_key_ = k == "name";
        else if (depth_ == 1 && !root_array_)
            events_next_ = k == "traceEvents";
        return true;
    }
    bool end_object() {
        if (depth_ == event_depth_)
            end_event();
        else if (depth_ == event_depth_ + 1)
            in_args_ = false;
        --depth_;
        return true;
    }
    bool start_array(std::size_t) {
        ++depth_;
        // Either {"traceEvents": [...]} or the bare JSON Array Format.
        if (depth_ == 1) {
            root_array_ = true;
            event_depth_ = 2;
            found_events_ = true;
        } else if (depth_ == 2 && events_next_ && event_depth_ < 0) {
            event_depth_ = 3;
            found_events_ = true;
        }
        return true;
    }
    bool end_array() {
        if (depth_ == event_depth_ - 1) event_depth_ = -1;
        --depth_;
        return true;
    }
    bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception& ex) {
        error_ = json_error_text(ex.what());
        return false;
    }

    TraceData& data() { return data_; }
    const std::string& error() const { return error_; }
    bool found_events() const { return found_events_; }
    void finish();

private:
    bool number(double v, long long as_id) {
        if (depth_ != event_depth_) return true;
        switch (field_) {
            case Field::Ts:
                ts_ = v;
                has_ts_ = true;
                break;
            case Field::Dur:
                dur_ = v;
                has_dur_ = true;
                break;
            case Field::Pid:
                pid_ = std::to_string(as_id);
                has_pid_ = true;
                break;
            case Field::Tid:
                tid_ = std::to_string(as_id);
                has_tid_ = true;
                break;
            default:
                break;
        }
        return true;
    }
    void begin_event() {
        ph_ = 0;
        has_ts_ = has_dur_ = has_pid_ = has_tid_ = false;
        name_.clear();
        args_name_.clear();
        pid_.clear();
        tid_.clear();
        field_ = Field::Other;
        in_args_ = false;
        line_ = source_.line();
        ++event_index_;
    }
    void end_event();
    void add_span();
    std::uint32_t track_index();
    void warn(int kind, std::string message);

    JsonSource& source_;
    const ImportConfig& config_;
    ImportResult& result_;
    TraceData data_;

    int depth_ = 0;
    int event_depth_ = -1;
    bool root_array_ = false, events_next_ = false, found_events_ = false;
    Field field_ = Field::Other;
    bool in_args_ = false, args_name_key_ = false;

    char ph_ = 0;
    std::string name_, args_name_, pid_, tid_;
    double ts_ = 0, dur_ = 0;
    bool has_ts_ = false, has_dur_ = false, has_pid_ = false, has_tid_ = false;
    int line_ = 0;
    long long event_index_ = -1;

    std::map<std::pair<std::string, std::string>, std::uint32_t> track_ids_;
    std::vector<int> track_kind_;  // 0 unknown, 1 device thread, 2 other
    std::string cached_pid_, cached_tid_;
    std::uint32_t cached_track_ = 0;
    std::unordered_map<std::string, std::uint32_t> name_ids_;
    std::uint32_t last_track_ = 0, last_name_ = 0;
    TraceGroup* last_group_ = nullptr;
    long long begin_end_ = 0;
    std::map<int, int> warned_;
    std::string error_;
};

void TraceSax::warn(int kind, std::string message) {
    if (++warned_[kind] > kMaxWarningsPerKind) return;
    const std::string path = "traceEvents[" + std::to_string(event_index_) + "]";
    // A one-line trace has no useful line: name the event by its JSON path instead.
    result_.warnings.push_back(
        timing_warning(config_, line_ > 1 ? line_ : 0, std::move(message), line_ > 1 ? "" : path));
}

std::uint32_t TraceSax::track_index() {
    if (!data_.tracks.empty() && pid_ == cached_pid_ && tid_ == cached_tid_) return cached_track_;
    const auto [it, added] =
        track_ids_.emplace(std::pair{pid_, tid_}, static_cast<std::uint32_t>(data_.tracks.size()));
    if (added) {
        data_.tracks.push_back({pid_, tid_});
        const auto name = data_.thread_names.find({pid_, tid_});
        track_kind_.push_back(name == data_.thread_names.end() ? 0
                              : is_device_thread(name->second) ? 1
                                                               : 2);
    }
    cached_pid_ = pid_;
    cached_tid_ = tid_;
    cached_track_ = it->second;
    return it->second;
}

void TraceSax::add_span() {
    const std::uint32_t track = track_index();
    if (track_kind_[track] == 2) return;  // a host thread: not a device op
    std::uint32_t name = 0;
    if (last_group_ && track == last_track_ && data_.names[last_name_] == name_) {
        name = last_name_;
    } else {
        const auto [it, added] =
            name_ids_.emplace(name_, static_cast<std::uint32_t>(data_.names.size()));
        if (added) data_.names.push_back(name_);
        name = it->second;
        const std::uint64_t key = (std::uint64_t{track} << 32) | name;
        auto [g, fresh] = data_.groups.try_emplace(key);
        if (fresh) {
            g->second.track = track;
            g->second.name = name;
            g->second.first_line = line_;
        }
        last_group_ = &g->second;
        last_track_ = track;
        last_name_ = name;
    }
    last_group_->spans.push_back({ts_, dur_});
}

void TraceSax::end_event() {
    if (!has_pid_) pid_ = "0";
    if (!has_tid_) tid_ = "0";
    switch (ph_) {
        case 'X':
            if (!has_ts_ || !has_dur_) {
                warn(0, "a complete ('X') event without ts or dur: skipped");
            } else if (!std::isfinite(ts_) || !std::isfinite(dur_) || dur_ < 0) {
                warn(1, "a complete ('X') event with a negative or non-finite time: skipped");
            } else {
                add_span();
            }
            break;
        case 'M':
            if (name_ == "process_name") {
                data_.process_names[pid_] = args_name_;
            } else if (name_ == "thread_name") {
                data_.thread_names[{pid_, tid_}] = args_name_;
                if (const auto it = track_ids_.find({pid_, tid_}); it != track_ids_.end())
                    track_kind_[it->second] = is_device_thread(args_name_) ? 1 : 2;
            }
            break;
        case 'B':
        case 'E':
            ++begin_end_;
            break;
        case 0:
            warn(2, "an event without ph: skipped");
            break;
        default:
            break;
    }
}

void TraceSax::finish() {
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

class ChromeTraceImporter : public TimingImporter {
public:
    std::string_view format_id() const override { return "chrome-trace"; }
    std::string_view description() const override {
        return "Chrome trace JSON (jax.profiler / perfetto export, .json or .json.gz)";
    }
    bool supports(std::string_view name, std::string_view head) const override {
        if (ends_with_nocase(name, ".csv")) return false;
        const auto start = head.find_first_not_of(" \t\r\n");
        if (start == std::string_view::npos) return false;
        if (head[start] == '{') return head.find("\"traceEvents\"") != std::string_view::npos;
        return head[start] == '[' && head.find("\"ph\"") != std::string_view::npos;
    }
    ImportResult import(std::istream& in, const ImportConfig& config,
                        const ProgressFn& progress) const override {
        ImportResult result;
        JsonSource source(in, progress, config.total_bytes);
        TraceSax sax(source, config, result);
        bool ok = false;
        try {
            ok = Json::sax_parse(source.begin(), source.end(), &sax);
        } catch (const std::exception& e) {
            ok = false;
            result.warnings.push_back(
                timing_warning(config, source.line(), std::string("reading stopped: ") + e.what()));
        }
        if (!ok) {
            result.complete = false;
            result.warnings.push_back(timing_warning(
                config, source.line(),
                source.cancelled() ? std::string("import cancelled")
                                   : "the trace is not valid JSON (" + sax.error() +
                                         "): the events before that point are kept"));
        } else if (!sax.found_events()) {
            result.complete = false;
            result.warnings.push_back(timing_warning(
                config, 0, "there is no traceEvents array: not a Chrome trace", "traceEvents"));
        }
        sax.finish();
        trace_records(sax.data(), config, result);
        finish_import(result, format_id(), config);
        return result;
    }
};

}  // namespace

std::unique_ptr<TimingImporter> make_chrome_trace_importer() {
    return std::make_unique<ChromeTraceImporter>();
}

}  // namespace tl
