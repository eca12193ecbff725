#pragma once
// The key to the operand views' colours and patterns, flowing onto more lines when narrow.
#include <QColor>
#include <QFont>
#include <QWidget>
#include <vector>

#include "widgets/explorer/explorer_palette.h"

class QPainter;
class QRectF;

namespace tl::gui {

struct LegendContent {
    std::vector<QColor> roleHues;  // the hues of the operands on show, in operand order
    bool heat = false;             // the error heat map is on
    // Operands on show with inner tiles streamed through a pipeline / held whole.
    bool innerStreamed = false, innerHeld = false;
};

// Paints the legend into the width of `r`, wrapping; returns the height it took.
double paintLegend(QPainter& p, const QRectF& r, const ExplorerPalette& pal,
                   const LegendContent& content, const QFont& font);
double legendHeight(double width, const ExplorerPalette& pal, const LegendContent& content,
                    const QFont& font);

// The legend as a widget above the operand views.
class LegendBar : public QWidget {
public:
    explicit LegendBar(QWidget* parent = nullptr);
    void setContent(LegendContent content);
    // The height the legend takes at `width` pixels, and that of one line.
    int heightFor(int width) const;
    int lineHeight() const { return heightFor(100000); }
    QSize sizeHint() const override { return {hintWidth_, height()}; }
    // The width it asks for; on a row of its own it asks for the buttons' width as well, so
    // that the explorer asks for the same room wherever the legend is.
    void setHintWidth(int width) { hintWidth_ = width; }

protected:
    void paintEvent(QPaintEvent* e) override;
    void resizeEvent(QResizeEvent* e) override;

private:
    QFont legendFont() const;
    void updateHeight();
    LegendContent content_;
    int hintWidth_ = 600;
};

}  // namespace tl::gui
