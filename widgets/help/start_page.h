#pragma once
// The start page: what TileLens is, the ways in (an example, a real kernel, your own spec or
// kernel file, the lessons), and every lesson with a thumbnail of its picture. Shown at start until
// the user turns it off, and from Help ▸ Start Page.
#include <QDialog>

class QCheckBox;
class QListWidget;
class QSettings;

namespace tl::gui {

class StartPage : public QDialog {
    Q_OBJECT
public:
    StartPage(QSettings* settings, QWidget* parent = nullptr);

    // Whether the page opens at start (the "Show at start" box; on until turned off).
    static bool showAtStart(QSettings* settings);
    QListWidget* lessons() const { return lessons_; }

signals:
    void openExampleRequested();             // the example dialog
    void openRealKernelRequested();          // the example dialog on its real kernels
    void openFileRequested();                // a spec or a kernel's .py file
    void openLessonRequested(QString path);  // ":/lessons/01-blocks.tilelens.json"
    void docsRequested();

private:
    QSettings* settings_;
    QListWidget* lessons_;
    QCheckBox* atStart_;
};

}  // namespace tl::gui
