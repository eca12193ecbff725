// The watch on the open file: another program's change offers a reload (or warns over unsaved
// changes), the document's own saves ask nothing, a deleted file is reported.
#include <gtest/gtest.h>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSettings>
#include <QTemporaryDir>
#include <QUndoStack>

#include "core/spec/spec_io.h"
#include "test_util.h"
#include "widgets/document/spec_document.h"
#include "widgets/mainwindow/file_controller.h"
#include "widgets/mainwindow/file_watch.h"
#include "widgets/mainwindow/main_window.h"

namespace tl {
namespace {

using gui::FileWatch;
using gui::SpecChange;
using gui::SpecDocument;

struct Watched {
    QTemporaryDir dir;
    QString path =
        QFileInfo(dir.filePath(QStringLiteral("watched.tilelens.json"))).absoluteFilePath();
    SpecDocument doc;
    FileWatch watch{&doc, nullptr};
    QList<FileWatch::Change> asked;
    bool reload = false;  // the answer
    Watched() {
        QFile::copy(test::example_file("matmul-rect"), path);
        watch.setPrompt([this](const QString& p, FileWatch::Change change) {
            EXPECT_EQ(p, path);
            asked.append(change);
            return reload;
        });
        EXPECT_TRUE(doc.load(path));
    }
    // Another program writes the spec renamed: atomically (a new file renamed over it, which
    // the watcher drops) or in place.
    void write_renamed(const char* name, bool atomic) {
        Spec s = load_spec_file(path.toStdString()).spec.value();
        s.name = name;
        if (atomic) {
            ASSERT_TRUE(save_spec_file(s, path.toStdString()));
        } else {
            QFile f(path);
            ASSERT_TRUE(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
            f.write(QByteArray::fromStdString(save_spec(s)));
        }
    }
    bool asked_times(qsizetype n) {
        return test::wait_until([&] { return asked.size() >= n; }, 5000) && asked.size() == n;
    }
    void edit(const char* name) {
        Spec s = doc.spec();
        s.name = name;
        doc.edit(s, {SpecChange::Part::Meta, -1, QStringLiteral("name")}, QStringLiteral("Rename"));
    }
};

void quiet(int ms) {
    test::wait_until([] { return false; }, ms);
}

TEST(FileWatch, AChangeToAnUnmodifiedDocumentOffersAReloadAgainAndAgain) {
    Watched t;
    t.reload = true;
    t.write_renamed("changed_once", true);
    ASSERT_TRUE(t.asked_times(1));
    EXPECT_EQ(t.asked[0], FileWatch::Change::Changed);
    EXPECT_EQ(t.doc.spec().name, "changed_once");
    EXPECT_FALSE(t.doc.isModified());
    // The atomic replace dropped the file from the watcher; it was added again.
    t.write_renamed("changed_twice", false);
    ASSERT_TRUE(t.asked_times(2));
    EXPECT_EQ(t.doc.spec().name, "changed_twice");
    t.reload = false;
    t.write_renamed("not_reloaded", true);
    ASSERT_TRUE(t.asked_times(3));
    EXPECT_EQ(t.doc.spec().name, "changed_twice");
}

TEST(FileWatch, AChangeUnderUnsavedEditsWarnsAndKeepMineKeepsThem) {
    Watched t;
    t.edit("mine");
    t.write_renamed("theirs", true);
    ASSERT_TRUE(t.asked_times(1));
    EXPECT_EQ(t.asked[0], FileWatch::Change::ChangedModified);
    EXPECT_EQ(t.doc.spec().name, "mine");
    EXPECT_TRUE(t.doc.isModified());
    t.reload = true;  // Reload discards mine
    t.write_renamed("theirs_again", true);
    ASSERT_TRUE(t.asked_times(2));
    EXPECT_EQ(t.asked[1], FileWatch::Change::ChangedModified);
    EXPECT_EQ(t.doc.spec().name, "theirs_again");
    EXPECT_FALSE(t.doc.isModified());
}

TEST(FileWatch, TheDocumentsOwnSavesAskNothing) {
    Watched t;
    for (const char* name : {"saved_once", "saved_twice"}) {
        t.edit(name);
        ASSERT_TRUE(t.doc.save(t.path));
        quiet(600);
    }
    EXPECT_TRUE(t.asked.isEmpty());
    // Still watched after its own atomic saves.
    t.write_renamed("theirs", false);
    ASSERT_TRUE(t.asked_times(1));
    EXPECT_EQ(t.asked[0], FileWatch::Change::Changed);
}

TEST(FileWatch, ADeletedFileIsReportedAndSaveWritesItAgain) {
    Watched t;
    ASSERT_TRUE(QFile::remove(t.path));
    ASSERT_TRUE(t.asked_times(1));
    EXPECT_EQ(t.asked[0], FileWatch::Change::Deleted);
    EXPECT_TRUE(t.doc.isModified()) << "Save must write it again";
    ASSERT_TRUE(t.doc.save(t.path));
    EXPECT_TRUE(QFileInfo::exists(t.path));
    quiet(600);
    EXPECT_EQ(t.asked.size(), 1);
}

TEST(FileWatch, TheWindowsSaveAsksNothingAndItsWatchSeesOthers) {
    QTemporaryDir dir;
    QSettings settings(dir.filePath(QStringLiteral("settings.ini")), QSettings::IniFormat);
    gui::MainWindow w(&settings);
    const QString path = dir.filePath(QStringLiteral("w.tilelens.json"));
    QFile::copy(test::example_file("matmul-rect"), path);
    ASSERT_TRUE(w.openSpec(path));
    QList<FileWatch::Change> asked;
    w.files()->noLostWork()->watch()->setPrompt([&](const QString&, FileWatch::Change c) {
        asked.append(c);
        return false;
    });
    Spec s = w.document()->spec();
    s.name = "saved_by_the_window";
    w.document()->edit(s, {SpecChange::Part::Meta, -1, QStringLiteral("name")},
                       QStringLiteral("Rename"));
    ASSERT_TRUE(w.files()->save());
    quiet(600);
    EXPECT_TRUE(asked.isEmpty());
    s.name = "saved_elsewhere";
    ASSERT_TRUE(save_spec_file(s, path.toStdString()));
    ASSERT_TRUE(test::wait_until([&] { return !asked.isEmpty(); }, 5000));
    EXPECT_EQ(asked[0], FileWatch::Change::Changed);
    EXPECT_EQ(w.document()->spec().name, "saved_by_the_window") << "not reloaded";
}

}  // namespace
}  // namespace tl
