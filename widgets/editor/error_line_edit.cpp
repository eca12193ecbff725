#include "widgets/editor/error_line_edit.h"

#include <QFontMetricsF>
#include <QPainter>
#include <QPainterPath>

#include "widgets/editor/list_text.h"
#include "widgets/editor/undo_routing.h"
#include "widgets/editor/wavy_line.h"
#include "widgets/kit/palette.h"

namespace tl::gui {

QList<FieldError> errors_in_field(const Diagnostics& diagnostics, const QString& text,
                                  const std::string& field, bool list) {
    QList<FieldError> out;
    if (field.empty()) return out;
    const std::string utf8 = text.toStdString();
    for (const auto& d : diagnostics) {
        const auto range = locate_error(utf8, field, d.path, d.column, list);
        if (!range) continue;
        Diagnostic shown = d;
        shown.file.clear();
        out.append({range->start, range->length, QString::fromStdString(shown.to_string())});
    }
    return out;
}

ErrorLineEdit::ErrorLineEdit(std::string field, bool list, QWidget* parent)
    : QLineEdit(parent), field_(std::move(field)), list_(list) {
    route_undo_to_document(this);
    connect(this, &QLineEdit::textChanged, this, [this] { update(); });
}

void ErrorLineEdit::setErrors(QList<FieldError> errors) {
    if (errors == errors_) return;
    errors_ = std::move(errors);
    QStringList lines;
    for (const auto& e : errors_) lines << e.message;
    setToolTip(lines.join(u'\n'));
    setProperty("hasError", !errors_.isEmpty());
    update();
}

QStringList ErrorLineEdit::showDiagnostics(const Diagnostics& diagnostics) {
    setErrors(errors_in_field(diagnostics, text(), field_, list_));
    QStringList messages;
    for (const auto& e : errors_) messages << e.message;
    return messages;
}

void ErrorLineEdit::setTextIfDifferent(const QString& text, bool same_meaning) {
    if (same_meaning || text == this->text()) return;
    const QSignalBlocker block(this);
    setText(text);
    update();
}

int ErrorLineEdit::xOf(int position) const {
    // The cursor rectangle is the one public anchor to the scrolled text; other positions
    // are measured from it.
    const QFontMetricsF fm(font());
    const QString t = displayText();
    const int cursor = cursorPosition();
    const double anchor = cursorRect().center().x() + 0.5;
    return static_cast<int>(anchor + fm.horizontalAdvance(t.left(position)) -
                            fm.horizontalAdvance(t.left(cursor)));
}

void ErrorLineEdit::paintEvent(QPaintEvent* event) {
    QLineEdit::paintEvent(event);
    if (errors_.isEmpty()) return;
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    p.setClipRect(rect().adjusted(2, 0, -2, 0));
    const int baseline = cursorRect().bottom() - 1;
    for (const auto& e : errors_) {
        const int len = static_cast<int>(text().size());
        const int start = std::clamp(e.start, 0, len);
        int x0 = xOf(start), x1 = xOf(std::min(start + e.length, len));
        if (x1 - x0 < 6) x1 = x0 + 6;  // an error at the end (a missing part) stays visible
        draw_wavy_line(p, x0, x1, baseline, errorColour());
    }
}

}  // namespace tl::gui
