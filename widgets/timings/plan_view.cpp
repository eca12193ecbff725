#include "widgets/timings/plan_view.h"

#include <QFile>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QVBoxLayout>
#include <algorithm>
#include <map>

#include "core/plan/bench_script.h"
#include "core/target/target.h"
#include "widgets/kit/qstring.h"
#include "widgets/timings/plan_model.h"

namespace tl::gui {
namespace {

QString rejectedText(const TilePlan& plan) {
    std::map<std::string, int> byRule;
    for (const auto& r : plan.rejected) ++byRule[r.rule];
    QStringList parts;
    for (const auto& [rule, n] : byRule) parts << QStringLiteral("%1 %2").arg(qs(rule)).arg(n);
    return parts.join(QStringLiteral(", "));
}

}  // namespace

PlanView::PlanView(QWidget* parent)
    : QWidget(parent),
      summary_(new QLabel(this)),
      exportButton_(new QPushButton(tr("Export benchmark script\u2026"), this)),
      table_(new QTableView(this)),
      model_(new PlanModel(this)),
      sorted_(new QSortFilterProxyModel(this)) {
    setObjectName(QStringLiteral("planView"));
    summary_->setWordWrap(true);
    summary_->setAlignment(Qt::AlignLeft | Qt::AlignTop);  // clipped at the bottom, if at all
    summary_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    exportButton_->setToolTip(
        tr("Write a Python (JAX) script that builds each candidate's pallas_call, checks it "
           "against a jnp reference on the target, times it and the XLA baseline, and writes a "
           "TileLens CSV to import here"));
    sorted_->setSourceModel(model_);
    sorted_->setSortRole(PlanModel::SortRole);
    table_->setObjectName(QStringLiteral("planTable"));
    table_->setModel(sorted_);
    table_->setSortingEnabled(true);
    table_->sortByColumn(-1, Qt::AscendingOrder);
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->verticalHeader()->hide();
    // Rows of one line of text: more candidates in a short dock.
    table_->verticalHeader()->setDefaultSectionSize(table_->fontMetrics().height() + 6);
    table_->horizontalHeader()->setStretchLastSection(true);
    table_->setWordWrap(false);

    auto* top = new QHBoxLayout;
    top->addWidget(summary_, 1);
    top->addWidget(exportButton_, 0, Qt::AlignTop);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(top);
    layout->addWidget(table_, 1);

    connect(&lane_, &JobTracker::progress, this, [this](qint64 done, qint64 total) {
        if (total > 0)
            summary_->setText(
                tr("Planning tile sizes\u2026 %1 of %2 combinations").arg(done).arg(total));
    });
    connect(exportButton_, &QPushButton::clicked, this, &PlanView::exportScript);
    compute();
}

void PlanView::setSpec(std::shared_ptr<const Spec> spec) {
    if (spec == spec_) return;
    spec_ = std::move(spec);
    compute();
}

void PlanView::setTarget(std::optional<std::string> target) {
    if (target == target_) return;
    target_ = std::move(target);
    compute();
}

void PlanView::setRecords(std::vector<TimingRecord> records) {
    records_ = std::move(records);
    attach();
}

void PlanView::compute() {
    if (!spec_) {
        lane_.cancel();  // a plan of the spec that was open is not shown
        base_.reset();
        error_ = tr("Open a spec to plan its tile sizes.");
        attach();
        return;
    }
    PlanOptions options;
    options.target = target_;
    summary_->setText(tr("Planning tile sizes\u2026"));
    lane_.start(tr("Planning tile sizes"), ++requests_,
                [this, spec = spec_, options](JobControl& control) mutable -> JobTracker::Deliver {
                    options.cancel = &control.cancel;
                    options.progress = [&control](int done, int total) {
                        control.report(done, total);
                    };
                    auto out = std::make_shared<const PlanOutcome>(plan_tiles(*spec, options));
                    return [this, out](bool cancelled) {
                        if (!cancelled) computed(*out);
                    };
                });
}

void PlanView::computed(const PlanOutcome& out) {
    error_.clear();
    base_.reset();
    if (out.plan)
        base_ = std::make_shared<const TilePlan>(*out.plan);
    else
        error_ = tr("No plan: %1").arg(qs(join(out.errors, "; ")));
    attach();
}

void PlanView::attach() {
    std::shared_ptr<TilePlan> plan;
    if (base_) {
        plan = std::make_shared<TilePlan>(*base_);
        for (auto& n : attach_measurements(*plan, *spec_, records_)) plan->notes.push_back(n);
    }
    model_->setPlan(plan);
    table_->resizeColumnsToContents();
    exportButton_->setEnabled(plan && !plan->candidates.empty());
    if (!plan) {
        summary_->setText(error_);
    } else {
        int measured = 0, unverified = 0;
        for (const auto& c : plan->candidates) {
            measured += c.measured();
            unverified += c.measured_unverified();
        }
        QString text = tr("%n candidate(s) pass the contract of %1", nullptr,
                          static_cast<int>(plan->candidates.size()))
                           .arg(qs(plan->target));
        if (!plan->rejected.empty())
            text += tr("; %n rejected (%1)", nullptr, static_cast<int>(plan->rejected.size()))
                        .arg(rejectedText(*plan));
        if (!plan->not_modelled.empty())
            text +=
                tr("; %n not modelled (scalar-prefetch tables built for the spec's own "
                   "tiles)",
                   nullptr, static_cast<int>(plan->not_modelled.size()));
        text += tr(". %1 measured, the rest unmeasured: modelled bounds only.").arg(measured);
        if (unverified > 0)
            text +=
                tr(" Provisional: %n measured (unverified), their outputs not checked on the "
                   "target; time them with the benchmark script or import them with \"I "
                   "checked the outputs on the target\".",
                   nullptr, unverified);
        // Notes change how to read the numbers (a roof of one TensorCore, combinations left
        // out): shown, not only on hover.
        for (const auto& n : plan->notes) text += QStringLiteral("\n") + tr("Note: ") + qs(n);
        summary_->setText(text);
    }
    fitSummary();
    emit planChanged();
}

// A short tab (a dock in a window of 720) keeps most of its height for the candidates: the
// summary shows its first lines, whole on hover; a tall one shows it all.
void PlanView::fitSummary() {
    const int line = summary_->fontMetrics().lineSpacing();
    const int lines = std::max(2, int(0.3 * height()) / std::max(line, 1));
    summary_->setMaximumHeight(lines * line);
    summary_->setToolTip(summary_->text());
}

void PlanView::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    fitSummary();
}

