#include "widgets/main_window.h"

#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QFileDialog>
#include <QHeaderView>
#include <QLabel>
#include <QMenuBar>
#include <QSplitter>
#include <QStatusBar>
#include <QTableView>
#include <QTextBrowser>
#include <QVBoxLayout>

#include "widgets/findings_model.h"
#include "widgets/spec_document.h"
#include "widgets/timings/timings_panel.h"

namespace tl::gui {
namespace {
QString qs(std::string_view s) {
    return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size()));
}
}  // namespace

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent),
      document_(new SpecDocument(this)),
      findings_(new FindingsModel(this)),
      title_(new QLabel(this)),
      verdict_(new QLabel(this)),
      description_(new QTextBrowser(this)),
      table_(new QTableView(this)) {
    setWindowTitle(tr("TileLens"));
    setWindowIcon(QIcon(QStringLiteral(":/icons/tilelens.svg")));

    QFont big = title_->font();
    big.setPointSizeF(big.pointSizeF() * 1.5);
    big.setBold(true);
    title_->setFont(big);
    title_->setObjectName(QStringLiteral("specTitle"));
    verdict_->setObjectName(QStringLiteral("verdict"));
    description_->setMaximumHeight(110);

    table_->setModel(findings_);
    table_->setObjectName(QStringLiteral("findings"));
    table_->horizontalHeader()->setStretchLastSection(true);
    table_->verticalHeader()->hide();
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->setWordWrap(true);

    auto* central = new QWidget(this);
    auto* layout = new QVBoxLayout(central);
    layout->addWidget(title_);
    layout->addWidget(verdict_);
    layout->addWidget(description_);
    layout->addWidget(table_, 1);
    setCentralWidget(central);

    QMenu* file = menuBar()->addMenu(tr("&File"));
    QAction* open = file->addAction(tr("&Open…"), this, &MainWindow::chooseAndOpen);
    open->setShortcut(QKeySequence::Open);

    // The Timings tab: imported target timings, charts and the end-to-end decision.
    auto* timings = new TimingsPanel(this);
    auto* timingsDock = new QDockWidget(tr("Timings"), this);
    timingsDock->setObjectName(QStringLiteral("timingsDock"));
    timingsDock->setWidget(timings);
    addDockWidget(Qt::BottomDockWidgetArea, timingsDock);
    file->addAction(timings->importAction());
    connect(document_, &SpecDocument::changed, timings, [this, timings] {
        if (document_->spec()) timings->setSpec(*document_->spec());
    });
    file->addSeparator();
    QAction* quit = file->addAction(tr("&Quit"), qApp, &QApplication::quit);
    quit->setShortcut(QKeySequence::Quit);

    connect(document_, &SpecDocument::changed, this, &MainWindow::refresh);
    resize(1100, 700);
}

bool MainWindow::openSpec(const QString& path) {
    return document_->load(path);
}

void MainWindow::chooseAndOpen() {
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Open spec"), {}, tr("TileLens specs (*.tilelens.json *.json)"));
    if (!path.isEmpty()) openSpec(path);
}

void MainWindow::refresh() {
    const AuditResult& audit = document_->audit();
    title_->setText(qs(audit.spec));
    const QString stages = tr("contract %1 · indexing %2 · numerics %3")
                               .arg(qs(to_string(audit.contract)), qs(to_string(audit.indexing)),
                                    qs(to_string(audit.numerics)));
    verdict_->setText(tr("Verdict: <b>%1</b> on %2 — %3")
                          .arg(qs(to_string(audit.verdict)), qs(audit.target), stages));
    const auto& spec = document_->spec();
    description_->setPlainText(spec && spec->description ? qs(*spec->description) : QString());
    findings_->setFindings(audit.findings);
    table_->resizeColumnsToContents();
    setWindowTitle(tr("%1 — TileLens").arg(qs(audit.spec)));
    statusBar()->showMessage(tr("%n finding(s)", nullptr, static_cast<int>(audit.findings.size())));
}

}  // namespace tl::gui
