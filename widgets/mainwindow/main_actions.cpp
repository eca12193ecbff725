#include "widgets/mainwindow/main_actions.h"

#include <QAction>
#include <QActionGroup>
#include <QDialog>
#include <QDialogButtonBox>
#include <QGuiApplication>
#include <QMainWindow>
#include <QMenuBar>
#include <QScreen>
#include <QTextBrowser>
#include <QUndoStack>
#include <QVBoxLayout>
#include <algorithm>
#include <tuple>

namespace tl::gui {
namespace {

QAction* action(QMenu* menu, const QString& text, const QList<QKeySequence>& keys,
                const QString& tip = {}) {
    QAction* a = menu->addAction(text);
    a->setShortcuts(keys);
    if (!tip.isEmpty()) a->setStatusTip(tip);
    return a;
}

// One function per menu of the bar, each filling its actions into `a`.
void addFileMenuActions(QMenuBar* bar, MainActions& a) {
    QMenu* file = bar->addMenu(QObject::tr("&File"));
    a.file = file;
    a.newFromExample = action(file, QObject::tr("&New from Example…"), {QKeySequence::New},
                              QObject::tr("Start a new spec from the lesson library"));
    a.examples = file->addMenu(QObject::tr("E&xamples"));
    a.open = action(file, QObject::tr("&Open…"), {QKeySequence::Open});
    a.recent = file->addMenu(QObject::tr("Open &Recent"));
    file->addSeparator();
    a.save = action(file, QObject::tr("&Save"), {QKeySequence::Save});
    a.saveAs =
        action(file, QObject::tr("Save &As…"), {QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S)});
    a.exportImage =
        action(file, QObject::tr("&Export Image…"), {QKeySequence(Qt::CTRL | Qt::Key_E)},
               QObject::tr("The selected program's operands, coverage, heat map or "
                           "navigator as PNG, SVG or PDF"));
    a.exportAnimation = action(
        file, QObject::tr("Export A&nimation…"), {QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E)},
        QObject::tr("The grid's traversal, or the lesson's steps, as a looping GIF "
                    "and numbered PNG frames"));
    file->addSeparator();
    a.quit = action(file, QObject::tr("&Quit"), {QKeySequence(Qt::CTRL | Qt::Key_Q)});
    a.quit->setMenuRole(QAction::QuitRole);
}

void addEditMenuActions(QMainWindow* window, QUndoStack* undo, QMenuBar* bar, MainActions& a) {
    QMenu* edit = bar->addMenu(QObject::tr("&Edit"));
    a.undo = undo->createUndoAction(window, QObject::tr("&Undo"));
    a.undo->setShortcuts(QKeySequence::Undo);
    a.redo = undo->createRedoAction(window, QObject::tr("&Redo"));
    a.redo->setShortcuts(
        {QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z), QKeySequence(Qt::CTRL | Qt::Key_Y)});
    edit->addAction(a.undo);
    edit->addAction(a.redo);
    edit->addSeparator();
    a.copyPallas = action(edit, QObject::tr("Copy as &Pallas Code"),
                          {QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C)},
                          QObject::tr("The open spec as the pl.pallas_call a kernel file holds"));
}

