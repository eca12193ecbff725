// File handling through the window: save and reload, recent files, new from example, the
// unsaved-changes question, the title's modified marker, dropped files.
#include <gtest/gtest.h>
#include <QApplication>
#include <QDir>
#include <QDropEvent>
#include <QFile>
#include <QFileInfo>
#include <QListView>
#include <QMenu>
#include <QMimeData>
#include <QPlainTextEdit>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QUrl>

#include "core/spec/spec_io.h"
#include "test_util.h"
#include "widgets/document/recent_files.h"
#include "widgets/document/spec_document.h"
#include "widgets/examples/examples_model.h"
#include "widgets/examples/new_from_example_dialog.h"
#include "widgets/explorer/explorer_view.h"
#include "widgets/mainwindow/file_controller.h"
#include "widgets/mainwindow/fix_text_dialog.h"
#include "widgets/mainwindow/main_window.h"
#include "widgets/tasks/run_controller.h"

using namespace tl;
using namespace tl::gui;

namespace {

struct FileHarness {
    QTemporaryDir dir;
    QSettings settings{dir.filePath(QStringLiteral("settings.ini")), QSettings::IniFormat};
    MainWindow w{&settings};
    QString file(const char* name) const { return dir.filePath(QString::fromUtf8(name)); }
};

void write_file(const QString& path, const char* text) {
    QFile f(path);
    ASSERT_TRUE(f.open(QIODevice::WriteOnly));
    f.write(text);
}

Spec with_param_set(Spec s, const std::string& name, std::int64_t v) {
    for (auto& [n, value] : s.params)
        if (n == name) value = v;
    return s;
}

}  // namespace

TEST(FileHandling, SaveAndOpenRoundTripThroughTheWindow) {
    FileHarness t;
    ASSERT_TRUE(t.w.openSpec(QStringLiteral(":/examples/matmul-rect.tilelens.json")));
    SpecDocument* doc = t.w.document();
    doc->edit(with_param_set(doc->spec(), "N", 640),
              {SpecChange::Part::Params, -1, QStringLiteral("params.N")}, QStringLiteral("Set N"));
    EXPECT_TRUE(t.w.windowTitle().startsWith(QStringLiteral("matmul-rect.tilelens.json")));
    EXPECT_TRUE(t.w.isWindowModified());
    const QString path = t.file("edited.tilelens.json");
    ASSERT_TRUE(t.w.files()->saveTo(path));
    EXPECT_FALSE(t.w.isWindowModified());
    EXPECT_TRUE(t.w.windowTitle().startsWith(QStringLiteral("edited.tilelens.json")));
    const Spec saved = doc->spec();

    ASSERT_TRUE(t.w.openSpec(tl::test::example_file("transpose")));
    EXPECT_EQ(doc->spec().name, "transpose");
    ASSERT_TRUE(t.w.openSpec(path));
    EXPECT_EQ(doc->spec(), saved);
    EXPECT_EQ(doc->path(), path);
    ASSERT_TRUE(tl::test::settle(*doc));
    EXPECT_EQ(doc->snapshot().analysis->programs(), 3 * 5 * 2);
}

TEST(FileHandling, RecentFilesAreNewestFirstWithoutDuplicatesAndPersist) {
    FileHarness t;
    const QString a = t.file("a.tilelens.json"), b = t.file("b.tilelens.json");
    for (const QString& p : {a, b}) QFile::copy(tl::test::example_file("transpose"), p);
    ASSERT_TRUE(t.w.openSpec(a));
    ASSERT_TRUE(t.w.openSpec(b));
    ASSERT_TRUE(t.w.openSpec(a));
    EXPECT_EQ(t.w.files()->recent().files(), (QStringList{a, b}));
    // The menu lists them, and survives a new window on the same settings.
    t.w.actions().recent->aboutToShow();
    const auto entries = t.w.actions().recent->actions();
    ASSERT_GE(entries.size(), 2);
    EXPECT_TRUE(entries[0]->text().contains(QStringLiteral("a.tilelens.json")));
    EXPECT_EQ(RecentFiles(&t.settings).files(), (QStringList{a, b}));
    // A file that disappeared is left out; the list keeps at most ten.
    QFile::remove(b);
    EXPECT_EQ(t.w.files()->recent().files(), QStringList{a});
    RecentFiles recent(&t.settings);
    for (int i = 0; i < 12; ++i) {
        const QString p = t.file("r%1.tilelens.json").arg(i);
        QFile::copy(a, p);
        recent.add(p);
    }
    EXPECT_EQ(recent.files().size(), RecentFiles::kMaximum);
    EXPECT_EQ(recent.files().first(), t.file("r11.tilelens.json"));
}

