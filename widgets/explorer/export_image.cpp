#include "widgets/explorer/export_image.h"

#include <QFile>
#include <QFileInfo>
#include <QGuiApplication>
#include <QImage>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QRegularExpression>
#include <QSvgGenerator>
#include <algorithm>
#include <cmath>
#include <functional>

#include "core/audit/rules.h"
#include "core/interp/compare.h"
#include "core/spec/instance.h"
#include "core/spec/spec_io.h"
#include "core/view/error_heat.h"
#include "core/view/sheet_layout.h"
#include "widgets/explorer/export_cli.h"
#include "widgets/explorer/heat_image.h"
#include "widgets/explorer/navigator_sheet.h"
#include "widgets/explorer/operand_fit.h"
#include "widgets/explorer/operand_painter.h"
#include "widgets/explorer/operand_sheet.h"

namespace tl::gui {

namespace {

constexpr double kPanelWidth = 680;

enum class Format { Png, Svg, Pdf };

std::optional<Format> formatOf(const QString& path) {
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == QStringLiteral("png")) return Format::Png;
    if (suffix == QStringLiteral("svg")) return Format::Svg;
    if (suffix == QStringLiteral("pdf")) return Format::Pdf;
    return std::nullopt;
}

QString suffixError(const QString& path) {
    return QStringLiteral("%1: the image must end in .png, .svg or .pdf").arg(path);
}

// The sheet to paint: its scenes, header and heat, and their layout.
struct Sheet {
    SheetContent content;
    view::SheetLayout layout;
};

QString viewText(ExportView v, std::int64_t badElements) {
    switch (v) {
        case ExportView::Operands:
            return {};
        case ExportView::Coverage:
            return QStringLiteral("  ·  coverage");
        case ExportView::Navigator:
            return QStringLiteral("  ·  navigator");
        case ExportView::Heat:
            break;
    }
    return QStringLiteral("  ·  error heat, %1 elements outside the tolerance").arg(badElements);
}

QString headerText(const ExplorerSnapshot& s, qint64 program) {
    const Analysis& a = *s.analysis;
    QString name = s.spec ? QString::fromStdString(s.spec->name) : QString();
    return QStringLiteral("%1  ·  program_id %2  ·  #%3 of %4")
        .arg(name, tupleText(a.program_coords(program)))
        .arg(program)
        .arg(a.programs());
}

std::vector<HeatLayer> heatLayers(const ExplorerSnapshot& s,
                                  const std::vector<view::OperandScene>& scenes,
                                  const ExplorerPalette& pal, std::int64_t* badElements) {
    std::vector<HeatLayer> layers(scenes.size());
    const RunResult& run = *s.run;
    const Spec& spec = s.recorded ? *s.recorded : *s.spec;
    const Instance& inst = s.analysis->instance();
    for (std::size_t i = 0; i < scenes.size(); ++i) {
        const auto& outs = run.output_operands;
        const auto at = std::find(outs.begin(), outs.end(), scenes[i].operand);
        if (at == outs.end()) continue;
        const auto k = static_cast<std::size_t>(at - outs.begin());
        if (k >= run.references.size()) continue;
        const Tolerance tol =
            output_tolerance(inst, spec.tolerance, spec.kernel ? &*spec.kernel : nullptr, run, k);
        const view::HeatGrid grid =
            view::build_error_heat(run.outputs[k], run.references[k], tol, scenes[i].slice);
        *badElements += grid.bad_elements;
        layers[i] = {heatImage(grid, pal), grid.bin_rows, grid.bin_cols};
    }
    return layers;
}

double naturalWidth(const std::vector<view::OperandScene>& scenes) {
    int inputs = 0, outputs = 0;
    for (const auto& s : scenes) ++(s.is_output() ? outputs : inputs);
    const auto m = sheetMetrics();
    const double columns = std::max({inputs, outputs, 1});
    return 2 * m.margin + columns * kPanelWidth + (columns - 1) * m.gap;
}

// Draws a picture of `size` image units (pixels, or points for a PDF) at `scale` image units
// per picture pixel; `draw` paints it in picture pixels.
using DrawFn = std::function<void(QPainter&)>;

QString writeSvg(const QString& title, const DrawFn& draw, const QString& outPath, QSize size,
                 double scale) {
    QSvgGenerator svg;
    svg.setFileName(outPath);
    svg.setSize(size);
    svg.setViewBox(QRectF(0, 0, size.width() / scale, size.height() / scale));
    svg.setTitle(title);
    svg.setDescription(QStringLiteral("TileLens"));
    QPainter p;
    if (!p.begin(&svg)) return QStringLiteral("%1: cannot write the SVG").arg(outPath);
    draw(p);
    p.end();
    return QFileInfo(outPath).size() > 0 ? QString()
                                         : QStringLiteral("%1: cannot write the SVG").arg(outPath);
}

QString writePdf(const QString& title, const DrawFn& draw, const QString& outPath, QSize size,
                 double scale) {
    QPdfWriter pdf(outPath);
    pdf.setResolution(72);  // one device unit per point
    pdf.setPageSize(QPageSize(QSizeF(size), QPageSize::Point, QString(), QPageSize::ExactMatch));
    pdf.setPageMargins(QMarginsF(0, 0, 0, 0));
    pdf.setTitle(title);
    pdf.setCreator(QStringLiteral("TileLens"));
    QPainter p;
    if (!p.begin(&pdf)) return QStringLiteral("%1: cannot write the PDF").arg(outPath);
    p.scale(scale, scale);
    draw(p);
    p.end();
    return QFileInfo(outPath).size() > 0 ? QString()
                                         : QStringLiteral("%1: cannot write the PDF").arg(outPath);
}

QString writePng(const QColor& background, const DrawFn& draw, const QString& outPath, QSize size,
                 double scale) {
    QImage img(size, QImage::Format_ARGB32_Premultiplied);
    img.setDevicePixelRatio(scale);
    img.fill(background);
    {
        QPainter p(&img);
        draw(p);
    }
    if (!img.save(outPath, "PNG")) return QStringLiteral("%1: cannot write the PNG").arg(outPath);
    return {};
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

std::optional<ExportView> parseExportView(const QString& text, QString* error) {
    const QString t = text.trimmed().toLower();
    if (t == QStringLiteral("operands")) return ExportView::Operands;
    if (t == QStringLiteral("coverage")) return ExportView::Coverage;
    if (t == QStringLiteral("heat")) return ExportView::Heat;
    if (t == QStringLiteral("navigator")) return ExportView::Navigator;
    *error = QStringLiteral("--view: '%1' is not a view; use operands, coverage, heat or navigator")
                 .arg(text);
    return std::nullopt;
}

std::optional<QSize> parseImageSize(const QString& text, QString* error) {
    static const QRegularExpression re(
        QStringLiteral("^\\s*(\\d{1,6})\\s*[xX×]\\s*(\\d{1,6})\\s*$"));
    const auto m = re.match(text);
    const int w = m.hasMatch() ? m.captured(1).toInt() : 0;
    const int h = m.hasMatch() ? m.captured(2).toInt() : 0;
    if (!m.hasMatch()) {
        *error = QStringLiteral("--size: '%1' is not WIDTHxHEIGHT; write e.g. 1600x1000").arg(text);
        return std::nullopt;
    }
    if (w < 16 || h < 16 || w > 20000 || h > 20000) {
        *error =
            QStringLiteral("--size: '%1' is out of range; each side must be 16 to 20000").arg(text);
        return std::nullopt;
    }
    return QSize(w, h);
}

std::optional<double> parseImageScale(const QString& text, QString* error) {
    bool ok = false;
    const double s = text.trimmed().toDouble(&ok);
    if (!ok || !(s >= 0.25 && s <= 8)) {
        *error =
            QStringLiteral("--scale: '%1' is not a number from 0.25 to 8; write e.g. 2").arg(text);
        return std::nullopt;
    }
    return s;
}

namespace {

QString writeImage(Format format, const QString& title, const QColor& background,
                   const DrawFn& draw, const QString& outPath, QSize size, double scale) {
    switch (format) {
        case Format::Svg:
            return writeSvg(title, draw, outPath, size, scale);
        case Format::Pdf:
            return writePdf(title, draw, outPath, size, scale);
        case Format::Png:
            break;
    }
    return writePng(background, draw, outPath, size, scale);
}

QFont exportFont() {
    QFont font = QGuiApplication::font();
    font.setPixelSize(12);
    return font;
}

// What an export draws: its title, background and size, and the painting in picture pixels
// (`scale` image units each).
struct Picture {
    QString title;
    QColor background;
    QSize size;
    double scale = 1;
    DrawFn draw;
};

// The navigator's grid: its natural size, or `options.size` with the cells following.
Picture navigatorPicture(const ExplorerSnapshot& snapshot, qint64 program,
                         const ImageExportOptions& options, double scale) {
    const ExplorerPalette pal =
        options.dark ? ExplorerPalette::darkTheme() : ExplorerPalette::light();
    auto sheet = std::make_shared<const NavigatorSheet>(navigatorSheet(snapshot, program));
    const QSizeF area = !options.size.isEmpty() ? QSizeF(options.size) / scale : sheet->size;
    Picture pic;
    pic.title = sheet->header;
    pic.background = pal.background;
    pic.scale = scale;
    pic.size = !options.size.isEmpty() ? options.size
                                       : QSize(static_cast<int>(std::ceil(area.width() * scale)),
                                               static_cast<int>(std::ceil(area.height() * scale)));
    pic.draw = [sheet, pal, area, font = exportFont()](QPainter& p) {
        paintNavigatorSheet(p, QRectF(QPointF(0, 0), area), *sheet, pal, font);
    };
    return pic;
}

// The operand sheet of `program` in the operands, coverage or heat view.
std::optional<Picture> sheetPicture(const ExplorerSnapshot& snapshot, qint64 program,
                                    const ImageExportOptions& options, double scale,
                                    QString* error) {
    if (options.view == ExportView::Heat && (!snapshot.run || snapshot.run->references.empty())) {
        *error = QStringLiteral("the heat view needs a run of the kernel with its references");
        return std::nullopt;
    }
    const ExplorerPalette pal =
        options.dark ? ExplorerPalette::darkTheme() : ExplorerPalette::light();
    const qint64 last = std::max<qint64>(snapshot.analysis->programs() - 1, 0);
    auto sheet = std::make_shared<Sheet>();
    sheet->content.scenes = view::build_scenes(snapshot.analysis, program);
    widenToFrames(*snapshot.analysis, sheet->content.scenes);  // out-of-bounds blocks drawn whole
    sheet->content.coverage = options.view == ExportView::Coverage;
    std::int64_t bad = 0;
    sheet->content.heat = options.view == ExportView::Heat;
    if (sheet->content.heat)
        sheet->content.heatLayers = heatLayers(snapshot, sheet->content.scenes, pal, &bad);
    sheet->content.header =
        headerText(snapshot, std::clamp<qint64>(program, 0, last)) + viewText(options.view, bad);
    double width =
        options.sheetWidth > 0 ? options.sheetWidth : naturalWidth(sheet->content.scenes);
    double height = 0;
    if (!options.size.isEmpty()) {
        width = options.size.width() / scale;
        height = options.size.height() / scale;
    }
    sheet->layout = view::layout_sheet(sheet->content.scenes, width, height, sheetMetrics());
    Picture pic;
    pic.title = sheet->content.header;
    pic.background = pal.background;
    pic.scale = scale;
    pic.size = !options.size.isEmpty()
                   ? options.size
                   : QSize(static_cast<int>(std::ceil(sheet->layout.width * scale)),
                           static_cast<int>(std::ceil(sheet->layout.height * scale)));
    pic.draw = [sheet, pal, font = exportFont()](QPainter& p) {
        paintSheet(p, sheet->layout, sheet->content, pal, font);
    };
    return pic;
}

std::optional<Picture> picture(const ExplorerSnapshot& snapshot, qint64 program,
                               const ImageExportOptions& options, double defaultScale,
                               QString* error) {
    if (!snapshot.analysis) {
        *error = QStringLiteral("the spec does not resolve");
        return std::nullopt;
    }
    const double scale = options.scale > 0 ? options.scale : defaultScale;
    if (options.view == ExportView::Navigator)
        return navigatorPicture(snapshot, program, options, scale);
    return sheetPicture(snapshot, program, options, scale, error);
}

}  // namespace

QString exportImage(const ExplorerSnapshot& snapshot, qint64 program, const QString& outPath,
                    const ImageExportOptions& options) {
    const auto format = formatOf(outPath);
    if (!format) return suffixError(outPath);
    QString error;
    const auto pic = picture(snapshot, program, options, *format == Format::Png ? 2 : 1, &error);
    if (!pic) return error;
    return writeImage(*format, pic->title, pic->background, pic->draw, outPath, pic->size,
                      pic->scale);
}

QImage renderImage(const ExplorerSnapshot& snapshot, qint64 program,
                   const ImageExportOptions& options, QString* error) {
    const auto pic = picture(snapshot, program, options, 1, error);
    if (!pic) return {};
    QImage img(pic->size, QImage::Format_ARGB32_Premultiplied);
    img.setDevicePixelRatio(pic->scale);
    img.fill(pic->background);
    QPainter p(&img);
    pic->draw(p);
    p.end();
    img.setDevicePixelRatio(1);
    return img;
}

QString exportOperandImage(const ExplorerSnapshot& snapshot, qint64 program, const QString& outPath,
                           bool dark, double width) {
    ImageExportOptions o;
    o.dark = dark;
    o.sheetWidth = width;
    return exportImage(snapshot, program, outPath, o);
}

namespace {

// The options as typed, checked before anything is loaded; false after printing the error.
bool parseImageOptions(const ExportImageArgs& a, ImageExportOptions* o) {
    QString error;
    if (!formatOf(a.outPath)) error = suffixError(a.outPath);
    if (error.isEmpty() && !a.view.isEmpty()) {
        if (const auto v = parseExportView(a.view, &error)) o->view = *v;
    }
    if (error.isEmpty() && !a.size.isEmpty()) {
        if (const auto s = parseImageSize(a.size, &error)) o->size = *s;
    }
    if (error.isEmpty() && !a.scale.isEmpty()) {
        if (const auto s = parseImageScale(a.scale, &error)) o->scale = *s;
    }
    o->dark = a.theme.trimmed().toLower() == QStringLiteral("dark");
    if (!error.isEmpty()) printError(error);
    return error.isEmpty();
}

}  // namespace

std::optional<Spec> readExportSpec(QString* pathIn, QString* error) {
    if (pathIn->isEmpty()) *pathIn = QStringLiteral(":/examples/matmul-rect.tilelens.json");
    const QString& path = *pathIn;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("%1: cannot open the spec (%2)").arg(path, file.errorString());
        return std::nullopt;
    }
    const QByteArray bytes = file.readAll();
    LoadResult loaded =
        load_spec(std::string_view(bytes.constData(), static_cast<std::size_t>(bytes.size())),
                  path.toStdString());
    if (!loaded.spec) {
        *error = QString::fromStdString(join(loaded.errors));
        return std::nullopt;
    }
    return std::move(loaded.spec);
}

std::optional<ExplorerSnapshot> exportSnapshot(const Spec& spec, bool run, QString* error) {
    const ResolveResult resolved = resolve(spec);
    if (!resolved.instance) {
        *error = QString::fromStdString(join(resolved.errors));
        return std::nullopt;
    }
    ExplorerSnapshot s;
    s.generation = 1;
    s.spec = std::make_shared<const Spec>(spec);
    s.analysis =
        std::make_shared<const Analysis>(analyse(*resolved.instance, analysis_options_for(spec)));
    if (!run) return s;
    // The heat view: the kernel on the spec's own params.
    if (!spec.kernel) {
        *error = QStringLiteral(
            "the heat view needs the spec's kernel body to run, and this spec "
            "has no \"kernel\"; use --view operands or --view coverage");
        return std::nullopt;
    }
    auto result = std::make_shared<RunResult>();
    const NumericsResult numerics = check_numerics(s.analysis->instance(), spec, {}, result.get());
    if (!numerics.ran || result->references.empty()) {
        QString why = QString::fromStdString(join(numerics.errors));
        if (why.isEmpty()) why = QStringLiteral("the kernel did not run");
        *error = QStringLiteral("the heat view needs a run of the kernel: %1").arg(why);
        return std::nullopt;
    }
    s.run = std::move(result);
    s.numerics = std::make_shared<const NumericsResult>(numerics);
    return s;
}

int runExportImage(const ExportImageArgs& a) {
    ImageExportOptions options;
    if (!parseImageOptions(a, &options)) return kBadInput;
    QString path = a.specPath, why;
    const std::optional<Spec> spec = readExportSpec(&path, &why);
    if (!spec) {
        printError(why);
        return kBadInput;
    }
    // The grid first: a mistyped --program is reported before the kernel runs for the heat view.
    const ResolveResult resolved = resolve(*spec);
    if (!resolved.instance) {
        printError(QString::fromStdString(join(resolved.errors)));
        return kBadInput;
    }
    qint64 p = 0;
    if (!a.program.isEmpty()) {
        const auto parsed = parseProgramCoords(a.program, resolved.instance->grid, &why);
        if (!parsed) {
            printError(why);
            return kBadInput;
        }
        p = *parsed;
    }
    const auto s = exportSnapshot(*spec, options.view == ExportView::Heat, &why);
    if (!s) {
        printError(path + QStringLiteral(": ") + why);
        return kBadInput;
    }
    const QString error = exportImage(*s, p, a.outPath, options);
    if (!error.isEmpty()) {
        printError(error);
        return kCannotWrite;
    }
    return 0;
}

}  // namespace tl::gui
