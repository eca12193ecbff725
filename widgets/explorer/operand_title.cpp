// The title strip of an operand view and the texts it is made of.
#include <QFontMetricsF>
#include <QPainter>
#include <QStringList>
#include <cmath>

#include "widgets/explorer/operand_painter.h"

namespace tl::gui {

QString dtypeText(DType d) {
    const std::string_view v = to_string(d);
    return QString::fromUtf8(v.data(), static_cast<qsizetype>(v.size()));
}

QString blockShapeText(const std::vector<ResolvedBlockDim>& block) {
    QStringList parts;
    for (const auto& b : block) {
        switch (b.kind) {
            case BlockDim::Kind::Blocked:
                parts << QString::number(b.size);
                break;
            case BlockDim::Kind::Squeezed:
                parts << QStringLiteral("None");
                break;
            case BlockDim::Kind::Element:
                parts << QStringLiteral("Element(%1, pad %2/%3)")
                             .arg(b.size)
                             .arg(b.pad_lo)
                             .arg(b.pad_hi);
                break;
        }
    }
    return u'(' + parts.join(QStringLiteral(", ")) + u')';
}

QString tupleText(const std::vector<std::int64_t>& v) {
    QStringList parts;
    for (std::int64_t x : v) parts << QString::number(x);
    return u'(' + parts.join(QStringLiteral(", ")) + u')';
}

QString operandShapeText(const view::OperandScene& s) {
    if (s.shape.empty()) return QStringLiteral("scalar");
    QStringList parts;
    for (std::int64_t x : s.shape) parts << QString::number(x);
    return parts.join(QStringLiteral(" × "));
}

QString sliceText(const view::OperandScene& s) {
    if (s.rank() < 3) return {};
    QStringList parts;
    for (std::int64_t x : s.slice) parts << QString::number(x);
    parts << QStringLiteral(":") << QStringLiteral(":");
    return u'[' + parts.join(QStringLiteral(", ")) + u']';
}

QString operandStepText(const view::OperandScene& s) {
    if (s.program < 0) return {};
    if (s.manual) return QStringLiteral("whole array in HBM · moved by the kernel");
    if (s.block_index.empty()) return QStringLiteral("index map failed here");
    const QString block = QStringLiteral("block ") + tupleText(s.block_index);
    if (s.out_of_bounds) return block + QStringLiteral(" · out of bounds");
    if (s.role == Role::Input)
        return block + (s.copy ? QStringLiteral(" · copied to VMEM")
                               : QStringLiteral(" · reused, copy skipped"));
    const QString extra = s.discard   ? QStringLiteral(" · discarded")
                          : s.aliased ? QStringLiteral(" · aliased")
                                      : QString();
    return block +
           (s.copy ? QStringLiteral(" · written back") : QStringLiteral(" · accumulating")) + extra;
}

QString aspectText(double aspect) {
    if (!(aspect > 0) || (aspect < 1.05 && aspect > 1 / 1.05)) return {};
    const bool cols = aspect > 1;
    const double k = cols ? aspect : 1 / aspect;
    const QString times = k >= 10 ? QString::number(std::lround(k)) : QString::number(k, 'f', 1);
    return cols ? QStringLiteral("not to scale: columns ×%1 wide").arg(times)
                : QStringLiteral("not to scale: rows ×%1 tall").arg(times);
}

void paintOperandTitle(QPainter& p, const QRectF& strip, const view::OperandScene& s,
                       const ExplorerPalette& pal, const QFont& font) {
    p.save();
    p.fillRect(strip, pal.title);
    const QColor hue = ExplorerPalette::roleHue(s.role, s.role_index);
    const QRectF swatch(strip.left() + 6, strip.center().y() - 5, 10, 10);
    p.fillRect(swatch, hue);
    QFont bold = font;
    bold.setBold(true);
    const QFontMetricsF bm(bold), fm(font);
    double x = swatch.right() + 6;
    const QString name = QString::fromStdString(s.name);
    p.setFont(bold);
    p.setPen(pal.text);
    p.drawText(QRectF(x, strip.top(), bm.horizontalAdvance(name) + 2, strip.height()),
               Qt::AlignLeft | Qt::AlignVCenter, name);
    x += bm.horizontalAdvance(name) + 8;
    QString detail = dtypeText(s.dtype) + QStringLiteral("  ") + operandShapeText(s);
    detail += QStringLiteral("  ·  blocks ") + blockShapeText(s.block);
    if (s.rank() >= 3) detail += QStringLiteral("  ·  slice ") + sliceText(s);
    const QString step = operandStepText(s);
    // The step is the news of the program: it keeps its room, the details take what is left.
    const double stepW =
        std::max(0.0, std::min(fm.horizontalAdvance(step) + 2, strip.right() - 8 - x - 12));
    p.setFont(font);
    p.setPen(pal.subtleText);
    const double room = strip.right() - 8 - stepW - 12 - x;
    p.drawText(QRectF(x, strip.top(), std::max(room, 0.0), strip.height()),
               Qt::AlignLeft | Qt::AlignVCenter, fm.elidedText(detail, Qt::ElideRight, room));
    p.drawText(QRectF(strip.right() - 8 - stepW, strip.top(), stepW, strip.height()),
               Qt::AlignRight | Qt::AlignVCenter, fm.elidedText(step, Qt::ElideRight, stepW));
    p.restore();
}

}  // namespace tl::gui
