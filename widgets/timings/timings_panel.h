#pragma once
// The Timings tab: import timing files (button, menu action or drag and drop, several at
// once, off the GUI thread), the candidates and roofline charts, the table of records, the
// import warnings and the end-to-end decision. Self-contained: place it in a tab or a dock.
#include <QStringList>
#include <QWidget>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "core/base/diagnostic.h"
#include "core/spec/spec.h"
#include "core/timings/record.h"
#include "core/timings/timings_summary.h"

class QAction;
class QComboBox;
class QLabel;
class QListWidget;
class QProgressBar;
class QPushButton;
class QSortFilterProxyModel;
class QTabWidget;
class QTableView;

namespace tl::gui {

class ChartWidget;
class ChartWindow;
class EndToEndPanel;
class ImportJob;
class PlanView;
class TimingsImportDialog;
class TimingsRecordsModel;
struct ExplorerSnapshot;
struct ImportedFile;

class TimingsPanel : public QWidget {
    Q_OBJECT
public:
    explicit TimingsPanel(QWidget* parent = nullptr);
    ~TimingsPanel() override;

    // Imports the files in the background; a file imported before is replaced by its new
    // records. Returns at once; importFinished() follows.
    // `formatId` empty: each file's format is detected; else every file is read as that format.
    // `verifiedNote`: the outputs of every file were checked on the target (the import dialog's
    // "I checked the outputs on the target"); a file's own word wins. `fillTarget`: the target
    // of the records whose file names none (the import dialog's, as --target).
    void importFiles(const QStringList& paths, const QString& formatId = {},
                     const std::optional<QString>& verifiedNote = std::nullopt,
                     const std::optional<std::string>& fillTarget = std::nullopt);
    bool waitForImport(int timeoutMs = 30000);
    void cancelImport();
    void clearRecords();

    // The open spec gives FLOPs and HBM bytes for the roofline, its own configuration shows
    // as an unmeasured candidate, and the Plan tab lists its tile candidates.
    void setSpec(const Spec& spec);
    void setSnapshot(const ExplorerSnapshot& snapshot);
    void clearSpec();

    // Chosen kernel and target; unset: automatic. A choice the records no longer hold (after
    // Clear, or an import of other kernels) goes back to automatic.
    void setKernel(std::optional<std::string> kernel);
    void setTarget(std::optional<std::string> target);

    const TimingsView& view() const { return *view_; }
    ChartWidget* candidatesChart() const { return candidates_; }
    ChartWidget* rooflineChart() const { return roofline_; }
    EndToEndPanel* endToEnd() const { return endToEnd_; }
    PlanView* planView() const { return plan_; }
    TimingsRecordsModel* recordsModel() const { return model_; }
    QStringList warningLines() const;
    QString statusText() const;
    // "Import timings…", for a window's File menu.
    QAction* importAction() const { return importAction_; }

    // Asks for a file name and exports the chart on screen (PNG, SVG or PDF by suffix).
    void exportCurrentChart();
    // The charts at full size in a window of their own, on the chart the tab shows (also a
    // double click on a chart).
    void openChartWindow();
    ChartWindow* chartWindow() const { return chartWindow_; }

signals:
    void importFinished(int records, int warnings);
    // The import dialog is about to be shown (tests fill it in from here).
    void importDialogOpened(tl::gui::TimingsImportDialog* dialog);

protected:
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    void layOut();
    void connectParts();
    void chooseAndImport();
    void addImported(const std::vector<ImportedFile>& files);
    void rebuild();
    std::shared_ptr<const TimingsView> computeView();
    QString loadedText(int read, int filesRead, int warned) const;
    void showView();
    void showProgress(int fileIndex, int fileCount, const QString& path, double fraction);
    void endProgress(const QString& message);
    void saveThreshold();
    void makeRoomForPlan();

    std::vector<TimingRecord> records_;
    Diagnostics warnings_;
    std::set<std::string> files_;  // every file imported since the last Clear
    std::shared_ptr<const Spec> spec_;
    TimingsSettings settings_;
    std::shared_ptr<const TimingsView> view_;
    CostCache costs_;

    ImportJob* job_;
    QAction* importAction_;
    QPushButton* importButton_;
    QPushButton* clearButton_;
    QPushButton* exportButton_;
    QPushButton* fullViewButton_;
    QComboBox* kernelBox_;
    QComboBox* targetBox_;
    QProgressBar* progress_;
    QPushButton* cancelButton_;
    QLabel* status_;
    QTabWidget* charts_;
    ChartWindow* chartWindow_;
    ChartWidget* candidates_;
    ChartWidget* roofline_;
    QTabWidget* lists_;
    QTableView* table_;
    TimingsRecordsModel* model_;
    QSortFilterProxyModel* sorted_;
    QListWidget* warningList_;
    EndToEndPanel* endToEnd_;
    PlanView* plan_;
};

}  // namespace tl::gui
