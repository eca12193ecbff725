#include "widgets/mainwindow/status_line.h"

#include <QAction>
#include <QLabel>
#include <QProgressBar>
#include <QStatusBar>
#include <QToolButton>

#include "core/analysis/analysis.h"
#include "widgets/document/spec_document.h"
#include "widgets/tasks/job_tracker.h"

namespace tl::gui {
namespace {

QString chip_style(Verdict v) {
    const char* colour = "#009E73";
    if (v == Verdict::Fail) colour = "#D55E00";
    if (v == Verdict::Rejected) colour = "#E69F00";
    if (v == Verdict::Invalid) colour = "#CC79A7";
    return QStringLiteral(
               "QLabel { background: %1; color: white; border-radius: 3px; "
               "padding: 1px 8px; font-weight: bold; }")
        .arg(QLatin1StringView(colour));
}

}  // namespace

StatusLine::StatusLine(QStatusBar* bar, SpecDocument* document, JobTracker* task, QAction* cancel)
    : QObject(bar),
      bar_(bar),
      document_(document),
      task_(task),
      verdict_(new QLabel(bar)),
      size_(new QLabel(bar)),
      errors_(new QLabel(bar)),
      job_(new QLabel(bar)),
      progress_(new QProgressBar(bar)),
      cancel_(new QToolButton(bar)) {
    verdict_->setObjectName(QStringLiteral("verdict"));
    size_->setObjectName(QStringLiteral("specSize"));
    errors_->setObjectName(QStringLiteral("editErrors"));
    errors_->setStyleSheet(QStringLiteral("QLabel { color: #D55E00; }"));
    progress_->setObjectName(QStringLiteral("jobProgress"));
    progress_->setMaximumWidth(180);
    progress_->setTextVisible(true);
    cancel_->setDefaultAction(cancel);
    cancel_->setToolButtonStyle(Qt::ToolButtonTextOnly);
    // Permanent: temporary messages (opened, saved, run finished) use the left part.
    bar_->addPermanentWidget(errors_);
    bar_->addPermanentWidget(size_);
    bar_->addPermanentWidget(verdict_);
    bar_->addPermanentWidget(job_);
    bar_->addPermanentWidget(progress_);
    bar_->addPermanentWidget(cancel_);
    for (QWidget* w : {static_cast<QWidget*>(errors_), static_cast<QWidget*>(job_),
                       static_cast<QWidget*>(progress_), static_cast<QWidget*>(cancel_)})
        w->hide();

    connect(document_, &SpecDocument::snapshotReady, this, &StatusLine::showSnapshot);
    connect(document_, &SpecDocument::diagnosticsChanged, this, &StatusLine::showDiagnostics);
    connect(document_, &SpecDocument::analysed, this,
            [this](quint64, double ms) { last_ms_ = ms; });
    connect(task_, &JobTracker::started, this, [this](const QString& label) {
        job_->setText(label);
        for (QWidget* w : {static_cast<QWidget*>(job_), static_cast<QWidget*>(progress_),
                           static_cast<QWidget*>(cancel_)})
            w->show();
    });
    connect(task_, &JobTracker::progress, this, &StatusLine::showProgress);
    connect(task_, &JobTracker::finished, this, [this] {
        for (QWidget* w : {static_cast<QWidget*>(job_), static_cast<QWidget*>(progress_),
                           static_cast<QWidget*>(cancel_)})
            w->hide();
    });
}

void StatusLine::showSnapshot(const ExplorerSnapshot& snapshot) {
    if (!snapshot.audit) return;
    const AuditResult& a = *snapshot.audit;
    verdict_->setText(QString::fromStdString(std::string(to_string(a.verdict))).toUpper());
    verdict_->setStyleSheet(chip_style(a.verdict));
    verdict_->setToolTip(tr("contract %1 · indexing %2 · numerics %3 on %4")
                             .arg(QString::fromStdString(std::string(to_string(a.contract))),
                                  QString::fromStdString(std::string(to_string(a.indexing))),
                                  QString::fromStdString(std::string(to_string(a.numerics))),
                                  QString::fromStdString(a.target)));
    QString size;
    if (snapshot.analysis)
        size = tr("%L1 programs · target %2 · analysed in %3 ms")
                   .arg(snapshot.analysis->programs())
                   .arg(QString::fromStdString(a.target))
                   .arg(last_ms_, 0, 'f', 1);
    else
        size = tr("the spec does not resolve");
    size_->setText(size);
}

void StatusLine::showDiagnostics() {
    const auto n = static_cast<int>(document_->diagnostics().size());
    errors_->setText(tr("%n error(s) in the spec as edited", nullptr, n));
    errors_->setVisible(n > 0);
}

void StatusLine::showProgress(qint64 done, qint64 total) {
    if (total <= 0) {
        progress_->setRange(0, 0);  // busy, size unknown yet
        return;
    }
    progress_->setRange(0, 1000);
    progress_->setValue(static_cast<int>(1000 * done / total));
    progress_->setFormat(QStringLiteral("%1 / %2").arg(done).arg(total));
}

}  // namespace tl::gui
