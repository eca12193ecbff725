#pragma once
// File > New from example: the lesson library's examples and the real-kernel gallery, each
// on its own tab with its description; the chosen one opens as a new untitled document.
#include <QDialog>

class QListView;
class QTabWidget;
class QTextBrowser;

namespace tl::gui {

class ExamplesModel;

class NewFromExampleDialog : public QDialog {
    Q_OBJECT
public:
    enum class Page { Examples, RealKernels };

    explicit NewFromExampleDialog(QWidget* parent = nullptr, Page page = Page::Examples);

    ExamplesModel* model() const { return model_; }           // the small examples
    ExamplesModel* galleryModel() const { return gallery_; }  // the real kernels
    Page page() const;
    void setPage(Page page);
    // The chosen example's resource path on the page shown ("" when none is selected).
    QString selectedPath() const;
    void select(int row);  // on the page shown

private:
    QListView* makeList(ExamplesModel* model, const QString& name);
    QListView* currentList() const;
    void showDescription();

    ExamplesModel* model_;
    ExamplesModel* gallery_;
    QTabWidget* tabs_;
    QListView* list_;
    QListView* galleryList_;
    QTextBrowser* description_;
};

}  // namespace tl::gui
