#pragma once
// `tilelens --export-image FILE.png|.svg|.pdf [--program i,j,k]
// [--view operands|coverage|heat|navigator]
// [--size WxH] [--scale S] [SPEC]`: the operand views of one program (all operands, titles,
// legend) rendered without a window (docs/exports.md, "Images").
#include <QImage>
#include <QSize>
#include <QString>
#include <optional>
#include <vector>

#include "widgets/document/explorer_snapshot.h"

namespace tl::gui {

// What the sheet shows: the program's blocks, the coverage counts of every cell (0, 1, 2+),
// the error heat of a run of the kernel on its outputs, or the navigator's grid of programs.
enum class ExportView { Operands, Coverage, Heat, Navigator };

struct ImageExportOptions {
    ExportView view = ExportView::Operands;
    // The image in pixels (PNG and SVG) or points (PDF); empty: the sheet's own size times
    // `scale`, about 680 sheet pixels per column of panels.
    QSize size;
    // Image pixels per sheet pixel: larger text and lines on the same picture. 0: 2 for PNG
    // (sharp on a high-density screen), 1 for SVG and PDF.
    double scale = 0;
    bool dark = false;
    double sheetWidth = 0;  // without `size`: the sheet's width; 0 as above
};

// "1,2,0" (or "(1, 2, 0)") as an iteration-order index of `grid`; nullopt with *error set
// when the count or a coordinate is wrong.
std::optional<qint64> parseProgramCoords(const QString& text, const std::vector<std::int64_t>& grid,
                                         QString* error);
// "operands", "coverage", "heat" or "navigator"; nullopt with *error naming the choices.
std::optional<ExportView> parseExportView(const QString& text, QString* error);
// "1600x1000" (also "1600X1000", "1600×1000"), each side 16 to 20000; nullopt with *error.
std::optional<QSize> parseImageSize(const QString& text, QString* error);
// A number from 0.25 to 8; nullopt with *error.
std::optional<double> parseImageScale(const QString& text, QString* error);

// Writes the sheet of `snapshot` at `program` to `outPath` (PNG, SVG or PDF, by suffix). The
// heat view needs `snapshot.run` with references. Returns an empty string on success, else
// what went wrong.
QString exportImage(const ExplorerSnapshot& snapshot, qint64 program, const QString& outPath,
                    const ImageExportOptions& options);
// The same picture in memory, at `options.scale` (default 1) image pixels per sheet pixel; a
// null image with *error set when it cannot be drawn.
QImage renderImage(const ExplorerSnapshot& snapshot, qint64 program,
                   const ImageExportOptions& options, QString* error);

// A spec file (or ":/..." resource) read for an export, the built-in matmul-rect example when
// `*path` is empty (then *path names it); nullopt with *error when it does not load.
std::optional<Spec> readExportSpec(QString* path, QString* error);
// `spec` resolved and analysed as the explorer would show it, and with `run` its kernel run on
// its own params (for the heat view); nullopt with *error when it does not resolve or run.
std::optional<ExplorerSnapshot> exportSnapshot(const Spec& spec, bool run, QString* error);

// The operand view at 2x (PNG) or 1x (SVG), `width` 0 as above.
QString exportOperandImage(const ExplorerSnapshot& snapshot, qint64 program, const QString& outPath,
                           bool dark = false, double width = 0);

// The command line's values, as typed (empty: not given).
struct ExportImageArgs {
    QString specPath;  // empty: the built-in matmul-rect example
    QString outPath;
    QString program, view, size, scale;
    QString theme;  // "dark" draws the dark theme; anything else (or empty) the light one
};

// The command line: checks the options, loads SPEC (a file or ":/examples/..."), runs the
// kernel for the heat view, renders, prints any error to stderr with the fix. Exit codes:
// 0 written, 1 could not write, 2 bad spec, option value or file suffix.
int runExportImage(const ExportImageArgs& args);

}  // namespace tl::gui
