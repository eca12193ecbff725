#include "widgets/editor/python_section.h"

#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QVBoxLayout>

#include "widgets/document/spec_document.h"

namespace tl::gui {
namespace {

QString sizes(const std::vector<SizeValue>& v) {
    QStringList parts;
    for (const auto& s : v)
        parts << (std::holds_alternative<std::int64_t>(s)
                      ? QString::number(std::get<std::int64_t>(s))
                      : QString::fromStdString(std::get<std::string>(s)));
    return QStringLiteral("(") + parts.join(QStringLiteral(", ")) + QStringLiteral(")");
}

QString block_text(const OperandSpec& op) {
    if (!op.block_shape) return QObject::tr("whole array");
    QStringList parts;
    for (const auto& d : *op.block_shape) {
        if (d.kind == BlockDim::Kind::Squeezed) {
            parts << QStringLiteral("None");
            continue;
        }
        const QString n = std::holds_alternative<std::int64_t>(d.size)
                              ? QString::number(std::get<std::int64_t>(d.size))
                              : QString::fromStdString(std::get<std::string>(d.size));
        parts << (d.kind == BlockDim::Kind::Element ? QStringLiteral("Element(%1)").arg(n) : n);
    }
    return QStringLiteral("(") + parts.join(QStringLiteral(", ")) + QStringLiteral(")");
}

QString args_text(const PythonSpec& py) {
    QStringList parts;
    for (const auto& a : py.args)
        parts << (a.none ? QStringLiteral("None")
                         : QString::fromStdString(std::string(to_string(a.dtype))) +
                               sizes(a.shape).replace(u'(', u'[').replace(u')', u']'));
    return parts.join(QStringLiteral(", "));
}

}  // namespace

PythonSection::PythonSection(SpecDocument* document, QWidget* parent)
    : EditorSection(tr("Python kernel"), document, parent),
      call_(new QLabel(this)),
      recorded_(new QLabel(this)),
      operands_(new QTableWidget(this)) {
    setObjectName(QStringLiteral("pythonSection"));
    call_->setObjectName(QStringLiteral("pythonCallText"));
    call_->setWordWrap(true);
    call_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    recorded_->setObjectName(QStringLiteral("pythonRecorded"));
    recorded_->setWordWrap(true);
    operands_->setObjectName(QStringLiteral("pythonOperands"));
    operands_->setColumnCount(6);
    operands_->setHorizontalHeaderLabels(
        {tr("Operand"), tr("Shape"), tr("dtype"), tr("Block"), tr("Index map"), tr("Line")});
    operands_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    operands_->verticalHeader()->hide();
    operands_->horizontalHeader()->setStretchLastSection(false);
    operands_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    operands_->setSizeAdjustPolicy(QAbstractScrollArea::AdjustToContents);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(call_);
    layout->addWidget(recorded_);
    layout->addWidget(operands_);
    layout->addWidget(messages());
}

void PythonSection::refresh(const SpecChange&) {
    const Spec& spec = document()->spec();
    setVisible(spec.python.has_value());
    if (!spec.python) return;
    const PythonSpec& py = *spec.python;
    QStringList kw;
    for (const auto& [k, v] : py.kwargs.items())
        kw << QString::fromStdString(k) + u'=' +
                  QString::fromStdString(v.is_object() && v.contains("expr")
                                             ? v["expr"].get<std::string>()
                                             : v.dump());
    call_->setText(
        tr("<b>%1</b> in <code>%2</code><br>called with %3%4<br>reference: %5")
            .arg(QString::fromStdString(py.call).toHtmlEscaped(),
                 document()->pythonFilePath().toHtmlEscaped(), args_text(py).toHtmlEscaped(),
                 kw.isEmpty()
                     ? QString()
                     : QStringLiteral(", ") + kw.join(QStringLiteral(", ")).toHtmlEscaped(),
                 py.reference ? QString::fromStdString(*py.reference).toHtmlEscaped()
                              : tr("none (contract and indexing only)")));
    if (!document()->pythonAllowed())
        recorded_->setText(tr("Not run yet: Run ▸ Allow Running the Kernel File."));
}

void PythonSection::showSnapshot(const ExplorerSnapshot& snapshot) {
    const Spec* rec = snapshot.recorded.get();
    operands_->setVisible(rec != nullptr);
    if (!rec) return;
    const Json& from = rec->extra.contains("x-python") ? rec->extra["x-python"] : Json::object();
    const AuditResult* audit = snapshot.audit.get();
    const QString engine =
        !audit || audit->engine.empty() ? QString()
        : audit->engine == "jax"
            ? tr("Run by the JAX engine, JAX %1, under %2.")
                  .arg(QString::fromStdString(audit->engine_version),
                       QString::fromStdString(audit->engine_python).toHtmlEscaped())
            : tr("Run by the stand-ins engine, under %1 (no JAX found, or Run ▸ Python Engine "
                 "chose them).")
                  .arg(QString::fromStdString(audit->engine_python).toHtmlEscaped());
    recorded_->setText(
        tr("Recorded pallas_call of <b>%1</b> (line %2): grid %3 — read-only here; edit the "
           "file, or the params above to record it again.<br>%4")
            .arg(QString::fromStdString(from.value("kernel", std::string("?"))).toHtmlEscaped())
            .arg(from.value("line", 0))
            .arg(sizes(rec->grid))
            .arg(engine));
    operands_->setRowCount(static_cast<int>(rec->operands.size()));
    for (int r = 0; r < static_cast<int>(rec->operands.size()); ++r) {
        const OperandSpec& op = rec->operands[static_cast<std::size_t>(r)];
        const Json& at = op.extra.contains("x-python") ? op.extra["x-python"] : Json::object();
        const QString map =
            op.index_map ? QString::fromStdString(*op.index_map)
            : op.is_manual_dma()
                ? tr("(memory %1, moved by the body)")
                      .arg(QString::fromStdString(std::string(to_string(*op.memory_space))))
                : tr("(all zeros)");
        const QStringList cells = {
            QString::fromStdString(op.name) + (op.role == Role::Output ? tr(" (out)") : QString()),
            sizes(op.shape),
            QString::fromStdString(std::string(to_string(op.dtype))),
            block_text(op),
            map,
            QString::number(at.value("line", 0))};
        for (int c = 0; c < cells.size(); ++c) {
            auto* item = new QTableWidgetItem(cells[c]);
            item->setToolTip(QString::fromStdString(at.value("file", std::string())) + u':' +
                             QString::number(at.value("line", 0)));
            operands_->setItem(r, c, item);
        }
    }
}

void PythonSection::showDiagnostics(const Diagnostics& diagnostics) {
    setMessages(messagesFor(diagnostics, {"python"}));
}

}  // namespace tl::gui
