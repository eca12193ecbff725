#include "widgets/editor/target_section.h"

#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSpinBox>
#include <limits>

#include "core/target/target.h"
#include "widgets/document/spec_document.h"
#include "widgets/editor/undo_routing.h"
#include "widgets/kit/palette.h"
#include "widgets/kit/qstring.h"

namespace tl::gui {
namespace {

void select_data(QComboBox* combo, const QString& data) {
    int i = combo->findData(data);
    if (i < 0) {  // an id this build does not know: show it (the audit names the problem)
        combo->addItem(data, data);
        i = combo->count() - 1;
    }
    if (i != combo->currentIndex()) combo->setCurrentIndex(i);
}

QString number_text(double v) {
    return QString::number(v, 'g', 12);
}

}  // namespace

void fill_target_combo(QComboBox* combo) {
    combo->addItem(QObject::tr("interpret (no target rules)"), QStringLiteral("interpret"));
    for (const auto& t : builtin_targets().targets())
        combo->addItem(qs(t.display_name) + QStringLiteral(" (") + qs(t.id) + u')', qs(t.id));
}

TargetSection::TargetSection(SpecDocument* document, QWidget* parent)
    : EditorSection(tr("Target and policy"), document, parent),
      target_(new QComboBox(this)),
      uninitialized_(new QComboBox(this)),
      revisit_(new QComboBox(this)),
      rtol_(new QLineEdit(this)),
      atol_(new QLineEdit(this)),
      seed_(new QSpinBox(this)) {
    target_->setObjectName(QStringLiteral("target"));
    uninitialized_->setObjectName(QStringLiteral("uninitialized"));
    revisit_->setObjectName(QStringLiteral("revisit"));
    seed_->setObjectName(QStringLiteral("seed"));
    // Long target names and the seed's range would make the editor wider than its dock.
    for (QComboBox* c : {target_, uninitialized_, revisit_}) {
        c->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        c->setMinimumContentsLength(8);
    }
    seed_->setMinimumWidth(72);
    fill_target_combo(target_);
    for (auto u : {Uninitialized::Nan, Uninitialized::Zero, Uninitialized::Sentinel})
        uninitialized_->addItem(qs(to_string(u)), qs(to_string(u)));
    uninitialized_->setToolTip(tr("What padding reads and fresh output buffers hold"));
    for (auto r : {Revisit::Tpu, Revisit::Ideal})
        revisit_->addItem(qs(to_string(r)), qs(to_string(r)));
    revisit_->setToolTip(
        tr("tpu: output blocks are write-back buffers; ideal: whole arrays "
           "carried, as the plain interpreter does"));
    for (QLineEdit* e : {rtol_, atol_}) {
        e->setPlaceholderText(tr("dtype default"));
        route_undo_to_document(e);
    }
    seed_->setRange(std::numeric_limits<int>::min(), std::numeric_limits<int>::max());
    route_undo_to_document(seed_);

    auto* tolerance = new QHBoxLayout;
    tolerance->addWidget(new QLabel(tr("rtol"), this));
    tolerance->addWidget(rtol_, 1);
    tolerance->addWidget(new QLabel(tr("atol"), this));
    tolerance->addWidget(atol_, 1);
    auto* form = new QFormLayout(this);
    // A label goes above its field when the dock is too narrow for both side by side.
    form->setRowWrapPolicy(QFormLayout::WrapLongRows);
    form->addRow(tr("Target"), target_);
    form->addRow(tr("Uninitialized"), uninitialized_);
    form->addRow(tr("Revisit"), revisit_);
    form->addRow(tr("Tolerance"), tolerance);
    form->addRow(tr("Seed"), seed_);
    form->addRow(messages());

    connect(target_, &QComboBox::activated, this, [this](int i) {
        Spec s = this->document()->spec();
        const std::string id = target_->itemData(i).toString().toStdString();
        s.target = id == "interpret" ? std::nullopt : std::optional<std::string>(id);
        this->document()->edit(s, {SpecChange::Part::Target, -1, {}}, tr("Target %1").arg(qs(id)));
    });
    connect(uninitialized_, &QComboBox::activated, this, [this](int i) {
        Spec s = this->document()->spec();
        s.uninitialized = static_cast<Uninitialized>(i);
        this->document()->edit(s, {SpecChange::Part::Policy, -1, {}},
                               tr("Uninitialized: %1").arg(uninitialized_->itemText(i)));
    });
    connect(revisit_, &QComboBox::activated, this, [this](int i) {
        Spec s = this->document()->spec();
        s.revisit = static_cast<Revisit>(i);
        this->document()->edit(s, {SpecChange::Part::Policy, -1, {}},
                               tr("Revisit: %1").arg(revisit_->itemText(i)));
    });
    connect(rtol_, &QLineEdit::textEdited, this, &TargetSection::toleranceEdited);
    connect(atol_, &QLineEdit::textEdited, this, &TargetSection::toleranceEdited);
    connect(seed_, &QSpinBox::valueChanged, this, [this](int v) {
        Spec s = this->document()->spec();
        s.seed = v;
        this->document()->edit(s, {SpecChange::Part::Policy, -1, QStringLiteral("seed")},
                               tr("Seed %1").arg(v));
    });
}

void TargetSection::toleranceEdited() {
    Spec s = document()->spec();
    const QString r = rtol_->text().trimmed(), a = atol_->text().trimmed();
    if (r.isEmpty() && a.isEmpty()) {
        s.tolerance.reset();
    } else {
        // A text that is not a number keeps the previous figure; the field shows it is wrong.
        Tolerance t = s.tolerance.value_or(Tolerance{});
        bool ok_r = true, ok_a = true;
        if (!r.isEmpty())
            t.rtol = r.toDouble(&ok_r);
        else
            t.rtol = 0;
        if (!a.isEmpty())
            t.atol = a.toDouble(&ok_a);
        else
            t.atol = 0;
        rtol_->setStyleSheet(
            ok_r ? QString() : QStringLiteral("border: 1px solid %1;").arg(errorColour().name()));
        atol_->setStyleSheet(
            ok_a ? QString() : QStringLiteral("border: 1px solid %1;").arg(errorColour().name()));
        if (!ok_r || !ok_a) return;
        s.tolerance = t;
    }
    document()->edit(s, {SpecChange::Part::Policy, -1, QStringLiteral("tolerance")},
                     tr("Edit the tolerance"));
}

void TargetSection::refresh(const SpecChange& change) {
    const auto part = change.part;
    if (part != SpecChange::Part::All && part != SpecChange::Part::Target &&
        part != SpecChange::Part::Policy)
        return;
    const Spec& s = document()->spec();
    select_data(target_, qs(s.target_id()));
    select_data(uninitialized_, qs(to_string(s.uninitialized)));
    select_data(revisit_, qs(to_string(s.revisit)));
    const auto set_number = [](QLineEdit* e, std::optional<double> v) {
        bool ok = false;
        const double shown = e->text().trimmed().toDouble(&ok);
        if (v ? (ok && shown == *v) : e->text().trimmed().isEmpty()) return;
        const QSignalBlocker block(e);
        e->setText(v ? number_text(*v) : QString());
    };
    set_number(rtol_, s.tolerance ? std::optional<double>(s.tolerance->rtol) : std::nullopt);
    set_number(atol_, s.tolerance ? std::optional<double>(s.tolerance->atol) : std::nullopt);
    if (seed_->value() != s.seed) {
        const QSignalBlocker block(seed_);
        seed_->setValue(static_cast<int>(s.seed));
    }
}

void TargetSection::showDiagnostics(const Diagnostics& diagnostics) {
    setMessages(messagesFor(diagnostics, {"target", "policy", "tolerance", "seed"}));
}

bool TargetSection::focusPath(const std::string& path) {
    if (path.rfind("target", 0) == 0)
        target_->setFocus();
    else if (path.rfind("tolerance", 0) == 0)
        rtol_->setFocus();
    else if (path.rfind("seed", 0) == 0)
        seed_->setFocus();
    else if (path.rfind("policy", 0) == 0)
        uninitialized_->setFocus();
    else
        return false;
    return true;
}

}  // namespace tl::gui
