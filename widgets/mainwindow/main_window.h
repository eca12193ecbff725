#pragma once
// The TileLens window: the spec editor (left), the explorer (centre), the findings (right),
// Timings | Audit | Log (bottom), the menus, the toolbar and the status bar. It only wires
// the parts together; each part lives in its own file.
#include <QMainWindow>
#include <QStringList>

#include "widgets/explorer/explorer_view.h"
#include "widgets/mainwindow/main_actions.h"
#include "widgets/mainwindow/theme.h"

class QComboBox;
class QDockWidget;
class QSettings;
class QTabWidget;

namespace tl::gui {

class AuditController;
class AuditPanel;
class JobTracker;
class FileController;
class FindingsPanel;
class LogPanel;
class Presenter;
class RunController;
class SpecDocument;
class SpecEditor;
class StatusLine;
class TimingsPanel;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    // `settings` holds layout, recent files and theme; null = the application's QSettings.
    explicit MainWindow(QSettings* settings = nullptr, QWidget* parent = nullptr);
    ~MainWindow() override;

    SpecDocument* document() const { return document_; }
    FileController* files() const { return files_; }
    // Run Kernel (F5): the interpreter, or for a Python kernel the audit of the own params.
    bool runKernel();
    FindingsPanel* findings() const { return findings_; }
    ExplorerView* explorer() const { return explorer_; }
    AuditPanel* auditPanel() const { return audit_panel_; }
    RunController* runner() const { return run_; }
    AuditController* auditor() const { return audit_; }
    // The lane of long jobs (Run, Audit): one at a time, with progress and cancel.
    JobTracker* task() const { return task_; }
    const MainActions& actions() const { return actions_; }
    // Presentation mode (View ▸ Present, F11).
    Presenter* presenter() const { return presenter_; }

    // Opens a spec file or a ":/examples/..." resource (asks about unsaved changes first).
    bool openSpec(const QString& path);
    // Help ▸ Start Page and Help ▸ Documentation (non-modal; the page that is open is reused).
    void showStartPage();
    void showStartPageAtStart();  // unless the user turned it off
    void showDocs(const QString& name = {}, const QString& section = {});
    void setTheme(Theme theme);
    // View ▸ Reset Layout: every dock shown, docked where it starts, at the first-run sizes.
    void resetLayout();
    // Run ▸ Python Engine: "auto", "jax" or "standins", remembered in the settings.
    void setPythonEngine(const QString& key);
    Theme theme() const { return theme_; }
    // Imports timing files into the Timings tab and brings it to the front.
    void importTimings(const QStringList& paths);
    TimingsPanel* timingsPanel() const { return timings_; }

signals:
    // Files dropped on the window that are not specs (timing files, for the Timings panel).
    void otherFilesDropped(const QStringList& paths);

protected:
    void closeEvent(QCloseEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;  // the first-run layout follows the size

private:
    void buildDocks();
    void buildToolBar();
    void connectParts();
    void connectActions();
    void connectTasks();
    void connectDocument();
    void buildPresenter();
    void fillExamplesMenu();  // and the Lessons menu
    void copyPallasCode();
    void exportImage();      // File ▸ Export Image…
    void exportAnimation();  // File ▸ Export Animation…
    void showShortcuts();    // Help ▸ Keyboard Shortcuts
    void applyToolBarIcons();
    void updateTitle();
    void loadAuditCase(const std::map<std::string, std::int64_t>& params);
    void refreshAuditState();
    void restoreSettings();
    void showError(const QString& text);

    QSettings* settings_;
    SpecDocument* document_;
    JobTracker* task_;
    RunController* run_;
    AuditController* audit_;
    FileController* files_;
    MainActions actions_;
    SpecEditor* editor_ = nullptr;
    ExplorerView* explorer_ = nullptr;
    FindingsPanel* findings_ = nullptr;
    AuditPanel* audit_panel_ = nullptr;
    LogPanel* log_ = nullptr;
    QTabWidget* bottom_tabs_ = nullptr;
    TimingsPanel* timings_ = nullptr;
    QComboBox* target_ = nullptr;
    StatusLine* status_ = nullptr;
    Presenter* presenter_ = nullptr;
    QList<QDockWidget*> docks_;
    // The dock sizes the first-run layout last set (editor width, findings width, bottom
    // height); once the user drags a separator or a saved layout is restored, it stops.
    void applyFirstRunLayout();
    void keepUsableSplit();  // after a shrink, the explorer keeps a usable share
    bool firstRunLayout_ = true;
    bool chartRoom_ = false;  // timings were imported: the bottom dock gets more height
    QList<int> firstRunSizes_;
    Theme theme_ = Theme::System;
};

}  // namespace tl::gui