void addViewMenuActions(QMainWindow* window, QMenuBar* bar, MainActions& a) {
    a.view = bar->addMenu(QObject::tr("&View"));
    const QStringList panels = {QObject::tr("Spec &Editor"), QObject::tr("E&xplorer"),
                                QObject::tr("&Findings"), QObject::tr("&Audit"),
                                QObject::tr("&Log")};
    QMenu* go = a.view->addMenu(QObject::tr("&Go to"));
    for (int i = 0; i < panels.size(); ++i)
        a.focus << action(go, panels[i], {QKeySequence(Qt::CTRL | (Qt::Key_1 + i))});
    a.nextFinding = action(a.view, QObject::tr("&Next Finding"), {QKeySequence(Qt::Key_F8)});
    a.previousFinding =
        action(a.view, QObject::tr("&Previous Finding"), {QKeySequence(Qt::SHIFT | Qt::Key_F8)});
    a.view->addSeparator();
    QMenu* theme = a.view->addMenu(QObject::tr("&Theme"));
    a.theme = new QActionGroup(window);
    const QList<std::pair<QString, QString>> themes = {
        {QObject::tr("&System"), QStringLiteral("system")},
        {QObject::tr("&Light"), QStringLiteral("light")},
        {QObject::tr("&Dark"), QStringLiteral("dark")}};
    for (const auto& [label, key] : themes) {
        QAction* t = theme->addAction(label);
        t->setCheckable(true);
        t->setData(key);
        a.theme->addAction(t);
    }
    theme->addSeparator();
    a.cycleTheme =
        action(theme, QObject::tr("&Next Theme"), {QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_T)});
    a.present = action(a.view, QObject::tr("&Present"), {QKeySequence(Qt::Key_F11)},
                       QObject::tr("Full screen for a class: the views and the narration in "
                                   "large type, a lesson's steps on the arrow keys, Esc to leave"));
    a.fullScreen =
        action(a.view, QObject::tr("F&ull Screen"), {QKeySequence(Qt::SHIFT | Qt::Key_F11)});
    a.fullScreen->setCheckable(true);
    a.resetLayout = action(a.view, QObject::tr("&Reset Layout"), {},
                           QObject::tr("Every panel back in its place at its first-run size"));
    a.view->addSeparator();
}

void addRunMenuActions(QMenuBar* bar, MainActions& a) {
    QMenu* run = bar->addMenu(QObject::tr("&Run"));
    a.run = action(run, QObject::tr("&Run Kernel"),
                   {QKeySequence(Qt::Key_F5), QKeySequence(Qt::CTRL | Qt::Key_R)},
                   QObject::tr("Interpret the kernel on the spec's own params and compare with "
                               "the reference"));
    a.audit = action(run, QObject::tr("&Audit Sweep"),
                     {QKeySequence(Qt::Key_F6), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R)},
                     QObject::tr("Contract, indexing and numerics over hostile shapes"));
    a.cancel = action(run, QObject::tr("&Cancel"), {QKeySequence(Qt::SHIFT | Qt::Key_F5)});
    a.cancel->setEnabled(false);
    run->addSeparator();
    a.allowPython = run->addAction(QObject::tr("Allow Running the &Kernel File…"));
    a.allowPython->setToolTip(
        QObject::tr("A spec with a Python kernel runs its file only once you allow it"));
    QMenu* engine = run->addMenu(QObject::tr("Python &Engine"));
    engine->setToolTipsVisible(true);
    a.engine = new QActionGroup(run);
    const QList<std::tuple<QString, QString, QString>> engines = {
        {QObject::tr("&Automatic"), QStringLiteral("auto"),
         QObject::tr("JAX where an interpreter with it is found, else the stand-ins")},
        {QObject::tr("&JAX"), QStringLiteral("jax"),
         QObject::tr("The real JAX in its interpret modes (TILELENS_PYTHON, /opt/tilelens/jax, "
                     "or a python3 with jax on PATH)")},
        {QObject::tr("&Stand-ins"), QStringLiteral("standins"),
         QObject::tr("TileLens's numpy stand-ins for jax and Pallas, under /usr/bin/python3")}};
    for (const auto& [label, key, tip] : engines) {
        QAction* e = engine->addAction(label);
        e->setCheckable(true);
        e->setData(key);
        e->setToolTip(tip);
        a.engine->addAction(e);
    }
}

void addHelpMenuActions(QMenuBar* bar, MainActions& a) {
    QMenu* help = bar->addMenu(QObject::tr("&Help"));
    a.startPage = help->addAction(QObject::tr("&Start Page"));
    a.startPage->setToolTip(
        QObject::tr("What TileLens is, the examples, your own file, the lessons"));
    a.docs = action(help, QObject::tr("&Documentation"), {QKeySequence(Qt::Key_F1)});
    a.docs->setToolTip(
        QObject::tr("The spec format, the lessons, exports, timings, the semantics"));
    help->addSeparator();
    a.shortcuts =
        action(help, QObject::tr("&Keyboard Shortcuts"), {QKeySequence(Qt::CTRL | Qt::Key_Slash)});
    a.about = help->addAction(QObject::tr("&About TileLens"));
    a.about->setMenuRole(QAction::AboutRole);
}

}  // namespace

