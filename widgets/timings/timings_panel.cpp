#include "widgets/timings/timings_panel.h"

#include <QAction>
#include <QComboBox>
#include <QCoreApplication>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QMainWindow>
#include <QMessageBox>
#include <QMimeData>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QSettings>
#include <QSignalBlocker>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTabBar>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>
#include <algorithm>

#include "core/base/format.h"
#include "widgets/document/explorer_snapshot.h"
#include "widgets/kit/qstring.h"
#include "widgets/timings/candidates_chart.h"
#include "widgets/timings/chart_widget.h"
#include "widgets/timings/chart_window.h"
#include "widgets/timings/distinct_names.h"
#include "widgets/timings/end_to_end_panel.h"
#include "widgets/timings/import_dialog.h"
#include "widgets/timings/import_job.h"
#include "widgets/timings/plan_view.h"
#include "widgets/timings/roofline_chart.h"
#include "widgets/timings/timing_format_filters.h"
#include "widgets/timings/timings_records_model.h"
#include "widgets/timings/timings_style.h"

namespace tl::gui {
namespace {

const auto kThresholdKey = QStringLiteral("timings/threshold");

// Settings are kept only for a named application (the GUI sets its name); test programs
// leave no files behind.
bool settingsEnabled() {
    return !QCoreApplication::organizationName().isEmpty();
}

QStringList localFiles(const QMimeData* mime) {
    QStringList paths;
    if (!mime || !mime->hasUrls()) return paths;
    for (const QUrl& url : mime->urls())
        if (url.isLocalFile()) paths << url.toLocalFile();
    return paths;
}

// Fills a combo with "automatic" and `items`, keeping `chosen` selected when it is still there.
constexpr std::size_t kMaxChoiceName = 48;

void fillChoices(QComboBox* box, const QString& automatic, const std::vector<std::string>& items,
                 const std::optional<std::string>& chosen) {
    const QSignalBlocker block(box);
    box->clear();
    box->addItem(automatic);
    // Long kernel names (templated CUDA kernels) are shortened in the list, never to the same
    // text; the tooltip and the item's data keep the whole name.
    const std::vector<std::string> shown = distinct_abbreviations(items, kMaxChoiceName);
    for (std::size_t i = 0; i < items.size(); ++i) {
        box->addItem(qs(shown[i]), qs(items[i]));
        box->setItemData(box->count() - 1, qs(items[i]), Qt::ToolTipRole);
    }
    const int at = chosen ? box->findData(qs(*chosen)) : 0;
    box->setCurrentIndex(std::max(at, 0));
}

}  // namespace

TimingsPanel::TimingsPanel(QWidget* parent)
    : QWidget(parent),
      view_(std::make_shared<TimingsView>()),
      job_(new ImportJob(this)),
      importAction_(new QAction(tr("Import &timings\u2026"), this)),
      importButton_(new QPushButton(tr("Import\u2026"), this)),
      clearButton_(new QPushButton(tr("Clear"), this)),
      exportButton_(new QPushButton(tr("Export chart\u2026"), this)),
      fullViewButton_(new QPushButton(tr("Full view\u2026"), this)),
      kernelBox_(new QComboBox(this)),
      targetBox_(new QComboBox(this)),
      progress_(new QProgressBar(this)),
      cancelButton_(new QPushButton(tr("Cancel"), this)),
      status_(new QLabel(this)),
      charts_(new QTabWidget(this)),
      chartWindow_(new ChartWindow(this)),
      candidates_(new ChartWidget(this)),
      roofline_(new ChartWidget(this)),
      lists_(new QTabWidget(this)),
      table_(new QTableView(this)),
      model_(new TimingsRecordsModel(this)),
      sorted_(new QSortFilterProxyModel(this)),
      warningList_(new QListWidget(this)),
      endToEnd_(new EndToEndPanel(this)),
      plan_(new PlanView(this)) {
    setAcceptDrops(true);
    setObjectName(QStringLiteral("timingsPanel"));
    importAction_->setToolTip(
        tr("Import timing files measured on a target (TileLens CSV, Google "
           "Benchmark, pytest-benchmark, Chrome trace, Nsight)"));
    importButton_->setToolTip(importAction_->toolTip());
    exportButton_->setToolTip(tr("Export the chart on screen to PNG, SVG or PDF"));
    fullViewButton_->setObjectName(QStringLiteral("chartFullView"));
    fullViewButton_->setToolTip(
        tr("Open the charts at full size in a window of their own (or double-click a chart)"));
    kernelBox_->setToolTip(tr("The kernel to chart and decide for"));
    targetBox_->setToolTip(tr("The target to decide for and draw the roofline of"));
    progress_->setRange(0, 1000);
    progress_->setMaximumWidth(220);
    progress_->hide();
    cancelButton_->hide();
    candidates_->setObjectName(QStringLiteral("candidatesChart"));
    roofline_->setObjectName(QStringLiteral("rooflineChart"));
    charts_->addTab(candidates_, tr("Candidates vs time"));
    charts_->addTab(roofline_, tr("Roofline"));
    // The plan beside the charts, at the tab's full height: under the decision it had a few
    // pixels in a window of 720.
    charts_->addTab(plan_, tr("Plan"));

    sorted_->setSourceModel(model_);
    sorted_->setSortRole(TimingsRecordsModel::SortRole);
    table_->setObjectName(QStringLiteral("timingRecords"));
    table_->setModel(sorted_);
    table_->setSortingEnabled(true);
    table_->sortByColumn(-1, Qt::AscendingOrder);  // file order until a header is clicked
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->verticalHeader()->hide();
    table_->horizontalHeader()->setStretchLastSection(true);
    table_->setWordWrap(false);
    warningList_->setObjectName(QStringLiteral("importWarnings"));
    lists_->addTab(table_, tr("Records"));
    lists_->addTab(warningList_, tr("Import warnings"));

    layOut();

    if (settingsEnabled())
        endToEnd_->setThreshold(QSettings().value(kThresholdKey, 0.02).toDouble());
    settings_.threshold = endToEnd_->threshold();

    connectParts();
}

// The bar above; the charts and the plan on the left at full height, beside them the decision
// above the records.
void TimingsPanel::layOut() {
    auto* bar = new QHBoxLayout;
    bar->addWidget(importButton_);
    bar->addWidget(clearButton_);
    bar->addSpacing(12);
    bar->addWidget(new QLabel(tr("Kernel:"), this));
    bar->addWidget(kernelBox_);
    bar->addWidget(new QLabel(tr("Target:"), this));
    bar->addWidget(targetBox_);
    bar->addWidget(fullViewButton_);
    bar->addWidget(exportButton_);
    bar->addSpacing(12);
    bar->addWidget(status_, 1);
    bar->addWidget(progress_);
    bar->addWidget(cancelButton_);

    auto* side = new QSplitter(Qt::Vertical, this);
    // The decision never gets clipped: it scrolls when the tab is short.
    auto* decisionScroll = new QScrollArea(this);
    decisionScroll->setWidget(endToEnd_);
    decisionScroll->setWidgetResizable(true);
    decisionScroll->setFrameShape(QFrame::NoFrame);
    side->addWidget(decisionScroll);
    side->addWidget(lists_);
    side->setStretchFactor(0, 1);
    side->setStretchFactor(1, 1);
    auto* split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(charts_);
    split->addWidget(side);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(bar);
    layout->addWidget(split, 1);
}

void TimingsPanel::connectParts() {
    connect(importAction_, &QAction::triggered, this, &TimingsPanel::chooseAndImport);
    connect(importButton_, &QPushButton::clicked, this, &TimingsPanel::chooseAndImport);
    connect(clearButton_, &QPushButton::clicked, this, &TimingsPanel::clearRecords);
    connect(exportButton_, &QPushButton::clicked, this, &TimingsPanel::exportCurrentChart);
    connect(fullViewButton_, &QPushButton::clicked, this, &TimingsPanel::openChartWindow);
    for (ChartWidget* chart : {candidates_, roofline_})
        connect(chart, &ChartWidget::doubleClicked, this, &TimingsPanel::openChartWindow);
    connect(cancelButton_, &QPushButton::clicked, this, &TimingsPanel::cancelImport);
    connect(job_, &ImportJob::progress, this, &TimingsPanel::showProgress);
    connect(job_, &ImportJob::finished, this, &TimingsPanel::addImported);
    connect(job_, &ImportJob::cancelled, this, [this] { endProgress(tr("import cancelled")); });
    // Choosing the plan asks for room for it: a table needs rows, and the dock of a window of 720
    // leaves it one or two, as an import does.
    connect(charts_->tabBar(), &QTabBar::tabBarClicked, this, [this](int index) {
        if (charts_->widget(index) == plan_) makeRoomForPlan();
    });
    connect(charts_, &QTabWidget::currentChanged, this, [this] {
        exportButton_->setEnabled(!view_->records.empty() && charts_->currentWidget() != plan_);
    });
    connect(plan_, &PlanView::planChanged, this, [this] {
        const TilePlan* plan = plan_->plan();
        charts_->setTabText(charts_->indexOf(plan_),
                            plan ? tr("Plan (%1)").arg(plan->candidates.size()) : tr("Plan"));
        // Before any timing is imported the plan is what there is to see.
        if (records_.empty() && plan) charts_->setCurrentWidget(plan_);
    });
    connect(kernelBox_, &QComboBox::currentIndexChanged, this, [this](int i) {
        setKernel(i > 0 ? std::optional(kernelBox_->itemData(i).toString().toStdString())
                        : std::nullopt);
    });
    connect(targetBox_, &QComboBox::currentIndexChanged, this, [this](int i) {
        setTarget(i > 0 ? std::optional(targetBox_->itemData(i).toString().toStdString())
                        : std::nullopt);
    });
    connect(endToEnd_, &EndToEndPanel::shareChanged, this, [this](std::optional<double> share) {
        settings_.share = share;
        rebuild();
    });
    connect(endToEnd_, &EndToEndPanel::thresholdChanged, this, [this](double t) {
        settings_.threshold = t;
        saveThreshold();
        rebuild();
    });
    rebuild();
}

TimingsPanel::~TimingsPanel() = default;

void TimingsPanel::importFiles(const QStringList& paths, const QString& formatId,
                               const std::optional<QString>& verifiedNote,
                               const std::optional<std::string>& fillTarget) {
    if (paths.isEmpty()) return;
    showProgress(0, static_cast<int>(paths.size()), paths.front(), 0);
    job_->start(paths, formatId, verifiedNote, fillTarget);
}

bool TimingsPanel::waitForImport(int timeoutMs) {
    return job_->waitForFinished(timeoutMs);
}

void TimingsPanel::cancelImport() {
    job_->cancel();
}

void TimingsPanel::clearRecords() {
    records_.clear();
    warnings_.clear();
    files_.clear();
    status_->clear();
    // Starting over: the next import's kernel and target are chosen automatically.
    settings_.kernel.reset();
    settings_.target.reset();
    plan_->setTarget(std::nullopt);
    rebuild();
}

void TimingsPanel::setSpec(const Spec& spec) {
    spec_ = std::make_shared<const Spec>(spec);
    plan_->setSpec(spec_);
    rebuild();
}

void TimingsPanel::setSnapshot(const ExplorerSnapshot& snapshot) {
    // A Python kernel is planned and charted as its recorded pallas_call.
    const auto& spec = snapshot.recorded ? snapshot.recorded : snapshot.spec;
    if (!spec || spec == spec_) return;
    spec_ = spec;
    plan_->setSpec(spec_);
    rebuild();
}

void TimingsPanel::clearSpec() {
    spec_.reset();
    plan_->setSpec(nullptr);
    rebuild();
}

void TimingsPanel::setKernel(std::optional<std::string> kernel) {
    settings_.kernel = std::move(kernel);
    rebuild();
}

void TimingsPanel::setTarget(std::optional<std::string> target) {
    settings_.target = std::move(target);
    plan_->setTarget(settings_.target);
    rebuild();
}

QStringList TimingsPanel::warningLines() const {
    QStringList lines;
    for (int i = 0; i < warningList_->count(); ++i) lines << warningList_->item(i)->text();
    return lines;
}

QString TimingsPanel::statusText() const {
    return status_->text();
}

void TimingsPanel::chooseAndImport() {
    // The first filter detects each file's format; the others name one, as --format does on
    // the command line, for a file that detection reads wrongly or not at all. The dialog
    // also takes the attestation that the outputs were checked on the target.
    TimingsImportDialog dialog(this, spec_ ? spec_->target : std::nullopt);
    emit importDialogOpened(&dialog);
    if (dialog.exec() != QDialog::Accepted) return;
    importFiles(dialog.selectedFiles(), timingFormatFilters().formatOf(dialog.selectedNameFilter()),
                dialog.verifiedNote(), dialog.fillTarget());
}

void TimingsPanel::addImported(const std::vector<ImportedFile>& files) {
    int added = 0, warned = 0;
    for (const ImportedFile& f : files) {
        // A file imported again replaces what it gave before.
        const std::string path = f.path.toStdString();
        files_.insert(path);
        std::erase_if(records_, [&](const TimingRecord& r) { return r.file == path; });
        std::erase_if(warnings_, [&](const Diagnostic& d) { return d.file == path; });
        records_.insert(records_.end(), f.result.records.begin(), f.result.records.end());
        warnings_.insert(warnings_.end(), f.result.warnings.begin(), f.result.warnings.end());
        added += static_cast<int>(f.result.records.size());
        warned += static_cast<int>(f.result.warnings.size());
    }
    rebuild();
    endProgress(loadedText(added, int(files.size()), warned));
    lists_->setCurrentWidget(warned && !added ? static_cast<QWidget*>(warningList_) : table_);
    if (added && charts_->currentWidget() == plan_) charts_->setCurrentWidget(candidates_);
    emit importFinished(added, warned);
}

// Everything loaded, then what the last import read when that is not everything.
QString TimingsPanel::loadedText(int read, int filesRead, int warned) const {
    const int files = int(files_.size()), records = int(records_.size());
    QString text = tr("%n record(s) from %1 file(s)", nullptr, records).arg(files);
    if (!warnings_.empty()) text += tr(", %n warning(s)", nullptr, int(warnings_.size()));
    if (files == filesRead && records == read && int(warnings_.size()) == warned) return text;
    return text +
           tr(" loaded; the last import read %n record(s) from %1 file(s)", nullptr, read)
               .arg(filesRead) +
           (warned ? tr(", %n warning(s)", nullptr, warned) : QString());
}

std::shared_ptr<const TimingsView> TimingsPanel::computeView() {
    return std::make_shared<const TimingsView>(
        make_timings_view(records_, warnings_, spec_, settings_, builtin_targets(), &costs_));
}

void TimingsPanel::rebuild() {
    view_ = computeView();
    // "automatic" must mean it: a kernel or target chosen among records that are gone would
    // filter the new ones away while the combo says automatic.
    const auto gone = [](const std::vector<std::string>& held,
                         const std::optional<std::string>& chosen) {
        return chosen && std::find(held.begin(), held.end(), *chosen) == held.end();
    };
    const bool kernelGone = gone(view_->kernels, settings_.kernel);
    const bool targetGone = gone(view_->targets, settings_.target);
    if (kernelGone) settings_.kernel.reset();
    if (targetGone) {
        settings_.target.reset();
        plan_->setTarget(std::nullopt);
    }
    if (kernelGone || targetGone) view_ = computeView();
    plan_->setRecords(records_);
    showView();
}

void TimingsPanel::showView() {
    const TimingsView& v = *view_;
    model_->setView(view_);
    table_->resizeColumnsToContents();
    showCandidates(*candidates_, v);
    showRoofline(*roofline_, v);
    chartWindow_->setView(view_);
    endToEnd_->setView(v);
    fillChoices(kernelBox_, tr("automatic"), v.kernels, settings_.kernel);
    fillChoices(targetBox_, tr("automatic"), v.targets, settings_.target);

    warningList_->clear();
    for (const Diagnostic& d : v.warnings) {
        QString where = recordLocation(d.file, d.line);
        if (!d.path.empty()) where += QStringLiteral(" ") + qs(d.path);
        auto* item = new QListWidgetItem(
            where.isEmpty() ? qs(d.message) : where + QStringLiteral(": ") + qs(d.message),
            warningList_);
        item->setToolTip(qs(d.to_string()));
    }
    lists_->setTabText(1, v.warnings.empty() ? tr("Import warnings")
                                             : tr("Import warnings (%1)").arg(v.warnings.size()));
    exportButton_->setEnabled(!v.records.empty() && charts_->currentWidget() != plan_);
    clearButton_->setEnabled(!records_.empty());
}

void TimingsPanel::showProgress(int fileIndex, int fileCount, const QString& path,
                                double fraction) {
    progress_->show();
    cancelButton_->show();
    importButton_->setEnabled(false);
    importAction_->setEnabled(false);
    progress_->setValue(static_cast<int>(1000 * (fileIndex + fraction) / std::max(fileCount, 1)));
    status_->setText(tr("importing %1 (%2 of %3)\u2026")
                         .arg(QFileInfo(path).fileName())
                         .arg(fileIndex + 1)
                         .arg(fileCount));
}

void TimingsPanel::endProgress(const QString& message) {
    progress_->hide();
    cancelButton_->hide();
    importButton_->setEnabled(true);
    importAction_->setEnabled(true);
    status_->setText(message);
}

void TimingsPanel::saveThreshold() {
    if (settingsEnabled()) QSettings().setValue(kThresholdKey, settings_.threshold);
}

// In a main window's dock, the dock grows to 45% of the window's height (as the window does for
// an import); floating, or elsewhere, the panel is left as it is.
void TimingsPanel::makeRoomForPlan() {
    QWidget* dock = parentWidget();
    while (dock && !qobject_cast<QDockWidget*>(dock)) dock = dock->parentWidget();
    auto* window = dock ? qobject_cast<QMainWindow*>(dock->parentWidget()) : nullptr;
    if (!window || static_cast<QDockWidget*>(dock)->isFloating()) return;
    const int wanted = window->height() * 9 / 20;
    if (dock->height() < wanted)
        window->resizeDocks({static_cast<QDockWidget*>(dock)}, {wanted}, Qt::Vertical);
}

void TimingsPanel::openChartWindow() {
    chartWindow_->open(charts_->currentWidget() == roofline_ ? 1 : 0);
}

void TimingsPanel::exportCurrentChart() {
    if (auto* chart = qobject_cast<ChartWidget*>(charts_->currentWidget()))
        chart->exportWithDialog(this);
}

void TimingsPanel::dragEnterEvent(QDragEnterEvent* event) {
    if (!localFiles(event->mimeData()).isEmpty()) event->acceptProposedAction();
}

void TimingsPanel::dropEvent(QDropEvent* event) {
    const QStringList paths = localFiles(event->mimeData());
    if (paths.isEmpty()) return;
    event->acceptProposedAction();
    importFiles(paths);
}

}  // namespace tl::gui
