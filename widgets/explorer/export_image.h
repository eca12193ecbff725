#pragma once
// `tilelens --export-image OUT.png|OUT.svg [--program i,j,k] [SPEC]`: the operand views of
// one program (all operands, titles, legend) rendered without a window.
#include <QString>
#include <optional>
#include <vector>

#include "widgets/explorer_snapshot.h"

namespace tl::gui {

// "1,2,0" (or "(1, 2, 0)") as an iteration-order index of `grid`; nullopt with *error set
// when the count or a coordinate is wrong.
std::optional<qint64> parseProgramCoords(const QString& text, const std::vector<std::int64_t>& grid,
                                         QString* error);

// Writes the sheet of `snapshot` at `program` to `outPath` (PNG at 2x, or SVG, by suffix).
// `width` 0: about 680 pixels per column of panels. Returns an empty string on success,
// else what went wrong.
QString exportOperandImage(const ExplorerSnapshot& snapshot, qint64 program, const QString& outPath,
                           bool dark = false, double width = 0);

// The command line: loads SPEC (a file or ":/examples/..."), renders, prints any error to
// stderr. Exit codes: 0 written, 1 could not write, 2 bad spec or --program.
int runExportImage(const QString& specPath, const QString& outPath, const QString& program);

}  // namespace tl::gui
