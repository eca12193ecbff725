#include "widgets/examples/new_from_example_dialog.h"

#include <QDialogButtonBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QListView>
#include <QPushButton>
#include <QSplitter>
#include <QTextBrowser>
#include <QVBoxLayout>

#include "widgets/examples/examples_model.h"

namespace tl::gui {

NewFromExampleDialog::NewFromExampleDialog(QWidget* parent)
    : QDialog(parent),
      model_(new ExamplesModel(load_example_library(), this)),
      list_(new QListView(this)),
      description_(new QTextBrowser(this)) {
    setWindowTitle(tr("New from example"));
    list_->setObjectName(QStringLiteral("examples"));
    list_->setModel(model_);
    list_->setWordWrap(true);
    list_->setSpacing(3);
    list_->setUniformItemSizes(false);
    description_->setObjectName(QStringLiteral("exampleDescription"));
    description_->setOpenExternalLinks(false);
    auto* split = new QSplitter(this);
    split->addWidget(list_);
    split->addWidget(description_);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Open"));
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(new QLabel(tr("The lesson library: each example shows one behaviour of "
                                    "tiled kernels, with its story."),
                                 this));
    layout->addWidget(split, 1);
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(list_, &QListView::doubleClicked, this, &QDialog::accept);
    connect(list_->selectionModel(), &QItemSelectionModel::currentChanged, this,
            &NewFromExampleDialog::showDescription);
    int initial = 0;
    for (int r = 0; r < model_->rowCount(); ++r)
        if (model_->example(r)->id == model_->library().default_id) initial = r;
    select(initial);
    resize(980, 560);
}

void NewFromExampleDialog::select(int row) {
    list_->setCurrentIndex(model_->index(row));
}

QString NewFromExampleDialog::selectedPath() const {
    const QModelIndex i = list_->currentIndex();
    return i.isValid() ? i.data(ExamplesModel::PathRole).toString() : QString();
}

void NewFromExampleDialog::showDescription() {
    const Example* e = model_->example(list_->currentIndex().row());
    if (!e) {
        description_->clear();
        return;
    }
    description_->setHtml(
        QStringLiteral("<h3>%1</h3><p>%2</p>")
            .arg(e->id.toHtmlEscaped(),
                 (e->error.isEmpty() ? e->description : e->error).toHtmlEscaped()));
}

}  // namespace tl::gui
