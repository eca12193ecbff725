#include "widgets/editor/meta_section.h"

#include <QFormLayout>
#include <QLabel>
#include <QPlainTextEdit>

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
    description_->setFixedHeight(description_->fontMetrics().lineSpacing() * 4 + 10);
    auto* form = new QFormLayout(this);
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
    });
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
