#include "widgets/editor/operands_model.h"

#include <QFont>

#include "widgets/document/spec_document.h"
#include "widgets/editor/list_text.h"
#include "widgets/kit/qstring.h"

namespace tl::gui {
namespace {

const char* field_key(int column) {
    switch (column) {
        case OperandsModel::NameColumn:
            return "name";
        case OperandsModel::RoleColumn:
            return "role";
        case OperandsModel::ShapeColumn:
            return "shape";
        case OperandsModel::DTypeColumn:
            return "dtype";
        case OperandsModel::BlockColumn:
            return "block_shape";
        case OperandsModel::IndexMapColumn:
            return "index_map";
        case OperandsModel::BuffersColumn:
            return "buffer_count";
        case OperandsModel::MemoryColumn:
            return "memory_space";
        case OperandsModel::AliasColumn:
            return "alias_of";
        case OperandsModel::RevisitColumn:
            return "revisit";
        case OperandsModel::DiscardColumn:
            return "discard";
        case OperandsModel::DataColumn:
            return "data";
        default:
            return "";
    }
}

}  // namespace

OperandsModel::OperandsModel(SpecDocument* document, QObject* parent)
    : QAbstractTableModel(parent), document_(document), operands_(document->spec().operands) {}

void OperandsModel::sync(const SpecChange& change) {
    if (change.part != SpecChange::Part::All && change.part != SpecChange::Part::Operands) return;
    const auto& next = document_->spec().operands;
    if (next.size() != operands_.size()) {
        beginResetModel();
        operands_ = next;
        endResetModel();
        return;
    }
    operands_ = next;
    if (!operands_.empty()) emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

void OperandsModel::setDiagnostics(const Diagnostics& diagnostics) {
    diagnostics_.clear();
    for (const auto& d : diagnostics)
        if (d.path.rfind("operands", 0) == 0) diagnostics_.push_back(d);
    if (!operands_.empty())
        emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1),
                         {Qt::ToolTipRole, Qt::DisplayRole});
    emit errorsChanged();
}

std::string OperandsModel::fieldPath(int row, int column) {
    return "operands[" + std::to_string(row) + "]." + field_key(column);
}

bool OperandsModel::isList(int column) {
    return column == ShapeColumn || column == BlockColumn;
}

QList<FieldError> OperandsModel::errors(const QModelIndex& index) const {
    if (!index.isValid() || index.row() >= rowCount()) return {};
    return errors_in_field(diagnostics_,
                           text(operands_[static_cast<std::size_t>(index.row())], index.column()),
                           fieldPath(index.row(), index.column()), isList(index.column()));
}

bool OperandsModel::sameMeaning(const QModelIndex& index, const QString& text) const {
    if (!index.isValid() || index.row() >= rowCount()) return false;
    const OperandSpec& op = operands_[static_cast<std::size_t>(index.row())];
    const std::string t = text.toStdString();
    switch (index.column()) {
        case ShapeColumn:
            return parse_sizes(t) == op.shape;
        case BlockColumn:
            return parse_block_shape(t) == op.block_shape;
        case IndexMapColumn:
            return (t.empty() ? std::nullopt : std::optional<std::string>(t)) == op.index_map;
        default:
            return text == this->text(op, index.column());
    }
}

QString OperandsModel::text(const OperandSpec& op, int column) const {
    switch (column) {
        case NameColumn:
            return qs(op.name);
        case RoleColumn:
            return qs(to_string(op.role));
        case ShapeColumn:
            return qs(format_sizes(op.shape));
        case DTypeColumn:
            return qs(to_string(op.dtype));
        case BlockColumn:
            return qs(format_block_shape(op.block_shape));
        case IndexMapColumn:
            return qs(op.index_map.value_or(std::string()));
        case BuffersColumn:
            return QString::number(op.buffer_count);
        case MemoryColumn:
            return op.memory_space ? qs(to_string(*op.memory_space)) : QString();
        case AliasColumn:
            return qs(op.alias_of.value_or(std::string()));
        case RevisitColumn:
            return qs(to_string(op.revisit));
        case DiscardColumn:
            return op.discard ? QStringLiteral("yes") : QStringLiteral("no");
        case DataColumn:
            return qs(to_string(op.data));
        default:
            return {};
    }
}

int OperandsModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(operands_.size());
}

int OperandsModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant OperandsModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rowCount() || index.column() >= ColumnCount) return {};
    const OperandSpec& op = operands_[static_cast<std::size_t>(index.row())];
    const QString t = text(op, index.column());
    switch (role) {
        case Qt::EditRole:
            return index.column() == BuffersColumn ? QVariant(op.buffer_count) : QVariant(t);
        case Qt::DisplayRole:
            // What an empty field means, shown where it applies.
            if (t.isEmpty() && index.column() == BlockColumn) return tr("whole array");
            if (t.isEmpty() && index.column() == IndexMapColumn) return tr("all zeros");
            if (t.isEmpty() && index.column() == MemoryColumn) return tr("default");
            if (t.isEmpty() && index.column() == AliasColumn) return tr("none");
            return t;
        case Qt::FontRole:
            if (t.isEmpty() &&
                (index.column() == BlockColumn || index.column() == IndexMapColumn)) {
                QFont f;
                f.setItalic(true);
                return f;
            }
            return {};
        case Qt::ToolTipRole: {
            QStringList lines;
            for (const auto& e : errors(index)) lines << e.message;
            if (!lines.isEmpty()) return lines.join(u'\n');
            return t.isEmpty() ? QVariant() : QVariant(t);
        }
        default:
            return {};
    }
}

