#include "widgets/editor/meta_section.h"

#include <QFormLayout>
#include <QLabel>
#include <QPlainTextEdit>
#include <QResizeEvent>
#include <algorithm>
#include <cmath>

#include "widgets/document/spec_document.h"
#include "widgets/editor/error_line_edit.h"

namespace tl::gui {

MetaSection::MetaSection(SpecDocument* document, QWidget* parent)
    : EditorSection(tr("Spec"), document, parent),
      name_(new ErrorLineEdit("name", false, this)),
      description_(new QPlainTextEdit(this)) {
    name_->setObjectName(QStringLiteral("specName"));
    description_->setObjectName(QStringLiteral("specDescription"));
    description_->setPlaceholderText(tr("What this configuration shows"));
    description_->setTabChangesFocus(true);
    fitDescription();
    auto* form = new QFormLayout(this);
    // A label goes above its field when the dock is too narrow for both side by side.
    form->setRowWrapPolicy(QFormLayout::WrapLongRows);
    form->addRow(tr("Name"), name_);
    form->addRow(tr("Description"), description_);
    form->addRow(messages());

    connect(name_, &QLineEdit::textEdited, this, [this](const QString& text) {
        Spec s = this->document()->spec();
        s.name = text.toStdString();
        this->document()->edit(s, {SpecChange::Part::Meta, -1, QStringLiteral("name")},
                               tr("Rename the spec"));
    });
    connect(description_, &QPlainTextEdit::textChanged, this, [this] {
        Spec s = this->document()->spec();
        const QString text = description_->toPlainText();
        if (text.isEmpty())
            s.description.reset();
        else
            s.description = text.toStdString();
        this->document()->edit(s, {SpecChange::Part::Meta, -1, QStringLiteral("description")},
                               tr("Edit the description"));
        fitDescription();
    });
}

// The whole description shows (up to 12 lines; more scrolls), measured as it wraps at the
// width the box has now.
void MetaSection::fitDescription() {
    const QFontMetrics fm = description_->fontMetrics();
    const int width =
        std::max(40, description_->viewport()->width() -
                         static_cast<int>(2 * description_->document()->documentMargin()) - 4);
    int lines = 0;
    for (const QString& para : description_->toPlainText().split(u'\n'))
        lines += std::max(
            1, fm.boundingRect(QRect(0, 0, width, 100000), Qt::TextWordWrap, para).height() /
                   std::max(1, fm.lineSpacing()));
    const int shown = std::clamp(lines, 3, 12);
    const int frame = 2 * description_->frameWidth() +
                      static_cast<int>(2 * description_->document()->documentMargin());
    description_->setFixedHeight(description_->fontMetrics().lineSpacing() * shown + frame + 2);
}

void MetaSection::resizeEvent(QResizeEvent* e) {
    EditorSection::resizeEvent(e);
    fitDescription();
}

void MetaSection::refresh(const SpecChange& change) {
    if (change.part != SpecChange::Part::All && change.part != SpecChange::Part::Meta) return;
    const Spec& s = document()->spec();
    name_->setTextIfDifferent(QString::fromStdString(s.name), false);
    const QString description = QString::fromStdString(s.description.value_or(std::string()));
    if (description_->toPlainText() != description) {
        const QSignalBlocker block(description_);
        description_->setPlainText(description);
    }
    fitDescription();
}

void MetaSection::showDiagnostics(const Diagnostics& diagnostics) {
    setMessages(name_->showDiagnostics(diagnostics) + messagesFor(diagnostics, {"description"}));
}

bool MetaSection::focusPath(const std::string& path) {
    if (path == "name") {
        name_->setFocus();
        return true;
    }
    return false;
}

}  // namespace tl::gui
