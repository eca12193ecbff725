#include "widgets/mainwindow/python_call_dialog.h"

#include <QComboBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QFile>
#include <QFileInfo>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QRegularExpression>
#include <QSettings>

#include <algorithm>

#include "core/pyrun/import_spec.h"
#include "widgets/editor/target_section.h"
#include "widgets/kit/palette.h"

namespace tl::gui {
namespace {

QString key(const QString& path) {
    // QSettings keys cannot hold '/' as data: the path is hashed into the key.
    return QStringLiteral("python/calls/") +
           QString::number(qHash(QFileInfo(path).absoluteFilePath()), 16);
}

QStringList split_list(const QString& text) {
    QStringList out;
    // Commas separate entries except inside brackets (the shapes' own commas).
    int depth = 0;
    QString cur;
    for (const QChar c : text) {
        if (c == u'[') ++depth;
        if (c == u']') --depth;
        if ((c == u',' && depth == 0) || c == u'\n') {
            if (!cur.trimmed().isEmpty()) out << cur.trimmed();
            cur.clear();
        } else {
            cur += c;
        }
    }
    if (!cur.trimmed().isEmpty()) out << cur.trimmed();
    return out;
}

}  // namespace

PythonCall rememberedCall(QSettings* settings, const QString& path) {
    const auto m = settings->value(key(path)).toMap();
    PythonCall c;
    c.call = m.value(QStringLiteral("call")).toString();
    c.args = m.value(QStringLiteral("args")).toStringList();
    c.params = m.value(QStringLiteral("params")).toStringList();
    c.kwargs = m.value(QStringLiteral("kwargs")).toStringList();
    c.reference = m.value(QStringLiteral("reference")).toString();
    c.target = m.value(QStringLiteral("target")).toString();
    return c;
}

void rememberCall(QSettings* settings, const QString& path, const PythonCall& c) {
    QVariantMap m;
    m.insert(QStringLiteral("call"), c.call);
    m.insert(QStringLiteral("args"), c.args);
    m.insert(QStringLiteral("params"), c.params);
    m.insert(QStringLiteral("kwargs"), c.kwargs);
    m.insert(QStringLiteral("reference"), c.reference);
    m.insert(QStringLiteral("target"), c.target);
    settings->setValue(key(path), m);
}

QStringList pythonFunctions(const QString& path) {
    QFile f(path);
    QStringList out;
    if (!f.open(QIODevice::ReadOnly)) return out;
    static const QRegularExpression def(QStringLiteral("^def\\s+([A-Za-z_]\\w*)\\s*\\("),
                                        QRegularExpression::MultilineOption);
    const QString text = QString::fromUtf8(f.read(4 << 20));
    for (auto it = def.globalMatch(text); it.hasNext();) out << it.next().captured(1);
    return out;
}

std::variant<Spec, std::string> specForCall(const QString& path, const PythonCall& c) {
    ImportRequest req;
    req.file = path.toStdString();
    req.spec_dir = QFileInfo(path).absolutePath().toStdString();
    req.call = c.call.trimmed().toStdString();
    for (const auto& a : c.args) req.args.push_back(a.toStdString());
    for (const auto& p : c.params) {
        const auto eq = p.indexOf(u'=');
        bool ok = false;
        const qlonglong v = eq > 0 ? p.mid(eq + 1).trimmed().toLongLong(&ok) : 0;
        if (!ok) return "Params: '" + p.toStdString() + "' is not NAME=integer";
        req.params.emplace_back(p.left(eq).trimmed().toStdString(), v);
    }
    for (const auto& k : c.kwargs) {
        const auto eq = k.indexOf(u'=');
        if (eq <= 0) return "Keyword arguments: '" + k.toStdString() + "' is not name=value";
        req.kwargs.emplace_back(k.left(eq).trimmed().toStdString(),
                                k.mid(eq + 1).trimmed().toStdString());
    }
    if (!c.reference.trimmed().isEmpty()) req.reference = c.reference.trimmed().toStdString();
    if (!c.target.isEmpty() && c.target != QStringLiteral("interpret"))
        req.target = c.target.toStdString();
    return python_spec_from_import(req);
}

namespace {

// Each top-level function's name and text (up to the next top-level `def`).
QList<std::pair<QString, QString>> functionBodies(const QString& text) {
    static const QRegularExpression def(QStringLiteral("^def\\s+([A-Za-z_]\\w*)\\s*\\("),
                                        QRegularExpression::MultilineOption);
    QList<std::pair<QString, QString>> out;
    QList<QRegularExpressionMatch> defs;
    for (auto it = def.globalMatch(text); it.hasNext();) defs << it.next();
    for (qsizetype i = 0; i < defs.size(); ++i) {
        const qsizetype end = i + 1 < defs.size() ? defs[i + 1].capturedStart() : text.size();
        out.append({defs[i].captured(1),
                    text.mid(defs[i].capturedStart(), end - defs[i].capturedStart())});
    }
    return out;
}

// A kernel body or a reference, by the names kernel files give them.
bool isKernelBody(const QString& name) {
    return name.endsWith(QStringLiteral("kernel")) || name.endsWith(QStringLiteral("_ref")) ||
           name.contains(QStringLiteral("reference")) || name.startsWith(QStringLiteral("ref_"));
}

// The wrapper: a public function that calls pl.pallas_call, else one that calls such a
// function, else the first function that is neither a kernel body nor a reference.
QString likelyWrapper(const QList<std::pair<QString, QString>>& functions) {
    QStringList launching;
    for (const auto& [name, body] : functions)
        if (body.contains(QStringLiteral("pallas_call")) && !isKernelBody(name)) launching << name;
    for (const QString& name : launching)
        if (!name.startsWith(u'_')) return name;
    for (const auto& [name, body] : functions)
        for (const QString& inner : launching)
            if (name != inner && !name.startsWith(u'_') && body.contains(inner + u'(')) return name;
    if (!launching.isEmpty()) return launching.first();
    for (const auto& [name, body] : functions)
        if (!isKernelBody(name) && !name.startsWith(u'_')) return name;
    return {};
}

QString likelyReference(const QStringList& names, const QString& call) {
    const QStringList candidates = {
        call + QStringLiteral("_reference"), call + QStringLiteral("_ref"),
        QStringLiteral("reference_") + call, QStringLiteral("ref_") + call};
    for (const QString& candidate : candidates)
        if (names.contains(candidate)) return candidate;
    for (const QString& name : names)
        if (name.contains(QStringLiteral("reference"))) return name;
    return {};
}

QString likelyTarget(const QString& text) {
    if (text.contains(QStringLiteral("mosaic_gpu"))) return QStringLiteral("gpu-mosaic");
    static const QRegularExpression triton(
        QStringLiteral("pallas\\.triton|pallas import triton|plgpu"));
    if (text.contains(triton)) return QStringLiteral("gpu-triton");
    static const QRegularExpression tpu(QStringLiteral("pallas\\.tpu|pallas import tpu|pltpu"));
    if (text.contains(tpu)) return QStringLiteral("tpu-v5e");
    return {};
}

}  // namespace

PythonCall likelyCall(const QString& path) {
    PythonCall c;
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) return c;
    const QString text = QString::fromUtf8(f.read(4 << 20));
    const auto functions = functionBodies(text);
    QStringList names;
    for (const auto& fn : functions) names << fn.first;
    c.call = likelyWrapper(functions);
    c.reference = likelyReference(names, c.call);
    c.target = likelyTarget(text);
    return c;
}

