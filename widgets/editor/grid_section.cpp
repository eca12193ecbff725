#include "widgets/editor/grid_section.h"

#include <QComboBox>
#include <QFormLayout>
#include <QGridLayout>
#include <QLabel>
#include <QResizeEvent>
#include <algorithm>

#include "core/analysis/analysis.h"
#include "widgets/document/spec_document.h"
#include "widgets/editor/error_line_edit.h"
#include "widgets/editor/list_text.h"
#include "widgets/editor/table_text.h"
#include "widgets/kit/palette.h"

namespace tl::gui {

GridSection::GridSection(SpecDocument* document, QWidget* parent)
    : EditorSection(tr("Grid"), document, parent),
      grid_(new ErrorLineEdit("grid", true, this)),
      semantics_grid_(new QGridLayout),
      resolved_(new QLabel(this)),
      requires_(new ErrorLineEdit("requires", false, this)),
      scratch_(new ErrorLineEdit("scratch", false, this)),
      scratch_error_(new QLabel(this)),
      tables_(new ErrorLineEdit("scalar_prefetch", false, this)),
      tables_error_(new QLabel(this)) {
    tables_->setObjectName(QStringLiteral("scalarPrefetch"));
    tables_->setPlaceholderText(tr("none, e.g. cols = 0, 1, 1, 2; mask(2, 2) = 1, 0, 1, 1"));
    tables_->setToolTip(
        tr("Scalar-prefetch tables, separated by ';': name = values, or "
           "name(shape) [dtype] = values row-major; index maps take them after "
           "the grid indices"));
    tables_error_->setObjectName(QStringLiteral("tablesError"));
    tables_error_->setStyleSheet(QStringLiteral("color: %1").arg(errorColour().name()));
    tables_error_->setWordWrap(true);
    tables_error_->hide();
    requires_->setObjectName(QStringLiteral("requires"));
    requires_->setPlaceholderText(tr("none, e.g. M % bm == 0; K >= 128"));
    requires_->setToolTip(
        tr("The kernel's preconditions over the params, separated by ';': "
           "the sweep skips shapes that break them"));
    scratch_->setObjectName(QStringLiteral("scratch"));
    scratch_->setPlaceholderText(tr("none, e.g. acc(bm, bn) float32; sems(2) dma"));
    scratch_->setToolTip(
        tr("scratch_shapes, separated by ';': name(shape) dtype [vmem|smem], "
           "or name(shape) dma|regular for semaphores; counted once in VMEM"));
    scratch_error_->setObjectName(QStringLiteral("scratchError"));
    scratch_error_->setStyleSheet(QStringLiteral("color: %1").arg(errorColour().name()));
    scratch_error_->setWordWrap(true);
    scratch_error_->hide();
    grid_->setObjectName(QStringLiteral("grid"));
    grid_->setPlaceholderText(tr("empty: a single program"));
    grid_->setToolTip(tr("Sizes of the grid axes, e.g. cdiv(M, bm), cdiv(N, bn)"));
    resolved_->setObjectName(QStringLiteral("gridResolved"));
    resolved_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    semantics_grid_->setContentsMargins(0, 0, 0, 0);
    auto* form = new QFormLayout(this);
    // A narrow dock puts a label above its field rather than push the field past the edge.
    form->setRowWrapPolicy(QFormLayout::WrapLongRows);
    form->addRow(tr("Grid"), grid_);
    form->addRow(tr("Semantics"), semantics_grid_);
    form->addRow(tr("Programs"), resolved_);
    form->addRow(tr("Requires"), requires_);
    form->addRow(tr("Scratch"), scratch_);
    form->addRow(scratch_error_);
    form->addRow(tr("Tables"), tables_);
    form->addRow(tables_error_);
    connect(tables_, &QLineEdit::textEdited, this, &GridSection::tablesEdited);
    connect(requires_, &QLineEdit::textEdited, this, &GridSection::requiresEdited);
    connect(scratch_, &QLineEdit::textEdited, this, &GridSection::scratchEdited);
    form->addRow(messages());
    connect(grid_, &QLineEdit::textEdited, this, &GridSection::gridEdited);
}

void GridSection::gridEdited(const QString& text) {
    Spec s = document()->spec();
    s.grid = parse_sizes(text.toStdString());
    // The semantics list must match the grid's length. Retyping the field passes through
    // shorter grids: an axis that comes back takes the semantics it had, a new one "arbitrary".
    if (s.dimension_semantics) {
        std::vector<Semantics> kept = remembered_;
        kept.resize(s.grid.size(), Semantics::Arbitrary);
        s.dimension_semantics = std::move(kept);
    }
    document()->edit(s, {SpecChange::Part::Grid, -1, QStringLiteral("grid")}, tr("Edit the grid"));
}

void GridSection::requiresEdited(const QString& text) {
    Spec s = document()->spec();
    s.preconditions = parse_requires(text.toStdString());
    document()->edit(s, {SpecChange::Part::Grid, -1, QStringLiteral("requires")},
                     tr("Edit the requirements"));
}

void GridSection::scratchEdited(const QString& text) {
    std::string why;
    auto parsed = parse_scratch(text.toStdString(), &why);
    scratch_error_->setVisible(!parsed);
    if (!parsed) {  // kept in the field until it reads; the spec keeps its scratch meanwhile
        scratch_error_->setText(QString::fromStdString(why));
        return;
    }
    Spec s = document()->spec();
    s.scratch = std::move(*parsed);
    document()->edit(s, {SpecChange::Part::Grid, -1, QStringLiteral("scratch")},
                     tr("Edit the scratch buffers"));
}

void GridSection::tablesEdited(const QString& text) {
    std::string why;
    auto parsed = parse_prefetch(text.toStdString(), &why);
    tables_error_->setVisible(!parsed);
    if (!parsed) {
        tables_error_->setText(QString::fromStdString(why));
        return;
    }
    Spec s = document()->spec();
    s.scalar_prefetch = std::move(*parsed);
    document()->edit(s, {SpecChange::Part::All, -1, QStringLiteral("scalar_prefetch")},
                     tr("Edit the scalar-prefetch tables"));
}

void GridSection::semanticsEdited(int axis, int index) {
    Spec s = document()->spec();
    if (!s.dimension_semantics)
        s.dimension_semantics = std::vector<Semantics>(s.grid.size(), Semantics::Arbitrary);
    s.dimension_semantics->resize(s.grid.size(), Semantics::Arbitrary);
    // The combo lists the semantics in the enum's order.
    const auto chosen = static_cast<Semantics>(index);
    (*s.dimension_semantics)[static_cast<std::size_t>(axis)] = chosen;
    document()->edit(s, {SpecChange::Part::Grid, -1, {}},
                     tr("Make axis %1 %2").arg(axis).arg(QString::fromUtf8(to_string(chosen))));
}

void GridSection::rememberSemantics(const SpecChange& change) {
    const Spec& s = document()->spec();
    std::vector<Semantics> now;
    for (std::size_t a = 0; a < s.grid.size(); ++a) now.push_back(s.semantics(a));
    // While the grid text is typed (or its typing undone) the axes past its current length
    // are kept; any other change (a semantics choice, a new document) sets them anew.
    if (change.key == QStringLiteral("grid") && remembered_.size() > now.size())
        std::copy(now.begin(), now.end(), remembered_.begin());
    else
        remembered_ = std::move(now);
}

void GridSection::rebuildSemantics() {
    const Spec& s = document()->spec();
    const auto axes = static_cast<qsizetype>(s.grid.size());
    const qsizetype had = semantics_.size();
    while (semantics_.size() > axes) {
        for (QWidget* w : {static_cast<QWidget*>(semantics_.takeLast()),
                           static_cast<QWidget*>(semantics_labels_.takeLast())}) {
            semantics_grid_->removeWidget(w);
            w->hide();
            w->deleteLater();
        }
    }
    while (semantics_.size() < axes) {
        const int axis = static_cast<int>(semantics_.size());
        auto* combo = new QComboBox(this);
        combo->setObjectName(QStringLiteral("semantics_%1").arg(axis));
        // Its width is the grid cell's: "subcore_parallel" would widen the editor.
        combo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        combo->setMinimumContentsLength(6);
        combo->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
        combo->addItems({QStringLiteral("parallel"), QStringLiteral("arbitrary"),
                         QStringLiteral("core_parallel"), QStringLiteral("subcore_parallel")});
        const QString tip = tr("Grid axis %1: parallel axes may be split across cores; the "
                               "reduction axis must be arbitrary")
                                .arg(axis);
        combo->setToolTip(tip);
        auto* label = new QLabel(QString::number(axis), this);
        label->setToolTip(tip);
        label->setBuddy(combo);
        label->setEnabled(false);  // a caption, quieter than the choice
        connect(combo, &QComboBox::activated, this,
                [this, axis](int index) { semanticsEdited(axis, index); });
        semantics_ << combo;
        semantics_labels_ << label;
    }
    if (semantics_.size() != had) {
        semantics_per_row_ = 0;  // placed anew
        placeSemantics();
    }
    for (qsizetype a = 0; a < axes; ++a) {
        const int want = static_cast<int>(s.semantics(static_cast<std::size_t>(a)));
        if (semantics_[a]->currentIndex() != want) semantics_[a]->setCurrentIndex(want);
    }
}

void GridSection::placeSemantics() {
    // About 150 px an axis (number and combo) beside the form's labels.
    const int per_row = std::clamp((width() - 110) / 150, 1, 4);
    if (per_row == semantics_per_row_) return;
    semantics_per_row_ = per_row;
    for (qsizetype a = 0; a < semantics_.size(); ++a) {
        semantics_grid_->removeWidget(semantics_labels_[a]);
        semantics_grid_->removeWidget(semantics_[a]);
    }
    for (int c = 0; c < 8; ++c)
        semantics_grid_->setColumnStretch(c, c % 2 == 1 && c < 2 * per_row ? 1 : 0);
    for (qsizetype a = 0; a < semantics_.size(); ++a) {
        const int row = static_cast<int>(a) / per_row, col = 2 * (static_cast<int>(a) % per_row);
        semantics_grid_->addWidget(semantics_labels_[a], row, col);
        semantics_grid_->addWidget(semantics_[a], row, col + 1);
    }
}

void GridSection::resizeEvent(QResizeEvent* e) {
    EditorSection::resizeEvent(e);
    placeSemantics();
}

void GridSection::refresh(const SpecChange& change) {
    if (change.part != SpecChange::Part::All && change.part != SpecChange::Part::Grid) return;
    const Spec& s = document()->spec();
    grid_->setTextIfDifferent(QString::fromStdString(format_sizes(s.grid)),
                              parse_sizes(grid_->text().toStdString()) == s.grid);
    rememberSemantics(change);
    rebuildSemantics();
    requires_->setTextIfDifferent(
        QString::fromStdString(format_requires(s.preconditions)),
        parse_requires(requires_->text().toStdString()) == s.preconditions);
    const auto shown = parse_scratch(scratch_->text().toStdString(), nullptr);
    scratch_->setTextIfDifferent(QString::fromStdString(format_scratch(s.scratch)),
                                 shown && *shown == s.scratch);
    const auto tables = parse_prefetch(tables_->text().toStdString(), nullptr);
    tables_->setTextIfDifferent(QString::fromStdString(format_prefetch(s.scalar_prefetch)),
                                tables && *tables == s.scalar_prefetch);
}

void GridSection::showDiagnostics(const Diagnostics& diagnostics) {
    setMessages(grid_->showDiagnostics(diagnostics) + requires_->showDiagnostics(diagnostics) +
                scratch_->showDiagnostics(diagnostics) + tables_->showDiagnostics(diagnostics) +
                messagesFor(diagnostics, {"dimension_semantics"}));
}

void GridSection::showSnapshot(const ExplorerSnapshot& snapshot) {
    if (!snapshot.analysis) {
        resolved_->setText(tr("—"));
        return;
    }
    const Instance& inst = snapshot.analysis->instance();
    QStringList sizes;
    for (auto g : inst.grid) sizes << QString::number(g);
    resolved_->setText(tr("(%1): %L2 programs")
                           .arg(sizes.join(QStringLiteral(", ")))
                           .arg(snapshot.analysis->programs()));
}

bool GridSection::focusPath(const std::string& path) {
    if (path.rfind("grid", 0) == 0) {
        grid_->setFocus();
        return true;
    }
    if (path.rfind("dimension_semantics", 0) == 0 && !semantics_.isEmpty()) {
        semantics_.first()->setFocus();
        return true;
    }
    return false;
}

}  // namespace tl::gui
