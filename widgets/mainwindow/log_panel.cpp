#include "widgets/mainwindow/log_panel.h"

#include <QFontDatabase>
#include <QTime>

namespace tl::gui {

LogPanel::LogPanel(QWidget* parent) : QPlainTextEdit(parent) {
    setObjectName(QStringLiteral("log"));
    setReadOnly(true);
    setMaximumBlockCount(5000);
    setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
}

void LogPanel::log(const QString& line) {
    appendPlainText(QTime::currentTime().toString(QStringLiteral("HH:mm:ss")) +
                    QStringLiteral("  ") + line);
}

}  // namespace tl::gui
