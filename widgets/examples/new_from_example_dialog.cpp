#include "widgets/examples/new_from_example_dialog.h"

#include <QDialogButtonBox>
#include <QLabel>
#include <QListView>
#include <QPushButton>
#include <QSplitter>
#include <QTabWidget>
#include <QTextBrowser>
#include <QVBoxLayout>

#include "widgets/examples/examples_model.h"

namespace tl::gui {

NewFromExampleDialog::NewFromExampleDialog(QWidget* parent, Page page)
    : QDialog(parent),
      model_(new ExamplesModel(load_example_library(), this)),
      gallery_(new ExamplesModel(load_real_gallery(), this)),
      tabs_(new QTabWidget(this)),
      list_(makeList(model_, QStringLiteral("examples"))),
      galleryList_(makeList(gallery_, QStringLiteral("realKernels"))),
      description_(new QTextBrowser(this)) {
    setWindowTitle(tr("New from example"));
    tabs_->setObjectName(QStringLiteral("exampleTabs"));
    tabs_->addTab(list_, tr("Examples (%1)").arg(model_->rowCount()));
    tabs_->addTab(galleryList_, tr("Real kernels (%1)").arg(gallery_->rowCount()));
    tabs_->setTabToolTip(0, tr("Small kernels, each showing one behaviour of tiled kernels"));
    tabs_->setTabToolTip(1, tr("pallas_calls of production kernels and the Pallas guides in "
                               "jax-ml/jax, and three bugs planted in them"));
    description_->setObjectName(QStringLiteral("exampleDescription"));
    description_->setOpenExternalLinks(false);
    auto* split = new QSplitter(this);
    split->addWidget(tabs_);
    split->addWidget(description_);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Open"));
    auto* layout = new QVBoxLayout(this);
    auto* intro = new QLabel(tr("Each example shows one behaviour of tiled kernels, with its "
                                "story; the real kernels are calls of kernels people run."),
                             this);
    intro->setWordWrap(true);
    layout->addWidget(intro);
    layout->addWidget(split, 1);
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(tabs_, &QTabWidget::currentChanged, this, &NewFromExampleDialog::showDescription);
    int initial = 0;
    for (int r = 0; r < model_->rowCount(); ++r)
        if (model_->example(r)->id == model_->library().default_id) initial = r;
    list_->setCurrentIndex(model_->index(initial));
    galleryList_->setCurrentIndex(gallery_->index(0));
    setPage(page);
    resize(980, 560);
}

QListView* NewFromExampleDialog::makeList(ExamplesModel* model, const QString& name) {
    auto* list = new QListView(this);
    list->setObjectName(name);
    list->setModel(model);
    list->setWordWrap(true);
    list->setSpacing(3);
    list->setUniformItemSizes(false);
    connect(list, &QListView::doubleClicked, this, &QDialog::accept);
    connect(list->selectionModel(), &QItemSelectionModel::currentChanged, this,
            &NewFromExampleDialog::showDescription);
    return list;
}

NewFromExampleDialog::Page NewFromExampleDialog::page() const {
    return tabs_->currentIndex() == 1 ? Page::RealKernels : Page::Examples;
}

void NewFromExampleDialog::setPage(Page page) {
    tabs_->setCurrentIndex(page == Page::RealKernels ? 1 : 0);
    showDescription();
}

QListView* NewFromExampleDialog::currentList() const {
    return page() == Page::RealKernels ? galleryList_ : list_;
}

void NewFromExampleDialog::select(int row) {
    currentList()->setCurrentIndex(currentList()->model()->index(row, 0));
}

QString NewFromExampleDialog::selectedPath() const {
    const QModelIndex i = currentList()->currentIndex();
    return i.isValid() ? i.data(ExamplesModel::PathRole).toString() : QString();
}

void NewFromExampleDialog::showDescription() {
    const ExamplesModel* model = page() == Page::RealKernels ? gallery_ : model_;
    const Example* e = model->example(currentList()->currentIndex().row());
    if (!e) {
        description_->clear();
        return;
    }
    QString html = QStringLiteral("<h3>%1</h3><p>%2</p>")
                       .arg(e->id.toHtmlEscaped(),
                            (e->error.isEmpty() ? e->description : e->error).toHtmlEscaped());
    if (!e->expect.isEmpty())
        html += e->finding.isEmpty()
                    ? tr("<p><i>The audit passes it.</i></p>")
                    : tr("<p><i>A bug planted in a real kernel: the audit fails it with "
                         "<b>%1</b>.</i></p>")
                          .arg(e->finding.toHtmlEscaped());
    description_->setHtml(html);
}

}  // namespace tl::gui
