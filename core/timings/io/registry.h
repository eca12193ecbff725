#pragma once
// The timing importers, format detection, and importing a file by path (`.gz` included).
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/timings/io/importer.h"

namespace tl {

// Every importer, in the order detection tries them.
const std::vector<std::unique_ptr<TimingImporter>>& timing_importers();

// The importer with this `format_id()`, or nullptr.
const TimingImporter* find_timing_importer(std::string_view format_id);

// The first importer that supports a file of this name starting with these bytes, or
// nullptr. A trailing ".gz" on the name is ignored; `first_bytes` must be decompressed.
const TimingImporter* detect_timing_format(std::string_view file_name,
                                           std::string_view first_bytes);

// Reads the file at `path` (gzip-compressed or not, decided by its first bytes), detects its
// format (or uses `format_id` when not empty) and imports it. `config.file` defaults to
// `path`. A file that cannot be opened, detected or decompressed gives `complete = false`
// and a warning saying why and what to do.
ImportResult import_timing_file(const std::string& path, ImportConfig config = {},
                                const ProgressFn& progress = {}, std::string_view format_id = {});

// "tilelens-csv, google-benchmark, ..." for messages.
std::string known_timing_formats();

}  // namespace tl
