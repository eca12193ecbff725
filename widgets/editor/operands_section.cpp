#include "widgets/editor/operands_section.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QResizeEvent>
#include <QScrollBar>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>
#include <set>

#include "widgets/document/spec_document.h"
#include "widgets/editor/operand_columns.h"
#include "widgets/editor/operand_delegate.h"
#include "widgets/editor/operands_model.h"

namespace tl::gui {
namespace {

// The first of x, y, z, w, a, b, ... (inputs) or o, o2, o3, ... (outputs) not yet taken.
std::string fresh_name(const Spec& spec, Role role) {
    std::set<std::string> taken;
    for (const auto& op : spec.operands) taken.insert(op.name);
    if (role == Role::Output) {
        if (!taken.count("o")) return "o";
        for (int i = 2;; ++i)
            if (!taken.count("o" + std::to_string(i))) return "o" + std::to_string(i);
    }
    for (const char* n : {"x", "y", "z", "w", "a", "b", "c", "d", "q", "k", "v"})
        if (!taken.count(n)) return n;
    for (int i = 2;; ++i)
        if (!taken.count("x" + std::to_string(i))) return "x" + std::to_string(i);
}

QToolButton* tool_button(const QString& text, const QString& tip, QWidget* parent) {
    auto* b = new QToolButton(parent);
    b->setText(text);
    b->setToolTip(tip);
    b->setAutoRaise(true);
    return b;
}

}  // namespace

OperandsSection::OperandsSection(SpecDocument* document, QWidget* parent)
    : EditorSection(tr("Operands"), document, parent),
      model_(new OperandsModel(document, this)),
      delegate_(new OperandDelegate(model_, this)),
      table_(new QTableView(this)),
      more_(tool_button(
          tr("More"),
          tr("Show the columns of buffer count, memory space, alias, revisit, discard and data "
             "(shown anyway where an operand sets one)"),
          this)) {
    table_->setObjectName(QStringLiteral("operands"));
    table_->setModel(model_);
    table_->setItemDelegate(delegate_);
    table_->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed |
                            QAbstractItemView::AnyKeyPressed | QAbstractItemView::SelectedClicked);
    table_->setSelectionBehavior(QAbstractItemView::SelectItems);
    table_->setSelectionMode(QAbstractItemView::SingleSelection);
    table_->verticalHeader()->hide();
    table_->horizontalHeader()->setStretchLastSection(false);
    // Long shapes and index maps wrap within the editor's width (operand_columns.h).
    table_->setWordWrap(true);
    table_->setTextElideMode(Qt::ElideRight);
    table_->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    table_->setHorizontalScrollMode(QAbstractItemView::ScrollPerPixel);
    table_->viewport()->installEventFilter(this);

    auto* add = tool_button(tr("+ Add"), tr("Add an operand: a copy of the selected one"), this);
    auto* remove = tool_button(tr("− Remove"), tr("Remove the selected operand"), this);
    auto* up = tool_button(QStringLiteral("↑"), tr("Move the selected operand up"), this);
    auto* down = tool_button(QStringLiteral("↓"), tr("Move the selected operand down"), this);
    add->setObjectName(QStringLiteral("addOperand"));
    remove->setObjectName(QStringLiteral("removeOperand"));
    auto* buttons = new QHBoxLayout;
    for (auto* b : {add, remove, up, down}) buttons->addWidget(b);
    buttons->addStretch(1);
    // The hint and "More" on a line of their own: beside the buttons they would widen a
    // narrow editor.
    auto* hint = new QLabel(tr("Double-click a cell to edit; Tab moves to the next."), this);
    hint->setEnabled(false);
    hint->setWordWrap(true);
    more_->setObjectName(QStringLiteral("moreOperandColumns"));
    more_->setCheckable(true);
    auto* hint_row = new QHBoxLayout;
    hint_row->addWidget(hint, 1);
    hint_row->addWidget(more_);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(table_);
    layout->addLayout(buttons);
    layout->addLayout(hint_row);
    layout->addWidget(messages());

