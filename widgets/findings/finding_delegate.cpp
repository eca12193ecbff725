#include "widgets/findings/finding_delegate.h"

#include <QAbstractTextDocumentLayout>
#include <QApplication>
#include <QPainter>
#include <QTextDocument>

#include "widgets/findings/findings_model.h"
#include "widgets/kit/palette.h"
#include "widgets/kit/qstring.h"

namespace tl::gui {
namespace {

constexpr int kPad = 6;

// The list writes notes in sky blue, where the explorer's marks use blue.
QString severity_colour(Severity s) {
    return (s == Severity::Info ? QColor(okabe_ito::kSkyBlue) : severityColour(s)).name();
}

int text_width(const QStyleOptionViewItem& option) {
    const int w = option.widget ? option.widget->width() - 24 : option.rect.width();
    return std::max(w, 120) - 2 * kPad;
}

}  // namespace

FindingDelegate::FindingDelegate(const FindingsModel* model, QObject* parent)
    : QStyledItemDelegate(parent), model_(model) {}

QString FindingDelegate::html(const QModelIndex& index, const QPalette& palette,
                              bool selected) const {
    const Finding* f = model_->finding(index.row());
    if (!f) return {};
    const bool stale = model_->stale() && f->kind != FindingKind::SpecError;
    // Findings of the last valid state, while the spec as edited has errors, are dimmed.
    const QString text =
        (selected ? palette.color(QPalette::HighlightedText)
                  : palette.color(stale ? QPalette::Disabled : QPalette::Active, QPalette::Text))
            .name();
    const QString chip = selected || stale ? text : severity_colour(f->severity);
    QString kind = qs(to_string(f->kind)).toHtmlEscaped();
    if (!f->rule.empty()) kind += QStringLiteral(" (") + qs(f->rule).toHtmlEscaped() + u')';
    if (!f->cause.empty()) kind += QStringLiteral(" (") + qs(f->cause).toHtmlEscaped() + u')';
    QStringList where;
    if (!f->operand.empty())
        where << QObject::tr("operand <b>%1</b>").arg(qs(f->operand).toHtmlEscaped());
    const QString place = finding_location(*f);
    if (!place.isEmpty()) where << place.toHtmlEscaped();
    QString out = QStringLiteral(
                      "<div style='color:%1'><span style='color:%2; font-weight:bold'>%3"
                      "</span>&nbsp;&nbsp;<b>%4</b>")
                      .arg(text, chip, qs(to_string(f->severity)).toUpper().toHtmlEscaped(), kind);
    if (!where.isEmpty())
        out += QStringLiteral("<br><small>") + where.join(QStringLiteral(" · ")) +
               QStringLiteral("</small>");
    out += QStringLiteral("<br>") + qs(f->message).toHtmlEscaped() + QStringLiteral("</div>");
    return out;
}

void FindingDelegate::paint(QPainter* painter, const QStyleOptionViewItem& option,
                            const QModelIndex& index) const {
    QStyleOptionViewItem opt = option;
    initStyleOption(&opt, index);
    opt.text.clear();
    const QWidget* widget = option.widget;
    QStyle* style = widget ? widget->style() : QApplication::style();
    style->drawControl(QStyle::CE_ItemViewItem, &opt, painter, widget);

    const bool selected = option.state & QStyle::State_Selected;
    QTextDocument doc;
    doc.setDefaultFont(option.font);
    doc.setDocumentMargin(0);
    doc.setHtml(html(index, option.palette, selected));
    doc.setTextWidth(text_width(option));
    painter->save();
    painter->translate(option.rect.topLeft() + QPoint(kPad, kPad));
    doc.drawContents(painter);
    painter->restore();
    // A rule between cards.
    painter->save();
    painter->setPen(option.palette.color(QPalette::Mid));
    painter->drawLine(option.rect.bottomLeft(), option.rect.bottomRight());
    painter->restore();
}

QSize FindingDelegate::sizeHint(const QStyleOptionViewItem& option,
                                const QModelIndex& index) const {
    QTextDocument doc;
    doc.setDefaultFont(option.font);
    doc.setDocumentMargin(0);
    doc.setHtml(html(index, option.palette, false));
    doc.setTextWidth(text_width(option));
    return {text_width(option) + 2 * kPad, static_cast<int>(doc.size().height()) + 2 * kPad + 1};
}

}  // namespace tl::gui
