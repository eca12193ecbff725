// libFuzzer harness: the spec loader (core/spec), format versions 1 and 2 alike (the version
// is the document's own "tilelens" key). A spec that loads is resolved at its params and
// written back out.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "core/spec/instance.h"
#include "core/spec/spec_io.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const tl::LoadResult loaded = tl::load_spec(text, "fuzz.tilelens.json");
    if (!loaded.spec) return 0;
    (void)tl::resolve(*loaded.spec);
    (void)tl::save_spec(*loaded.spec);
    return 0;
}
