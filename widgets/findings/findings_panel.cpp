#include "widgets/findings/findings_panel.h"

#include <QLabel>
#include <QListView>
#include <QVBoxLayout>

#include "core/analysis/analysis.h"
#include "widgets/document/spec_document.h"
#include "widgets/findings/finding_delegate.h"
#include "widgets/findings/findings_model.h"

namespace tl::gui {

qint64 program_at(const Instance& inst, const std::vector<std::int64_t>& coords) {
    if (static_cast<int>(coords.size()) != inst.grid_rank()) return -1;
    for (std::size_t a = 0; a < coords.size(); ++a)
        if (coords[a] < 0 || coords[a] >= inst.grid[a]) return -1;
    return inst.ravel(coords.data());
}

FindingsPanel::FindingsPanel(SpecDocument* document, QWidget* parent)
    : QWidget(parent),
      document_(document),
      model_(new FindingsModel(this)),
      summary_(new QLabel(this)),
      view_(new QListView(this)) {
    setObjectName(QStringLiteral("findingsPanel"));
    summary_->setObjectName(QStringLiteral("findingsSummary"));
    summary_->setWordWrap(true);
    view_->setObjectName(QStringLiteral("findings"));
    view_->setModel(model_);
    view_->setItemDelegate(new FindingDelegate(model_, view_));
    view_->setSelectionMode(QAbstractItemView::SingleSelection);
    view_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    view_->setResizeMode(QListView::Adjust);  // cards re-wrap when the panel is resized
    view_->setWordWrap(true);
    view_->setVerticalScrollMode(QAbstractItemView::ScrollPerPixel);
    view_->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(summary_);
    layout->addWidget(view_, 1);

    connect(document_, &SpecDocument::snapshotReady, this, &FindingsPanel::rebuild);
    connect(document_, &SpecDocument::diagnosticsChanged, this, &FindingsPanel::rebuild);
    connect(view_, &QListView::clicked, this, [this](const QModelIndex& i) { activate(i.row()); });
    connect(view_, &QListView::activated, this,
            [this](const QModelIndex& i) { activate(i.row()); });
}

void FindingsPanel::rebuild() {
    std::vector<Finding> rows;
    paths_.clear();
    for (const auto& d : document_->diagnostics()) {
        Finding f;
        f.kind = FindingKind::SpecError;
        Diagnostic shown = d;
        shown.file.clear();
        f.message = shown.to_string();
        rows.push_back(std::move(f));
        paths_.push_back(d.path);
    }
    const ExplorerSnapshot& snap = document_->snapshot();
    const bool stale = !document_->diagnostics().empty();
    if (snap.audit)
        for (const auto& f : snap.audit->findings)
            // The audit repeats resolve errors as spec_error findings; they are listed above.
            if (!(stale && f.kind == FindingKind::SpecError)) rows.push_back(f);
    std::int64_t errors = 0, warnings = 0, infos = 0;
    for (const auto& f : rows)
        (f.severity == Severity::Error     ? errors
         : f.severity == Severity::Warning ? warnings
                                           : infos)++;
    model_->setFindings(std::move(rows), stale);

    QString text =
        tr("%1 error(s) · %2 warning(s) · %3 note(s)").arg(errors).arg(warnings).arg(infos);
    if (stale && snap.audit)
        text += QStringLiteral("<br><i>") +
                tr("Findings below the spec errors are of the last valid state.") +
                QStringLiteral("</i>");
    summary_->setText(text);
}

void FindingsPanel::activate(int row) {
    const Finding* f = model_->finding(row);
    if (!f) return;
    if (row < static_cast<int>(paths_.size())) {
        emit pathActivated(paths_[static_cast<std::size_t>(row)]);
        return;
    }
    const ExplorerSnapshot& snap = document_->snapshot();
    if (!snap.analysis || !f->case_params.empty()) return;  // a sweep case is not on screen
    const Instance& inst = snap.analysis->instance();
    emit findingSelected(*f);
    if (!f->program.empty()) {
        const qint64 p = program_at(inst, f->program);
        if (p >= 0) emit programSelected(p);
    }
    if (!f->element.empty() && !f->operand.empty())
        for (std::size_t i = 0; i < inst.operands.size(); ++i)
            if (inst.operands[i].name == f->operand &&
                static_cast<int>(f->element.size()) == inst.operands[i].rank()) {
                emit elementSelected(static_cast<int>(i), f->element);
                break;
            }
}

void FindingsPanel::step(int delta) {
    const int rows = model_->rowCount();
    if (rows == 0) return;
    const int current =
        view_->currentIndex().isValid() ? view_->currentIndex().row() : (delta > 0 ? -1 : rows);
    const int next = ((current + delta) % rows + rows) % rows;
    view_->setCurrentIndex(model_->index(next, 0));
    activate(next);
}

}  // namespace tl::gui
