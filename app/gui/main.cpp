// tilelens: the GUI. With no argument it opens the built-in rectangular matmul example.
#include <QApplication>
#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QSettings>
#include <QTemporaryDir>
#include <memory>

#include "core/base/limits.h"
#include "widgets/document/autosave.h"
#include "widgets/document/spec_document.h"
#include "widgets/explorer/export_animation.h"
#include "widgets/explorer/export_image.h"
#include "widgets/kit/job_tracker.h"
#include "widgets/mainwindow/file_controller.h"
#include "widgets/mainwindow/main_window.h"
#include "widgets/tasks/run_controller.h"
#include "widgets/timings/plan_view.h"
#include "widgets/timings/timings_panel.h"

namespace {

// Lets the window settle: every pending analysis and background job finished, or `ms` passed.
void settle(tl::gui::MainWindow& window, int ms) {
    QElapsedTimer clock;
    clock.start();
    while (clock.elapsed() < ms) {
        QApplication::processEvents(QEventLoop::AllEvents, 20);
        if (!window.document()->isAnalysing() && !window.task()->running()) break;
    }
    QApplication::processEvents();
}

// The command line's options, in the order --help lists them.
struct Options {
    QCommandLineOption screenshot{
        QStringLiteral("screenshot"),
        QStringLiteral("Save the window to FILE (PNG) once the analysis is done, and quit."),
        QStringLiteral("FILE")};
    QCommandLineOption theme{QStringLiteral("theme"),
                             QStringLiteral("Colour theme: system, light or dark."),
                             QStringLiteral("THEME")};
    QCommandLineOption size{
        QStringLiteral("size"),
        QStringLiteral("Window size for --screenshot (default 1600x1000), or the image's size in "
                       "pixels (PDF: points) for --export-image and --export-animation, e.g. "
                       "1600x1000."),
        QStringLiteral("WxH")};
    QCommandLineOption run{QStringLiteral("run"),
                           QStringLiteral("Run the kernel once the spec is open.")};
    QCommandLineOption timings{
        QStringLiteral("timings"),
        QStringLiteral("Import a timing file into the Timings tab (repeat for several)."),
        QStringLiteral("FILE")};
    QCommandLineOption exportImage{
        QStringLiteral("export-image"),
        QStringLiteral("Render the operand views of one program to FILE.png, FILE.svg or FILE.pdf "
                       "and quit."),
        QStringLiteral("FILE")};
    QCommandLineOption allowPython{
        QStringLiteral("allow-python"),
        QStringLiteral("Run a spec's Python kernel file without asking first.")};
    QCommandLineOption exportAnimation{
        QStringLiteral("export-animation"),
        QStringLiteral("Write the grid's traversal (or with --lesson a lesson's steps) as "
                       "numbered PNG frames and an animated GIF into DIR, without a window."),
        QStringLiteral("DIR")};
    QCommandLineOption stride{
        QStringLiteral("stride"),
        QStringLiteral("With --export-animation: show every Nth program (default: about 120 "
                       "frames)."),
        QStringLiteral("N")};
    QCommandLineOption fps{QStringLiteral("fps"),
                           QStringLiteral("With --export-animation: frames per second of the "
                                          "traversal, 1 to 60 (default 4)."),
                           QStringLiteral("F")};
    QCommandLineOption lesson{
        QStringLiteral("lesson"),
        QStringLiteral("With --export-animation: one frame per step of the spec's lesson, with "
                       "its narration, 3 s each.")};
    QCommandLineOption program{QStringLiteral("program"),
                               QStringLiteral("With --export-image: the program to show."),
                               QStringLiteral("i,j,k")};
    QCommandLineOption view{
        QStringLiteral("view"),
        QStringLiteral("With --export-image: operands (the program's blocks, the default), "
                       "coverage (how often each block of every operand is visited), heat "
                       "(the kernel is run; its outputs' error against the reference) or "
                       "navigator (the grid of programs, the program ringed)."),
        QStringLiteral("VIEW")};
    QCommandLineOption scale{
        QStringLiteral("scale"),
        QStringLiteral("With --export-image: image pixels per sheet pixel, 0.25 to 8 (default 2 "
                       "for PNG, 1 for SVG and PDF); larger text and lines at the same --size."),
        QStringLiteral("S")};
    QCommandLineOption autosaveSeconds{
        QStringLiteral("autosave-seconds"),
        QStringLiteral("Write unsaved changes to a recovery file S seconds after an edit "
                       "(default 5, or the autosave/seconds setting); 0 turns autosave off."),
        QStringLiteral("S")};
    QCommandLineOption noRecovery{
        QStringLiteral("no-recovery"),
        QStringLiteral("Do not offer the unsaved work of a TileLens that ended without closing.")};
    QCommandLineOption limit{
        QStringLiteral("limit"),
        QStringLiteral("Change a limit on input sizes, e.g. elements=2Ti (repeatable; "
                       "tilelens-audit limits lists them, docs/bad-input.md)."),
        QStringLiteral("NAME=VALUE")};