TEST(FileHandling, NewFromExampleListsTheWholeLibraryAndOpensUntitled) {
    NewFromExampleDialog dialog;
    const ExamplesModel* model = dialog.model();
    // Every lesson of the index, in its order, each one bundled in the program.
    QStringList expected;
    for (const QString& path : QDir(QStringLiteral(TILELENS_SOURCE_DIR "/resources/examples"))
                                   .entryList({QStringLiteral("*.tilelens.json")}))
        expected << path.chopped(static_cast<qsizetype>(sizeof(".tilelens.json") - 1));
    QStringList listed;
    for (int r = 0; r < model->rowCount(); ++r) listed << model->example(r)->id;
    QStringList sorted = listed;
    sorted.sort();
    EXPECT_EQ(sorted, expected) << "every example file is in index.json, and only those";
    for (int r = 0; r < model->rowCount(); ++r)
        EXPECT_TRUE(QFile::exists(model->example(r)->path))
            << "not in tilelens.qrc: " << model->example(r)->id.toStdString();
    // The default is preselected, and each selection shows its description.
    EXPECT_EQ(dialog.selectedPath(), QStringLiteral(":/examples/matmul-rect.tilelens.json"));
    const auto wrong_axis = listed.indexOf(QStringLiteral("reduction-wrong-axis"));
    ASSERT_GE(wrong_axis, 0);
    dialog.select(static_cast<int>(wrong_axis));
    EXPECT_EQ(dialog.selectedPath(),
              QStringLiteral(":/examples/reduction-wrong-axis.tilelens.json"));
    auto* text = dialog.findChild<QWidget*>(QStringLiteral("exampleDescription"));
    ASSERT_NE(text, nullptr);

    FileHarness t;
    ASSERT_TRUE(t.w.files()->openExample(dialog.selectedPath()));
    EXPECT_EQ(t.w.document()->spec().name, "reduction-wrong-axis");
    EXPECT_TRUE(t.w.document()->path().isEmpty());
    EXPECT_FALSE(t.w.document()->isModified());
}

TEST(FileHandling, UnsavedChangesAreAskedAboutBeforeTheyAreLost) {
    FileHarness t;
    ASSERT_TRUE(t.w.openSpec(tl::test::example_file("matmul-rect")));
    SpecDocument* doc = t.w.document();
    doc->edit(with_param_set(doc->spec(), "M", 7),
              {SpecChange::Part::Params, -1, QStringLiteral("params.M")}, QStringLiteral("Set M"));
    int asked = 0;
    QMessageBox::StandardButton answer = QMessageBox::Cancel;
    t.w.files()->setPrompt([&](const QString& name) {
        ++asked;
        EXPECT_EQ(name, QStringLiteral("matmul-rect.tilelens.json"));
        return answer;
    });
    EXPECT_FALSE(t.w.openSpec(tl::test::example_file("transpose")));
    EXPECT_EQ(doc->spec().name, "matmul-rect");
    EXPECT_FALSE(t.w.close()) << "Cancel keeps the window open";
    answer = QMessageBox::Discard;
    EXPECT_TRUE(t.w.openSpec(tl::test::example_file("transpose")));
    EXPECT_EQ(asked, 3);
    EXPECT_EQ(doc->spec().name, "transpose");
    EXPECT_TRUE(t.w.close()) << "nothing unsaved: no question";
    EXPECT_EQ(asked, 3);
}

