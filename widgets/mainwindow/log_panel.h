#pragma once
// The Log tab: what happened, one timestamped line each (opened, saved, run, audit, errors).
#include <QPlainTextEdit>

namespace tl::gui {

class LogPanel : public QPlainTextEdit {
    Q_OBJECT
public:
    explicit LogPanel(QWidget* parent = nullptr);
    void log(const QString& line);
};

}  // namespace tl::gui