namespace {

struct CallForm {
    QComboBox* call;
    QPlainTextEdit* args;
    QLineEdit* params;
    QLineEdit* kwargs;
    QComboBox* reference;
    QComboBox* target;
};

QComboBox* functionChoice(QWidget* parent, const char* name, const QStringList& items,
                          const QString& current) {
    auto* box = new QComboBox(parent);
    box->setObjectName(QString::fromLatin1(name));
    box->setEditable(true);
    box->addItems(items);
    box->setCurrentText(current);
    return box;
}

QComboBox* targetChoice(QWidget* parent, QFormLayout* form, const QString& current) {
    auto* target = new QComboBox(parent);
    target->setObjectName(QStringLiteral("pythonTarget"));
    fill_target_combo(target);
    target->setCurrentIndex(std::max(0, target->findData(current)));
    form->addRow(QObject::tr("Target"), target);
    auto* why = new QLabel(QObject::tr("interpret checks the grid and the indexing only; a chip "
                                       "adds its rules (block tiling, VMEM, memory spaces)."),
                           parent);
    why->setWordWrap(true);
    why->setForegroundRole(QPalette::PlaceholderText);
    form->addRow(QString(), why);
    return target;
}

CallForm buildCallForm(QDialog* dialog, QFormLayout* form, const QString& path,
                       const PythonCall& initial) {
    const QStringList defs = pythonFunctions(path);
    CallForm f{};
    f.call = functionChoice(dialog, "pythonCall", defs, initial.call);
    form->addRow(QObject::tr("Function"), f.call);
    f.args = new QPlainTextEdit(initial.args.join(u'\n'), dialog);
    f.args->setObjectName(QStringLiteral("pythonArgs"));
    f.args->setPlaceholderText(QObject::tr("one per line: float32[M,K] or None"));
    f.args->setFixedHeight(90);
    form->addRow(QObject::tr("Array arguments"), f.args);
    f.params = new QLineEdit(initial.params.join(QStringLiteral(", ")), dialog);
    f.params->setObjectName(QStringLiteral("pythonParams"));
    f.params->setPlaceholderText(QStringLiteral("M=300, N=500, K=256"));
    form->addRow(QObject::tr("Params"), f.params);
    f.kwargs = new QLineEdit(initial.kwargs.join(QStringLiteral(", ")), dialog);
    f.kwargs->setObjectName(QStringLiteral("pythonKwargs"));
    f.kwargs->setPlaceholderText(QStringLiteral("bm=128, bn=128"));
    form->addRow(QObject::tr("Keyword arguments"), f.kwargs);
    f.reference =
        functionChoice(dialog, "pythonReference", QStringList{QString()} + defs, initial.reference);
    form->addRow(QObject::tr("Reference"), f.reference);
    f.target = targetChoice(dialog, form, initial.target);
    return f;
}

PythonCall chosenCall(const CallForm& f) {
    PythonCall c;
    c.call = f.call->currentText().trimmed();
    c.args = split_list(f.args->toPlainText());
    c.params = split_list(f.params->text());
    c.kwargs = split_list(f.kwargs->text());
    c.reference = f.reference->currentText().trimmed();
    const QString target = f.target->currentData().toString();
    c.target = target == QStringLiteral("interpret") ? QString() : target;
    return c;
}

}  // namespace