TEST(FileHandling, SaveAnswerWritesTheFileBeforeOpeningAnother) {
    FileHarness t;
    const QString path = t.file("m.tilelens.json");
    QFile::copy(tl::test::example_file("matmul-rect"), path);
    ASSERT_TRUE(t.w.openSpec(path));
    SpecDocument* doc = t.w.document();
    doc->edit(with_param_set(doc->spec(), "M", 7),
              {SpecChange::Part::Params, -1, QStringLiteral("params.M")}, QStringLiteral("Set M"));
    t.w.files()->setPrompt([](const QString&) { return QMessageBox::Save; });
    ASSERT_TRUE(t.w.openSpec(tl::test::example_file("transpose")));
    const LoadResult back = load_spec_file(path.toStdString());
    ASSERT_TRUE(back.spec);
    EXPECT_EQ(back.spec->params[0].second, 7);
}

TEST(FileHandling, ADroppedSpecOpensAndOtherFilesArePassedOn) {
    FileHarness t;
    const QString spec = t.file("dropped.tilelens.json"), other = t.file("bench.json");
    QFile::copy(tl::test::example_file("rank1"), spec);
    QFile::copy(tl::test::example_file("rank1"), other);
    QSignalSpy passed(&t.w, &MainWindow::otherFilesDropped);
    QMimeData mime;
    mime.setUrls({QUrl::fromLocalFile(spec), QUrl::fromLocalFile(other)});
    QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&t.w, &enter);
    EXPECT_TRUE(enter.isAccepted());
    QDropEvent drop(QPointF(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&t.w, &drop);
    EXPECT_EQ(t.w.document()->spec().name, "rank1");
    EXPECT_EQ(t.w.document()->path(), spec);
    ASSERT_EQ(passed.count(), 1);
    EXPECT_EQ(passed.at(0).at(0).toStringList(), QStringList{other});
}

TEST(FileHandling, AFileIsCheckedBeforeUnsavedChangesAreAskedAbout) {
    FileHarness t;
    ASSERT_TRUE(t.w.openSpec(tl::test::example_file("matmul-rect")));
    SpecDocument* doc = t.w.document();
    doc->edit(with_param_set(doc->spec(), "M", 7),
              {SpecChange::Part::Params, -1, QStringLiteral("params.M")}, QStringLiteral("Set M"));
    int asked = 0;
    t.w.files()->setPrompt([&](const QString&) {
        ++asked;
        return QMessageBox::Discard;
    });
    QStringList fixAsked;
    t.w.files()->setFixPrompt([&](const QString& path, const QString& text) -> std::optional<Spec> {
        fixAsked << path << text;
        return std::nullopt;  // the user cancels the fix
    });
    const QString broken = t.file("broken.tilelens.json");
    write_file(broken, "{\"tilelens\": 2, \"name\": ");
    EXPECT_FALSE(t.w.openSpec(broken));
    ASSERT_EQ(fixAsked.size(), 2) << "a file whose content is wrong is offered to fix";
    EXPECT_EQ(fixAsked[1], QStringLiteral("{\"tilelens\": 2, \"name\": "));
    EXPECT_FALSE(t.w.openSpec(t.file("missing.tilelens.json")));
    EXPECT_EQ(fixAsked.size(), 2) << "a missing file is an error, nothing to fix";
    EXPECT_EQ(asked, 0) << "nothing to open: nothing to ask";
    EXPECT_TRUE(doc->isModified());
    EXPECT_EQ(doc->spec().name, "matmul-rect");
}

