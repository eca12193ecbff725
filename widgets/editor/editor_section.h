#pragma once
// One titled part of the spec editor (params, grid, operands, ...). A section reads the
// document's spec when it changes, turns the user's edits into a new spec for the document's
// undo stack, and shows the errors that fall in its fields, with their messages beneath.
#include <QGroupBox>
#include <string>

#include "core/base/diagnostic.h"
#include "widgets/document/explorer_snapshot.h"
#include "widgets/document/spec_change.h"

class QLabel;

namespace tl::gui {

class SpecDocument;

class EditorSection : public QGroupBox {
    Q_OBJECT
public:
    EditorSection(const QString& title, SpecDocument* document, QWidget* parent = nullptr);

    // Brings the fields in line with the document's spec (never the text being typed).
    virtual void refresh(const SpecChange& change) = 0;
    // Underlines the diagnostics inside the section's fields; lists them under the fields.
    virtual void showDiagnostics(const Diagnostics& diagnostics) = 0;
    // Resolved figures to show next to the fields (the grid's size, ...).
    virtual void showSnapshot(const ExplorerSnapshot&) {}
    // Gives focus to the field that holds JSON path `path`; false when not in this section.
    virtual bool focusPath(const std::string&) { return false; }

protected:
    SpecDocument* document() const { return document_; }
    // The message list under the fields; the subclass adds it to its layout.
    QLabel* messages() const { return messages_; }
    void setMessages(const QStringList& messages);
    // The diagnostics whose path starts with one of `prefixes`, as messages.
    static QStringList messagesFor(const Diagnostics& diagnostics,
                                   std::initializer_list<std::string_view> prefixes);

private:
    SpecDocument* document_;
    QLabel* messages_;
};

}  // namespace tl::gui
