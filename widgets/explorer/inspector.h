#pragma once
// The inspector: the selected program's mapping per operand, and the hovered element's
// programs. Program numbers are links that select the program.
#include <QTextBrowser>

namespace tl::gui {

class Inspector : public QTextBrowser {
    Q_OBJECT
public:
    explicit Inspector(QWidget* parent = nullptr);

    void setProgramHtml(const QString& html);
    void setElementHtml(const QString& html);  // empty: nothing hovered
    QString programHtml() const { return program_; }
    QString elementHtml() const { return element_; }

signals:
    void programLinkActivated(qint64 program);

private:
    void render();
    QString program_, element_;
};

}  // namespace tl::gui
