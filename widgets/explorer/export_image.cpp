#include "widgets/explorer/export_image.h"

#include <QFile>
#include <QFileInfo>
#include <QGuiApplication>
#include <QImage>
#include <QPainter>
#include <QRegularExpression>
#include <QSvgGenerator>
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "core/audit/rules.h"
#include "core/spec/instance.h"
#include "core/spec/spec_io.h"
#include "core/view/sheet_layout.h"
#include "widgets/explorer/operand_painter.h"
#include "widgets/explorer/operand_sheet.h"

namespace tl::gui {

namespace {

constexpr double kPanelWidth = 680;

void printError(const QString& message) {
    std::fprintf(stderr, "tilelens: %s\n", message.toLocal8Bit().constData());
}

QString headerText(const ExplorerSnapshot& s, qint64 program) {
    const Analysis& a = *s.analysis;
    QString name = s.spec ? QString::fromStdString(s.spec->name) : QString();
    return QStringLiteral("%1  ·  program_id %2  ·  #%3 of %4")
        .arg(name, tupleText(a.program_coords(program)))
        .arg(program)
        .arg(a.programs());
}

}  // namespace

std::optional<qint64> parseProgramCoords(const QString& text, const std::vector<std::int64_t>& grid,
                                         QString* error) {
    QString t = text.trimmed();
    t.remove(QRegularExpression(QStringLiteral("[()\\[\\]\\s]")));
    const QStringList parts = t.isEmpty() ? QStringList{} : t.split(u',');
    if (parts.size() != static_cast<qsizetype>(grid.size())) {
        *error = QStringLiteral(
                     "--program: the grid has %1 axes, got %2 coordinates in '%3' "
                     "(write them as i,j,k)")
                     .arg(grid.size())
                     .arg(parts.size())
                     .arg(text);
        return std::nullopt;
    }
    qint64 p = 0;
    for (std::size_t a = 0; a < grid.size(); ++a) {
        bool ok = false;
        const qint64 c = parts[static_cast<qsizetype>(a)].toLongLong(&ok);
        if (!ok || c < 0 || c >= grid[a]) {
            *error = QStringLiteral("--program: coordinate %1 is '%2', outside 0..%3 of axis %1")
                         .arg(a)
                         .arg(parts[static_cast<qsizetype>(a)])
                         .arg(grid[a] - 1);
            return std::nullopt;
        }
        p = p * grid[a] + c;
    }
    return p;
}

QString exportOperandImage(const ExplorerSnapshot& snapshot, qint64 program, const QString& outPath,
                           bool dark, double width) {
    if (!snapshot.analysis) return QStringLiteral("the spec does not resolve");
    const QString suffix = QFileInfo(outPath).suffix().toLower();
    if (suffix != QStringLiteral("png") && suffix != QStringLiteral("svg"))
        return QStringLiteral("%1: the image must end in .png or .svg").arg(outPath);
    SheetContent content;
    content.scenes = view::build_scenes(snapshot.analysis, program);
    content.header = headerText(
        snapshot,
        std::clamp<qint64>(program, 0, std::max<qint64>(snapshot.analysis->programs() - 1, 0)));
    if (width <= 0) {
        int inputs = 0, outputs = 0;
        for (const auto& s : content.scenes) ++(s.is_output() ? outputs : inputs);
        const auto m = sheetMetrics();
        const double columns = std::max({inputs, outputs, 1});
        width = 2 * m.margin + columns * kPanelWidth + (columns - 1) * m.gap;
    }
    const view::SheetLayout layout = view::layout_sheet(content.scenes, width, 0, sheetMetrics());
    const ExplorerPalette pal = dark ? ExplorerPalette::darkTheme() : ExplorerPalette::light();
    QFont font = QGuiApplication::font();
    font.setPixelSize(12);
    const QSize size(static_cast<int>(std::ceil(layout.width)),
                     static_cast<int>(std::ceil(layout.height)));
    if (suffix == QStringLiteral("svg")) {
        QSvgGenerator svg;
        svg.setFileName(outPath);
        svg.setSize(size);
        svg.setViewBox(QRect(QPoint(0, 0), size));
        svg.setTitle(content.header);
        svg.setDescription(QStringLiteral("TileLens operand views"));
        QPainter p;
        if (!p.begin(&svg)) return QStringLiteral("%1: cannot write the SVG").arg(outPath);
        paintSheet(p, layout, content, pal, font);
        p.end();
        return QFileInfo(outPath).size() > 0
                   ? QString()
                   : QStringLiteral("%1: cannot write the SVG").arg(outPath);
    }
    const qreal dpr = 2;
    QImage img(size * dpr, QImage::Format_ARGB32_Premultiplied);
    img.setDevicePixelRatio(dpr);
    img.fill(pal.background);
    {
        QPainter p(&img);
        paintSheet(p, layout, content, pal, font);
    }
    if (!img.save(outPath, "PNG")) return QStringLiteral("%1: cannot write the PNG").arg(outPath);
    return {};
}

int runExportImage(const QString& specPath, const QString& outPath, const QString& program) {
    const QString path =
        specPath.isEmpty() ? QStringLiteral(":/examples/matmul-rect.tilelens.json") : specPath;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        printError(QStringLiteral("%1: cannot open the spec (%2)").arg(path, file.errorString()));
        return 2;
    }
    const QByteArray bytes = file.readAll();
    const LoadResult loaded =
        load_spec(std::string_view(bytes.constData(), static_cast<std::size_t>(bytes.size())),
                  path.toStdString());
    if (!loaded.spec) {
        printError(QString::fromStdString(join(loaded.errors)));
        return 2;
    }
    const ResolveResult resolved = resolve(*loaded.spec);
    if (!resolved.instance) {
        printError(QString::fromStdString(join(resolved.errors)));
        return 2;
    }
    ExplorerSnapshot s;
    s.generation = 1;
    s.spec = std::make_shared<const Spec>(*loaded.spec);
    s.analysis = std::make_shared<const Analysis>(
        analyse(*resolved.instance, analysis_options_for(*loaded.spec)));
    qint64 p = 0;
    if (!program.isEmpty()) {
        QString error;
        const auto parsed = parseProgramCoords(program, resolved.instance->grid, &error);
        if (!parsed) {
            printError(error);
            return 2;
        }
        p = *parsed;
    }
    const QString error = exportOperandImage(s, p, outPath);
    if (!error.isEmpty()) {
        printError(error);
        return 1;
    }
    return 0;
}

}  // namespace tl::gui
