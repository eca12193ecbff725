#include "widgets/present/narration_panel.h"

#include <QFontMetrics>
#include <QLabel>
#include <QVBoxLayout>
#include <algorithm>

namespace tl::gui {

namespace {

QLabel* make_label(QWidget* parent, const char* name) {
    auto* l = new QLabel(parent);
    l->setObjectName(QLatin1String(name));
    l->setWordWrap(true);
    l->setTextFormat(Qt::PlainText);
    l->setTextInteractionFlags(Qt::NoTextInteraction);
    return l;
}

void set_pixel_size(QLabel* label, int px, bool bold = false) {
    QFont f = label->font();
    f.setPixelSize(px);
    f.setBold(bold);
    label->setFont(f);
}

}  // namespace

NarrationPanel::NarrationPanel(QWidget* parent)
    : QFrame(parent),
      heading_(make_label(this, "presentHeading")),
      narration_(make_label(this, "presentNarration")),
      status_(make_label(this, "presentStatus")),
      pointer_(make_label(this, "presentPointer")),
      keys_(make_label(this, "presentKeys")) {
    setObjectName(QStringLiteral("narrationPanel"));
    narration_->setTextFormat(Qt::MarkdownText);
    setFrameShape(QFrame::StyledPanel);
    setAutoFillBackground(true);
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Maximum);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(24, 12, 24, 12);
    layout->setSpacing(8);
    layout->addWidget(heading_);
    layout->addWidget(narration_);
    layout->addWidget(status_);
    layout->addWidget(pointer_);
    layout->addWidget(keys_);
    pointer_->hide();
    scaleTo(1080);
}

void NarrationPanel::setHeading(const QString& text) {
    heading_->setText(text);
}

void NarrationPanel::setNarration(const QString& text) {
    // Lessons write `code` and **emphasis**; markup of any other kind is shown as typed.
    narrationText_ = text;
    QString markdown = text;
    markdown.replace(u'<', QStringLiteral("&lt;"));
    narration_->setText(markdown);
    narration_->setVisible(!text.isEmpty());
    fitNarration();
}

// A long text (a spec's whole description) in smaller type, down to two thirds of the size the
// screen asks for, so that the narration keeps to a quarter of the screen and the picture
// keeps the room.
void NarrationPanel::fitNarration() {
    const int width = std::max(200, this->width() - 48);
    const int cap = std::max(120, screenHeight_ / 4);
    const int least = std::max(16, narrationPx_ * 2 / 3);
    int px = narrationPx_;
    for (; px > least; px -= 2) {
        QFont f = narration_->font();
        f.setPixelSize(px);
        const int h =
            QFontMetrics(f)
                .boundingRect(QRect(0, 0, width, 1 << 20), Qt::TextWordWrap, narrationText_)
                .height();
        if (h <= cap) break;
    }
    set_pixel_size(narration_, std::max(px, least));
}

void NarrationPanel::resizeEvent(QResizeEvent* e) {
    QFrame::resizeEvent(e);
    fitNarration();
}

void NarrationPanel::setStatus(const QString& text) {
    status_->setText(text);
}

void NarrationPanel::setPointer(const QString& text) {
    pointer_->setText(text);
    pointer_->setVisible(!text.isEmpty());
}

void NarrationPanel::setKeys(const QString& text) {
    keys_->setText(text);
}

void NarrationPanel::scaleTo(int screenHeight) {
    const int narration = std::max(24, screenHeight / 40);
    screenHeight_ = screenHeight;
    narrationPx_ = narration;
    set_pixel_size(heading_, narration * 3 / 4, true);
    fitNarration();
    set_pixel_size(status_, std::max(18, narration * 3 / 4));
    set_pixel_size(pointer_, std::max(18, narration * 3 / 4));
    set_pixel_size(keys_, std::max(14, narration / 2));
    keys_->setEnabled(false);  // the palette's muted text: there, but not in the way
}

int NarrationPanel::narrationPixelSize() const {
    return narration_->font().pixelSize();
}

}  // namespace tl::gui
