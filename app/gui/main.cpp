// tilelens: the GUI. With no argument it opens the built-in rectangular matmul example.
#include <QApplication>
#include <QCommandLineParser>

#include "widgets/main_window.h"

int main(int argc, char** argv) {
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
    parser.process(app);

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
