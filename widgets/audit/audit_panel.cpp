#include "widgets/audit/audit_panel.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

#include "widgets/audit/audit_cases_model.h"

namespace tl::gui {

AuditPanel::AuditPanel(QWidget* parent)
    : QWidget(parent),
      model_(new AuditCasesModel(this)),
      summary_(new QLabel(this)),
      start_(new QToolButton(this)),
      table_(new QTableView(this)) {
    setObjectName(QStringLiteral("auditPanel"));
    summary_->setObjectName(QStringLiteral("auditSummary"));
    summary_->setWordWrap(true);
    summary_->setTextFormat(Qt::RichText);
    clear();
    start_->setToolButtonStyle(Qt::ToolButtonTextOnly);
    table_->setObjectName(QStringLiteral("auditCases"));
    table_->setModel(model_);
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->setSelectionMode(QAbstractItemView::SingleSelection);
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table_->verticalHeader()->hide();
    table_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    // The table takes the width; the verdict and the notes (sweep, proofs) sit beside it.
    auto* side = new QVBoxLayout;
    side->addWidget(start_, 0, Qt::AlignLeft);
    side->addWidget(summary_, 1);
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(table_, 3);
    layout->addLayout(side, 2);
    summary_->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    const auto activate = [this](const QModelIndex& i) {
        const AuditCase* c = model_->auditCase(i.row());
        if (c && c->verdict != Verdict::Pass) emit caseActivated(c->params);
    };
    connect(table_, &QTableView::clicked, this, activate);
    connect(table_, &QTableView::activated, this, activate);
}

void AuditPanel::setAuditAction(QAction* action) {
    start_->setDefaultAction(action);
}

void AuditPanel::clear() {
    model_->setResult(nullptr);
    model_->setStale(false);
    result_text_.clear();
    summary_->setText(
        tr("No audit yet. Audit runs contract, indexing and numerics on a sweep "
           "of hostile shapes (1, primes, block−1, block+1, tall, skinny)."));
}

void AuditPanel::setOutOfDate(bool stale, const QDateTime& at) {
    if (!model_->result()) return;
    model_->setStale(stale);
    QString text = result_text_;
    if (stale)
        text = tr("<b>Out of date</b> — for the spec as it was at %1; re-run the audit (F6) for "
                  "the spec as it is now.")
                   .arg(QLocale().toString(at.time(), QStringLiteral("HH:mm"))) +
               QStringLiteral("<br><span style='color:#999999'>") + text +
               QStringLiteral("</span>");
    summary_->setText(text);
}

void AuditPanel::showRunning(const QString& spec) {
    summary_->setText(tr("Auditing %1…").arg(spec.toHtmlEscaped()));
}

void AuditPanel::showResult(std::shared_ptr<const AuditResult> result) {
    if (!result) {
        summary_->setText(tr("Audit cancelled; the table shows the previous audit, if any."));
        return;
    }
    const AuditResult& r = *result;
    std::int64_t failing = 0;
    for (const auto& c : r.cases) failing += c.verdict != Verdict::Pass;
    QString text =
        r.cancelled ? tr("<i>Cancelled: the cases that ran to the end.</i> ") : QString();
    text += tr("<b>%1</b> on %2: verdict <b>%3</b> — contract %4 · indexing %5 · numerics "
               "%6 — %7 case(s), %8 failing")
                .arg(QString::fromStdString(r.spec).toHtmlEscaped(),
                     QString::fromStdString(r.target).toHtmlEscaped(),
                     QString::fromStdString(std::string(to_string(r.verdict))),
                     QString::fromStdString(std::string(to_string(r.contract))),
                     QString::fromStdString(std::string(to_string(r.indexing))),
                     QString::fromStdString(std::string(to_string(r.numerics))))
                .arg(r.cases.size())
                .arg(failing);
    for (const auto& note : r.notes)
        text += QStringLiteral("<br><small>") +
                QString::fromStdString(to_string(note)).toHtmlEscaped() +
                QStringLiteral("</small>");
    result_text_ = text;
    summary_->setText(text);
    model_->setStale(false);
    model_->setResult(std::move(result));
}

}  // namespace tl::gui