std::optional<PythonCall> askPythonCall(QWidget* parent, const QString& path,
                                        const PythonCall& initial) {
    QDialog dialog(parent);
    dialog.setWindowTitle(QObject::tr("Open %1").arg(QFileInfo(path).fileName()));
    auto* form = new QFormLayout(&dialog);
    auto* intro = new QLabel(QObject::tr("TileLens calls the wrapper that launches "
                                         "pl.pallas_call with arrays of these types, records the "
                                         "call and compares the result with the reference."),
                             &dialog);
    intro->setWordWrap(true);
    form->addRow(intro);
    const CallForm f = buildCallForm(&dialog, form, path, initial);
    auto* error = new QLabel(&dialog);
    error->setWordWrap(true);
    error->setStyleSheet(QStringLiteral("color: %1").arg(errorColour().name()));
    form->addRow(error);
    auto* buttons =
        new QDialogButtonBox(QDialogButtonBox::Open | QDialogButtonBox::Cancel, &dialog);
    form->addRow(buttons);
    PythonCall chosen;
    QObject::connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    QObject::connect(buttons, &QDialogButtonBox::accepted, &dialog, [&] {
        chosen = chosenCall(f);
        const auto spec = specForCall(path, chosen);
        if (const auto* e = std::get_if<std::string>(&spec)) {
            error->setText(QString::fromStdString(*e));
            return;
        }
        dialog.accept();
    });
    dialog.resize(640, 0);
    if (dialog.exec() != QDialog::Accepted) return std::nullopt;
    return chosen;
}

}  // namespace tl::gui
