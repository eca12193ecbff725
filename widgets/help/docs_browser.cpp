#include "widgets/help/docs_browser.h"

#include <QAbstractTextDocumentLayout>
#include <QDesktopServices>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QListWidget>
#include <QScrollBar>
#include <QSplitter>
#include <QTextBlock>
#include <QTextBrowser>
#include <QUrl>
#include <algorithm>

namespace tl::gui {

namespace {

// The first "# " line of a Markdown file, or its name.
QString titleOf(const QString& path, const QString& name) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) return name;
    for (int i = 0; i < 20 && !f.atEnd(); ++i) {
        const QString line = QString::fromUtf8(f.readLine()).trimmed();
        if (line.startsWith(QStringLiteral("# "))) return line.mid(2).remove(u'`');
    }
    return name;
}

}  // namespace

QString headingAnchor(const QString& heading) {
    QString out;
    for (const QChar c : heading.toLower()) {
        if (c.isLetterOrNumber() || c == u'-' || c == u'_')
            out += c;
        else if (c.isSpace())
            out += u'-';
    }
    return out;
}

DocsBrowser::DocsBrowser(const QString& folder, QWidget* parent)
    : QDialog(parent),
      folder_(folder),
      list_(new QListWidget(this)),
      text_(new QTextBrowser(this)) {
    setObjectName(QStringLiteral("docsBrowser"));
    setWindowTitle(tr("TileLens documentation"));
    text_->setOpenLinks(false);
    // The user's documents first, in reading order; the architecture (for contributors) last.
    static const QStringList kOrder{
        QStringLiteral("spec-format.md"),   QStringLiteral("lessons.md"),
        QStringLiteral("semantics.md"),     QStringLiteral("exports.md"),
        QStringLiteral("timings.md"),       QStringLiteral("report-format.md"),
        QStringLiteral("python-runner.md"), QStringLiteral("bad-input.md"),
        QStringLiteral("no-lost-work.md")};
    QStringList names = QDir(folder_).entryList({QStringLiteral("*.md")}, QDir::Files);
    std::stable_sort(names.begin(), names.end(), [](const QString& a, const QString& b) {
        const auto rank = [](const QString& n) {
            const qsizetype i = kOrder.indexOf(n);
            return i < 0 ? kOrder.size() : i;
        };
        return rank(a) < rank(b);
    });
    for (const QString& name : names) {
        auto* item = new QListWidgetItem(titleOf(folder_ + u'/' + name, name), list_);
        item->setData(Qt::UserRole, name);
        item->setToolTip(name);
    }
    list_->setMaximumWidth(280);
    list_->setWordWrap(true);
    auto* split = new QSplitter(this);
    split->addWidget(list_);
    split->addWidget(text_);
    split->setStretchFactor(1, 1);
    auto* layout = new QHBoxLayout(this);
    layout->addWidget(split);
    resize(1000, 720);

    connect(list_, &QListWidget::currentItemChanged, this, [this](QListWidgetItem* item) {
        if (item) showDocument(item->data(Qt::UserRole).toString());
    });
    connect(text_, &QTextBrowser::anchorClicked, this, [this](const QUrl& url) {
        if (url.isRelative() && url.path().endsWith(QStringLiteral(".md"))) {
            showDocument(QFileInfo(url.path()).fileName(), url.fragment());
        } else if (url.isRelative() && url.path().isEmpty()) {
            showDocument(current_, url.fragment());
        } else {
            QDesktopServices::openUrl(url);  // a web page: the system's browser
        }
    });
    if (!names.isEmpty()) list_->setCurrentRow(0);
}

QStringList DocsBrowser::documents() const {
    QStringList out;
    for (int i = 0; i < list_->count(); ++i) out << list_->item(i)->data(Qt::UserRole).toString();
    return out;
}

bool DocsBrowser::showDocument(const QString& name, const QString& section) {
    QFile f(folder_ + u'/' + name);
    if (!f.open(QIODevice::ReadOnly)) return false;
    if (name != current_) {
        current_ = name;
        text_->setMarkdown(QString::fromUtf8(f.readAll()));
        for (int i = 0; i < list_->count(); ++i)
            if (list_->item(i)->data(Qt::UserRole).toString() == name) {
                const QSignalBlocker block(list_);
                list_->setCurrentRow(i);
            }
    }
    text_->verticalScrollBar()->setValue(0);
    if (section.isEmpty()) return true;
    // Markdown headings carry no anchors here: find the heading whose anchor matches.
    for (QTextBlock b = text_->document()->begin(); b.isValid(); b = b.next()) {
        if (b.blockFormat().headingLevel() > 0 && headingAnchor(b.text()) == section) {
            QTextCursor c(b);
            text_->setTextCursor(c);
            text_->ensureCursorVisible();
            const int y =
                static_cast<int>(text_->document()->documentLayout()->blockBoundingRect(b).top());
            text_->verticalScrollBar()->setValue(y);
            break;
        }
    }
    return true;
}

}  // namespace tl::gui