bool OperandsModel::setData(const QModelIndex& index, const QVariant& value, int role) {
    if (role != Qt::EditRole || !index.isValid() || index.row() >= rowCount()) return false;
    Spec s = document_->spec();
    if (static_cast<std::size_t>(index.row()) >= s.operands.size()) return false;
    OperandSpec& op = s.operands[static_cast<std::size_t>(index.row())];
    const std::string v = value.toString().toStdString();
    QString what;
    switch (index.column()) {
        case NameColumn:
            op.name = v;
            what = tr("Rename operand");
            break;
        case RoleColumn:
            op.role = v == "output" ? Role::Output : Role::Input;
            what = tr("Set the role of %1").arg(qs(op.name));
            break;
        case ShapeColumn:
            op.shape = parse_sizes(v);
            what = tr("Edit the shape of %1").arg(qs(op.name));
            break;
        case DTypeColumn:
            if (auto d = parse_dtype(v)) op.dtype = *d;
            what = tr("Set the dtype of %1").arg(qs(op.name));
            break;
        case BlockColumn:
            op.block_shape = parse_block_shape(v);
            what = tr("Edit the block shape of %1").arg(qs(op.name));
            break;
        case IndexMapColumn:
            op.index_map = v.empty() ? std::nullopt : std::optional<std::string>(v);
            what = tr("Edit the index map of %1").arg(qs(op.name));
            break;
        case BuffersColumn:
            op.buffer_count = value.toInt();
            what = tr("Set the buffer count of %1").arg(qs(op.name));
            break;
        case MemoryColumn:
            op.memory_space.reset();
            for (auto m :
                 {MemorySpace::Vmem, MemorySpace::Smem, MemorySpace::Any, MemorySpace::Hbm})
                if (v == to_string(m)) op.memory_space = m;
            // A whole array in HBM has no blocks: drop what would now be an error.
            if (op.is_manual_dma()) {
                op.index_map.reset();
                op.block_shape.reset();
            }
            what = tr("Set the memory space of %1").arg(qs(op.name));
            break;
        case AliasColumn:
            op.alias_of = v.empty() ? std::nullopt : std::optional<std::string>(v);
            what = tr("Set the alias of %1").arg(qs(op.name));
            break;
        case RevisitColumn:
            op.revisit = v == "any" ? OutputRevisit::Any : OutputRevisit::Immediate;
            what = tr("Set the revisit mode of %1").arg(qs(op.name));
            break;
        case DiscardColumn:
            op.discard = v == "yes";
            what = tr("Set whether %1 is discarded").arg(qs(op.name));
            break;
        case DataColumn:
            for (auto d : {InputData::Random, InputData::Zeros, InputData::Ones, InputData::Iota})
                if (v == to_string(d)) op.data = d;
            what = tr("Set the data of %1").arg(qs(op.name));
            break;
        default:
            return false;
    }
    document_->edit(s,
                    {SpecChange::Part::Operands, index.row(),
                     QString::fromStdString(fieldPath(index.row(), index.column()))},
                    what);
    return true;
}

Qt::ItemFlags OperandsModel::flags(const QModelIndex& index) const {
    if (!index.isValid()) return Qt::NoItemFlags;
    return Qt::ItemIsSelectable | Qt::ItemIsEnabled | Qt::ItemIsEditable;
}

QVariant OperandsModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal) {
        if (role == Qt::DisplayRole) return section;
        return {};
    }
    if (role == Qt::ToolTipRole) {
        switch (section) {
            case NameColumn:
                return tr("Name: the operand's name, unique in the spec");
            case RoleColumn:
                return tr("Role: input or output");
            case DTypeColumn:
                return tr("DType: the element type");
            case ShapeColumn:
                return tr("Array shape: sizes or expressions over the params, e.g. M, K");
            case BlockColumn:
                return tr(
                    "Block shape: sizes, None (squeezed) or Element(size, (lo, hi)); "
                    "empty for the whole array");
            case IndexMapColumn:
                return tr("lambda over the grid indices returning a block index per dimension");
            case BuffersColumn:
                return tr("Pipeline buffers (1 or 2), for the VMEM estimate");
            case MemoryColumn:
                return tr(
                    "memory_space: default (VMEM on TPU), vmem, smem, or any/hbm for a whole "
                    "array the kernel copies by hand");
            case AliasColumn:
                return tr(
                    "alias_of: the input whose buffer this output shares "
                    "(input_output_aliases)");
            case RevisitColumn:
                return tr(
                    "revisit: immediate (the pipeline rule) or any (revisited blocks are "
                    "restored from HBM)");
            case DiscardColumn:
                return tr("discard: the caller throws this output away");
            case DataColumn:
                return tr("data: what the numerics stage fills this input with");
            default:
                return {};
        }
    }
    if (role != Qt::DisplayRole) return {};
    switch (section) {
        case NameColumn:
            return tr("Name");
        case RoleColumn:
            return tr("Role");
        case ShapeColumn:
            return tr("Shape");
        case DTypeColumn:
            return tr("DType");
        case BlockColumn:
            return tr("Block");
        case IndexMapColumn:
            return tr("Index map");
        case BuffersColumn:
            return tr("Buf");
        case MemoryColumn:
            return tr("Memory");
        case AliasColumn:
            return tr("Alias of");
        case RevisitColumn:
            return tr("Revisit");
        case DiscardColumn:
            return tr("Discard");
        case DataColumn:
            return tr("Data");
        default:
            return {};
    }
}

}  // namespace tl::gui