bool PlanView::waitForPlan(int timeoutMs) {
    return lane_.waitForIdle(timeoutMs);
}

const TilePlan* PlanView::plan() const {
    return model_->plan();
}

QString PlanView::summaryText() const {
    return summary_->text();
}

QString PlanView::writeBenchScript(const QString& path) const {
    const TilePlan* plan = model_->plan();
    if (!plan || !spec_ || plan->candidates.empty()) return tr("There is no candidate to time.");
    Diagnostics errors;
    const auto profile =
        resolve_target(builtin_targets(), plan->target, spec_->target_overrides, &errors);
    if (!profile) return qs(join(errors, "; "));
    std::vector<std::map<std::string, std::int64_t>> candidates;
    for (const auto& c : plan->candidates) candidates.push_back(c.params);
    BenchScriptOptions options;
    options.csv_path = spec_->name + "." + plan->target + ".timings.csv";
    const BenchScript script = emit_bench_script(*spec_, *profile, candidates, options);
    if (!script.errors.empty()) {
        QStringList lines;
        for (const auto& e : script.errors) lines << qs(e);
        return lines.join(u'\n');
    }
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) ||
        file.write(script.text.data(), qint64(script.text.size())) != qint64(script.text.size()))
        return tr("Cannot write %1: %2").arg(path, file.errorString());
    return {};
}

void PlanView::exportScript() {
    const TilePlan* plan = model_->plan();
    if (!plan || !spec_) return;
    const QString name = qs(spec_->name + "_bench.py");
    const QString path = QFileDialog::getSaveFileName(this, tr("Export benchmark script"), name,
                                                      tr("Python script (*.py)"));
    if (path.isEmpty()) return;
    if (const QString error = writeBenchScript(path); !error.isEmpty())
        QMessageBox::warning(this, tr("Export benchmark script"), error);
}

}  // namespace tl::gui
