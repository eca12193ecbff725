#include "widgets/mainwindow/main_window.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QComboBox>
#include <QDialog>
#include <QDockWidget>
#include <QFileInfo>
#include <QGuiApplication>
#include <QLabel>
#include <QListView>
#include <QMenu>
#include <QMessageBox>
#include <QMimeData>
#include <QPainter>
#include <QScreen>
#include <QSettings>
#include <QStatusBar>
#include <QStyle>
#include <QTabWidget>
#include <QTableView>
#include <QTimer>
#include <QToolBar>
#include <QToolButton>
#include <algorithm>
#include <cstdlib>

#include "core/audit/rules.h"
#include "widgets/audit/audit_cases_model.h"
#include "widgets/audit/audit_panel.h"
#include "widgets/document/spec_document.h"
#include "widgets/editor/spec_editor.h"
#include "widgets/editor/target_section.h"
#include "widgets/examples/example_library.h"
#include "widgets/examples/lesson_library.h"
#include "widgets/findings/findings_panel.h"
#include "widgets/help/docs_browser.h"
#include "widgets/help/start_page.h"
#include "widgets/kit/job_tracker.h"
#include "widgets/mainwindow/file_controller.h"
#include "widgets/mainwindow/log_panel.h"
#include "widgets/mainwindow/status_line.h"
#include "widgets/present/presenter.h"
#include "widgets/tasks/audit_controller.h"
#include "widgets/tasks/run_controller.h"
#include "widgets/timings/timings_panel.h"

namespace tl::gui {
namespace {

const QString kGeometry = QStringLiteral("window/geometry");
const QString kState = QStringLiteral("window/state");
const QString kTheme = QStringLiteral("theme");
const QString kEngine = QStringLiteral("python/engine");
constexpr int kEditorMinWidth = 260;
constexpr int kFindingsMinWidth = 200;

QDockWidget* make_dock(const QString& title, const QString& name, QWidget* content,
                       QMainWindow* window) {
    auto* dock = new QDockWidget(title, window);
    dock->setObjectName(name);
    dock->setWidget(content);
    dock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable |
                      QDockWidget::DockWidgetClosable);
    return dock;
}

}  // namespace

MainWindow::MainWindow(QSettings* settings, QWidget* parent)
    : QMainWindow(parent),
      settings_(settings ? settings : new QSettings(this)),
      document_(new SpecDocument(this)),
      task_(new JobTracker(JobTracker::WhenBusy::Refuse, this)),
      run_(new RunController(document_, task_, this)),
      audit_(new AuditController(document_, task_, this)),
      files_(new FileController(document_, settings_, this)),
      actions_(create_main_actions(this, document_->undoStack())) {
    setObjectName(QStringLiteral("mainWindow"));
    setWindowIcon(QIcon(QStringLiteral(":/icons/tilelens.svg")));
    setAcceptDrops(true);
    setDockNestingEnabled(true);
    explorer_ = new ExplorerView(this);
    setCentralWidget(explorer_);
    buildDocks();
    buildToolBar();
    status_ = new StatusLine(statusBar(), document_, task_, actions_.cancel);
    connectParts();
    buildPresenter();
    fillExamplesMenu();
    files_->setRecentMenu(actions_.recent);
    // 1440 x 900, or what the screen has room for.
    QSize size(1440, 900);
    if (const QScreen* screen = QGuiApplication::primaryScreen())
        size = size.boundedTo(screen->availableGeometry().size() * 0.95);
    resize(size);
    applyFirstRunLayout();  // a saved layout replaces it
    restoreSettings();
    updateTitle();
}

MainWindow::~MainWindow() {
    task_->cancel();
    task_->waitForRunning();
    // The parts are destroyed after this body, and some still signal as they go (focus moves,
    // an undo stack is cleared): nothing may reach the window's half-destroyed members.
    for (QObject* part : findChildren<QObject*>()) disconnect(part, nullptr, this, nullptr);
}

