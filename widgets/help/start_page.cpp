#include "widgets/help/start_page.h"

#include <QCheckBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QSettings>
#include <QVBoxLayout>

#include "widgets/examples/example_library.h"
#include "widgets/examples/lesson_library.h"
#include "widgets/explorer/sheet_image.h"

namespace tl::gui {

namespace {
const QString kShowAtStart = QStringLiteral("startPage/showAtStart");
const QSize kThumb(240, 150);

QLabel* startPageIntro(QWidget* parent) {
    auto* intro = new QLabel(
        StartPage::tr(
            "<h2>TileLens</h2>"
            "<p>A tiled kernel is a <b>grid</b> of programs and, for each operand, a "
            "<b>BlockSpec</b>: the block shape and the index map from a program to its block. "
            "TileLens draws, for every program, the block of each operand it reads or writes; "
            "marks what is padding on read, which writes are dropped at the edge and what no "
            "program touches; runs the kernel on a CPU interpreter against a reference on "
            "hostile shapes; and checks the target's rules before launch.</p>"
            "<p>Step through the programs with the arrow keys, hover an element to see every "
            "program that touches it, and edit the spec on the left: every view follows.</p>"),
        parent);
    intro->setWordWrap(true);
    intro->setTextFormat(Qt::RichText);
    return intro;
}

// The lesson library as thumbnails in `lessons`; returns the first lesson's path (empty when
// there is none).
QString fillStartPageLessons(QListWidget* lessons, bool dark) {
    lessons->setObjectName(QStringLiteral("startLessons"));
    lessons->setViewMode(QListView::IconMode);
    lessons->setIconSize(kThumb);
    lessons->setGridSize(QSize(kThumb.width() + 24, kThumb.height() + 54));
    lessons->setResizeMode(QListView::Adjust);
    lessons->setMovement(QListView::Static);
    lessons->setWordWrap(true);
    lessons->setUniformItemSizes(true);
    QString firstPath;
    for (const LessonEntry& l : load_lesson_library()) {
        auto* item =
            new QListWidgetItem(QIcon(QPixmap::fromImage(specThumbnail(l.path, kThumb, dark))),
                                StartPage::tr("%1. %2").arg(l.order).arg(l.title), lessons);
        item->setData(Qt::UserRole, l.path);
        item->setToolTip(l.intro);
        if (firstPath.isEmpty()) firstPath = l.path;
    }
    return firstPath;
}

}  // namespace

bool StartPage::showAtStart(QSettings* settings) {
    return settings->value(kShowAtStart, true).toBool();
}

StartPage::StartPage(QSettings* settings, QWidget* parent)
    : QDialog(parent),
      settings_(settings),
      lessons_(new QListWidget(this)),
      atStart_(new QCheckBox(tr("Show this page at start"), this)) {
    setObjectName(QStringLiteral("startPage"));
    setWindowTitle(tr("Welcome to TileLens"));
    QLabel* intro = startPageIntro(this);

    auto* example = new QPushButton(tr("Open an example…"), this);
    example->setToolTip(
        tr("%n small kernel(s), each showing one thing that goes right or "
           "wrong at a tile's edge",
           nullptr, static_cast<int>(load_example_library().examples.size())));
    auto* real = new QPushButton(tr("Open a real kernel…"), this);
    real->setObjectName(QStringLiteral("startRealKernels"));
    real->setToolTip(
        tr("%n pallas_call(s) of production kernels and the Pallas guides "
           "(flash attention, paged attention, megablox, sparse matmul, GPU "
           "kernels), three with a planted bug",
           nullptr, static_cast<int>(load_real_gallery().examples.size())));
    auto* file = new QPushButton(tr("Open a spec or kernel file…"), this);
    file->setToolTip(
        tr("A .tilelens.json spec, or your Pallas kernel's .py file run under JAX "
           "or the numpy stand-ins"));
    auto* first = new QPushButton(tr("Start the first lesson"), this);
    auto* docs = new QPushButton(tr("Documentation"), this);
    auto* buttons = new QHBoxLayout;
    for (QPushButton* b : {example, real, file, first, docs}) buttons->addWidget(b);
    buttons->addStretch(1);

    const bool dark = palette().color(QPalette::Window).lightness() < 128;
    const QString firstPath = fillStartPageLessons(lessons_, dark);
    first->setEnabled(!firstPath.isEmpty());

    atStart_->setChecked(showAtStart(settings_));
    auto* close = new QPushButton(tr("Close"), this);
    close->setDefault(true);
    auto* bottom = new QHBoxLayout;
    bottom->addWidget(atStart_);
    bottom->addStretch(1);
    bottom->addWidget(close);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addLayout(buttons);
    layout->addWidget(new QLabel(tr("<b>Lessons</b> — double-click one to open it; the Lessons "
                                    "menu lists them too"),
                                 this));
    layout->addWidget(lessons_, 1);
    layout->addLayout(bottom);
    resize(900, 680);

    const auto chosen = [this](auto signal) {
        return [this, signal] {
            emit(this->*signal)();
            accept();
        };
    };
    connect(example, &QPushButton::clicked, this, chosen(&StartPage::openExampleRequested));
    connect(real, &QPushButton::clicked, this, chosen(&StartPage::openRealKernelRequested));
    connect(file, &QPushButton::clicked, this, chosen(&StartPage::openFileRequested));
    connect(docs, &QPushButton::clicked, this, chosen(&StartPage::docsRequested));
    connect(first, &QPushButton::clicked, this, [this, firstPath] {
        emit openLessonRequested(firstPath);
        accept();
    });
    connect(lessons_, &QListWidget::itemActivated, this, [this](QListWidgetItem* item) {
        emit openLessonRequested(item->data(Qt::UserRole).toString());
        accept();
    });
    connect(close, &QPushButton::clicked, this, &QDialog::accept);
    connect(atStart_, &QCheckBox::toggled, this,
            [this](bool on) { settings_->setValue(kShowAtStart, on); });
}

}  // namespace tl::gui
