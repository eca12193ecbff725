#include "widgets/mainwindow/status_line.h"

#include <QAction>
#include <QLabel>
#include <QProgressBar>
#include <QStatusBar>
#include <QToolButton>
#include <algorithm>

#include "core/analysis/analysis.h"
#include "widgets/document/spec_document.h"
#include "widgets/kit/job_tracker.h"
#include "widgets/kit/palette.h"

namespace tl::gui {
namespace {

// nullopt: grey, a verdict that is being checked again.
QString chip_style(std::optional<Verdict> v) {
    const QString colour = v ? verdictColour(*v).name() : QStringLiteral("#999999");
    return QStringLiteral(
               "QLabel { background: %1; color: white; border-radius: 3px; "
               "padding: 1px 8px; font-weight: bold; }")
        .arg(colour);
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
    errors_->setStyleSheet(QStringLiteral("QLabel { color: %1; }").arg(errorColour().name()));
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

    connect(bar_, &QStatusBar::messageChanged, this, [this](const QString& text) {
        if (text.isEmpty()) bar_->setToolTip(QString());
    });
    connect(document_, &SpecDocument::snapshotReady, this, &StatusLine::render);
    connect(document_, &SpecDocument::diagnosticsChanged, this, &StatusLine::showDiagnostics);
    // Queued: the document starts the analysis of an edit after telling of the change.
    connect(document_, &SpecDocument::specChanged, this,
            [this] { QMetaObject::invokeMethod(this, &StatusLine::render, Qt::QueuedConnection); });
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

int StatusLine::messageRoom() const {
    // As QStatusBar lays it out: the message ends 2 px before the first permanent widget
    // shown, which sits right of every other; the widths are the hints while the bar is not
    // yet laid out.
    int permanent = 0;
    for (QWidget* w : {static_cast<QWidget*>(errors_), static_cast<QWidget*>(size_),
                       static_cast<QWidget*>(verdict_), static_cast<QWidget*>(job_),
                       static_cast<QWidget*>(progress_), static_cast<QWidget*>(cancel_)})
        if (!w->isHidden()) permanent += std::max(w->width(), w->sizeHint().width()) + 6;
    return std::max(0, bar_->width() - permanent - 24);
}

void StatusLine::showMessage(const QString& text, int ms) {
    const QString line = QString(text).replace(u'\n', u' ');
    // A bar not on screen has no room to measure yet: its message is kept whole.
    const QString shown = bar_->isVisible()
                              ? bar_->fontMetrics().elidedText(line, Qt::ElideRight, messageRoom())
                              : line;
    bar_->setToolTip(shown == line ? QString() : line);
    bar_->showMessage(shown, ms);
}

void StatusLine::setAuditCase(std::optional<AuditCase> audit_case) {
    case_ = std::move(audit_case);
    render();
}

// The badge says only what was checked on the spec as edited: a distinct state while it has
// errors, grey while an edit is being checked, and a sweep case's verdict when it is that case.
void StatusLine::render() {
    const ExplorerSnapshot& snapshot = document_->snapshot();
    const auto errors = static_cast<int>(document_->diagnostics().size());
    QString size;
    if (snapshot.analysis && snapshot.audit)
        size = tr("%L1 programs · target %2 · analysed in %3 ms")
                   .arg(snapshot.analysis->programs())
                   .arg(QString::fromStdString(snapshot.audit->target))
                   .arg(last_ms_, 0, 'f', 1);
    else if (snapshot.spec)
        size = tr("the spec does not resolve");
    // A Python kernel says which engine recorded it: the JAX engine and the stand-ins differ in
    // what they can run and check (docs/python-runner.md, "Engines").
    if (snapshot.audit && !snapshot.audit->engine.empty() && !size.isEmpty())
        size += snapshot.audit->engine == "jax"
                    ? tr(" · JAX %1").arg(QString::fromStdString(snapshot.audit->engine_version))
                    : tr(" · stand-ins");
    verdict_->setVisible(errors > 0 || snapshot.audit);
    if (errors > 0) {
        verdict_->setText(tr("SPEC ERRORS"));
        verdict_->setStyleSheet(chip_style(Verdict::Invalid));
        verdict_->setToolTip(
            tr("The spec as edited has %n error(s) and is not checked until they are fixed; "
               "the views show its last valid state.",
               nullptr, errors));
        size_->setText(size.isEmpty() ? QString() : tr("last valid state: %1").arg(size));
        return;
    }
    size_->setText(size);
    if (!snapshot.audit) return;
    const AuditResult& a = *snapshot.audit;
    Verdict v = a.verdict;
    QString tip = tr("contract %1 · indexing %2 · numerics %3 on %4")
                      .arg(QString::fromStdString(std::string(to_string(a.contract))),
                           QString::fromStdString(std::string(to_string(a.indexing))),
                           QString::fromStdString(std::string(to_string(a.numerics))),
                           QString::fromStdString(a.target));
    if (case_ && !snapshot.numerics) {
        v = std::max(v, case_->verdict);  // invalid > rejected > fail > pass
        tip += u'\n' + tr("The audit checked these params as its case \"%1\": %2")
                           .arg(QString::fromStdString(case_->label),
                                QString::fromStdString(std::string(to_string(case_->verdict))));
    }
    verdict_->setText(QString::fromStdString(std::string(to_string(v))).toUpper());
    const bool checking = document_->isAnalysing();
    verdict_->setStyleSheet(checking ? chip_style(std::nullopt) : chip_style(v));
    verdict_->setToolTip(checking ? tr("Checking the edit…") + u'\n' + tip : tip);
}

void StatusLine::showDiagnostics() {
    const auto n = static_cast<int>(document_->diagnostics().size());
    errors_->setText(tr("%n error(s) in the spec as edited", nullptr, n));
    errors_->setVisible(n > 0);
    render();
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