void MainWindow::buildDocks() {
    editor_ = new SpecEditor(document_, this);
    findings_ = new FindingsPanel(document_, this);
    audit_panel_ = new AuditPanel(this);
    audit_panel_->setAuditAction(actions_.audit);
    log_ = new LogPanel(this);
    bottom_tabs_ = new QTabWidget(this);
    bottom_tabs_->setObjectName(QStringLiteral("bottomTabs"));
    bottom_tabs_->setDocumentMode(true);
    timings_ = new TimingsPanel(this);
    bottom_tabs_->addTab(timings_, tr("Timings"));
    bottom_tabs_->addTab(audit_panel_, tr("Audit"));
    bottom_tabs_->addTab(log_, tr("Log"));

    QDockWidget* editor =
        make_dock(tr("Spec editor"), QStringLiteral("specEditorDock"), editor_, this);
    QDockWidget* findings =
        make_dock(tr("Findings"), QStringLiteral("findingsDock"), findings_, this);
    QDockWidget* bottom =
        make_dock(tr("Timings · Audit · Log"), QStringLiteral("bottomDock"), bottom_tabs_, this);
    addDockWidget(Qt::LeftDockWidgetArea, editor);
    addDockWidget(Qt::RightDockWidgetArea, findings);
    addDockWidget(Qt::BottomDockWidgetArea, bottom);
    docks_ = {editor, findings, bottom};
    for (QDockWidget* d : docks_) actions_.view->addAction(d->toggleViewAction());
    // The charts may be squeezed: the explorer in the middle is what a person opens TileLens for.
    bottom_tabs_->setMinimumSize(240, 140);
    // A shrinking window squeezes the side docks no narrower than a field and its label, or a
    // finding's kind and first words, can be read in.
    editor->setMinimumWidth(kEditorMinWidth);
    findings->setMinimumWidth(kFindingsMinWidth);
}

void MainWindow::buildToolBar() {
    QToolBar* bar = addToolBar(tr("Main"));
    bar->setObjectName(QStringLiteral("mainToolBar"));
    bar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    bar->setMovable(false);
    QStyle* s = style();
    actions_.open->setIcon(s->standardIcon(QStyle::SP_DialogOpenButton));
    actions_.save->setIcon(s->standardIcon(QStyle::SP_DialogSaveButton));
    applyToolBarIcons();
    actions_.audit->setIcon(s->standardIcon(QStyle::SP_FileDialogDetailedView));

    auto* examples = new QToolButton(bar);
    examples->setText(tr("Examples"));
    examples->setMenu(actions_.examples);
    examples->setPopupMode(QToolButton::InstantPopup);
    examples->setToolTip(tr("Open an example of the lesson library as a new document"));
    bar->addWidget(examples);
    bar->addAction(actions_.open);
    bar->addAction(actions_.save);
    bar->addSeparator();
    bar->addAction(actions_.undo);
    bar->addAction(actions_.redo);
    bar->addSeparator();
    bar->addAction(actions_.run);
    bar->addAction(actions_.audit);
    bar->addAction(actions_.cancel);
    bar->addAction(actions_.present);
    bar->addSeparator();
    bar->addWidget(new QLabel(tr(" Target "), bar));
    target_ = new QComboBox(bar);
    target_->setObjectName(QStringLiteral("toolbarTarget"));
    fill_target_combo(target_);
    bar->addWidget(target_);
    // Undo texts name the command ("Undo Edit the grid"): keep the toolbar short.
    for (QAction* a : {actions_.undo, actions_.redo})
        if (auto* b = qobject_cast<QToolButton*>(bar->widgetForAction(a)))
            b->setToolButtonStyle(Qt::ToolButtonIconOnly);
}

