#include "widgets/mainwindow/explorer_placeholder.h"

#include <QLabel>
#include <QScrollArea>
#include <QVBoxLayout>

#include "core/analysis.h"

namespace tl::gui {
namespace {

QString qs(std::string_view s) {
    return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size()));
}

QString tuple(const std::vector<std::int64_t>& v, const QString& sep = QStringLiteral(", ")) {
    QStringList parts;
    for (auto x : v) parts << QString::number(x);
    return parts.join(sep);
}

QString range(const Window& w) {
    QStringList parts;
    for (std::size_t d = 0; d < w.start.size(); ++d)
        parts << (w.size[d] == 0
                      ? QStringLiteral("∅")
                      : QStringLiteral("%1–%2").arg(w.start[d]).arg(w.start[d] + w.size[d] - 1));
    return parts.join(QStringLiteral(", "));
}

}  // namespace

ExplorerPlaceholder::ExplorerPlaceholder(QWidget* parent)
    : QWidget(parent), text_(new QLabel(this)) {
    setObjectName(QStringLiteral("explorer"));
    text_->setObjectName(QStringLiteral("explorerSummary"));
    text_->setTextFormat(Qt::RichText);
    text_->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    text_->setWordWrap(true);
    text_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    text_->setMargin(12);
    auto* scroll = new QScrollArea(this);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setWidget(text_);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(scroll);
    render();
}

void ExplorerPlaceholder::setSnapshot(const ExplorerSnapshot& snapshot) {
    if (snapshot.generation < snapshot_.generation) return;  // never draw an older state
    snapshot_ = snapshot;
    if (snapshot_.analysis && program_ >= snapshot_.analysis->programs()) program_ = 0;
    render();
}

void ExplorerPlaceholder::selectProgram(qint64 program) {
    if (!snapshot_.analysis || program < 0 || program >= snapshot_.analysis->programs()) return;
    if (program == program_) return;
    program_ = program;
    render();
    emit programSelected(program_);
}

void ExplorerPlaceholder::selectElement(int operand, const std::vector<std::int64_t>& element) {
    element_operand_ = operand;
    element_ = element;
    render();
}

void ExplorerPlaceholder::render() {
    if (!snapshot_.spec) {
        text_->setText(tr("<p>No spec open.</p>"));
        return;
    }
    QString html = QStringLiteral("<h2>%1</h2>").arg(qs(snapshot_.spec->name).toHtmlEscaped());
    if (!snapshot_.analysis) {
        text_->setText(html + tr("<p>The spec does not resolve; see the findings.</p>"));
        return;
    }
    const Analysis& a = *snapshot_.analysis;
    const Instance& inst = a.instance();
    html += tr("<p>Grid (%1): %L2 programs. Selected program %L3 = <b>(%4)</b>.</p>")
                .arg(tuple(inst.grid), QString::number(a.programs()), QString::number(program_),
                     tuple(a.program_coords(program_)));
    html += QStringLiteral("<table cellspacing='0' cellpadding='4'>") +
            tr("<tr><th align='left'>operand</th><th align='left'>array</th>"
               "<th align='left'>block</th><th align='left'>block index</th>"
               "<th align='left'>clipped window</th></tr>");
    for (int i = 0; i < static_cast<int>(inst.operands.size()); ++i) {
        const ResolvedOperand& op = inst.operands[static_cast<std::size_t>(i)];
        std::vector<std::int64_t> block;
        for (const auto& b : op.block) block.push_back(b.size);
        const auto index = a.block_index(program_, i);
        html += QStringLiteral(
                    "<tr><td><b>%1</b> (%2)</td><td>%3 %4</td><td>%5</td><td>(%6)</td>"
                    "<td>%7</td></tr>")
                    .arg(qs(op.name).toHtmlEscaped(), qs(to_string(op.role)),
                         tuple(op.shape, QStringLiteral("×")), qs(to_string(op.dtype)),
                         tuple(block, QStringLiteral("×")),
                         tuple(std::vector<std::int64_t>(index.begin(), index.end())),
                         range(a.clipped(program_, i)));
    }
    html += QStringLiteral("</table>");
    if (element_operand_ >= 0 && element_operand_ < static_cast<int>(inst.operands.size()))
        html += tr("<p>Selected element [%1] of %2.</p>")
                    .arg(tuple(element_),
                         qs(inst.operands[static_cast<std::size_t>(element_operand_)].name));
    if (snapshot_.run)
        html +=
            tr("<p>Run attached: %1 output(s) interpreted.</p>").arg(snapshot_.run->outputs.size());
    html += tr("<p><i>The operand views, grid navigator and inspector draw here.</i></p>");
    text_->setText(html);
}

}  // namespace tl::gui
