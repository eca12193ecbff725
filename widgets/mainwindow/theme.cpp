#include "widgets/mainwindow/theme.h"

#include <QApplication>
#include <QPalette>
#include <QStyle>
#include <QStyleFactory>
#include <memory>

#include "widgets/kit/palette.h"

namespace tl::gui {
namespace {

struct Platform {
    QString style;
    QPalette palette;
};

// What the platform gave before any theme was applied, to return to for "system".
const Platform& platform() {
    static const Platform p{QApplication::style()->name(), QApplication::palette()};
    return p;
}

QPalette dark_palette() {
    QPalette p;
    const QColor window(0x2B, 0x2B, 0x2F), base(0x1F, 0x1F, 0x22), text(0xE8, 0xE8, 0xEA);
    const QColor button(0x36, 0x36, 0x3B), disabled(0x80, 0x80, 0x86);
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, QColor(0x27, 0x27, 0x2B));
    p.setColor(QPalette::ToolTipBase, QColor(0x3A, 0x3A, 0x40));
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::PlaceholderText, disabled);
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, button);
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, QColor(0xFF, 0x8A, 0x4C));
    p.setColor(QPalette::Light, QColor(0x4A, 0x4A, 0x50));
    p.setColor(QPalette::Midlight, QColor(0x40, 0x40, 0x46));
    p.setColor(QPalette::Mid, QColor(0x30, 0x30, 0x35));
    p.setColor(QPalette::Dark, QColor(0x18, 0x18, 0x1B));
    p.setColor(QPalette::Shadow, QColor(0x0C, 0x0C, 0x0E));
    p.setColor(QPalette::Link, QColor(okabe_ito::kSkyBlue));
    p.setColor(QPalette::LinkVisited, QColor(okabe_ito::kReddishPurple));
    p.setColor(QPalette::Highlight, QColor(okabe_ito::kBlue));
    p.setColor(QPalette::HighlightedText, Qt::white);
    for (auto role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
        p.setColor(QPalette::Disabled, role, disabled);
    p.setColor(QPalette::Disabled, QPalette::Highlight, QColor(0x45, 0x45, 0x4A));
    return p;
}

QPalette light_palette() {
    // The factory's style is ours to delete: only its palette is wanted.
    const std::unique_ptr<QStyle> fusion(QStyleFactory::create(QStringLiteral("Fusion")));
    QPalette p = fusion->standardPalette();
    p.setColor(QPalette::Highlight, QColor(okabe_ito::kBlue));
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::Link, QColor(okabe_ito::kBlue));
    // Fusion's disabled grey is 1.6:1 on its window: the muted hints (a kernel's signature,
    // "Double-click a cell to edit") are disabled labels and must still be read, at 3:1.
    const QColor muted(0x80, 0x80, 0x80);
    for (auto role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
        p.setColor(QPalette::Disabled, role, muted);
    return p;
}

}  // namespace

QString theme_key(Theme theme) {
    switch (theme) {
        case Theme::Light:
            return QStringLiteral("light");
        case Theme::Dark:
            return QStringLiteral("dark");
        case Theme::System:
            break;
    }
    return QStringLiteral("system");
}

Theme theme_from_key(const QString& key) {
    if (key == u"light") return Theme::Light;
    if (key == u"dark") return Theme::Dark;
    return Theme::System;
}

void apply_theme(Theme theme) {
    const Platform& p = platform();
    if (theme == Theme::System) {
        QApplication::setStyle(QStyleFactory::create(p.style));
        QApplication::setPalette(p.palette);
        return;
    }
    QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
    QApplication::setPalette(theme == Theme::Dark ? dark_palette() : light_palette());
}

bool is_dark_palette() {
    const QPalette p = QApplication::palette();
    return p.color(QPalette::Window).lightness() < p.color(QPalette::WindowText).lightness();
}

}  // namespace tl::gui