// Presentation mode: its steps run and audit through the window's own actions.
void MainWindow::buildPresenter() {
    presenter_ = new Presenter(this, explorer_, document_,
                               {[this] { runKernel(); }, [this] { audit_->start(); }});
    connect(actions_.present, &QAction::triggered, presenter_, &Presenter::toggle);
    addAction(actions_.present);  // F11 works while the menu bar is hidden
    connect(audit_, &AuditController::finished, presenter_, &Presenter::setSweepResult);
}

void MainWindow::fillExamplesMenu() {
    const ExampleLibrary library = load_example_library();
    for (const Example& e : library.examples) {
        QAction* a = actions_.examples->addAction(e.id);
        a->setStatusTip(e.description.left(160));
        a->setToolTip(e.description);
        connect(a, &QAction::triggered, this, [this, path = e.path] { files_->openExample(path); });
    }
    actions_.examples->addSeparator();
    QMenu* real = actions_.examples->addMenu(tr("&Real Kernels"));
    real->setObjectName(QStringLiteral("realKernelsMenu"));
    real->setToolTipsVisible(true);
    for (const Example& e : load_real_gallery().examples) {
        QAction* a =
            real->addAction(e.finding.isEmpty() ? e.id : tr("%1  (bug: %2)").arg(e.id, e.finding));
        a->setStatusTip(e.description.left(160));
        a->setToolTip(e.description);
        connect(a, &QAction::triggered, this, [this, path = e.path] { files_->openExample(path); });
    }
    actions_.examples->setToolTipsVisible(true);

    actions_.lessons->addAction(actions_.present);
    actions_.lessons->addSeparator();
    for (const LessonEntry& l : load_lesson_library()) {
        QAction* a = actions_.lessons->addAction(
            tr("%1. %2").arg(l.order).arg(l.title) +
            (l.steps == 1 ? tr("  (1 step)") : tr("  (%1 steps)").arg(l.steps)));
        a->setToolTip(l.intro);
        a->setStatusTip(l.intro.left(160));
        connect(a, &QAction::triggered, this, [this, path = l.path] {
            if (files_->openExample(path))
                status_->showMessage(tr("View ▸ Present (F11) gives this lesson step by step"),
                                     15000);
        });
    }
}

void MainWindow::connectParts() {
    connectActions();
    connectTasks();
    connectDocument();
}

// The menu and toolbar actions.
void MainWindow::connectActions() {
    const MainActions& a = actions_;
    connect(a.newFromExample, &QAction::triggered, files_, &FileController::newFromExample);
    connect(a.open, &QAction::triggered, files_, &FileController::open);
    connect(a.save, &QAction::triggered, files_, &FileController::save);
    connect(a.saveAs, &QAction::triggered, files_, &FileController::saveAs);
    connect(a.quit, &QAction::triggered, this, &QWidget::close);
    connect(a.copyPallas, &QAction::triggered, this, &MainWindow::copyPallasCode);
    // A Python kernel's body runs in the child process: Run is the audit of the own params.
    connect(a.run, &QAction::triggered, this, &MainWindow::runKernel);
    connect(a.audit, &QAction::triggered, audit_, [this] { audit_->start(); });
    connect(a.exportImage, &QAction::triggered, this, &MainWindow::exportImage);
    connect(a.allowPython, &QAction::triggered, files_, &FileController::allowPython);
    connect(a.cancel, &QAction::triggered, task_, &JobTracker::cancel);
    connect(a.nextFinding, &QAction::triggered, this, [this] { findings_->step(+1); });
    connect(a.previousFinding, &QAction::triggered, this, [this] { findings_->step(-1); });
    const QList<QWidget*> targets = {editor_, explorer_, findings_->view(), audit_panel_->table(),
                                     log_};
    for (int i = 0; i < a.focus.size(); ++i)
        connect(a.focus[i], &QAction::triggered, this, [this, w = targets[i], i] {
            if (i >= 3) bottom_tabs_->setCurrentIndex(i - 2);
            for (QWidget* p = w; p; p = p->parentWidget())
                if (auto* dock = qobject_cast<QDockWidget*>(p)) dock->show(), dock->raise();
            w->setFocus(Qt::ShortcutFocusReason);
        });
    connect(a.engine, &QActionGroup::triggered, this,
            [this](QAction* e) { setPythonEngine(e->data().toString()); });
    connect(a.theme, &QActionGroup::triggered, this,
            [this](QAction* t) { setTheme(theme_from_key(t->data().toString())); });
    connect(a.cycleTheme, &QAction::triggered, this,
            [this] { setTheme(static_cast<Theme>((static_cast<int>(theme_) + 1) % 3)); });
    connect(a.fullScreen, &QAction::toggled, this,
            [this](bool on) { on ? showFullScreen() : showNormal(); });
    connect(a.startPage, &QAction::triggered, this, &MainWindow::showStartPage);
    connect(a.docs, &QAction::triggered, this, [this] { showDocs(); });
    connect(a.shortcuts, &QAction::triggered, this, &MainWindow::showShortcuts);
    connect(a.resetLayout, &QAction::triggered, this, &MainWindow::resetLayout);
    connect(a.exportAnimation, &QAction::triggered, this, &MainWindow::exportAnimation);
    connect(a.about, &QAction::triggered, this, [this] {
        QMessageBox::about(this, tr("About TileLens"),
                           tr("<b>TileLens %1</b><p>See where each program of a tiled kernel "
                              "goes, and check it on every shape. The CPU interpreter proves "
                              "semantics, never speed.</p>")
                               .arg(QApplication::applicationVersion()));
    });
}