MainActions create_main_actions(QMainWindow* window, QUndoStack* undo) {
    MainActions a;
    QMenuBar* bar = window->menuBar();
    addFileMenuActions(bar, a);
    addEditMenuActions(window, undo, bar, a);
    a.lessons = bar->addMenu(QObject::tr("&Lessons"));  // filled by the window
    a.lessons->setToolTipsVisible(true);
    addViewMenuActions(window, bar, a);
    addRunMenuActions(bar, a);
    addHelpMenuActions(bar, a);
    return a;
}

QString shortcut_table(QMainWindow* window) {
    QString rows;
    for (QAction* a : window->findChildren<QAction*>()) {
        if (a->shortcuts().isEmpty()) continue;
        QStringList keys;
        for (const auto& k : a->shortcuts()) keys << k.toString(QKeySequence::NativeText);
        QString text = a->text();
        text.remove(u'&');
        rows += QStringLiteral("<tr><td><b>%1</b></td><td>%2</td></tr>")
                    .arg(keys.join(QStringLiteral(", ")).toHtmlEscaped(), text.toHtmlEscaped());
    }
    // The grid navigator's stepping keys act on the focused navigator, not through actions.
    const QList<std::pair<QString, QString>> stepping = {
        {QObject::tr("Right, Left"), QObject::tr("Next, previous program in iteration order")},
        {QObject::tr("Shift+Right, Shift+Left"), QObject::tr("Next, previous column")},
        {QObject::tr("Down, Up"), QObject::tr("Next, previous row")},
        {QObject::tr("Page Down, Page Up"), QObject::tr("Next, previous slice (third axis)")},
        {QObject::tr("Home, End"), QObject::tr("First, last program")},
        {QObject::tr("Presenting: Right, Space / Left"),
         QObject::tr("Next / previous lesson step (without a lesson: program)")},
        {QObject::tr("Presenting: Down, Up"), QObject::tr("Next, previous program")},
        {QObject::tr("Presenting: P, +, −"), QObject::tr("Play the traversal, faster, slower")},
        {QObject::tr("Presenting: Esc"), QObject::tr("Leave presentation mode")}};
    for (const auto& [keys, what] : stepping)
        rows += QStringLiteral("<tr><td><b>%1</b></td><td>%2</td></tr>")
                    .arg(keys.toHtmlEscaped(), what.toHtmlEscaped());
    return QStringLiteral("<table cellpadding='3'>") + rows + QStringLiteral("</table>");
}

QDialog* shortcut_dialog(QMainWindow* window) {
    auto* dialog = new QDialog(window);
    dialog->setObjectName(QStringLiteral("shortcutsDialog"));
    dialog->setWindowTitle(QObject::tr("Keyboard shortcuts"));
    auto* table = new QTextBrowser(dialog);
    table->setObjectName(QStringLiteral("shortcutsTable"));
    table->setHtml(shortcut_table(window));
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, dialog);
    QObject::connect(buttons, &QDialogButtonBox::rejected, dialog, &QDialog::reject);
    auto* layout = new QVBoxLayout(dialog);
    layout->addWidget(table, 1);
    layout->addWidget(buttons);
    // The table scrolls: on a 720-pixel screen the whole list is taller than the screen.
    QSize room(1280, 720);
    if (const QScreen* screen =
            window->screen() ? window->screen() : QGuiApplication::primaryScreen())
        room = screen->availableGeometry().size();
    table->document()->setTextWidth(560);
    const int wanted = static_cast<int>(table->document()->size().height()) + 90;
    dialog->resize(std::min(640, room.width() * 9 / 10), std::min(wanted, room.height() * 4 / 5));
    return dialog;
}

}  // namespace tl::gui
