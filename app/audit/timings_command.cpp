// `tilelens-audit timings`: import, print one row per candidate, and with --spec the roofline
// and the decision (docs/report-format.md, "Timings output").
#include <cmath>
#include <filesystem>
#include <iostream>

#include "app/audit/commands.h"
#include "app/audit/output.h"
#include "app/audit/table.h"
#include "core/base/format.h"
#include "core/pyrun/python_run.h"
#include "core/pyrun/recorded_spec.h"
#include "core/spec/spec_io.h"
#include "core/timings/io/registry.h"
#include "core/timings/timings_json.h"
#include "core/timings/timings_markdown.h"
#include "core/timings/timings_summary.h"

namespace tl::cli {
namespace {

std::string seconds_or_dash(const std::optional<double>& s) {
    return s && std::isfinite(*s) ? format_seconds(*s) : "-";
}

std::string range_text(const TimingRecord& r) {
    if (!r.min_s || !r.max_s || !std::isfinite(*r.min_s) || !std::isfinite(*r.max_s)) return "-";
    return format_seconds(*r.min_s) + " – " + format_seconds(*r.max_s);
}

std::string short_file(const std::string& path) {
    return std::filesystem::path(path).filename().string();
}

// Kernel names and params past this are shortened in the table; --json keeps them whole.
constexpr std::size_t kNameWidth = 60;

void print_table(std::ostream& os, const TimingsView& v, std::size_t imported, bool with_spec) {
    std::vector<std::string> header{"file:line", "kernel", "impl",      "target",     "params",
                                    "n",         "median", "min – max", "provenance", "status"};
    if (with_spec) header.insert(header.end(), {"roofline", "% of roof"});
    TextTable t(header);
    for (std::size_t i = 0; i < imported; ++i) {
        const TimingRecord& r = v.records[i];
        const RecordFacts& f = v.facts[i];
        std::string badge = badge_text(f.provenance);
        if (const std::string check = verification_text(f.provenance); !check.empty())
            badge += ", " + check;
        std::string status(to_string(r.status));
        // A provisional decision's picks are marked as such (docs/timings.md, "The decision").
        const std::string provisional = v.decision.provisional ? ", provisional" : "";
        if (f.best) status += " (best" + provisional + ")";
        if (f.baseline) status += " (baseline" + provisional + ")";
        std::vector<std::string> row{short_file(r.file) + ":" + std::to_string(r.line),
                                     abbreviated(r.kernel.value_or("-"), kNameWidth),
                                     r.impl.value_or("-"),
                                     r.target.value_or("-"),
                                     abbreviated(params_text(r.params), kNameWidth),
                                     r.n ? std::to_string(*r.n) : "-",
                                     seconds_or_dash(r.median_s),
                                     range_text(r),
                                     badge,
                                     status};
        if (with_spec) {
            row.push_back(f.roofline ? format_seconds(f.roofline->roofline_s) +
                                           (f.roofline->compute_bound ? " compute" : " memory")
                                     : "-");
            row.push_back(f.roofline && f.roofline->fraction_of_roof
                              ? format_percent(*f.roofline->fraction_of_roof)
                              : "-");
        }
        t.add(std::move(row));
    }
    os << imported << " record" << (imported == 1 ? "" : "s") << '\n';
    if (imported > 0) t.print(os);
}

void print_decision(std::ostream& os, const TimingsView& v, std::size_t imported) {
    const Decision& d = v.decision;
    if (!d.tie_note.empty()) os << "note: " << d.tie_note << '\n';
    for (const auto& e : d.excluded)
        if (e.index < imported)
            os << "left out: " << short_file(v.records[e.index].file) << ':'
               << v.records[e.index].line << ": " << e.reason << '\n';
    os << "decision: " << d.sentence << '\n';
}

Json with_rooflines(Json doc, const TimingsView& v, std::size_t imported) {
    Json& records = doc["records"];
    for (std::size_t i = 0; i < imported && i < records.size(); ++i) {
        const RecordFacts& f = v.facts[i];
        Json m = Json::object();
        m["flops"] = f.cost.flops ? Json(*f.cost.flops) : Json(nullptr);
        m["hbm_bytes"] = f.cost.bytes ? Json(*f.cost.bytes) : Json(nullptr);
        m["bytes_from"] = f.cost.bytes_from.empty() ? Json(nullptr) : Json(f.cost.bytes_from);
        if (f.roofline) {
            m["roofline_s"] = f.roofline->roofline_s;
            m["bound"] = f.roofline->compute_bound ? "compute" : "memory";
            m["achieved_flops"] =
                f.roofline->achieved_flops ? Json(*f.roofline->achieved_flops) : Json(nullptr);
            m["fraction_of_roof"] =
                f.roofline->fraction_of_roof ? Json(*f.roofline->fraction_of_roof) : Json(nullptr);
        } else {
            m["note"] = f.roofline_note;
        }
        records[i]["roofline"] = std::move(m);
    }
    return doc;
}

// The files name a kernel by the spec's name or by its body ("matmul"): whichever they use.
std::string decision_kernel(const Spec& spec, const std::vector<TimingRecord>& records) {
    for (const auto& r : records)
        if (r.kernel == spec.name) return spec.name;
    return spec.kernel ? spec.kernel->body : spec.name;
}

// Imports every file (attested with --verified NOTE when given); returns the files from which
// nothing could be imported.
std::vector<std::string> import_files(const TimingsArgs& a, std::vector<TimingRecord>& records,
                                      Diagnostics& warnings) {
    std::vector<std::string> empty;
    ImportConfig config;
    config.target = a.target;  // fills the records whose file names no target
    for (const auto& file : a.files) {
        ImportResult r = import_timing_file(file, config, {}, a.format);
        if (a.verified) attest_verified(r, file, *a.verified);
        if (r.records.empty()) empty.push_back(file);
        records.insert(records.end(), std::make_move_iterator(r.records.begin()),
                       std::make_move_iterator(r.records.end()));
        warnings.insert(warnings.end(), r.warnings.begin(), r.warnings.end());
    }
    return empty;
}

}  // namespace

bool files_readable(const std::vector<std::string>& files, const char* command) {
    for (const auto& f : files) {
        std::error_code ec;
        if (!std::filesystem::is_regular_file(f, ec)) {
            std::cerr << "tilelens-audit " << command << ": cannot read '" << f << "': "
                      << (std::filesystem::exists(f, ec) ? "not a regular file" : "no such file")
                      << "; check the path\n";
            return false;
        }
    }
    return true;
}

// A Python kernel's spec is planned and charted as its pallas_call recorded at the spec's own
// params: the real grid and blocks (the file's tile choices are its own code, not varied).
std::shared_ptr<const Spec> recorded_or_report(const Spec& spec, const std::string& path,
                                               const char* command) {
    PythonRequest req;
    req.spec_dir = std::filesystem::path(path).parent_path().string();
    req.params = std::map<std::string, std::int64_t>(spec.params.begin(), spec.params.end());
    const PythonRun run = run_python(spec, req);
    std::string why = join(run.errors, "; ");
    if (run.failure) why = "the kernel file failed: " + run.failure->to_string();
    if (run.ok()) {
        LoadResult rec = recorded_spec(run.call(), spec);
        if (rec.spec) {
            std::cerr << "tilelens-audit " << command << ": " << spec.python->file
                      << ": the pallas_call as recorded at the spec's params (a Python kernel's "
                         "tiling is its code's; it is not varied)\n";
            return std::make_shared<const Spec>(*rec.spec);
        }
        why = join(rec.errors, "; ");
    }
    std::cerr << "tilelens-audit " << command << ": " << path << ": " << why << '\n';
    return nullptr;
}

std::shared_ptr<const Spec> load_spec_or_report(const std::string& path, const char* command) {
    LoadResult loaded = load_spec_file(path);
    if (loaded.spec && loaded.errors.empty() && loaded.spec->python)
        return recorded_or_report(*loaded.spec, path, command);
    if (loaded.spec && loaded.errors.empty()) return std::make_shared<const Spec>(*loaded.spec);
    for (const auto& e : loaded.errors)
        std::cerr << "tilelens-audit " << command << ": " << e.to_string() << '\n';
    if (loaded.errors.empty())
        std::cerr << "tilelens-audit " << command << ": " << path
                  << ": the spec could not be read\n";
    return nullptr;
}

int run_timings(const TimingsArgs& a) {
    if (!files_readable(a.files, "timings")) return kUsageError;
    std::shared_ptr<const Spec> spec;
    if (a.spec_path && !(spec = load_spec_or_report(*a.spec_path, "timings"))) return kUsageError;

    if (!a.format.empty() && !find_timing_importer(a.format)) {
        std::cerr << "tilelens-audit timings: --format '" << a.format
                  << "' is not a timing format; use one of: " << known_timing_formats() << '\n';
        return kUsageError;
    }
    std::vector<TimingRecord> records;
    Diagnostics warnings;
    const std::vector<std::string> empty = import_files(a, records, warnings);
    const std::size_t imported = records.size();

    TimingsSettings settings;
    settings.target = a.target;
    settings.share = a.share;
    settings.threshold = a.threshold;
    if (!a.baseline.empty()) settings.baseline = a.baseline;
    if (spec) settings.kernel = decision_kernel(*spec, records);
    const TimingsView v = make_timings_view(records, warnings, spec, settings);

    bool written = true;
    if (a.json_path) {
        // v.warnings: the import's, and those of records whose params do not fit the spec
        Json doc = timings_json(records, v.warnings, spec ? &v.decision : nullptr);
        if (spec) doc = with_rooflines(std::move(doc), v, imported);
        written = write_output(*a.json_path, doc.dump(2) + "\n", "--json");
    }
    if (a.markdown_path)
        written &= write_output(*a.markdown_path, timings_markdown(v, imported, spec != nullptr),
                                "--markdown");
    const bool stdout_taken =
        (a.json_path && *a.json_path == "-") || (a.markdown_path && *a.markdown_path == "-");
    if (!a.quiet && !stdout_taken) {
        print_table(std::cout, v, imported, spec != nullptr);
        for (const auto& w : v.warnings) std::cout << "warning: " << w.to_string() << '\n';
        if (spec) print_decision(std::cout, v, imported);
    }
    // A file that gives nothing is an error, not a quiet "0 records": CI must notice.
    for (const auto& f : empty)
        std::cerr << "tilelens-audit timings: " << f
                  << ": no timing record could be imported (see the warnings; --format ID names "
                     "the format when detection picked the wrong one)\n";
    return written && empty.empty() ? 0 : kUsageError;
}

}  // namespace tl::cli