    connect(add, &QToolButton::clicked, this, &OperandsSection::addOperand);
    connect(remove, &QToolButton::clicked, this, &OperandsSection::removeOperand);
    connect(up, &QToolButton::clicked, this, [this] { moveOperand(-1); });
    connect(down, &QToolButton::clicked, this, [this] { moveOperand(+1); });
    connect(more_, &QToolButton::toggled, this, &OperandsSection::fitTable);
    connect(model_, &QAbstractItemModel::modelReset, this, &OperandsSection::fitTable);
}

void OperandsSection::refresh(const SpecChange& change) {
    model_->sync(change);
    fitTable();
}

bool OperandsSection::eventFilter(QObject* watched, QEvent* event) {
    // The viewport's, not the table's: the columns fit the viewport, resized after the table.
    if (watched == table_->viewport() && event->type() == QEvent::Resize &&
        static_cast<QResizeEvent*>(event)->oldSize().width() != table_->viewport()->width())
        fitTable();
    return EditorSection::eventFilter(watched, event);
}

void OperandsSection::fitTable() {
    fit_operand_columns(table_, more_->isChecked() || uses_more_columns(document()->spec()));
    fitHeight();
}

// The table shows every row: the editor scrolls as a whole, not the table inside it.
void OperandsSection::fitHeight() {
    const int rows = model_->rowCount();
    int height = table_->horizontalHeader()->sizeHint().height() + 2 * table_->frameWidth();
    for (int r = 0; r < rows; ++r) height += table_->rowHeight(r);
    // A table wider than the editor (at worst) keeps its rows above its scroll bar.
    if (table_->horizontalScrollBar()->maximum() > 0)
        height += table_->horizontalScrollBar()->sizeHint().height();
    table_->setFixedHeight(height + 2);
}

void OperandsSection::showDiagnostics(const Diagnostics& diagnostics) {
    model_->setDiagnostics(diagnostics);
    setMessages(messagesFor(diagnostics, {"operands"}));
}

bool OperandsSection::focusPath(const std::string& path) {
    for (int r = 0; r < model_->rowCount(); ++r)
        for (int c = 0; c < OperandsModel::ColumnCount; ++c) {
            const std::string field = OperandsModel::fieldPath(r, c);
            if (path.rfind(field, 0) == 0) {
                table_->setFocus();
                table_->setCurrentIndex(model_->index(r, c));
                return true;
            }
        }
    if (path.rfind("operands", 0) == 0) {
        table_->setFocus();
        return true;
    }
    return false;
}

int OperandsSection::currentRow() const {
    const QModelIndex i = table_->currentIndex();
    return i.isValid() ? i.row() : model_->rowCount() - 1;
}

void OperandsSection::addOperand() {
    Spec s = document()->spec();
    OperandSpec op;
    const int row = currentRow();
    if (row >= 0)
        op = s.operands[static_cast<std::size_t>(row)];
    else
        op.shape = {std::int64_t{1}};
    op.name = fresh_name(s, op.role);
    op.extra = Json::object();
    const auto at = static_cast<std::ptrdiff_t>(row + 1);
    s.operands.insert(s.operands.begin() + at, op);
    document()->edit(s, {SpecChange::Part::Operands, -1, {}},
                     tr("Add operand %1").arg(QString::fromStdString(op.name)));
    table_->setCurrentIndex(model_->index(row + 1, OperandsModel::NameColumn));
}

void OperandsSection::removeOperand() {
    const int row = currentRow();
    Spec s = document()->spec();
    if (row < 0 || row >= static_cast<int>(s.operands.size())) return;
    const QString name = QString::fromStdString(s.operands[static_cast<std::size_t>(row)].name);
    s.operands.erase(s.operands.begin() + row);
    document()->edit(s, {SpecChange::Part::Operands, -1, {}}, tr("Remove operand %1").arg(name));
}

void OperandsSection::moveOperand(int delta) {
    const int row = currentRow(), to = row + delta;
    Spec s = document()->spec();
    if (row < 0 || to < 0 || to >= static_cast<int>(s.operands.size())) return;
    std::swap(s.operands[static_cast<std::size_t>(row)], s.operands[static_cast<std::size_t>(to)]);
    document()->edit(
        s, {SpecChange::Part::Operands, -1, {}},
        tr("Move operand %1")
            .arg(QString::fromStdString(s.operands[static_cast<std::size_t>(to)].name)));
    table_->setCurrentIndex(model_->index(to, table_->currentIndex().column()));
}

}  // namespace tl::gui
