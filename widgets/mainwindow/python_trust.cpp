#include "widgets/mainwindow/python_trust.h"

#include <QCryptographicHash>
#include <QDialog>
#include <QDialogButtonBox>
#include <QFile>
#include <QFileInfo>
#include <QFontDatabase>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSettings>
#include <QVBoxLayout>

namespace tl::gui {
namespace {

const QString kTrustedKey = QStringLiteral("python/trusted");
constexpr qint64 kShownBytes = 512 * 1024;

}  // namespace

QString PythonTrust::digest(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) return {};
    QCryptographicHash h(QCryptographicHash::Sha256);
    if (!h.addData(&f)) return {};
    return QString::fromLatin1(h.result().toHex());
}

bool PythonTrust::trusted(const QString& path) const {
    const QString d = digest(path);
    if (d.isEmpty()) return false;
    const auto map = settings_->value(kTrustedKey).toMap();
    return map.value(QFileInfo(path).absoluteFilePath()).toString() == d;
}

void PythonTrust::trust(const QString& path) {
    auto map = settings_->value(kTrustedKey).toMap();
    map.insert(QFileInfo(path).absoluteFilePath(), digest(path));
    settings_->setValue(kTrustedKey, map);
}

bool askToRunPython(QWidget* parent, const QString& path) {
    QDialog dialog(parent);
    dialog.setWindowTitle(QObject::tr("Run this kernel file?"));
    auto* layout = new QVBoxLayout(&dialog);
    auto* text = new QLabel(
        QObject::tr("<p>This spec runs the Python file <b>%1</b> to record its pallas_call and "
                    "run its kernel. TileLens has not run this file (or this version of it) "
                    "before. It runs in a separate process with TileLens's numpy stand-ins for "
                    "JAX, but it is ordinary Python code with your permissions: run it only if "
                    "you trust it.</p>")
            .arg(path.toHtmlEscaped()),
        &dialog);
    text->setWordWrap(true);
    layout->addWidget(text);
    auto* code = new QPlainTextEdit(&dialog);
    code->setObjectName(QStringLiteral("pythonCode"));
    code->setReadOnly(true);
    code->setLineWrapMode(QPlainTextEdit::NoWrap);
    code->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    QFile f(path);
    if (f.open(QIODevice::ReadOnly)) {
        QString shown = QString::fromUtf8(f.read(kShownBytes));
        if (!f.atEnd()) shown += QObject::tr("\n… (the rest of the file is not shown)");
        code->setPlainText(shown);
    } else {
        code->setPlainText(QObject::tr("(the file cannot be read: %1)").arg(f.errorString()));
    }
    layout->addWidget(code, 1);
    auto* buttons = new QDialogButtonBox(&dialog);
    buttons->addButton(QObject::tr("Run the File"), QDialogButtonBox::AcceptRole);
    buttons->addButton(QObject::tr("Don't Run"), QDialogButtonBox::RejectRole)->setDefault(true);
    QObject::connect(buttons, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
    QObject::connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    layout->addWidget(buttons);
    dialog.resize(820, 620);
    return dialog.exec() == QDialog::Accepted;
}

}  // namespace tl::gui
