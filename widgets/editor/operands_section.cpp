#include "widgets/editor/operands_section.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>
#include <set>

#include "widgets/document/spec_document.h"
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
      table_(new QTableView(this)) {
    table_->setObjectName(QStringLiteral("operands"));
    table_->setModel(model_);
    table_->setItemDelegate(delegate_);
    table_->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed |
                            QAbstractItemView::AnyKeyPressed | QAbstractItemView::SelectedClicked);
    table_->setSelectionBehavior(QAbstractItemView::SelectItems);
    table_->setSelectionMode(QAbstractItemView::SingleSelection);
    table_->verticalHeader()->hide();
    table_->horizontalHeader()->setStretchLastSection(false);
    table_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    table_->horizontalHeader()->setSectionResizeMode(OperandsModel::IndexMapColumn,
                                                     QHeaderView::Stretch);
    table_->setWordWrap(false);
    table_->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);

    auto* add = tool_button(tr("+ Add"), tr("Add an operand: a copy of the selected one"), this);
    auto* remove = tool_button(tr("− Remove"), tr("Remove the selected operand"), this);
    auto* up = tool_button(QStringLiteral("↑"), tr("Move the selected operand up"), this);
    auto* down = tool_button(QStringLiteral("↓"), tr("Move the selected operand down"), this);
    add->setObjectName(QStringLiteral("addOperand"));
    remove->setObjectName(QStringLiteral("removeOperand"));
    auto* buttons = new QHBoxLayout;
    for (auto* b : {add, remove, up, down}) buttons->addWidget(b);
    buttons->addStretch(1);
    auto* hint = new QLabel(tr("Double-click a cell to edit"), this);
    hint->setEnabled(false);
    hint->setWordWrap(true);  // it yields its width to the editor's
    buttons->addWidget(hint);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(table_);
    layout->addLayout(buttons);
    layout->addWidget(messages());

    connect(add, &QToolButton::clicked, this, &OperandsSection::addOperand);
    connect(remove, &QToolButton::clicked, this, &OperandsSection::removeOperand);
    connect(up, &QToolButton::clicked, this, [this] { moveOperand(-1); });
    connect(down, &QToolButton::clicked, this, [this] { moveOperand(+1); });
    // The table shows every row: the editor scrolls as a whole, not the table inside it.
    connect(model_, &QAbstractItemModel::modelReset, this, &OperandsSection::fitHeight);
}

void OperandsSection::refresh(const SpecChange& change) {
    model_->sync(change);
    fitHeight();
}

void OperandsSection::fitHeight() {
    const int rows = model_->rowCount();
    int height = table_->horizontalHeader()->sizeHint().height() + 2 * table_->frameWidth();
    for (int r = 0; r < rows; ++r) height += table_->rowHeight(r);
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
