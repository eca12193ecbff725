#include "widgets/explorer/heat_image.h"

#include "widgets/explorer/explorer_palette.h"

namespace tl::gui {

QImage heatImage(const view::HeatGrid& heat, const ExplorerPalette& pal) {
    if (heat.empty()) return {};
    QImage img(static_cast<int>(heat.cols), static_cast<int>(heat.rows),
               QImage::Format_ARGB32_Premultiplied);
    img.fill(Qt::transparent);
    for (std::int64_t r = 0; r < heat.rows; ++r) {
        auto* line = reinterpret_cast<QRgb*>(img.scanLine(static_cast<int>(r)));
        for (std::int64_t c = 0; c < heat.cols; ++c)
            if (heat.bad_at(r, c))
                line[c] = pal.heat(view::heat_intensity(heat.ratio_at(r, c))).rgba();
    }
    return img;
}

}  // namespace tl::gui
