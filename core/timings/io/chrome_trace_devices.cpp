// A PyTorch profiler (Kineto) trace's `deviceProperties`: one object per GPU with its id,
// name, SMs, memory and compute capability. Its kernels' processes are named after the
// Python program ("python3"), so the GPU's name and target come from here
// (docs/timings.md, "Devices and targets").
#include "core/timings/io/chrome_trace.h"
#include "core/timings/io/json_scanner.h"

namespace tl {
namespace {

using Token = JsonScanner::Token;

bool skip_after(JsonScanner& scan, Token t) {
    if (t == Token::ObjectBegin || t == Token::ArrayBegin) return scan.skip_container();
    return t != Token::Error && t != Token::End;
}

// After the '{' of one device: its fields, the others skipped.
bool read_device(JsonScanner& scan, TraceCollector& events) {
    std::string key, value, id;
    GpuIdentity gpu;
    for (;;) {
        Token t = scan.next(&key, 32);
        if (t == Token::ObjectEnd) break;
        if (t != Token::Key) return false;
        const std::string field = scan.truncated() ? "" : key;
        t = scan.next(&value, 256);
        if (t == Token::String && field == "name") {
            gpu.name = value;
        } else if (t == Token::Number) {
            const double v = json_number_value(value);
            const bool whole =
                v >= 0 && v < 9e18 && v == static_cast<double>(static_cast<std::int64_t>(v));
            const auto n = whole ? std::optional(static_cast<std::int64_t>(v)) : std::nullopt;
            if (field == "id" && n) id = std::to_string(*n);
            if (field == "numSms") gpu.cores = n;
            if (field == "totalGlobalMem") gpu.memory = n;
            if (field == "computeMajor") gpu.major = n;
            if (field == "computeMinor") gpu.minor = n;
        } else if (!skip_after(scan, t)) {
            return false;
        }
    }
    if (!id.empty() && !gpu.name.empty()) events.add_gpu(id, std::move(gpu));
    return true;
}

}  // namespace

bool read_device_properties(JsonScanner& scan, TraceCollector& events) {
    for (;;) {
        const Token t = scan.next();
        if (t == Token::ArrayEnd) return true;
        if (t == Token::ObjectBegin) {
            if (!read_device(scan, events)) return false;
        } else if (!skip_after(scan, t)) {
            return false;
        }
    }
}

}  // namespace tl
