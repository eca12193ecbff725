// The window that crashes in test_no_lost_work: it opens a spec, renames it through the
// document, prints "ready" once the autosave has written the edit, and then waits to be
// killed. Arguments: spec file, application name, organisation name, settings file.
#include <QApplication>
#include <QSettings>
#include <cstdio>

#include "widgets/document/autosave.h"
#include "widgets/document/spec_document.h"
#include "widgets/mainwindow/file_controller.h"
#include "widgets/mainwindow/main_window.h"

int main(int argc, char** argv) {
    qputenv("QT_QPA_PLATFORM", "offscreen");
    Q_INIT_RESOURCE(tilelens);
    QApplication app(argc, argv);
    const QStringList args = QApplication::arguments();
    if (args.size() != 5) return 2;
    // The same names as the test, so that both find the same recovery folder.
    QApplication::setApplicationName(args[2]);
    QApplication::setOrganizationName(args[3]);
    QSettings settings(args[4], QSettings::IniFormat);
    tl::gui::MainWindow window(&settings);
    tl::gui::Autosave* autosave = window.files()->noLostWork()->autosave();
    autosave->setInterval(1);
    if (!window.openSpec(args[1])) return 3;
    QObject::connect(autosave, &tl::gui::Autosave::written, [](const QString& file) {
        std::printf("ready %s\n", file.toUtf8().constData());
        std::fflush(stdout);
    });
    tl::gui::SpecDocument* doc = window.document();
    tl::Spec edited = doc->spec();
    edited.name = "edited_before_the_crash";
    doc->edit(edited, {tl::gui::SpecChange::Part::Meta, -1, QStringLiteral("name")},
              QStringLiteral("Rename"));
    return QApplication::exec();
}
