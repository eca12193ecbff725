// Chrome trace JSON (a jax.profiler / perfetto export, `.json` or `.json.gz`), read in one
// streaming pass with JsonScanner: the trace is never held whole, only the complete events of
// threads that may be device tracks, as (start, duration) pairs. Only the fields the importer
// uses are copied out of the text; the rest (HLO text in `args`, nested objects) is checked
// and skipped.
#include <cmath>
#include <map>
#include <string_view>

#include "core/timings/io/chrome_trace.h"
#include "core/timings/io/importer.h"
#include "core/timings/io/json_scanner.h"

namespace tl {
namespace {

// Longer keys are none of the ones read here: they are checked but not copied whole.
constexpr std::size_t kKeyLimit = 16;

using Token = JsonScanner::Token;

enum class Field { Other, Ph, Name, Pid, Tid, Ts, Dur, Args, Cat };

// string_view comparisons: a std::string == "literal" would measure the literal each time.
Field classify(std::string_view k) {
    switch (k.size()) {
        case 2:
            if (k == "ph") return Field::Ph;
            if (k == "ts") return Field::Ts;
            break;
        case 3:
            if (k == "pid") return Field::Pid;
            if (k == "tid") return Field::Tid;
            if (k == "dur") return Field::Dur;
            if (k == "cat") return Field::Cat;
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

// A numeric pid or tid in decimal into `id`: an integer as written ("-0" as "0"), a fraction
// truncated toward zero.
void number_id(const std::string& text, std::string& id) {
    bool integer = true;
    for (const char c : text) integer = integer && c != '.' && c != 'e' && c != 'E';
    if (integer) {
        id.assign(text.size() == 2 && text[0] == '-' && text[1] == '0' ? "0" : text);
        return;
    }
    const double v = json_number_value(text);
    if (std::isfinite(v) && std::fabs(v) < 9.2e18)
        id = std::to_string(static_cast<long long>(v));
    else
        id.assign(text);
}

class TraceReader {
public:
    TraceReader(JsonScanner& scan, TraceCollector& events) : scan_(scan), events_(events) {}

    // Reads the whole document; false when it stopped early (syntax error, truncation,
    // cancel), with the events read before that point kept.
    bool read();
    bool found_events() const { return found_events_; }

private:
    bool read_events();
    bool read_event();
    bool read_args();
    // After token `t`: skips the rest of the object or array it opened; false on an error
    // (or an end of the document, which cannot come inside one, so no loop waits on it).
    bool skip_rest(Token t) {
        if (t == Token::ObjectBegin || t == Token::ArrayBegin) return scan_.skip_container();
        return t != Token::Error && t != Token::End;
    }
    void set_string(Field field);
    void set_number(Field field);

    JsonScanner& scan_;
    TraceCollector& events_;
    bool found_events_ = false;
    std::string key_, value_;
    TraceEvent event_;  // reused, so that its strings keep their capacity
};

// Either {"traceEvents": [...], ...} or the bare JSON Array Format [...].
bool TraceReader::read() {
    Token t = scan_.next();
    if (t == Token::ArrayBegin) {
        found_events_ = true;
        if (!read_events()) return false;
    } else if (t == Token::ObjectBegin) {
        for (;;) {
            t = scan_.next(&key_, kKeyLimit);
            if (t == Token::ObjectEnd) break;
            if (t != Token::Key) return false;
            if (!scan_.truncated() && std::string_view(key_) == "deviceProperties") {
                t = scan_.next();
                if (t == Token::ArrayBegin ? !read_device_properties(scan_, events_)
                                           : !skip_rest(t))
                    return false;
                continue;
            }
            if (scan_.truncated() || std::string_view(key_) != "traceEvents") {
                if (!scan_.skip_value()) return false;
                continue;
            }
            t = scan_.next();
            if (t == Token::ArrayBegin) {
                found_events_ = true;
                if (!read_events()) return false;
            } else if (!skip_rest(t)) {
                return false;
            }
        }
    } else if (t == Token::Error) {
        return false;
    }
    return scan_.next() == Token::End;
}

// After the '[': events are the objects in it; anything else there is skipped.
bool TraceReader::read_events() {
    for (;;) {
        const Token t = scan_.next();
        if (t == Token::ArrayEnd) return true;
        if (t == Token::ObjectBegin) {
            if (!read_event()) return false;
        } else if (!skip_rest(t)) {
            return false;
        }
    }
}

bool TraceReader::read_event() {
    TraceEvent& e = event_;
    e.ph = 0;
    e.has_ts = e.has_dur = e.has_pid = e.has_tid = false;
    e.name.clear();
    e.args_name.clear();
    e.args_device.clear();
    e.pid.clear();
    e.tid.clear();
    e.cat.clear();
    e.line = scan_.line();
    ++e.index;
    for (;;) {
        Token t = scan_.next(&key_, kKeyLimit);
        if (t == Token::ObjectEnd) {
            events_.add(e);
            return true;
        }
        if (t != Token::Key) return false;
        const Field field = scan_.truncated() ? Field::Other : classify(key_);
        if (field == Field::Other) {
            if (!scan_.skip_value()) return false;
        } else if (field == Field::Args) {
            t = scan_.next();
            if (t == Token::ObjectBegin) {
                if (!read_args()) return false;
            } else if (!skip_rest(t)) {
                return false;
            }
        } else {
            // One byte is all a ph can have; a longer one is read as unknown all the same.
            t = scan_.next(&value_, field == Field::Ph ? 2 : std::string::npos);
            if (t == Token::String)
                set_string(field);
            else if (t == Token::Number)
                set_number(field);
            else if (!skip_rest(t))
                return false;
        }
    }
}

// After the '{' of an event's args: only args.name (the name in metadata events) and
// args.device (the GPU of a PyTorch trace's kernel) are kept.
bool TraceReader::read_args() {
    for (;;) {
        Token t = scan_.next(&key_, kKeyLimit);
        if (t == Token::ObjectEnd) return true;
        if (t != Token::Key) return false;
        const bool name = !scan_.truncated() && std::string_view(key_) == "name";
        const bool device = !scan_.truncated() && std::string_view(key_) == "device";
        if (!name && !device) {
            if (!scan_.skip_value()) return false;
            continue;
        }
        t = scan_.next(&value_);
        if (t == Token::String && name)
            event_.args_name.assign(value_);
        else if (t == Token::Number && device)
            number_id(value_, event_.args_device);
        else if (!skip_rest(t))
            return false;
    }
}

void TraceReader::set_string(Field field) {
    switch (field) {
        case Field::Ph:
            event_.ph = value_.size() == 1 ? value_[0] : '?';
            break;
        case Field::Name:
            event_.name.assign(value_);
            break;
        case Field::Cat:
            event_.cat.assign(value_);
            break;
        case Field::Pid:
            event_.pid.assign(value_);
            event_.has_pid = true;
            break;
        case Field::Tid:
            event_.tid.assign(value_);
            event_.has_tid = true;
            break;
        default:
            break;
    }
}

void TraceReader::set_number(Field field) {
    switch (field) {
        case Field::Ts:
            event_.ts = json_number_value(value_);
            event_.has_ts = true;
            break;
        case Field::Dur:
            event_.dur = json_number_value(value_);
            event_.has_dur = true;
            break;
        case Field::Pid:
            number_id(value_, event_.pid);
            event_.has_pid = true;
            break;
        case Field::Tid:
            number_id(value_, event_.tid);
            event_.has_tid = true;
            break;
        default:
            break;
    }
}

class ChromeTraceImporter : public TimingImporter {
public:
    std::string_view format_id() const override { return "chrome-trace"; }
    std::string_view description() const override {
        return "Chrome trace JSON (jax.profiler / perfetto export, PyTorch profiler; .json or "
               ".json.gz)";
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
        return import_chrome_trace(in, config, progress, kJsonChunkBytes);
    }
};

}  // namespace

ImportResult import_chrome_trace(std::istream& in, const ImportConfig& config,
                                 const ProgressFn& progress, std::size_t chunk_bytes) {
    ImportResult result;
    JsonScanner scan(in, progress, config.total_bytes, chunk_bytes);
    TraceCollector events(config, result);
    TraceReader reader(scan, events);
    bool ok = false;
    try {
        ok = reader.read();
    } catch (const std::exception& e) {
        result.warnings.push_back(
            timing_warning(config, scan.line(), std::string("reading stopped: ") + e.what()));
    }
    if (!ok) {
        result.complete = false;
        result.warnings.push_back(
            timing_warning(config, scan.line(),
                           scan.cancelled() ? std::string("import cancelled")
                                            : "the trace is not valid JSON (" + scan.error() +
                                                  "): the events before that point are kept"));
    } else if (!reader.found_events()) {
        result.complete = false;
        result.warnings.push_back(timing_warning(
            config, 0, "there is no traceEvents array: not a Chrome trace", "traceEvents"));
    }
    events.finish();
    trace_records(events.data(), config, result);
    finish_import(result, "chrome-trace", config);
    return result;
}

std::unique_ptr<TimingImporter> make_chrome_trace_importer() {
    return std::make_unique<ChromeTraceImporter>();
}

}  // namespace tl
