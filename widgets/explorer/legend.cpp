#include "widgets/explorer/legend.h"

#include <QFontMetricsF>
#include <QLinearGradient>
#include <QPainter>
#include <cmath>
#include <functional>

#include "widgets/explorer/paint_layers.h"
#include "widgets/explorer/type_scale.h"

namespace tl::gui {

namespace {

struct Item {
    double swatchWidth = 0;
    std::function<void(QPainter&, const QRectF&)> swatch;  // paints into its box
    QString text;
};

// A block cut into three inner tiles, the first shaded, the boundaries dashed when streamed.
Item innerItem(const ExplorerPalette& pal, const QColor& hue, bool streamed, bool first, double s) {
    return {2 * s,
            [&pal, hue, streamed](QPainter& p, const QRectF& b) {
                p.fillRect(b, hue);
                const double w = b.width() / 3;
                p.fillRect(QRectF(b.x(), b.y(), w, b.height()), layers::innerFirstTile(pal, hue));
                p.save();
                p.setPen(layers::innerTilePen(pal, hue, hue, streamed));
                for (int i = 1; i < 3; ++i)
                    p.drawLine(QLineF(b.x() + i * w, b.top(), b.x() + i * w, b.bottom()));
                p.restore();
            },
            (streamed ? QStringLiteral("inner tiles, streamed")
                      : QStringLiteral("inner tiles, held whole")) +
                (first ? QStringLiteral(" (first shaded)") : QString())};
}

std::vector<Item> items(const ExplorerPalette& pal, const LegendContent& c, double s) {
    std::vector<Item> out;
    if (!c.roleHues.empty()) {
        const auto hues = c.roleHues;
        out.push_back({static_cast<double>(hues.size()) * (s + 2) - 2,
                       [hues, s](QPainter& p, const QRectF& b) {
                           for (std::size_t i = 0; i < hues.size(); ++i)
                               p.fillRect(
                                   QRectF(b.x() + static_cast<double>(i) * (s + 2), b.y(), s, s),
                                   hues[i]);
                       },
                       QStringLiteral("this program's block")});
        if (!c.heat)
            out.push_back({s,
                           [&pal, h = hues.front()](QPainter& p, const QRectF& b) {
                               p.fillRect(b, pal.tint(h));
                           },
                           QStringLiteral("same visit")});
    }
    const QColor innerHue =
        c.roleHues.empty() ? ExplorerPalette::roleHue(Role::Input, 0) : c.roleHues.front();
    if (c.innerStreamed) out.push_back(innerItem(pal, innerHue, true, true, s));
    if (c.innerHeld) out.push_back(innerItem(pal, innerHue, false, !c.innerStreamed, s));
    out.push_back({s,
                   [&pal](QPainter& p, const QRectF& b) {
                       p.fillRect(b, pal.paddingFill);
                       layers::hatch(p, b, pal.paddingHatch, true, 4);
                   },
                   QStringLiteral("padding on read")});
    out.push_back({s,
                   [&pal](QPainter& p, const QRectF& b) {
                       p.fillRect(b, pal.droppedFill);
                       layers::hatch(p, b, pal.droppedHatch, false, 4);
                   },
                   QStringLiteral("dropped write")});
    out.push_back({s,
                   [&pal](QPainter& p, const QRectF& b) {
                       p.fillRect(b, pal.array);
                       p.setPen(QPen(pal.neverWritten, 2));
                       p.setBrush(Qt::NoBrush);
                       p.drawRect(b.adjusted(1, 1, -1, -1));
                   },
                   QStringLiteral("never written")});
    // Outlined: the dimmed fill is close to the legend's own background.
    out.push_back({s,
                   [&pal](QPainter& p, const QRectF& b) {
                       p.fillRect(b, pal.unread);
                       p.setPen(QPen(pal.blockLine, 1));
                       p.setBrush(Qt::NoBrush);
                       p.drawRect(b.adjusted(0.5, 0.5, -0.5, -0.5));
                   },
                   QStringLiteral("never read")});
    out.push_back({s,
                   [&pal](QPainter& p, const QRectF& b) {
                       p.fillRect(b, pal.repeated(ExplorerPalette::roleHue(Role::Output, 0)));
                   },
                   QStringLiteral("written 2+ times")});
    if (c.heat)
        out.push_back({48,
                       [&pal](QPainter& p, const QRectF& b) {
                           QLinearGradient g(b.topLeft(), b.topRight());
                           for (int i = 0; i <= 4; ++i) g.setColorAt(i / 4.0, pal.heat(i / 4.0));
                           p.fillRect(b, g);
                       },
                       QStringLiteral("|out − ref| ÷ tolerance: 1 → 10⁶, NaN")});
    return out;
}

// Lays the items out in the width of `r`, painting them when `p` is given; returns the height.
double flowLegend(QPainter* p, const QRectF& r, const ExplorerPalette& pal,
                  const LegendContent& content, const QFont& font) {
    if (p) {
        p->save();
        p->setFont(font);
    }
    const QFontMetricsF fm(font);
    const double s = 12, line = std::max(fm.height(), s) + 4;
    double x = r.left(), y = r.top();
    for (const Item& it : items(pal, content, s)) {
        const double w = it.swatchWidth + 5 + fm.horizontalAdvance(it.text) + 14;
        if (x > r.left() && x + w > r.right()) {  // wrap
            x = r.left();
            y += line;
        }
        if (p) {
            it.swatch(*p, QRectF(x, y + (line - s) / 2, it.swatchWidth, s));
            p->setPen(pal.subtleText);
            p->drawText(QRectF(x + it.swatchWidth + 5, y, w, line),
                        Qt::AlignLeft | Qt::AlignVCenter, it.text);
        }
        x += w;
    }
    if (p) p->restore();
    return y + line - r.top();
}

}  // namespace

double paintLegend(QPainter& p, const QRectF& r, const ExplorerPalette& pal,
                   const LegendContent& content, const QFont& font) {
    return flowLegend(&p, r, pal, content, font);
}

double legendHeight(double width, const ExplorerPalette& pal, const LegendContent& content,
                    const QFont& font) {
    return flowLegend(nullptr, QRectF(0, 0, width, 1e6), pal, content, font);
}

LegendBar::LegendBar(QWidget* parent) : QWidget(parent) {
    setObjectName(QStringLiteral("legend"));
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
}

QFont LegendBar::legendFont() const {
    QFont f = font();
    f.setPixelSize(type_px(11));
    return f;
}

void LegendBar::setContent(LegendContent content) {
    content_ = std::move(content);
    updateHeight();
    update();
}

int LegendBar::heightFor(int width) const {
    const double h = legendHeight(std::max(width - 4, 50), ExplorerPalette::forPalette(palette()),
                                  content_, legendFont());
    return static_cast<int>(std::ceil(h)) + 4;
}

void LegendBar::updateHeight() {
    setFixedHeight(heightFor(width()));
}

void LegendBar::resizeEvent(QResizeEvent*) {
    updateHeight();
}

void LegendBar::paintEvent(QPaintEvent*) {
    QPainter p(this);
    paintLegend(p, QRectF(rect()).adjusted(4, 2, 0, 0), ExplorerPalette::forPalette(palette()),
                content_, legendFont());
}

}  // namespace tl::gui
