#include "widgets/explorer/finding_mark.h"
#include "widgets/explorer/type_scale.h"

#include <QFontMetricsF>
#include <QLocale>
#include <QPainter>

#include "widgets/kit/palette.h"

namespace tl::gui {

namespace {

QString kindText(FindingKind k) {
    const std::string_view v = to_string(k);
    return QString::fromUtf8(v.data(), static_cast<qsizetype>(v.size()));
}

QString countText(const Finding& f, const char* what) {
    return f.count ? QStringLiteral(" · %1 %2")
                         .arg(QLocale().toString(*f.count))
                         .arg(QString::fromUtf8(what))
                   : QString();
}

}  // namespace

FindingMark findingMark(const Finding& f, int operand, const view::OperandScene* scene,
                        std::vector<std::int64_t> programs) {
    FindingMark m;
    m.operand = operand;
    m.severity = f.severity;
    m.programs = std::move(programs);
    QString what;
    switch (f.kind) {
        case FindingKind::ParallelRace:
            what = QStringLiteral(" · %1 programs write this block").arg(m.programs.size());
            break;
        case FindingKind::ContractViolation:
            what = QStringLiteral(" · rejected: %1").arg(QString::fromStdString(f.rule));
            m.currentBlock = true;
            break;
        case FindingKind::UnreadInput:
            what = countText(f, "elements never read");
            break;
        case FindingKind::UncoveredOutput:
            what = countText(f, "elements never written");
            break;
        case FindingKind::PaddedReads:
            what = countText(f, "padding elements read");
            break;
        case FindingKind::BlockOutOfBounds:
            what = QStringLiteral(" · the block lies outside the array");
            m.currentBlock = true;
            break;
        default:
            what = countText(f, "elements");
            break;
    }
    m.caption = kindText(f.kind) + what;
    // The block the finding's element lies in, on the operand's own block grid.
    if (scene && !f.element.empty() && !m.currentBlock) {
        std::int64_t r = 0, c = 0;
        if (scene->displayed(f.element, &r, &c)) {
            const std::int64_t ri = scene->block_rows.cell_of(r), ci = scene->block_cols.cell_of(c);
            if (ri >= 0 && ci >= 0) {
                const auto [r0, r1] = scene->block_rows.cell_bounds(ri);
                const auto [c0, c1] = scene->block_cols.cell_bounds(ci);
                m.block = view::ElementRect{r0, c0, r1, c1};
            }
        }
    }
    return m;
}

void paintFindingMark(QPainter& p, const QRectF& canvas, const FindingMark& m,
                      const view::OperandScene& s, const view::ViewTransform& t,
                      const QFont& font) {
    if (m.caption.isEmpty()) return;
    const QColor colour = severityColour(m.severity);
    p.save();
    p.setClipRect(canvas);
    std::optional<view::ElementRect> outline = m.block;
    if (m.currentBlock && s.has_block) outline = s.window;
    if (outline) {
        const view::RectF r = t.to_pixels(*outline);
        QRectF q(r.x, r.y, r.w, r.h);
        q = q.adjusted(-2, -2, 2, 2);
        if (q.width() < 10) q.adjust(-(10 - q.width()) / 2, 0, (10 - q.width()) / 2, 0);
        if (q.height() < 10) q.adjust(0, -(10 - q.height()) / 2, 0, (10 - q.height()) / 2);
        p.setRenderHint(QPainter::Antialiasing, true);
        p.setBrush(Qt::NoBrush);
        p.setPen(QPen(colour, 3, Qt::DashLine));
        p.drawRect(q);
    }
    QFont f = font;
    f.setPixelSize(type_px(12));
    f.setBold(true);
    p.setFont(f);
    const QFontMetricsF fm(f);
    const QString text = fm.elidedText(m.caption, Qt::ElideRight, canvas.width() - 20);
    // At the bottom: arrays start at the top left, where a caption would cover block (0, 0).
    const QRectF box(canvas.left() + 6, canvas.bottom() - fm.height() - 12,
                     fm.horizontalAdvance(text) + 12, fm.height() + 6);
    p.setPen(Qt::NoPen);
    p.setBrush(colour);
    p.drawRoundedRect(box, 4, 4);
    p.setPen(Qt::white);
    p.drawText(box, Qt::AlignCenter, text);
    p.restore();
}

}  // namespace tl::gui
