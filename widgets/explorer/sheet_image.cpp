#include "widgets/explorer/sheet_image.h"

#include <QFile>
#include <QGuiApplication>
#include <QPainter>

#include "core/analysis/analysis.h"
#include "core/audit/rules.h"
#include "core/spec/spec_io.h"
#include "core/view/operand_scene.h"
#include "core/view/sheet_layout.h"
#include "widgets/explorer/explorer_palette.h"
#include "widgets/explorer/operand_painter.h"

namespace tl::gui {

QImage specThumbnail(const QString& path, QSize size, bool dark, QString* error) {
    const auto fail = [error](const QString& why) {
        if (error) *error = why;
        return QImage();
    };
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) return fail(file.errorString());
    const QByteArray bytes = file.readAll();
    const LoadResult loaded =
        load_spec(std::string_view(bytes.constData(), static_cast<std::size_t>(bytes.size())),
                  path.toStdString());
    if (!loaded.spec) return fail(QString::fromStdString(join(loaded.errors)));
    const ResolveResult resolved = resolve(*loaded.spec);
    if (!resolved.instance) return fail(QString::fromStdString(join(resolved.errors)));
    const auto analysis = std::make_shared<const Analysis>(
        analyse(*resolved.instance, analysis_options_for(*loaded.spec)));
    const std::vector<view::OperandScene> scenes = view::build_scenes(analysis, 0);
    // Small: no header, legend or title strips, only each operand's name on its picture.
    view::SheetMetrics m;
    m.header = 0;
    m.legend = 0;
    m.title = 0;
    m.margin = 6;
    m.gap = 6;
    const view::SheetLayout layout = view::layout_sheet(scenes, size.width(), size.height(), m);
    const ExplorerPalette pal = dark ? ExplorerPalette::darkTheme() : ExplorerPalette::light();
    QImage img(size, QImage::Format_ARGB32_Premultiplied);
    img.fill(pal.background);
    QPainter p(&img);
    QFont font = QGuiApplication::font();
    font.setPixelSize(10);
    OperandPaintOptions o;
    o.font = font;
    for (std::size_t i = 0; i < scenes.size() && i < layout.panels.size(); ++i) {
        const view::RectF& r = layout.panels[i];
        const view::ViewTransform t = view::fit(scenes[i].extent, r, 4);
        paintOperandCanvas(p, QRectF(r.x, r.y, r.w, r.h), scenes[i], t, o, pal);
        QFont bold = font;
        bold.setBold(true);
        p.setFont(bold);
        p.setPen(pal.text);
        p.drawText(QRectF(r.x + 2, r.y, r.w - 4, 14), Qt::AlignLeft | Qt::AlignTop,
                   QString::fromStdString(scenes[i].name));
    }
    return img;
}

}  // namespace tl::gui
