#include "widgets/editor/editor_section.h"

#include <QLabel>

#include "widgets/editor/wavy_line.h"
#include "widgets/kit/palette.h"

namespace tl::gui {

EditorSection::EditorSection(const QString& title, SpecDocument* document, QWidget* parent)
    : QGroupBox(title, parent), document_(document), messages_(new QLabel(this)) {
    messages_->setObjectName(QStringLiteral("messages"));
    messages_->setWordWrap(true);
    messages_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    messages_->setStyleSheet(QStringLiteral("color: %1;").arg(errorColour().name()));
    messages_->hide();
}

void EditorSection::setMessages(const QStringList& messages) {
    QStringList unique;
    for (const auto& m : messages)
        if (!unique.contains(m)) unique << m;
    messages_->setText(unique.join(u'\n'));
    messages_->setVisible(!unique.isEmpty());
}

QStringList EditorSection::messagesFor(const Diagnostics& diagnostics,
                                       std::initializer_list<std::string_view> prefixes) {
    QStringList out;
    for (const auto& d : diagnostics)
        for (std::string_view p : prefixes)
            if (d.path.compare(0, p.size(), p) == 0 &&
                (d.path.size() == p.size() || d.path[p.size()] == '.' || d.path[p.size()] == '[')) {
                Diagnostic shown = d;
                shown.file.clear();
                out << QString::fromStdString(shown.to_string());
                break;
            }
    return out;
}

}  // namespace tl::gui
