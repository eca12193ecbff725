// tilelens: the GUI. With no argument it opens the built-in rectangular matmul example.
#include <QApplication>
#include <QCommandLineParser>

#include "widgets/explorer/export_image.h"
#include "widgets/main_window.h"

int main(int argc, char** argv) {
    // --export-image renders without a window, so it needs no display.
    for (int i = 1; i < argc; ++i)
        if (QByteArray(argv[i]).startsWith("--export-image") &&
            qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
            qputenv("QT_QPA_PLATFORM", "offscreen");
    Q_INIT_RESOURCE(tilelens);  // the resources live in the static widgets library
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("TileLens"));
    QApplication::setOrganizationName(QStringLiteral("TileLens"));
    QApplication::setApplicationVersion(QStringLiteral(TILELENS_VERSION));

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("See and check Pallas-style tiled kernels."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("spec"), QStringLiteral("A *.tilelens.json file."));
    QCommandLineOption screenshot(QStringLiteral("screenshot"),
                                  QStringLiteral("Save the window to FILE.png and quit."),
                                  QStringLiteral("FILE"));
    parser.addOption(screenshot);
    QCommandLineOption exportImage(
        QStringLiteral("export-image"),
        QStringLiteral("Render the operand views to FILE.png or FILE.svg and quit."),
        QStringLiteral("FILE"));
    QCommandLineOption program(QStringLiteral("program"),
                               QStringLiteral("With --export-image: the program to show."),
                               QStringLiteral("i,j,k"));
    parser.addOption(exportImage);
    parser.addOption(program);
    parser.process(app);
    if (parser.isSet(exportImage))
        return tl::gui::runExportImage(parser.positionalArguments().value(0),
                                       parser.value(exportImage), parser.value(program));

    tl::gui::MainWindow window;
    const QStringList args = parser.positionalArguments();
    window.openSpec(args.isEmpty() ? QStringLiteral(":/examples/matmul-rect.tilelens.json")
                                   : args.first());
    window.show();
    if (parser.isSet(screenshot)) {
        QApplication::processEvents();
        return window.grab().save(parser.value(screenshot)) ? 0 : 1;
    }
    return QApplication::exec();
}
