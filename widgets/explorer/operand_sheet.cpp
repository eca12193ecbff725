#include "widgets/explorer/operand_sheet.h"

#include <QPainter>
#include <algorithm>

#include "widgets/explorer/legend.h"

namespace tl::gui {

view::SheetMetrics sheetMetrics() {
    view::SheetMetrics m;
    m.title = 24;
    return m;
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
    p.drawText(QRectF(h.x, h.y, h.w, h.h), Qt::AlignLeft | Qt::AlignVCenter, content.header);
    QFont titleFont = font;
    titleFont.setPixelSize(12);
    const double title = sheetMetrics().title;
    LegendContent legend;
    legend.heat = content.heat;
    const std::size_t n = std::min(content.scenes.size(), layout.panels.size());
    auto canvasOf = [&](std::size_t i) {
        const view::RectF& r = layout.panels[i];
        return view::RectF{r.x, r.y + title, r.w, r.h - title};
    };
    std::vector<double> own;
    for (std::size_t i = 0; i < n; ++i)
        own.push_back(view::fit(content.scenes[i].extent, canvasOf(i), 10).scale_x);
    const double common = own.empty() ? 0 : *std::min_element(own.begin(), own.end());
    for (std::size_t i = 0; i < n; ++i) {
        const view::OperandScene& s = content.scenes[i];
        const view::RectF& r = layout.panels[i];
        const view::RectF c = canvasOf(i);
        const QRectF canvas(c.x, c.y, c.w, c.h);
        OperandPaintOptions o;
        o.coverageOverlay = content.coverage;
        o.font = font;
        if (i < content.heatLayers.size() && !content.heatLayers[i].image.isNull()) {
            o.heat = &content.heatLayers[i].image;
            o.heatBinRows = content.heatLayers[i].binRows;
            o.heatBinCols = content.heatLayers[i].binCols;
        }
        const view::ViewTransform t =
            view::fit(s.extent, c, 10, 24, view::shared_scale(own[i], common));
        const PaintStats st = paintOperandCanvas(p, canvas, s, t, o, pal);
        total.rects += st.rects;
        total.lines += st.lines;
        total.labels += st.labels;
        total.rasterCoverage = total.rasterCoverage || st.rasterCoverage;
        paintOperandTitle(p, QRectF(r.x, r.y, r.w, title), s, pal, titleFont);
        p.setPen(QPen(pal.subtleText, 1));
        p.setBrush(Qt::NoBrush);
        p.drawRect(QRectF(r.x, r.y, r.w, r.h).adjusted(0.5, 0.5, -0.5, -0.5));
        legend.roleHues.push_back(ExplorerPalette::roleHue(s.role, s.role_index));
    }
    QFont legendFont = font;
    legendFont.setPixelSize(11);
    const auto& l = layout.legend;
    paintLegend(p, QRectF(l.x, l.y, l.w, l.h), pal, legend, legendFont);
    return total;
}

}  // namespace tl::gui
