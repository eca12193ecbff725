#pragma once
// The TileLens window: the open spec's name, description, verdict and findings.
#include <QMainWindow>

class QLabel;
class QTableView;
class QTextBrowser;

namespace tl::gui {

class FindingsModel;
class SpecDocument;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);

    SpecDocument* document() const { return document_; }
    bool openSpec(const QString& path);

private:
    void chooseAndOpen();
    void refresh();

    SpecDocument* document_;
    FindingsModel* findings_;
    QLabel* title_;
    QLabel* verdict_;
    QTextBrowser* description_;
    QTableView* table_;
};

}  // namespace tl::gui
