#include "widgets/editor/kernel_section.h"

#include <QComboBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>

#include "core/spec/body_catalog.h"
#include "widgets/document/spec_document.h"
#include "widgets/editor/undo_routing.h"
#include "widgets/kit/palette.h"
#include "widgets/kit/qstring.h"

namespace tl::gui {
namespace {

// "" for an absent option, else the value as JSON text ("2", "true", "\"output\"" -> output).
QString option_text(const Json& options, const std::string& name) {
    const auto it = options.find(name);
    if (it == options.end()) return {};
    if (it->is_string()) return QString::fromStdString(it->get<std::string>());
    return QString::fromStdString(it->dump());
}

// What the user typed as the JSON value: a number when it reads as one, else the text (the
// loader then says what type it wanted).
Json typed_value(const QString& text, OptionType type) {
    bool ok = false;
    if (type == OptionType::Integer) {
        const qlonglong v = text.toLongLong(&ok);
        if (ok) return Json(static_cast<std::int64_t>(v));
    } else {
        const double v = text.toDouble(&ok);
        if (ok) return Json(v);
    }
    return Json(text.toStdString());
}

}  // namespace

KernelSection::KernelSection(SpecDocument* document, QWidget* parent)
    : EditorSection(tr("Kernel"), document, parent),
      body_(new QComboBox(this)),
      signature_(new QLabel(this)),
      options_(new QFormLayout) {
    body_->setObjectName(QStringLiteral("kernelBody"));
    body_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    body_->setMinimumContentsLength(10);
    body_->addItem(tr("none (contract and indexing only)"), QString());
    for (const auto& b : kernel_catalog()) body_->addItem(qs(b.name), qs(b.name));
    signature_->setObjectName(QStringLiteral("kernelSignature"));
    signature_->setWordWrap(true);
    signature_->setEnabled(false);
    auto* form = new QFormLayout(this);
    // A label goes above its field when the dock is too narrow for both side by side.
    form->setRowWrapPolicy(QFormLayout::WrapLongRows);
    form->addRow(tr("Body"), body_);
    form->addRow(QString(), signature_);
    form->addRow(options_);
    form->addRow(messages());
    connect(body_, &QComboBox::activated, this, &KernelSection::bodyChosen);
}

void KernelSection::bodyChosen(int index) {
    const std::string body = body_->itemData(index).toString().toStdString();
    Spec s = document()->spec();
    if (body.empty()) {
        s.kernel.reset();
    } else {
        KernelSpec k = s.kernel.value_or(KernelSpec{});
        k.body = body;
        // Options the new body does not take would make the spec invalid: drop them.
        const KernelBody* known = find_kernel_body(body);
        Json kept = Json::object();
        for (auto it = k.options.begin(); it != k.options.end(); ++it)
            if (known && find_kernel_option(*known, it.key())) kept[it.key()] = it.value();
        k.options = kept;
        s.kernel = k;
    }
    document()->edit(s, {SpecChange::Part::Kernel, -1, {}},
                     tr("Use kernel %1").arg(body.empty() ? tr("none") : qs(body)));
}

void KernelSection::refresh(const SpecChange& change) {
    const bool ours = change.part == SpecChange::Part::All ||
                      change.part == SpecChange::Part::Kernel ||
                      change.part == SpecChange::Part::Grid;  // axis choices follow the grid
    if (!ours) return;
    const Spec& s = document()->spec();
    const std::string body = s.kernel ? s.kernel->body : std::string();
    const int i = body_->findData(qs(body));
    if (i >= 0 && i != body_->currentIndex()) body_->setCurrentIndex(i);
    const KernelBody* known = find_kernel_body(body);
    signature_->setText(known ? qs(known->operands) : QString());
    signature_->setVisible(known != nullptr);
    if (body != shown_body_ || static_cast<int>(s.grid.size()) != shown_axes_) rebuildOptions();
    syncOptions();
}

void KernelSection::rebuildOptions() {
    // Later, not now: this may run inside a signal of one of these widgets.
    while (options_->rowCount() > 0) {
        const QFormLayout::TakeRowResult row = options_->takeRow(0);
        for (QLayoutItem* item : {row.labelItem, row.fieldItem}) {
            if (!item) continue;
            if (QWidget* w = item->widget()) {
                w->hide();
                w->deleteLater();
            }
            delete item;
        }
    }
    option_widgets_.clear();
    option_names_.clear();
    const Spec& s = document()->spec();
    shown_body_ = s.kernel ? s.kernel->body : std::string();
    shown_axes_ = static_cast<int>(s.grid.size());
    const KernelBody* body = find_kernel_body(shown_body_);
    if (!body) return;
    for (const KernelOption& opt : body->options) {
        const std::string name(opt.name);
        QWidget* field = nullptr;
        if ((opt.type == OptionType::Integer && !opt.grid_axis) || opt.type == OptionType::Number) {
            auto* edit = new QLineEdit(this);
            edit->setPlaceholderText(tr("default"));
            route_undo_to_document(edit);
            connect(edit, &QLineEdit::textEdited, this,
                    [this, name, type = opt.type](const QString& t) {
                        setOption(name,
                                  t.trimmed().isEmpty() ? Json() : typed_value(t.trimmed(), type));
                    });
            field = edit;
        } else {
            auto* combo = new QComboBox(this);
            combo->addItem(tr("default"), QString());
            if (opt.type == OptionType::Integer)
                for (int a = 0; a < std::max(shown_axes_, 1); ++a)
                    combo->addItem(tr("axis %1").arg(a), QString::number(a));
            else if (opt.type == OptionType::Boolean)
                combo->addItems({QStringLiteral("true"), QStringLiteral("false")});
            else
                for (auto c : opt.choices) combo->addItem(qs(c), qs(c));
            for (int k = 1; k < combo->count(); ++k)
                if (combo->itemData(k).isNull()) combo->setItemData(k, combo->itemText(k));
            connect(combo, &QComboBox::activated, this,
                    [this, name, combo, type = opt.type](int k) {
                        const QString v = combo->itemData(k).toString();
                        if (v.isEmpty()) return setOption(name, Json());
                        if (type == OptionType::Integer)
                            return setOption(name, Json(v.toLongLong()));
                        if (type == OptionType::Boolean) return setOption(name, Json(v == u"true"));
                        setOption(name, Json(v.toStdString()));
                    });
            field = combo;
        }
        field->setObjectName(QStringLiteral("option_") + qs(opt.name));
        field->setToolTip(qs(opt.meaning));
        options_->addRow(qs(opt.name), field);
        option_widgets_ << field;
        option_names_.push_back(name);
    }
}

void KernelSection::syncOptions() {
    const Spec& s = document()->spec();
    const Json options = s.kernel ? s.kernel->options : Json::object();
    for (qsizetype i = 0; i < option_widgets_.size(); ++i) {
        const QString value = option_text(options, option_names_[static_cast<std::size_t>(i)]);
        if (auto* combo = qobject_cast<QComboBox*>(option_widgets_[i])) {
            int k = value.isEmpty() ? 0 : combo->findData(value);
            if (k < 0) {  // a value the choices do not list (an axis past the grid): show it
                combo->addItem(value, value);
                k = combo->count() - 1;
            }
            if (k != combo->currentIndex()) combo->setCurrentIndex(k);
        } else if (auto* edit = qobject_cast<QLineEdit*>(option_widgets_[i])) {
            if (edit->text().trimmed() != value) {
                const QSignalBlocker block(edit);
                edit->setText(value);
            }
        }
    }
}

void KernelSection::setOption(const std::string& name, const Json& value) {
    Spec s = document()->spec();
    if (!s.kernel) return;
    if (value.is_null())
        s.kernel->options.erase(name);
    else
        s.kernel->options[name] = value;
    document()->edit(s, {SpecChange::Part::Kernel, -1, QStringLiteral("kernel.") + qs(name)},
                     tr("Set %1").arg(qs(name)));
}

void KernelSection::showDiagnostics(const Diagnostics& diagnostics) {
    for (qsizetype i = 0; i < option_widgets_.size(); ++i) {
        const bool bad =
            !messagesFor(diagnostics, {"kernel." + option_names_[static_cast<std::size_t>(i)]})
                 .isEmpty();
        option_widgets_[i]->setStyleSheet(
            bad ? QStringLiteral("border: 1px solid %1;").arg(errorColour().name()) : QString());
    }
    setMessages(messagesFor(diagnostics, {"kernel"}));
}

bool KernelSection::focusPath(const std::string& path) {
    for (std::size_t i = 0; i < option_names_.size(); ++i)
        if (path == "kernel." + option_names_[i]) {
            option_widgets_[static_cast<qsizetype>(i)]->setFocus();
            return true;
        }
    if (path.rfind("kernel", 0) == 0) {
        body_->setFocus();
        return true;
    }
    return false;
}

}  // namespace tl::gui
