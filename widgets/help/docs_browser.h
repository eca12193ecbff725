#pragma once
// Help ▸ Documentation: the project's own docs (docs/*.md, built into the program), listed by
// title and shown as formatted text; links between them and to their sections follow.
#include <QDialog>

class QListWidget;
class QTextBrowser;

namespace tl::gui {

class DocsBrowser : public QDialog {
    Q_OBJECT
public:
    // `folder`: where the .md files are (":/docs", or a folder on disk for tests).
    explicit DocsBrowser(const QString& folder = QStringLiteral(":/docs"),
                         QWidget* parent = nullptr);

    // Shows `name` ("spec-format.md"), at `section` (a heading's anchor, "python-kernels")
    // when given; false when there is no such document.
    bool showDocument(const QString& name, const QString& section = {});
    QString current() const { return current_; }
    QStringList documents() const;  // file names, in the list's order
    QTextBrowser* text() const { return text_; }

private:
    QString folder_;
    QString current_;
    QListWidget* list_;
    QTextBrowser* text_;
};

// "python-kernels" from "Python kernels": how Markdown renderers name a heading's anchor.
QString headingAnchor(const QString& heading);

}  // namespace tl::gui
