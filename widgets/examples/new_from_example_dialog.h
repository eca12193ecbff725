#pragma once
// File > New from example: every example of the library with its description; the chosen
// one opens as a new untitled document.
#include <QDialog>

class QListView;
class QTextBrowser;

namespace tl::gui {

class ExamplesModel;

class NewFromExampleDialog : public QDialog {
    Q_OBJECT
public:
    explicit NewFromExampleDialog(QWidget* parent = nullptr);

    ExamplesModel* model() const { return model_; }
    // The chosen example's resource path ("" when none is selected).
    QString selectedPath() const;
    void select(int row);

private:
    void showDescription();

    ExamplesModel* model_;
    QListView* list_;
    QTextBrowser* description_;
};

}  // namespace tl::gui
