#pragma once
// The navigator's grid of programs as a picture of its own (docs/exports.md, "Images",
// `--view navigator`): a header naming the spec and the program, the slice of the grid that
// holds the program, the programs before it filled, the last few as a trail, and the program
// ringed.
#include <QFont>
#include <QSizeF>
#include <QString>

#include "widgets/document/explorer_snapshot.h"
#include "widgets/explorer/grid_canvas.h"

class QPainter;

namespace tl::gui {

struct ExplorerPalette;

struct NavigatorSheet {
    QString header;
    GridPaintState state;
    QSizeF size;  // the natural size: cells of about 28 px, the header and margins
};

// The sheet of `program` (clamped to the grid); `trail` programs before it fade behind it.
NavigatorSheet navigatorSheet(const ExplorerSnapshot& snapshot, qint64 program, int trail = 8);
// Paints the sheet into `r` (its natural size or any other: the cells follow).
void paintNavigatorSheet(QPainter& p, const QRectF& r, const NavigatorSheet& sheet,
                         const ExplorerPalette& pal, const QFont& font);

}  // namespace tl::gui
