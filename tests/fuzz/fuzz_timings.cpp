// libFuzzer harness: every timing importer (core/timings/io). The input is written as a file
// and imported through the registry: detected, then as each format by name, so gzip input goes
// through the decompressing stream. Chrome traces are also scanned in tiny chunks, so that every
// token of the streaming JSON scanner straddles a chunk boundary somewhere.
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>

#include "core/timings/io/chrome_trace.h"
#include "core/timings/io/gzip_stream.h"
#include "core/timings/io/registry.h"

namespace {

// One file per process (libFuzzer may run several jobs side by side).
std::string temp_path(std::string_view extension) {
    const char* dir = std::getenv("TMPDIR");
    return std::string(dir && *dir ? dir : "/tmp") + "/tilelens-fuzz-" +
           std::to_string(::getpid()) + std::string(extension);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view bytes(reinterpret_cast<const char*>(data), size);
    // The extension only rules out a family (a ".csv" is never JSON), so both are tried.
    for (const char* extension : {".json", ".csv"}) {
        const std::string path = temp_path(extension);
        {
            std::ofstream out(path, std::ios::binary | std::ios::trunc);
            out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
        }
        std::uint64_t calls = 0;
        const tl::ProgressFn progress = [&calls](std::uint64_t, std::uint64_t) {
            ++calls;
            return true;
        };
        (void)tl::import_timing_file(path, {}, progress);
        if (extension == std::string_view(".json"))
            for (const auto& importer : tl::timing_importers())
                (void)tl::import_timing_file(path, {}, progress, importer->format_id());
        std::remove(path.c_str());
    }
    if (!tl::is_gzip(bytes)) {
        std::istringstream in{std::string(bytes)};
        (void)tl::import_chrome_trace(in, {}, {}, 1 + size % 7);
    }
    return 0;
}
