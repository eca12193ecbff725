#include "widgets/explorer/navigator_sheet.h"

#include <QPainter>
#include <algorithm>

#include "core/spec/instance.h"
#include "widgets/explorer/explorer_palette.h"

namespace tl::gui {

namespace {

constexpr double kCell = 28, kSheetMargin = 16, kHeader = 48;  // two lines of 15 px

}  // namespace

NavigatorSheet navigatorSheet(const ExplorerSnapshot& snapshot, qint64 program, int trail) {
    NavigatorSheet s;
    if (!snapshot.analysis) return s;
    const Instance& inst = snapshot.analysis->instance();
    s.state.plane = view::GridPlane(inst.grid);
    const qint64 last = std::max<qint64>(s.state.plane.programs() - 1, 0);
    program = std::clamp<qint64>(program, 0, last);
    s.state.current = program;
    s.state.slice = s.state.plane.cell_of(program).slice;
    for (qint64 p = program - 1; p >= 0 && p >= program - trail; --p) s.state.trail.push_back(p);
    for (const std::string& n : grid_axis_names(inst))
        s.state.axisNames << QString::fromStdString(n);
    const QString name = snapshot.spec ? QString::fromStdString(snapshot.spec->name) : QString();
    QStringList coords;
    for (const std::int64_t c : snapshot.analysis->program_coords(program))
        coords << QString::number(c);
    s.header = QStringLiteral("%1  ·  grid (%2)\nprogram_id (%3)  ·  #%4 of %5")
                   .arg(name)
                   .arg([&] {
                       QStringList g;
                       for (const std::int64_t n : inst.grid) g << QString::number(n);
                       return g.join(QStringLiteral(", "));
                   }())
                   .arg(coords.join(QStringLiteral(", ")))
                   .arg(program)
                   .arg(s.state.plane.programs());
    // Cells of kCell pixels, within 360 .. 1400 px a side: a big grid gets smaller cells.
    const double w = static_cast<double>(s.state.plane.cols()) * kCell + 60;
    const double h = static_cast<double>(s.state.plane.rows()) * kCell + 40;
    s.size = QSizeF(std::clamp(w, 420.0, 1400.0) + 2 * kSheetMargin,
                    std::clamp(h, 120.0, 1400.0) + kHeader + 2 * kSheetMargin);
    return s;
}

void paintNavigatorSheet(QPainter& p, const QRectF& r, const NavigatorSheet& sheet,
                         const ExplorerPalette& pal, const QFont& font) {
    p.fillRect(r, pal.background);
    QFont headerFont = font;
    headerFont.setPixelSize(15);
    headerFont.setBold(true);
    p.setFont(headerFont);
    p.setPen(pal.text);
    const QRectF header(r.x() + kSheetMargin, r.y() + kSheetMargin, r.width() - 2 * kSheetMargin,
                        kHeader);
    p.drawText(header, Qt::AlignLeft | Qt::AlignVCenter | Qt::TextWordWrap, sheet.header);
    const QRectF plane(r.x() + kSheetMargin, header.bottom(), r.width() - 2 * kSheetMargin,
                       r.bottom() - kSheetMargin - header.bottom());
    paintGridPlane(p, plane, sheet.state, pal, font);
}

}  // namespace tl::gui
