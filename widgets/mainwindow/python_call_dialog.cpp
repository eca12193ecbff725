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

#include "core/pyrun/import_spec.h"
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
    return c;
}

void rememberCall(QSettings* settings, const QString& path, const PythonCall& c) {
    QVariantMap m;
    m.insert(QStringLiteral("call"), c.call);
    m.insert(QStringLiteral("args"), c.args);
    m.insert(QStringLiteral("params"), c.params);
    m.insert(QStringLiteral("kwargs"), c.kwargs);
    m.insert(QStringLiteral("reference"), c.reference);
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
    return python_spec_from_import(req);
}

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
    const QStringList defs = pythonFunctions(path);
    auto* call = new QComboBox(&dialog);
    call->setObjectName(QStringLiteral("pythonCall"));
    call->setEditable(true);
    call->addItems(defs);
    call->setCurrentText(initial.call);
    form->addRow(QObject::tr("Function"), call);
    auto* args = new QPlainTextEdit(initial.args.join(u'\n'), &dialog);
    args->setObjectName(QStringLiteral("pythonArgs"));
    args->setPlaceholderText(QObject::tr("one per line: float32[M,K] or None"));
    args->setFixedHeight(90);
    form->addRow(QObject::tr("Array arguments"), args);
    auto* params = new QLineEdit(initial.params.join(QStringLiteral(", ")), &dialog);
    params->setObjectName(QStringLiteral("pythonParams"));
    params->setPlaceholderText(QStringLiteral("M=300, N=500, K=256"));
    form->addRow(QObject::tr("Params"), params);
    auto* kwargs = new QLineEdit(initial.kwargs.join(QStringLiteral(", ")), &dialog);
    kwargs->setObjectName(QStringLiteral("pythonKwargs"));
    kwargs->setPlaceholderText(QStringLiteral("bm=128, bn=128"));
    form->addRow(QObject::tr("Keyword arguments"), kwargs);
    auto* reference = new QComboBox(&dialog);
    reference->setObjectName(QStringLiteral("pythonReference"));
    reference->setEditable(true);
    reference->addItem(QString());
    reference->addItems(defs);
    reference->setCurrentText(initial.reference);
    form->addRow(QObject::tr("Reference"), reference);
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
        chosen.call = call->currentText().trimmed();
        chosen.args = split_list(args->toPlainText());
        chosen.params = split_list(params->text());
        chosen.kwargs = split_list(kwargs->text());
        chosen.reference = reference->currentText().trimmed();
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
