// tilelens-audit: the headless checker. Summary on standard output, errors on standard
// error, exit codes 0/1/2/3 (docs/report-format.md).
#include <filesystem>
#include <iostream>

#include "app/audit/cli.h"
#include "app/audit/cli_parse.h"
#include "app/audit/commands.h"
#include "app/audit/output.h"
#include "app/audit/progress.h"
#include "app/audit/summary.h"
#include "core/audit/audit.h"
#include "core/audit/report_json.h"
#include "core/audit/report_markdown.h"
#include "core/spec/spec_io.h"

namespace {

tl::AuditResult audit_file(const tl::cli::CheckArgs& args) {
    tl::LoadResult loaded = tl::load_spec_file(args.spec_path);
    if (!loaded.spec || !loaded.errors.empty()) {
        std::string label = std::filesystem::path(args.spec_path).filename().string();
        if (const auto pos = label.find(".tilelens.json"); pos != std::string::npos)
            label.resize(pos);
        tl::AuditResult r = tl::invalid_spec_result(label, loaded.errors);
        if (args.options.target) r.target = *args.options.target;
        return r;
    }
    tl::AuditOptions options = args.options;
    options.spec_dir = std::filesystem::path(args.spec_path).parent_path().string();
    if (!args.quiet) options.progress = tl::cli::progress_printer(std::cerr);
    return tl::run_audit(*loaded.spec, options);
}

}  // namespace

int main(int argc, char** argv) {
    const tl::cli::Parsed parsed = tl::cli::parse(argc, argv);
    switch (parsed.action) {
        case tl::cli::Parsed::Action::Exit:
            return parsed.exit_code;
        case tl::cli::Parsed::Action::Timings:
            return tl::cli::run_timings(parsed.timings);
        case tl::cli::Parsed::Action::Plan:
            return tl::cli::run_plan(parsed.plan);
        case tl::cli::Parsed::Action::Import:
            return tl::cli::run_import(parsed.import);
        case tl::cli::Parsed::Action::ExportPallas:
            return tl::cli::run_export_pallas(parsed.export_pallas);
        case tl::cli::Parsed::Action::Lesson:
            return tl::cli::run_lesson(parsed.lesson);
        case tl::cli::Parsed::Action::Check:
            break;
    }
    const tl::cli::CheckArgs& args = parsed.check;

    const tl::AuditResult result = audit_file(args);
    for (const auto& f : result.findings)
        if (f.kind == tl::FindingKind::SpecError && f.case_params.empty())
            std::cerr << "tilelens-audit: " << f.message << '\n';

    bool written = true;
    if (args.json_path)
        written &= tl::cli::write_output(*args.json_path, tl::report_json_text(result), "--json");
    if (args.markdown_path)
        written &=
            tl::cli::write_output(*args.markdown_path, tl::report_markdown(result), "--markdown");

    // A report on standard output must stay parseable: the summary then stays silent.
    const bool stdout_taken = (args.json_path && *args.json_path == "-") ||
                              (args.markdown_path && *args.markdown_path == "-");
    if (!args.quiet && !stdout_taken) tl::cli::print_summary(std::cout, result);
    if (!written) return tl::cli::kUsageError;
    return result.exit_code();
}
