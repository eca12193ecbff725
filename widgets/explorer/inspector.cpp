#include "widgets/explorer/inspector.h"

#include <QScrollBar>
#include <QUrl>

namespace tl::gui {

Inspector::Inspector(QWidget* parent) : QTextBrowser(parent) {
    setObjectName(QStringLiteral("inspector"));
    setOpenLinks(false);
    setFrameShape(QFrame::NoFrame);
    setMinimumWidth(220);  // the explorer must fit beside both docks at 1280 px
    connect(this, &QTextBrowser::anchorClicked, this, [this](const QUrl& url) {
        if (url.scheme() == QStringLiteral("program")) {
            bool ok = false;
            const qint64 p = url.path().toLongLong(&ok);
            if (ok) emit programLinkActivated(p);
        }
    });
}

void Inspector::setProgramHtml(const QString& html) {
    if (html == program_) return;
    program_ = html;
    render();
}

void Inspector::setElementHtml(const QString& html) {
    if (html == element_) return;
    element_ = html;
    render();
}

// The hovered element comes first: it is what the pointer is asking about now, and below the
// program's operands it would land under the fold. Without one, the program and a hint.
void Inspector::render() {
    const int scroll = verticalScrollBar()->value();
    QString h;
    if (element_.isEmpty()) {
        h = program_ + QStringLiteral("<hr/>") +
            QStringLiteral(
                "<p style=\"color:#7A828E\">Hover an element to see every program "
                "that reads or writes it.</p>");
    } else {
        h = element_ + QStringLiteral("<hr/>") + program_;
    }
    setHtml(h);
    verticalScrollBar()->setValue(element_.isEmpty() ? scroll : 0);
}

}  // namespace tl::gui