TEST(FileHandling, AFileThatIsNotJsonOpensAsTextToFixAndSavesTheFix) {
    FileHarness t;
    ASSERT_TRUE(t.w.openSpec(tl::test::example_file("matmul-rect")));
    const QString path = t.file("syntax.tilelens.json");
    // A missing comma after "name": JSON syntax, not an expression.
    write_file(path,
               "{\"tilelens\": 1, \"name\": \"copy\" \"grid\": [2],\n"
               " \"operands\": [{\"name\": \"o\", \"role\": \"output\", \"shape\": [8],\n"
               "  \"dtype\": \"float32\", \"block_shape\": [4],\n"
               "  \"index_map\": \"lambda i: (i,)\"}]}\n");
    QString shownErrors;
    t.w.files()->setFixPrompt([&](const QString& p, const QString& text) -> std::optional<Spec> {
        FixTextDialog dialog(p, text);
        shownErrors = dialog.errorsText();
        EXPECT_FALSE(dialog.spec().has_value());
        // The cursor waits on the line of the mistake.
        EXPECT_EQ(dialog.editor()->textCursor().blockNumber(), 0);
        QString fixed = text;
        fixed.replace(QStringLiteral("\"copy\" \"grid\""), QStringLiteral("\"copy\", \"grid\""));
        dialog.editor()->setPlainText(fixed);
        dialog.check();
        return dialog.spec();
    });
    ASSERT_TRUE(t.w.openSpec(path));
    EXPECT_TRUE(shownErrors.contains(QStringLiteral("1:"))) << shownErrors.toStdString();
    SpecDocument* doc = t.w.document();
    EXPECT_EQ(doc->spec().name, "copy");
    EXPECT_EQ(doc->path(), QFileInfo(path).absoluteFilePath());
    EXPECT_TRUE(doc->isModified()) << "the fix is not on disk until saved";
    ASSERT_TRUE(t.w.files()->save());
    EXPECT_TRUE(load_spec_file(path.toStdString()).spec.has_value());
}

TEST(FileHandling, AFileWithAMistakeInItsContentOpensWithItsErrorsShown) {
    FileHarness t;
    ASSERT_TRUE(t.w.openSpec(tl::test::example_file("matmul-rect")));
    ASSERT_TRUE(tl::test::settle(*t.w.document()));
    ASSERT_GT(t.w.explorer()->operandViewCount(), 0);
    const QString path = t.file("typo.tilelens.json");
    write_file(path, R"J({"tilelens": 1, "name": "typo", "params": {"N": 8}, "grid": ["N // 4"],
      "operands": [{"name": "o", "role": "output", "shape": ["N"], "dtype": "float32",
       "block_shape": [4], "index_map": "lambda i: (ii,)"}]})J");
    ASSERT_TRUE(t.w.openSpec(path));
    SpecDocument* doc = t.w.document();
    EXPECT_EQ(doc->spec().name, "typo");
    EXPECT_EQ(doc->path(), QFileInfo(path).absoluteFilePath());
    EXPECT_EQ(doc->spec().operands.at(0).index_map, std::optional<std::string>("lambda i: (ii,)"));
    ASSERT_TRUE(tl::test::settle(*doc));
    ASSERT_FALSE(doc->diagnostics().empty());
    EXPECT_EQ(doc->diagnostics()[0].path, "operands[0].index_map");
    EXPECT_FALSE(doc->isModified());
    EXPECT_EQ(t.w.explorer()->operandViewCount(), 0) << "nothing of matmul-rect is drawn";
    EXPECT_FALSE(t.w.runner()->start()) << "nothing valid to run";
    // Fixing the mistake in the editor makes it a valid spec.
    Spec fixed = doc->spec();
    fixed.operands[0].index_map = "lambda i: (i,)";
    doc->edit(fixed, {SpecChange::Part::Operands, 0, QStringLiteral("operands[0].index_map")},
              QStringLiteral("fix"));
    ASSERT_TRUE(tl::test::settle(*doc));
    EXPECT_TRUE(doc->diagnostics().empty());
    EXPECT_EQ(t.w.explorer()->operandViewCount(), 1);
}
