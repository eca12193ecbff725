#include "widgets/examples/examples_model.h"

#include <QFont>

namespace tl::gui {
namespace {

// The description's first sentence, short enough for a list line.
QString first_sentence(const QString& text) {
    const qsizetype end = text.indexOf(QStringLiteral(". "));
    QString s = end < 0 ? text : text.left(end + 1);
    if (s.size() > 110) s = s.left(107).trimmed() + QStringLiteral("…");
    return s;
}

}  // namespace

ExamplesModel::ExamplesModel(ExampleLibrary library, QObject* parent)
    : QAbstractListModel(parent), library_(std::move(library)) {}

const Example* ExamplesModel::example(int row) const {
    if (row < 0 || row >= rowCount()) return nullptr;
    return &library_.examples[static_cast<std::size_t>(row)];
}

int ExamplesModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(library_.examples.size());
}

QVariant ExamplesModel::data(const QModelIndex& index, int role) const {
    const Example* e = index.isValid() ? example(index.row()) : nullptr;
    if (!e || index.column() != 0) return {};
    switch (role) {
        case Qt::DisplayRole: {
            // Two lines: the id, then what the example shows (the whole story is beside).
            QString id = e->id == library_.default_id ? tr("%1 (default)").arg(e->id) : e->id;
            // A gallery's bug variant says what the audit finds in it.
            if (!e->finding.isEmpty()) id += tr("  · a bug: %1").arg(e->finding);
            const QString about = first_sentence(e->error.isEmpty() ? e->description : e->error);
            return about.isEmpty() ? id : id + u'\n' + about;
        }
        case Qt::ToolTipRole:
        case DescriptionRole:
            return e->error.isEmpty() ? e->description : e->error;
        case PathRole:
            return e->path;
        case Qt::FontRole:
            if (e->id == library_.default_id) {
                QFont f;
                f.setBold(true);
                return f;
            }
            return {};
        default:
            return {};
    }
}

}  // namespace tl::gui
