#include "widgets/timings/end_to_end_panel.h"

#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QListWidget>
#include <QSignalBlocker>
#include <QVBoxLayout>
#include <cstdio>

#include "core/base/format.h"
#include "core/timings/decision.h"
#include "core/timings/timings_summary.h"
#include "widgets/kit/palette.h"
#include "widgets/kit/qstring.h"
#include "widgets/timings/timings_style.h"

namespace tl::gui {
namespace {

QString times(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.4g", v);
    return QString::fromLatin1(buf) + QStringLiteral("\u00D7");
}

// The share the files give for the decided kernel, ignoring a typed one.
std::optional<double> fileShare(const TimingsView& v) {
    for (const auto& idx : {v.decision.best, v.decision.baseline})
        if (idx && v.records[*idx].share) return v.records[*idx].share;
    for (std::size_t i = 0; i < v.records.size(); ++i)
        if (v.shown(i) && v.records[i].share) return v.records[i].share;
    return std::nullopt;
}

}  // namespace

EndToEndPanel::EndToEndPanel(QWidget* parent)
    : QWidget(parent),
      share_(new QDoubleSpinBox(this)),
      threshold_(new QDoubleSpinBox(this)),
      fileShare_(new QLabel(this)),
      figures_(new QLabel(this)),
      state_(new QLabel(this)),
      decision_(new QLabel(this)),
      basis_(new QLabel(this)),
      excluded_(new QListWidget(this)) {
    share_->setObjectName(QStringLiteral("shareSpin"));
    share_->setRange(-0.01, 100);
    share_->setDecimals(2);
    share_->setSingleStep(0.5);
    share_->setSuffix(QStringLiteral(" %"));
    share_->setSpecialValueText(tr("from the files"));
    share_->setValue(share_->minimum());
    share_->setToolTip(
        tr("The op's share of the whole step. At the lowest value the share comes "
           "from the files (step_s, a trace, or an Nsight Systems summary)."));
    threshold_->setObjectName(QStringLiteral("thresholdSpin"));
    threshold_->setRange(0.01, 50);
    threshold_->setDecimals(2);
    threshold_->setSingleStep(0.5);
    threshold_->setSuffix(QStringLiteral(" %"));
    threshold_->setValue(2);
    threshold_->setToolTip(
        tr("The end-to-end saving (share of the step) a kernel must bring to "
           "earn its complexity"));

    state_->setObjectName(QStringLiteral("decisionState"));
    QFont badge = state_->font();
    badge.setBold(true);
    state_->setFont(badge);
    state_->hide();
    decision_->setObjectName(QStringLiteral("decisionSentence"));
    decision_->setWordWrap(true);
    decision_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    QFont big = decision_->font();
    big.setBold(true);
    decision_->setFont(big);
    figures_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    figures_->setWordWrap(true);
    basis_->setWordWrap(true);
    excluded_->setObjectName(QStringLiteral("excludedList"));
    excluded_->setWordWrap(true);
    excluded_->setMinimumHeight(70);
    excluded_->setMaximumHeight(160);

    auto* form = new QFormLayout;
    form->setFieldGrowthPolicy(QFormLayout::FieldsStayAtSizeHint);
    auto* shareRow = new QHBoxLayout;
    shareRow->addWidget(share_);
    shareRow->addWidget(fileShare_, 1);
    form->addRow(tr("Share of the step:"), shareRow);
    form->addRow(tr("Threshold:"), threshold_);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(state_);
    layout->addWidget(decision_);
    layout->addWidget(basis_);
    layout->addLayout(form);
    layout->addWidget(figures_);
    layout->addWidget(new QLabel(tr("Left out of the decision:"), this));
    layout->addWidget(excluded_, 1);

    connect(share_, &QDoubleSpinBox::valueChanged, this,
            [this] { emit shareChanged(typedShare()); });
    connect(threshold_, &QDoubleSpinBox::valueChanged, this,
            [this] { emit thresholdChanged(threshold()); });
}

std::optional<double> EndToEndPanel::typedShare() const {
    if (share_->value() <= share_->minimum()) return std::nullopt;
    return share_->value() / 100.0;
}

void EndToEndPanel::setTypedShare(std::optional<double> share) {
    share_->setValue(share ? *share * 100.0 : share_->minimum());
}

double EndToEndPanel::threshold() const {
    return threshold_->value() / 100.0;
}

void EndToEndPanel::setThreshold(double fraction) {
    threshold_->setValue(fraction * 100.0);
}

// The badge over the sentence: a provisional decision is never shown as the final verdict.
void EndToEndPanel::showState(const Decision& d) {
    state_->setVisible(d.best.has_value());
    QPalette pal;
    if (d.provisional) {
        state_->setText(tr("PROVISIONAL \u2014 rests on %n unverified measurement(s)", nullptr,
                           static_cast<int>(d.unverified_records)));
        state_->setToolTip(
            tr("No record of this role says its outputs were checked on the target. Time the "
               "candidates with the benchmark script (it checks every output), or, once you "
               "have checked them, import the files again with \"I checked the outputs on the "
               "target\" ticked."));
        pal.setColor(QPalette::WindowText, warningColour());
    } else {
        state_->setText(tr("FINAL \u2014 verified measurements"));
        state_->setToolTip(tr("The best candidate and its baseline were checked on the target."));
    }
    state_->setPalette(pal);
}

QString EndToEndPanel::stateText() const {
    return state_->isHidden() ? QString() : state_->text();
}

QString EndToEndPanel::decisionText() const {
    return decision_->text();
}

QString EndToEndPanel::figuresText() const {
    return figures_->text();
}

QStringList EndToEndPanel::excludedReasons() const {
    QStringList out;
    for (int i = 0; i < excluded_->count(); ++i) out << excluded_->item(i)->text();
    return out;
}

void EndToEndPanel::setView(const TimingsView& v) {
    const Decision& d = v.decision;
    const std::optional<double> files = fileShare(v);
    fileShare_->setText(files ? tr("the files say %1").arg(qs(format_percent(*files)))
                              : tr("the files give no share: type it in"));

    decision_->setText(d.sentence.empty() ? tr("Import timings to decide") : qs(d.sentence));
    showState(d);
    // Without a verdict the sentence inherits the theme's text colour, so a theme switch
    // restyles it.
    QPalette pal;
    if (d.earns_complexity)
        pal.setColor(QPalette::WindowText,
                     *d.earns_complexity ? QColor(okabe_ito::kBluishGreen) : errorColour());
    decision_->setPalette(pal);

    QStringList basis;
    for (const auto& idx : {d.best, d.baseline}) {
        if (!idx) continue;
        const TimingRecord& r = v.records[*idx];
        const ProvenanceInfo& p = v.facts[*idx].provenance;
        basis << tr("%1: \u25CF %2, %3, %4 run(s)")
                     .arg(qs(r.impl.value_or("?")), qs(badge_text(p)), qs(verification_text(p)))
                     .arg(r.n.value_or(0));
    }
    basis_->setText(basis.join(QStringLiteral("   ")));
    basis_->setVisible(!basis.isEmpty());

    QStringList figures;
    if (d.speedup)
        figures << tr("speedup over %1: s = %2").arg(qs(d.baseline_impl), times(*d.speedup));
    if (d.share)
        figures << tr("share: p = %1%2")
                       .arg(qs(format_percent(*d.share)),
                            typedShare() ? tr(" (typed in)") : tr(" (from the files)"));
    if (d.end_to_end_speedup)
        figures
            << tr("end to end: 1 / ((1 \u2212 p) + p / s) = %1").arg(times(*d.end_to_end_speedup));
    if (d.saving)
        figures << tr("saving: %1 of the step (threshold %2)")
                       .arg(qs(format_percent(*d.saving)), qs(format_percent(d.threshold)));
    figures_->setText(figures.join(QStringLiteral("\n")));

    excluded_->clear();
    for (std::size_t i = 0; i < v.records.size(); ++i) {
        if (!v.facts[i].excluded) continue;
        const TimingRecord& r = v.records[i];
        const std::string params = params_text(r.params);
        auto* item = new QListWidgetItem(
            QStringLiteral("%1 %2 on %3: %4")
                .arg(qs(r.impl.value_or("?")), qs(params.empty() ? r.label : params),
                     qs(r.target.value_or("?")), qs(*v.facts[i].excluded)),
            excluded_);
        item->setToolTip(recordTooltip(v, i));
        const Provenance k = v.facts[i].provenance.kind;
        if (k == Provenance::Interpreted || k == Provenance::Unmeasured)
            item->setForeground(provenanceColour(k));
    }
}

}  // namespace tl::gui
