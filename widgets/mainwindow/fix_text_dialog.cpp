#include "widgets/mainwindow/fix_text_dialog.h"

#include <QDialogButtonBox>
#include <QFileInfo>
#include <QFontDatabase>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTextBlock>
#include <QTimer>
#include <QVBoxLayout>

#include "core/spec/spec_io.h"
#include "widgets/kit/palette.h"

namespace tl::gui {

FixTextDialog::FixTextDialog(const QString& path, const QString& text, QWidget* parent)
    : QDialog(parent),
      path_(path),
      editor_(new QPlainTextEdit(this)),
      errors_(new QLabel(this)),
      timer_(new QTimer(this)) {
    setObjectName(QStringLiteral("fixTextDialog"));
    setWindowTitle(tr("Fix %1").arg(QFileInfo(path).fileName()));
    auto* intro = new QLabel(tr("<b>%1</b> does not load as a spec. Fix it here: the errors "
                                "below follow the text as you type, and Open takes it into "
                                "the window (unsaved, until you save it over the file).")
                                 .arg(QFileInfo(path).fileName().toHtmlEscaped()),
                             this);
    intro->setWordWrap(true);
    editor_->setObjectName(QStringLiteral("fixText"));
    editor_->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    editor_->setLineWrapMode(QPlainTextEdit::NoWrap);
    editor_->setPlainText(text);
    errors_->setObjectName(QStringLiteral("fixErrors"));
    errors_->setWordWrap(true);
    errors_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    errors_->setStyleSheet(QStringLiteral("color:%1").arg(errorColour().name()));
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    open_ = buttons->addButton(tr("Open"), QDialogButtonBox::AcceptRole);
    open_->setObjectName(QStringLiteral("fixOpen"));
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addWidget(editor_, 1);
    layout->addWidget(errors_);
    layout->addWidget(buttons);
    resize(820, 640);

    timer_->setSingleShot(true);
    timer_->setInterval(300);
    connect(timer_, &QTimer::timeout, this, &FixTextDialog::check);
    connect(editor_, &QPlainTextEdit::textChanged, timer_, qOverload<>(&QTimer::start));
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    check();
    // The cursor on the first error, so the fix starts where the mistake is.
    const LoadResult first =
        load_spec(text.toStdString(), QFileInfo(path).fileName().toStdString());
    if (!first.errors.empty() && first.errors.front().line > 0) {
        const QTextBlock b = editor_->document()->findBlockByNumber(first.errors.front().line - 1);
        QTextCursor c(b);
        c.movePosition(QTextCursor::Right, QTextCursor::MoveAnchor,
                       std::max(0, std::min(first.errors.front().column - 1, b.length() - 1)));
        editor_->setTextCursor(c);
    }
    editor_->setFocus();
}

void FixTextDialog::check() {
    timer_->stop();
    const LoadResult r =
        load_spec(editor_->toPlainText().toStdString(), QFileInfo(path_).fileName().toStdString());
    spec_ = r.spec;
    open_->setEnabled(spec_.has_value());
    errors_->setText(r.errors.empty() ? tr("No errors: Open takes it into the window.")
                                      : QString::fromStdString(join(r.errors)));
    errors_->setStyleSheet(r.errors.empty() ? QString()
                                            : QStringLiteral("color:%1").arg(errorColour().name()));
}

QString FixTextDialog::errorsText() const {
    return errors_->text();
}

}  // namespace tl::gui
