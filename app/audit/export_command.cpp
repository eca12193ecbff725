// `tilelens-audit export-pallas`: writes a spec as the Pallas code a user pastes into a
// kernel file (docs/exports.md).
#include <iostream>

#include "app/audit/cli.h"
#include "app/audit/cli_parse.h"
#include "app/audit/commands.h"
#include "app/audit/output.h"
#include "core/export/pallas_snippet.h"

namespace tl::cli {

Parsed parse_export_pallas(int argc, char** argv, int first) {
    Parsed out;
    ExportPallasArgs& a = out.export_pallas;
    CLI::App app{
        "tilelens-audit export-pallas: writes SPEC as Pallas code: the imports, the params as "
        "Python variables, the kernel (with the body TileLens runs for a built-in body), and the "
        "pl.pallas_call with its grid, BlockSpecs, "
        "out_shape, compiler params, aliases, scratch and scalar prefetch",
        "tilelens-audit export-pallas"};
    app.footer(
        "A spec with a python key is exported as the call its file records.\n"
        "Exit codes: 0 code written, 2 usage error, an unreadable or invalid spec, or a spec "
        "that cannot be written as Python (the message names the key).");
    app.add_option("SPEC", a.spec_path, "the spec file (*.tilelens.json)")
        ->required()
        ->type_name("SPEC");
    app.add_option("-o,--output", a.output, "the .py file to write (standard output without it)")
        ->type_name("FILE");
    if (const int code = run_parser(app, argc, argv, first, "export-pallas"); code >= 0) {
        out.exit_code = code;
        return out;
    }
    out.action = Parsed::Action::ExportPallas;
    return out;
}

int run_export_pallas(const ExportPallasArgs& a) {
    const auto spec = load_spec_or_report(a.spec_path, "export-pallas");
    if (!spec) return kUsageError;
    const PallasSnippet snippet = pallas_snippet(*spec);
    for (const auto& e : snippet.errors)
        std::cerr << "tilelens-audit export-pallas: " << a.spec_path << ": " << e << '\n';
    if (!snippet.errors.empty()) return kUsageError;
    return write_output(a.output.value_or("-"), snippet.code, "-o") ? 0 : kUsageError;
}

}  // namespace tl::cli
