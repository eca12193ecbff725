#pragma once
// The spec's operands as an editable table: name, role, shape, dtype, block shape, index map
// and buffer count, each cell as the text the editor shows. Edits become undo commands on
// the document; cells whose field has an error carry it for the delegate to underline.
#include <QAbstractTableModel>
#include <vector>

#include "core/base/diagnostic.h"
#include "core/spec/spec.h"
#include "widgets/document/spec_change.h"
#include "widgets/editor/error_line_edit.h"

namespace tl::gui {

class SpecDocument;

class OperandsModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        NameColumn,
        RoleColumn,
        ShapeColumn,
        DTypeColumn,
        BlockColumn,
        IndexMapColumn,
        BuffersColumn,
        MemoryColumn,   // format 2: memory_space ("" = the target's default)
        AliasColumn,    // format 2: alias_of (outputs)
        RevisitColumn,  // format 2: revisit (outputs)
        DiscardColumn,  // format 2: discard (outputs)
        DataColumn,     // format 2: data (inputs)
        ColumnCount
    };

    explicit OperandsModel(SpecDocument* document, QObject* parent = nullptr);
    SpecDocument* document() const { return document_; }

    // Takes the document's operands (a reset when rows were added or removed).
    void sync(const SpecChange& change);
    void setDiagnostics(const Diagnostics& diagnostics);
    QList<FieldError> errors(const QModelIndex& index) const;
    // The JSON path of a cell's field ("operands[1].index_map") and whether it is a list.
    static std::string fieldPath(int row, int column);
    static bool isList(int column);
    // Whether `text` means the same as the cell's value (no rewrite of the text being typed).
    bool sameMeaning(const QModelIndex& index, const QString& text) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    bool setData(const QModelIndex& index, const QVariant& value, int role = Qt::EditRole) override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

signals:
    void errorsChanged();

private:
    QString text(const OperandSpec& op, int column) const;

    SpecDocument* document_;
    std::vector<OperandSpec> operands_;
    Diagnostics diagnostics_;
};

}  // namespace tl::gui
