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
    QSize sizeHint() const override { return {600, height()}; }

protected:
    void paintEvent(QPaintEvent* e) override;
    void resizeEvent(QResizeEvent* e) override;

private:
    QFont legendFont() const;
    void updateHeight();
    LegendContent content_;
};

}  // namespace tl::gui
