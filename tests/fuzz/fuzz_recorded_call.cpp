// libFuzzer harness: reading the Python runner's result.json into a spec (core/pyrun). The
// input is the child's JSON output: each entry of its "calls" (or the document itself when it
// has none) becomes a recorded spec, which is resolved when it loads, as the audit does.
#include <cstddef>
#include <cstdint>

#include "core/pyrun/recorded_spec.h"
#include "core/spec/instance.h"

namespace {

void read_call(const tl::Json& call, const tl::Spec& base) {
    const tl::LoadResult rec = tl::recorded_spec(call, base);
    if (rec.spec) (void)tl::resolve(*rec.spec);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const tl::Json doc = tl::Json::parse(data, data + size, nullptr, /*allow_exceptions=*/false);
    if (doc.is_discarded()) return 0;
    static const tl::Spec base = [] {
        tl::Spec s;
        s.version = 2;
        s.name = "fuzz";
        s.description = "recorded from a fuzzed result.json";
        return s;
    }();
    const auto calls = doc.is_object() ? doc.find("calls") : doc.end();
    if (calls != doc.end() && calls->is_array())
        for (const tl::Json& call : *calls) read_call(call, base);
    else
        read_call(doc, base);
    return 0;
}
