#include "widgets/editor/params_section.h"

#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QResizeEvent>
#include <QSpinBox>
#include <QToolButton>
#include <limits>

#include "widgets/document/spec_document.h"
#include "widgets/kit/palette.h"

namespace tl::gui {
namespace {
constexpr int kMin = std::numeric_limits<int>::min();
constexpr int kMax = std::numeric_limits<int>::max();

int clamp_int(std::int64_t v) {
    return static_cast<int>(std::clamp<std::int64_t>(v, kMin, kMax));
}
}  // namespace

ParamsSection::ParamsSection(SpecDocument* document, QWidget* parent)
    : EditorSection(tr("Params"), document, parent),
      grid_(new QGridLayout),
      new_name_(new QLineEdit(this)) {
    new_name_->setObjectName(QStringLiteral("newParamName"));
    new_name_->setPlaceholderText(tr("new param name"));
    auto* add = new QPushButton(tr("Add"), this);
    add->setObjectName(QStringLiteral("addParam"));
    add->setToolTip(tr("Add a param usable in every expression"));
    auto* add_row = new QHBoxLayout;
    add_row->addWidget(new_name_, 1);
    add_row->addWidget(add);
    auto* layout = new QVBoxLayout(this);
    grid_->setColumnStretch(1, 1);
    grid_->setColumnStretch(4, 1);
    layout->addLayout(grid_);
    layout->addLayout(add_row);
    layout->addWidget(messages());
    connect(add, &QPushButton::clicked, this, &ParamsSection::addParam);
    connect(new_name_, &QLineEdit::returnPressed, this, &ParamsSection::addParam);
}

QSpinBox* ParamsSection::spinBox(const QString& name) const {
    for (std::size_t i = 0; i < names_.size(); ++i)
        if (QString::fromStdString(names_[i]) == name) return spins_[static_cast<qsizetype>(i)];
    return nullptr;
}

void ParamsSection::refresh(const SpecChange& change) {
    if (change.part != SpecChange::Part::All && change.part != SpecChange::Part::Params) return;
    const auto& params = document()->spec().params;
    bool same_names = params.size() == names_.size();
    for (std::size_t i = 0; same_names && i < params.size(); ++i)
        same_names = params[i].first == names_[i];
    if (!same_names) {
        rebuild();
        return;
    }
    for (std::size_t i = 0; i < params.size(); ++i) {
        QSpinBox* spin = spins_[static_cast<qsizetype>(i)];
        if (spin->value() != clamp_int(params[i].second)) {
            const QSignalBlocker block(spin);
            spin->setValue(clamp_int(params[i].second));
        }
    }
}

void ParamsSection::rebuild() {
    // Later: a row's own remove button may be the sender of this change.
    for (QWidget* w : row_widgets_) {
        grid_->removeWidget(w);
        w->hide();
        w->deleteLater();
    }
    row_widgets_.clear();
    spins_.clear();
    names_.clear();
    for (const auto& [param_name, value] : document()->spec().params) {
        const std::string name = param_name;  // copied: clang 14 cannot capture a binding
        const QString qname = QString::fromStdString(name);
        auto* label = new QLabel(qname, this);
        auto* spin = new QSpinBox(this);
        spin->setObjectName(QStringLiteral("param_") + qname);
        spin->setRange(kMin, kMax);
        spin->setValue(clamp_int(value));
        spin->setAccelerated(true);
        // The widest value (2147483647) would make the editor wider than its dock.
        spin->setMinimumWidth(72);
        label->setBuddy(spin);
        auto* remove = new QToolButton(this);
        remove->setText(QStringLiteral("×"));
        remove->setAutoRaise(true);
        remove->setToolTip(tr("Remove param %1").arg(qname));
        connect(spin, &QSpinBox::valueChanged, this, [this, name](int v) { setValue(name, v); });
        connect(remove, &QToolButton::clicked, this, [this, name] { removeParam(name); });
        row_widgets_ << label << spin << remove;
        spins_ << spin;
        names_.push_back(name);
    }
    place();
}

// Two params a row when there is room (specs have many, and the editor is narrow), one when
// two would not fit: the editor is never wider than its dock.
void ParamsSection::place() {
    for (QWidget* w : row_widgets_) grid_->removeWidget(w);
    for (qsizetype i = 0; i + 2 < row_widgets_.size(); i += 3) {
        const int n = static_cast<int>(i / 3);
        const int r = n / columns_, c = 3 * (n % columns_);
        grid_->addWidget(row_widgets_[i], r, c);
        grid_->addWidget(row_widgets_[i + 1], r, c + 1);
        grid_->addWidget(row_widgets_[i + 2], r, c + 2);
    }
    grid_->setColumnStretch(4, columns_ == 2 ? 1 : 0);
}

void ParamsSection::resizeEvent(QResizeEvent* e) {
    EditorSection::resizeEvent(e);
    const int wanted = width() >= 400 ? 2 : 1;
    if (wanted == columns_) return;
    columns_ = wanted;
    place();
}

void ParamsSection::setValue(const std::string& name, int value) {
    Spec s = document()->spec();
    for (auto& [n, v] : s.params)
        if (n == name) v = value;
    const QString qname = QString::fromStdString(name);
    document()->edit(s, {SpecChange::Part::Params, -1, QStringLiteral("params.") + qname},
                     tr("Set %1").arg(qname));
}

void ParamsSection::addParam() {
    const std::string name = new_name_->text().trimmed().toStdString();
    if (name.empty()) return;
    Spec s = document()->spec();
    for (const auto& p : s.params)
        if (p.first == name) {
            setMessages({tr("params.%1: already a param").arg(QString::fromStdString(name))});
            return;
        }
    s.params.emplace_back(name, 1);
    document()->edit(s, {SpecChange::Part::Params, -1, {}},
                     tr("Add param %1").arg(QString::fromStdString(name)));
    new_name_->clear();
}

void ParamsSection::removeParam(const std::string& name) {
    Spec s = document()->spec();
    std::erase_if(s.params, [&](const auto& p) { return p.first == name; });
    document()->edit(s, {SpecChange::Part::Params, -1, {}},
                     tr("Remove param %1").arg(QString::fromStdString(name)));
}

void ParamsSection::showDiagnostics(const Diagnostics& diagnostics) {
    for (std::size_t i = 0; i < names_.size(); ++i) {
        const bool bad = !messagesFor(diagnostics, {"params." + names_[i]}).isEmpty();
        spins_[static_cast<qsizetype>(i)]->setProperty("hasError", bad);
        spins_[static_cast<qsizetype>(i)]->setStyleSheet(
            bad ? QStringLiteral("QSpinBox { border: 1px solid %1; }").arg(errorColour().name())
                : QString());
    }
    setMessages(messagesFor(diagnostics, {"params"}));
}

bool ParamsSection::focusPath(const std::string& path) {
    for (std::size_t i = 0; i < names_.size(); ++i)
        if (path == "params." + names_[i]) {
            spins_[static_cast<qsizetype>(i)]->setFocus();
            return true;
        }
    return false;
}

}  // namespace tl::gui
