#include "widgets/mainwindow/recovery_dialog.h"

#include <QDialogButtonBox>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLabel>
#include <QListWidget>
#include <QLocale>
#include <QPushButton>
#include <QVBoxLayout>
#include <algorithm>

namespace tl::gui {

QString describe_change(const RecoveryFile& file) {
    const QString size = QLocale().formattedDataSize(file.text.size());
    if (file.path.isEmpty()) return QObject::tr("untitled, %1").arg(size);
    QFile original(file.path);
    if (!original.open(QIODevice::ReadOnly))
        return QObject::tr("%1; the file is no longer on disk").arg(size);
    const QList<QByteArray> mine = file.text.split('\n');
    const QList<QByteArray> theirs = original.readAll().split('\n');
    for (qsizetype i = 0; i < std::max(mine.size(), theirs.size()); ++i) {
        const QByteArray a = mine.value(i), b = theirs.value(i);
        if (a == b) continue;
        const QString line = QString::fromUtf8(i < mine.size() ? a.trimmed() : QByteArray());
        return line.isEmpty() ? QObject::tr("differs from line %1 on").arg(i + 1)
                              : QObject::tr("line %1 differs: %2")
                                    .arg(i + 1)
                                    .arg(line.size() > 60 ? QString(line.left(59) + u'…') : line);
    }
    return QObject::tr("the same as the file on disk");
}

RecoveryDialog::RecoveryDialog(const QList<RecoveryOffer>& offers, QWidget* parent)
    : QDialog(parent), list_(new QListWidget(this)) {
    setWindowTitle(tr("Recover unsaved work"));
    auto* layout = new QVBoxLayout(this);
    auto* intro = new QLabel(tr("TileLens ended without saving these documents. Recover opens "
                                "one with its changes unsaved (the file on disk is not touched "
                                "until you save); Later asks again at the next start."),
                             this);
    intro->setWordWrap(true);
    layout->addWidget(intro);
    for (const RecoveryOffer& o : offers) {
        const QString where = o.file.path.isEmpty()
                                  ? tr("untitled")
                                  : QDir::toNativeSeparators(QFileInfo(o.file.path).path());
        list_->addItem(QStringLiteral("%1  —  %2\n%3  ·  %4")
                           .arg(o.file.name, where,
                                QLocale().toString(o.file.time.toLocalTime(), QLocale::ShortFormat),
                                o.change));
    }
    list_->setCurrentRow(0);
    layout->addWidget(list_);
    auto* buttons = new QDialogButtonBox(this);
    QPushButton* recover = buttons->addButton(tr("Recover"), QDialogButtonBox::AcceptRole);
    QPushButton* discard = buttons->addButton(tr("Discard"), QDialogButtonBox::DestructiveRole);
    QPushButton* later = buttons->addButton(tr("Later"), QDialogButtonBox::RejectRole);
    recover->setDefault(true);
    connect(recover, &QPushButton::clicked, this,
            [this] { finish(RecoveryAnswer::Action::Recover); });
    connect(discard, &QPushButton::clicked, this,
            [this] { finish(RecoveryAnswer::Action::Discard); });
    connect(later, &QPushButton::clicked, this, [this] { finish(RecoveryAnswer::Action::Later); });
    layout->addWidget(buttons);
    resize(560, 300);
}

void RecoveryDialog::finish(RecoveryAnswer::Action action) {
    answer_ = {action, list_->currentRow()};
    if (action == RecoveryAnswer::Action::Later)
        reject();
    else
        accept();
}

}  // namespace tl::gui