    void addTo(QCommandLineParser& parser) const {
        parser.setApplicationDescription(
            QStringLiteral("See and check Pallas-style tiled kernels."));
        parser.addHelpOption();
        parser.addVersionOption();
        parser.addPositionalArgument(
            QStringLiteral("spec"),
            QStringLiteral("A *.tilelens.json file, or a kernel's .py file."));
        parser.addOptions({screenshot, theme, size, run, timings, exportImage, exportAnimation,
                           stride, fps, lesson, program, view, scale, allowPython, autosaveSeconds,
                           noRecovery, limit});
    }
};

void nameTheApplication() {
    QCoreApplication::setApplicationName(QStringLiteral("TileLens"));
    QCoreApplication::setOrganizationName(QStringLiteral("TileLens"));
    QCoreApplication::setApplicationVersion(QStringLiteral(TILELENS_VERSION));
}

bool mentionsHelpOrVersion(int argc, char** argv) {
    for (int i = 1; i < argc; ++i)
        for (const char* flag : {"-h", "-?", "--help", "--help-all", "-v", "--version"})
            if (QByteArray(argv[i]) == flag) return true;
    return false;
}

// --help and --version print and exit 0 anywhere: a QApplication aborts without a display,
// so they are answered on a QCoreApplication before one is made. Returns when neither is set
// (a flag that was the value of another option).
void answerHelpOrVersion(int argc, char** argv) {
    if (!mentionsHelpOrVersion(argc, argv)) return;
    QCoreApplication core(argc, argv);
    nameTheApplication();
    QCommandLineParser parser;
    const Options opt;
    opt.addTo(parser);
    // Not process(): Qt's own options (-platform, -style) are unknown to this parser, and the
    // QApplication says what is wrong with the rest.
    (void)parser.parse(QCoreApplication::arguments());
    const QStringList set = parser.optionNames();
    if (set.contains(QStringLiteral("v")) || set.contains(QStringLiteral("version")))
        parser.showVersion();
    for (const char* help : {"h", "?", "help", "help-all"})
        if (set.contains(QLatin1String(help))) parser.showHelp(0);
}

// --export-image and --export-animation render without a window, so they need no display.
void useOffscreenForExports(int argc, char** argv) {
    for (int i = 1; i < argc; ++i)
        if ((QByteArray(argv[i]).startsWith("--export-image") ||
             QByteArray(argv[i]).startsWith("--export-animation")) &&
            qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
            qputenv("QT_QPA_PLATFORM", "offscreen");
}

// Each --limit NAME=VALUE applied; false, once said why, at the first that is wrong.
bool applyLimitSettings(const QStringList& settings) {
    for (const QString& setting : settings) {
        std::string error;
        if (!tl::apply_limit_setting(setting.toStdString(), &error)) {
            qCritical("--limit: %s", error.c_str());
            return false;
        }
    }
    return true;
}

tl::gui::ExportAnimationArgs exportAnimationArgs(const QCommandLineParser& parser,
                                                 const Options& opt) {
    tl::gui::ExportAnimationArgs a;
    a.specPath = parser.positionalArguments().value(0);
    a.outDir = parser.value(opt.exportAnimation);
    a.stride = parser.value(opt.stride);
    a.fps = parser.value(opt.fps);
    a.size = parser.value(opt.size);
    a.theme = parser.value(opt.theme);
    a.lesson = parser.isSet(opt.lesson);
    return a;
}

tl::gui::ExportImageArgs exportImageArgs(const QCommandLineParser& parser, const Options& opt) {
    tl::gui::ExportImageArgs a;
    a.specPath = parser.positionalArguments().value(0);
    a.outPath = parser.value(opt.exportImage);
    a.program = parser.value(opt.program);
    a.view = parser.isSet(opt.view) ? parser.value(opt.view) : QString();
    a.size = parser.isSet(opt.size) ? parser.value(opt.size) : QString();
    a.scale = parser.isSet(opt.scale) ? parser.value(opt.scale) : QString();
    a.theme = parser.value(opt.theme);
    return a;
}

// The window's settings from the command line, before a spec opens; false, once said why,
// when one is wrong.
bool configureWindow(tl::gui::MainWindow& window, const QCommandLineParser& parser,
                     const Options& opt) {
    if (parser.isSet(opt.theme)) window.setTheme(tl::gui::theme_from_key(parser.value(opt.theme)));
    window.files()->setAllowAllPython(parser.isSet(opt.allowPython));
    if (parser.isSet(opt.autosaveSeconds)) {
        bool ok = false;
        const int seconds = parser.value(opt.autosaveSeconds).toInt(&ok);
        if (!ok || seconds < 0) {
            qCritical("--autosave-seconds: expected a whole number of seconds, 0 or more");
            return false;
        }
        window.files()->noLostWork()->autosave()->setInterval(seconds);
    }
    // A screenshot never waits on a question: without --allow-python the file is not run.
    if (parser.isSet(opt.screenshot)) {
        window.files()->setPythonPrompt([](const QString&) { return false; });
        window.files()->setFixPrompt(
            [](const QString&, const QString&) -> std::optional<tl::Spec> { return std::nullopt; });
    }
    return true;
}

}  // namespace

int main(int argc, char** argv) {
    answerHelpOrVersion(argc, argv);
    useOffscreenForExports(argc, argv);
    Q_INIT_RESOURCE(tilelens);  // the resources live in the static widgets library
    QGuiApplication::setHighDpiScaleFactorRoundingPolicy(
        Qt::HighDpiScaleFactorRoundingPolicy::PassThrough);
    QApplication app(argc, argv);
    nameTheApplication();

    QCommandLineParser parser;
    const Options opt;
    opt.addTo(parser);
    parser.process(app);
    if (!applyLimitSettings(parser.values(opt.limit))) return 2;
    if (parser.isSet(opt.exportAnimation))
        return tl::gui::runExportAnimation(exportAnimationArgs(parser, opt));
    if (parser.isSet(opt.exportImage)) return tl::gui::runExportImage(exportImageArgs(parser, opt));

    // A screenshot must not depend on (or change) the user's saved layout and theme.
    std::unique_ptr<QTemporaryDir> scratch;
    std::unique_ptr<QSettings> settings;
    if (parser.isSet(opt.screenshot)) {
        scratch = std::make_unique<QTemporaryDir>();
        settings = std::make_unique<QSettings>(scratch->filePath(QStringLiteral("settings.ini")),
                                               QSettings::IniFormat);
    }
    tl::gui::MainWindow window(settings.get());
    if (!configureWindow(window, parser, opt)) return 1;
    const QStringList args = parser.positionalArguments();
    window.openSpec(args.isEmpty() ? QStringLiteral(":/examples/matmul-rect.tilelens.json")
                                   : args.first());
    if (parser.isSet(opt.screenshot)) {
        const QString sizeText =
            parser.isSet(opt.size) ? parser.value(opt.size) : QStringLiteral("1600x1000");
        const QStringList wh = sizeText.split(u'x');
        if (wh.size() == 2) window.resize(wh[0].toInt(), wh[1].toInt());
    }
    window.show();
    // A screenshot never asks; the unsaved work waits for a window that does.
    if (!parser.isSet(opt.screenshot) && !parser.isSet(opt.noRecovery))
        window.files()->noLostWork()->offerRecovery();
    // A first look without a file: the start page, until the user turns it off.
    if (args.isEmpty() && !parser.isSet(opt.screenshot)) window.showStartPageAtStart();
    if (parser.isSet(opt.timings)) {
        window.importTimings(parser.values(opt.timings));
        window.timingsPanel()->waitForImport();
    }
    if (parser.isSet(opt.run)) {
        settle(window, 10000);
        window.runKernel();
    }
    if (parser.isSet(opt.screenshot)) {
        settle(window, 60000);
        window.timingsPanel()->planView()->waitForPlan();
        return window.grab().save(parser.value(opt.screenshot)) ? 0 : 1;
    }
    return QApplication::exec();
}