void MainWindow::showShortcuts() {
    if (auto* open = findChild<QDialog*>(QStringLiteral("shortcutsDialog"))) {
        open->raise();
        return;
    }
    QDialog* dialog = shortcut_dialog(this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->open();
}

void MainWindow::showStartPageAtStart() {
    if (StartPage::showAtStart(settings_)) showStartPage();
}

void MainWindow::showStartPage() {
    if (auto* open = findChild<StartPage*>()) {
        open->raise();
        return;
    }
    auto* page = new StartPage(settings_, this);
    page->setAttribute(Qt::WA_DeleteOnClose);
    connect(page, &StartPage::openExampleRequested, files_, &FileController::newFromExample,
            Qt::QueuedConnection);
    connect(page, &StartPage::openRealKernelRequested, files_, &FileController::newFromRealKernel,
            Qt::QueuedConnection);
    connect(page, &StartPage::openFileRequested, files_, &FileController::open,
            Qt::QueuedConnection);
    connect(page, &StartPage::openLessonRequested, files_, &FileController::openExample,
            Qt::QueuedConnection);
    connect(
        page, &StartPage::docsRequested, this, [this] { showDocs(); }, Qt::QueuedConnection);
    page->open();
}

void MainWindow::showDocs(const QString& name, const QString& section) {
    auto* browser = findChild<DocsBrowser*>();
    if (!browser) {
        browser = new DocsBrowser(QStringLiteral(":/docs"), this);
        browser->setAttribute(Qt::WA_DeleteOnClose);
    }
    if (!name.isEmpty()) browser->showDocument(name, section);
    browser->show();
    browser->raise();
}

// Run, audit and cancel: enabled by the one background job, their messages in the log.
void MainWindow::connectTasks() {
    connect(task_, &JobTracker::started, this, [this] {
        actions_.cancel->setEnabled(true);
        actions_.run->setEnabled(false);
        actions_.audit->setEnabled(false);
    });
    connect(task_, &JobTracker::finished, this, [this] {
        actions_.cancel->setEnabled(false);
        actions_.run->setEnabled(true);
        actions_.audit->setEnabled(true);
    });
    const auto note = [this](const QString& text) {
        log_->log(text);
        status_->showMessage(text, 8000);
    };
    connect(files_, &FileController::message, this, note);
    connect(files_, &FileController::error, this, &MainWindow::showError);
    connect(files_->noLostWork(), &NoLostWork::message, this, note);
    connect(files_->noLostWork(), &NoLostWork::error, this, &MainWindow::showError);
    connect(run_, &RunController::message, this, note);
    connect(audit_, &AuditController::message, this, note);
    connect(audit_, &AuditController::auditStarted, audit_panel_, &AuditPanel::showRunning);
    connect(audit_, &AuditController::auditStarted, this,
            [this] { bottom_tabs_->setCurrentWidget(audit_panel_); });
    connect(audit_, &AuditController::finished, audit_panel_, &AuditPanel::showResult);
    connect(audit_, &AuditController::finished, this, &MainWindow::refreshAuditState);
    connect(audit_panel_, &AuditPanel::caseActivated, this, &MainWindow::loadAuditCase);
    // An audit is of one document: another one starts with none.
    connect(document_, &SpecDocument::documentReplaced, this, [this] {
        audit_->clear();
        audit_panel_->clear();
        status_->setAuditCase(std::nullopt);
    });
    connect(document_, &SpecDocument::specChanged, this, &MainWindow::refreshAuditState);
}

// The document to the views, the title and the target box, and the panels back to the editor.
void MainWindow::connectDocument() {
    connect(document_, &SpecDocument::snapshotReady, explorer_, &ExplorerView::setSnapshot);
    connect(document_, &SpecDocument::snapshotReady, timings_, &TimingsPanel::setSnapshot);
    // Timing files dropped on the window (or imported from the File menu) land in Timings.
    actions_.file->insertAction(actions_.save, timings_->importAction());
    connect(this, &MainWindow::otherFilesDropped, this, &MainWindow::importTimings);
    connect(findings_, &FindingsPanel::findingSelected, explorer_, &ExplorerView::showFinding);
    connect(findings_, &FindingsPanel::programSelected, explorer_, &ExplorerView::selectProgram);
    connect(findings_, &FindingsPanel::elementSelected, explorer_, &ExplorerView::selectElement);
    connect(document_, &SpecDocument::diagnosticsChanged, explorer_,
            [this] { explorer_->setSpecErrors(!document_->diagnostics().empty()); });
    connect(findings_, &FindingsPanel::pathActivated, this, [this](const std::string& path) {
        docks_.first()->show();
        editor_->focusPath(path);
    });
    connect(document_, &SpecDocument::pathChanged, this, &MainWindow::updateTitle);
    connect(document_, &SpecDocument::modifiedChanged, this, &MainWindow::updateTitle);
    connect(document_, &SpecDocument::specChanged, this, [this](const SpecChange& c) {
        if (c.part == SpecChange::Part::All || c.part == SpecChange::Part::Meta) updateTitle();
        if (c.part == SpecChange::Part::All || c.part == SpecChange::Part::Target) {
            const int i = target_->findData(QString::fromStdString(document_->spec().target_id()));
            if (i >= 0) target_->setCurrentIndex(i);
        }
    });
    connect(target_, &QComboBox::activated, this, [this](int i) {
        Spec s = document_->spec();
        const std::string id = target_->itemData(i).toString().toStdString();
        s.target = id == "interpret" ? std::nullopt : std::optional<std::string>(id);
        document_->edit(s, {SpecChange::Part::Target, -1, {}},
                        tr("Target %1").arg(QString::fromStdString(id)));
    });
}

void MainWindow::importTimings(const QStringList& paths) {
    bottom_tabs_->setCurrentWidget(timings_);
    // Charts need height: the first-run bottom area is sized for findings and logs.
    QDockWidget* bottom = docks_[2];
    bottom->show();
    chartRoom_ = true;
    if (firstRunLayout_)
        applyFirstRunLayout();
    else if (bottom->height() < height() * 2 / 5)
        resizeDocks({bottom}, {height() * 9 / 20}, Qt::Vertical);
    timings_->importFiles(paths);
}

bool MainWindow::runKernel() {
    // A Python kernel's body runs in its child process: Run is the audit of the own params.
    if (document_->spec().python) return audit_->start(SweepMode::Off);
    // What cannot run at all is said in the window, not only in the log: a spec without a
    // body is a common first step, and a silent Run looks broken.
    const ExplorerSnapshot& snap = document_->snapshot();
    const bool rejected = snap.audit && snap.audit->contract == StageStatus::Rejected;
    if (snap.spec && !task_->running())
        if (const auto why = numerics_blocker(*snap.spec, snap.analysis.get(), rejected)) {
            const QString text =
                tr("Run Kernel cannot interpret %1: %2.")
                    .arg(QString::fromStdString(snap.spec->name), QString::fromStdString(*why));
            log_->log(text);
            auto* box = new QMessageBox(QMessageBox::Information, tr("Run Kernel"), text,
                                        QMessageBox::Close, this);
            box->setObjectName(QStringLiteral("runBlocked"));
            box->setInformativeText(
                tr("The contract and indexing checks still apply: the explorer and Findings "
                   "show them, and Run ▸ Audit Sweep checks them on hostile shapes."));
            box->setAttribute(Qt::WA_DeleteOnClose);
            box->open();
            return false;
        }
    return run_->start();
}

bool MainWindow::openSpec(const QString& path) {
    return files_->openPath(path);
}

void MainWindow::loadAuditCase(const std::map<std::string, std::int64_t>& params) {
    Spec s = document_->spec();
    if (const auto audited = audit_->auditedSpec(); audited && !case_applies_to(*audited, s)) {
        const QString why =
            tr("This audit case belongs to an earlier version of the spec: its operands, grid, "
               "kernel, target or params have changed since. Run the audit again (Run ▸ "
               "Audit Sweep, F6) for cases of the spec as it is now.");
        log_->log(why);
        status_->showMessage(why, 12000);
        return;
    }
    QStringList shown;
    for (auto& [name, value] : s.params)
        if (const auto it = params.find(name); it != params.end()) {
            value = it->second;
            shown << QString::fromStdString(name) + u'=' + QString::number(value);
        }
    document_->edit(s, {SpecChange::Part::Params, -1, {}},
                    tr("Load audit case %1").arg(shown.join(u' ')));
    log_->log(tr("Loaded the audit case %1").arg(shown.join(u' ')));
}

namespace {

// Whether `current` is the audited spec at the params of case `c`.
bool is_case(const AuditCase& c, const Spec& audited, const Spec& current) {
    if (!case_applies_to(audited, current)) return false;
    for (std::size_t i = 0; i < current.params.size(); ++i) {
        const auto& [name, value] = current.params[i];
        const auto it = c.params.find(name);
        const std::int64_t want = it != c.params.end() ? it->second : audited.params[i].second;
        if (value != want) return false;
    }
    return true;
}

}  // namespace

// The sweep table is current while the spec as edited is one of its cases (the audited spec,
// or a case loaded from the table); otherwise it is marked out of date.
void MainWindow::refreshAuditState() {
    const AuditResult* shown = audit_panel_->model()->result();
    const std::shared_ptr<const Spec> audited = audit_->auditedSpec();
    if (!shown || !audited) {
        status_->setAuditCase(std::nullopt);
        return;
    }
    const Spec& current = document_->spec();
    std::optional<AuditCase> match;
    for (const AuditCase& c : shown->cases)
        if (is_case(c, *audited, current)) {
            match = c;
            break;
        }
    const bool current_spec = match || (shown->cases.empty() && *audited == current);
    audit_panel_->setOutOfDate(!current_spec, audit_->auditedAt());
    status_->setAuditCase(match);
}

void MainWindow::updateTitle() {
    setWindowTitle(tr("%1[*] — TileLens").arg(document_->displayName()));
    setWindowModified(document_->isModified());
}

// The style's run and stop glyphs are drawn black whatever the palette: painted in the
// palette's button text colour they stay visible in the dark theme.
void MainWindow::applyToolBarIcons() {
    const QColor ink = QApplication::palette().color(QPalette::ButtonText);  // the new theme's
    const auto tinted = [&](QStyle::StandardPixmap which) {
        QIcon icon;
        for (int side : {16, 24, 32, 48}) {
            QPixmap pixmap = style()->standardIcon(which).pixmap(side, side);
            QPainter p(&pixmap);
            p.setCompositionMode(QPainter::CompositionMode_SourceIn);
            p.fillRect(pixmap.rect(), ink);
            p.end();
            icon.addPixmap(pixmap);
        }
        return icon;
    };
    // The arrows are drawn on a disc of their own colour: they read in both themes as they are.
    actions_.undo->setIcon(style()->standardIcon(QStyle::SP_ArrowBack));
    actions_.redo->setIcon(style()->standardIcon(QStyle::SP_ArrowForward));
    actions_.run->setIcon(tinted(QStyle::SP_MediaPlay));
    actions_.cancel->setIcon(tinted(QStyle::SP_MediaStop));
}

void MainWindow::setTheme(Theme theme) {
    theme_ = theme;
    apply_theme(theme);
    applyToolBarIcons();
    for (QAction* t : actions_.theme->actions())
        t->setChecked(t->data().toString() == theme_key(theme));
    settings_->setValue(kTheme, theme_key(theme));
}

// Docks in proportion to the window, so that the explorer keeps most of a small screen and
// the charts get room on a big one: the editor a quarter of the width (330-520 px), the
// findings a fifth (240-420 px), the bottom dock 28 % of the height (170 px up), or 42 %
// (260 px up) once timings are imported, since a chart needs height to be read.
void MainWindow::applyFirstRunLayout() {
    if (!firstRunLayout_) return;
    const auto current = [this] {
        return QList<int>{docks_[0]->width(), docks_[1]->width(), docks_[2]->height()};
    };
    const QList<int> now = current();
    if (!firstRunSizes_.isEmpty()) {
        for (int i = 0; i < 3; ++i)
            if (std::abs(now[i] - firstRunSizes_[i]) > 4) {
                firstRunLayout_ = false;  // the user moved a separator: the layout is theirs
                return;
            }
    }
    const int w = width(), h = height();
    const int editor = std::clamp(w / 4, 330, 520), findings = std::clamp(w / 5, 240, 420);
    const int bottom = chartRoom_ ? std::max(260, h * 42 / 100) : std::max(170, h * 28 / 100);
    resizeDocks({docks_[0], docks_[1]}, {editor, findings}, Qt::Horizontal);
    resizeDocks({docks_[2]}, {bottom}, Qt::Vertical);
    // What the layout made of it is known once it has run; until the window is shown, the
    // next resize applies again unchecked.
    firstRunSizes_.clear();
    if (isVisible())
        QTimer::singleShot(0, this, [this, current] {
            if (firstRunLayout_) firstRunSizes_ = current();
        });
}

void MainWindow::resetLayout() {
    presenter_->leave();
    const Qt::DockWidgetArea areas[] = {Qt::LeftDockWidgetArea, Qt::RightDockWidgetArea,
                                        Qt::BottomDockWidgetArea};
    for (int i = 0; i < 3; ++i) {
        docks_[i]->setFloating(false);
        addDockWidget(areas[i], docks_[i]);  // moves a dock that was tabbed or split elsewhere
        docks_[i]->show();
    }
    for (QToolBar* bar : findChildren<QToolBar*>()) bar->show();
    firstRunLayout_ = true;
    firstRunSizes_.clear();
    applyFirstRunLayout();
    status_->showMessage(tr("The panels are back in their first-run places"), 5000);
}

// A layout made on a big window leaves the explorer a sliver once the window shrinks: the
// side docks give back what they have above their first-run widths for the new size, and the
// bottom dock what it has above its first-run height.
void MainWindow::keepUsableSplit() {
    if (firstRunLayout_ || !centralWidget() || isFullScreen()) return;
    const int w = width();
    const int wanted[] = {std::clamp(w / 4, kEditorMinWidth, 520),
                          std::clamp(w / 5, kFindingsMinWidth, 420)};
    QList<QDockWidget*> side;
    QList<int> sizes;
    const bool narrow = centralWidget()->width() < std::max(400, w * 35 / 100);
    for (int i = 0; i < 2 && narrow; ++i)
        if (docks_[i]->isVisible() && !docks_[i]->isFloating() && docks_[i]->width() > wanted[i]) {
            side << docks_[i];
            sizes << wanted[i];
        }
    if (!side.isEmpty()) resizeDocks(side, sizes, Qt::Horizontal);
    // The same for the height the bottom dock took on a taller window (340 px: the operand
    // views above the navigator still legible).
    const int h = height();
    const int bottom = chartRoom_ ? std::max(260, h * 42 / 100) : std::max(170, h * 28 / 100);
    if (centralWidget()->height() < std::max(340, h * 45 / 100) && docks_[2]->isVisible() &&
        !docks_[2]->isFloating() && docks_[2]->height() > bottom)
        resizeDocks({docks_[2]}, {bottom}, Qt::Vertical);
}

void MainWindow::resizeEvent(QResizeEvent* event) {
    QMainWindow::resizeEvent(event);
    applyFirstRunLayout();
    keepUsableSplit();
}

void MainWindow::restoreSettings() {
    restoreGeometry(settings_->value(kGeometry).toByteArray());
    if (restoreState(settings_->value(kState).toByteArray())) firstRunLayout_ = false;
    setTheme(theme_from_key(settings_->value(kTheme).toString()));
    setPythonEngine(settings_->value(kEngine, QStringLiteral("auto")).toString());
}

void MainWindow::setPythonEngine(const QString& key) {
    const auto engine = parse_engine(key.toStdString()).value_or(PythonEngine::Auto);
    const QString name = QString::fromUtf8(engine_name(engine).data(),
                                           static_cast<qsizetype>(engine_name(engine).size()));
    for (QAction* e : actions_.engine->actions()) e->setChecked(e->data().toString() == name);
    settings_->setValue(kEngine, name);
    document_->setPythonEngine(engine);
}

void MainWindow::showError(const QString& text) {
    log_->log(text);
    auto* box =
        new QMessageBox(QMessageBox::Warning, tr("TileLens"), text, QMessageBox::Close, this);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();  // not modal to the event loop: tests and scripts keep running
}

void MainWindow::closeEvent(QCloseEvent* event) {
    presenter_->leave();  // the layout saved below is the window's own, not the presentation's
    if (!files_->maybeSave()) {
        event->ignore();
        return;
    }
    files_->noLostWork()->closedCleanly();  // saved or discarded: no recovery file is left
    settings_->setValue(kGeometry, saveGeometry());
    settings_->setValue(kState, saveState());
    task_->cancel();
    event->accept();
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event) {
    for (const QUrl& url : event->mimeData()->urls())
        if (url.isLocalFile()) {
            event->acceptProposedAction();
            return;
        }
}

void MainWindow::dropEvent(QDropEvent* event) {
    QStringList specs, others;
    for (const QUrl& url : event->mimeData()->urls()) {
        if (!url.isLocalFile()) continue;
        const QString path = url.toLocalFile();
        const bool spec =
            path.endsWith(QStringLiteral(".tilelens.json")) || path.endsWith(QStringLiteral(".py"));
        (spec ? specs : others) << path;
    }
    event->acceptProposedAction();
    if (!specs.isEmpty()) openSpec(specs.first());
    if (specs.size() > 1) log_->log(tr("Opened the first of %1 dropped specs").arg(specs.size()));
    if (!others.isEmpty()) {
        log_->log(tr("Dropped, not specs: %1").arg(others.join(QStringLiteral(", "))));
        emit otherFilesDropped(others);
    }
}

}  // namespace tl::gui
