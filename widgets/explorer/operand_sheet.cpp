#include "widgets/explorer/operand_sheet.h"

#include <QPainter>
#include <algorithm>

#include "widgets/explorer/legend.h"
#include "widgets/explorer/operand_fit.h"
#include "widgets/explorer/tail_bands.h"

namespace tl::gui {

namespace {

// A stretched canvas says so in its corner, as the window's view does.
void paintAspectNote(QPainter& p, const QRectF& canvas, const view::ViewTransform& t,
                     const ExplorerPalette& pal, const QFont& font) {
    const QString note = aspectText(t.scale_x / t.scale_y);
    if (note.isEmpty()) return;
    QFont small = font;
    small.setPixelSize(10);
    p.setFont(small);
    p.setPen(pal.subtleText);
    p.drawText(canvas.adjusted(4, 0, -6, -1), Qt::AlignRight | Qt::AlignBottom, note);
}

}  // namespace

view::SheetMetrics sheetMetrics() {
    view::SheetMetrics m;
    m.title = 24;
    return m;
}

view::RectF sheetCanvas(const view::SheetLayout& layout, std::size_t i) {
    const view::RectF& r = layout.panels[i];
    const double title = sheetMetrics().title;
    return {r.x, r.y + title, r.w, r.h - title};
}

std::vector<view::ViewTransform> sheetTransforms(const view::SheetLayout& layout,
                                                 const std::vector<view::OperandScene>& scenes) {
    const std::size_t n = std::min(scenes.size(), layout.panels.size());
    std::vector<double> own;
    for (std::size_t i = 0; i < n; ++i)
        own.push_back(view::fit(scenes[i].extent, sheetCanvas(layout, i), 10).scale_x);
    const double common = own.empty() ? 0 : *std::min_element(own.begin(), own.end());
    std::vector<view::ViewTransform> fits;
    for (std::size_t i = 0; i < n; ++i)
        fits.push_back(fitOperand(scenes[i].extent, sheetCanvas(layout, i), 10,
                                  view::shared_scale(own[i], common)));
    return fits;
}

PaintStats paintSheet(QPainter& p, const view::SheetLayout& layout, const SheetContent& content,
                      const ExplorerPalette& pal, const QFont& font) {
    PaintStats total;
    p.fillRect(QRectF(0, 0, layout.width, layout.height), pal.background);
    QFont headerFont = font;
    headerFont.setPixelSize(15);
    headerFont.setBold(true);
    p.setFont(headerFont);
    p.setPen(pal.text);
    const auto& h = layout.header;
    // Elided, never cut mid-word at the sheet's edge (a narrow export of a long name).
    const QString header =
        p.fontMetrics().elidedText(content.header, Qt::ElideRight, static_cast<int>(h.w));
    p.drawText(QRectF(h.x, h.y, h.w, h.h), Qt::AlignLeft | Qt::AlignVCenter, header);
    QFont titleFont = font;
    titleFont.setPixelSize(12);
    const double title = sheetMetrics().title;
    LegendContent legend;
    legend.heat = content.heat;
    const std::size_t n = std::min(content.scenes.size(), layout.panels.size());
    const std::vector<view::ViewTransform> fits = sheetTransforms(layout, content.scenes);
    for (std::size_t i = 0; i < n; ++i) {
        const view::OperandScene& s = content.scenes[i];
        const view::RectF& r = layout.panels[i];
        const view::RectF c = sheetCanvas(layout, i);
        const QRectF canvas(c.x, c.y, c.w, c.h);
        OperandPaintOptions o;
        o.coverageOverlay = content.coverage;
        o.font = font;
        if (i < content.heatLayers.size() && !content.heatLayers[i].image.isNull()) {
            o.heat = &content.heatLayers[i].image;
            o.heatBinRows = content.heatLayers[i].binRows;
            o.heatBinCols = content.heatLayers[i].binCols;
        }
        const view::ViewTransform& t = fits[i];
        PaintStats st = paintOperandCanvas(p, canvas, s, t, o, pal);
        st.tailBands = paintTailBands(p, canvas, s, t, o, pal);
        paintAspectNote(p, canvas, t, pal, font);
        total.rects += st.rects;
        total.lines += st.lines;
        total.labels += st.labels;
        total.rasterCoverage = total.rasterCoverage || st.rasterCoverage;
        total.tailBands += st.tailBands;
        paintOperandTitle(p, QRectF(r.x, r.y, r.w, title), s, pal, titleFont);
        p.setPen(QPen(pal.subtleText, 1));
        p.setBrush(Qt::NoBrush);
        p.drawRect(QRectF(r.x, r.y, r.w, r.h).adjusted(0.5, 0.5, -0.5, -0.5));
        legend.roleHues.push_back(ExplorerPalette::roleHue(s.role, s.role_index));
        legend.innerStreamed = legend.innerStreamed || (s.inner.present && s.inner.streamed);
        legend.innerHeld = legend.innerHeld || (s.inner.present && !s.inner.streamed);
    }
    QFont legendFont = font;
    legendFont.setPixelSize(11);
    const auto& l = layout.legend;
    paintLegend(p, QRectF(l.x, l.y, l.w, l.h), pal, legend, legendFont);
    return total;
}

}  // namespace tl::gui
