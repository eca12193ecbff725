#include "core/timings/io/registry.h"

#include <filesystem>
#include <fstream>

#include "core/base/format.h"
#include "core/base/limits.h"
#include "core/timings/io/gzip_stream.h"

namespace tl {
namespace {

constexpr std::size_t kHeadBytes = 64 * 1024;

std::string strip_gz(std::string_view name) {
    if (ends_with_nocase(name, ".gz")) name.remove_suffix(3);
    return std::string(name);
}

ImportResult failure(const ImportConfig& config, std::string message) {
    ImportResult r;
    r.complete = false;
    r.warnings.push_back(timing_warning(config, 0, std::move(message)));
    return r;
}

// The first bytes of the file, decompressed when it is gzip (a decompression error, if any, in
// `gz_error`).
std::string read_head(const std::string& path, bool* gz, std::string* gz_error) {
    std::ifstream file(path, std::ios::binary);
    char magic[2] = {0, 0};
    file.read(magic, 2);
    *gz = is_gzip(std::string_view(magic, static_cast<std::size_t>(file.gcount())));
    file.clear();
    file.seekg(0);
    std::string head(kHeadBytes, '\0');
    if (*gz) {
        GzipStreambuf buf(file);
        std::istream in(&buf);
        in.read(head.data(), static_cast<std::streamsize>(head.size()));
        head.resize(static_cast<std::size_t>(in.gcount()));
        *gz_error = buf.error();
    } else {
        file.read(head.data(), static_cast<std::streamsize>(head.size()));
        head.resize(static_cast<std::size_t>(file.gcount()));
    }
    return head;
}

}  // namespace

const std::vector<std::unique_ptr<TimingImporter>>& timing_importers() {
    static const auto importers = [] {
        std::vector<std::unique_ptr<TimingImporter>> v;
        // The most specific signatures first.
        v.push_back(make_tilelens_csv_importer());
        v.push_back(make_chrome_trace_importer());
        v.push_back(make_xprof_xplane_importer());
        v.push_back(make_pytest_benchmark_importer());
        v.push_back(make_google_benchmark_importer());
        v.push_back(make_ncu_csv_importer());
        v.push_back(make_nsys_csv_importer());
        v.push_back(make_rocprof_csv_importer());
        v.push_back(make_liger_benchmark_importer());
        v.push_back(make_xprof_op_stats_json_importer());
        v.push_back(make_xprof_op_profile_importer());
        v.push_back(make_tokamax_autotuning_importer());
        v.push_back(make_xprof_op_stats_importer());
        // A header over rows of numbers only: after every CSV with a signature of its own.
        v.push_back(make_triton_perf_report_importer());
        return v;
    }();
    return importers;
}

const TimingImporter* find_timing_importer(std::string_view format_id) {
    for (const auto& imp : timing_importers())
        if (imp->format_id() == format_id) return imp.get();
    return nullptr;
}

const TimingImporter* detect_timing_format(std::string_view file_name,
                                           std::string_view first_bytes) {
    const std::string name = strip_gz(file_name);
    for (const auto& imp : timing_importers())
        if (imp->supports(name, first_bytes)) return imp.get();
    return nullptr;
}

std::string known_timing_formats() {
    std::string out;
    for (const auto& imp : timing_importers()) {
        if (!out.empty()) out += ", ";
        out += imp->format_id();
    }
    return out;
}

ImportResult import_timing_file(const std::string& path, ImportConfig config,
                                const ProgressFn& progress, std::string_view format_id) {
    if (config.file.empty()) config.file = path;
    std::error_code ec;
    if (!std::filesystem::is_regular_file(path, ec))
        return failure(config, "cannot read the file: it does not exist or is not a file");
    std::ifstream probe(path, std::ios::binary);
    if (!probe) return failure(config, "cannot open the file for reading: check its permissions");
    probe.close();
    // Refused before a byte is read (a .gz is also held to it as it inflates, below).
    const auto size = std::filesystem::file_size(path, ec);
    config.total_bytes = ec ? 0 : size;
    const auto max = static_cast<std::uintmax_t>(limit(LimitId::TimingFileBytes));
    if (!ec && size > max) {
        const auto n = static_cast<std::int64_t>(size);
        return failure(
            config, over_limit_message("the file", format_bytes(n), LimitId::TimingFileBytes, n));
    }

    bool gz = false;
    std::string gz_error;
    const std::string head = read_head(path, &gz, &gz_error);
    const TimingImporter* importer = nullptr;
    if (!format_id.empty()) {
        importer = find_timing_importer(format_id);
        if (!importer)
            return failure(config, "unknown timing format '" + std::string(format_id) +
                                       "': use one of " + known_timing_formats());
    } else {
        importer = detect_timing_format(path, head);
        if (!importer && !gz_error.empty())
            return failure(config, gz_error +
                                       ", so its format cannot be told: compress it again "
                                       "or import the uncompressed file");
        if (!importer)
            return failure(config, "not a timing file this version reads (expected one of " +
                                       known_timing_formats() +
                                       "): name the format explicitly if it is one of these");
    }

    std::ifstream file(path, std::ios::binary);
    if (!gz) return importer->import(file, config, progress);

    // Progress of a compressed file is measured in compressed bytes, so it reaches the total.
    GzipStreambuf buf(file);
    buf.set_max_output(max);
    std::istream in(&buf);
    ProgressFn compressed_progress;
    if (progress)
        compressed_progress = [&](std::uint64_t, std::uint64_t total) {
            return progress(buf.compressed_bytes_read(), total);
        };
    ImportResult result = importer->import(in, config, compressed_progress);
    if (!buf.error().empty()) {
        result.complete = false;
        result.warnings.push_back(timing_warning(config, 0,
                                                 buf.error() + "; the records read before that "
                                                               "point are kept"));
    }
    return result;
}

}  // namespace tl
