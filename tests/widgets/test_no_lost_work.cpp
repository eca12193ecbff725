// No lost work: the autosave of unsaved changes, their recovery after a window is killed, and
// an unreadable file that leaves the open document alone (docs/no-lost-work.md).
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <QApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QListWidget>
#include <QProcess>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QUndoStack>
#include <csignal>

#include "core/spec/spec_io.h"
#include "test_util.h"
#include "widgets/document/autosave.h"
#include "widgets/document/spec_document.h"
#include "widgets/mainwindow/file_controller.h"
#include "widgets/mainwindow/main_window.h"
#include "widgets/mainwindow/no_lost_work.h"
#include "widgets/mainwindow/recovery_dialog.h"

namespace tl {
namespace {

using gui::Autosave;
using gui::MainWindow;
using gui::RecoveryAnswer;
using gui::RecoveryOffer;
using gui::SpecChange;

// HOME and the XDG folders point into a scratch folder while it lives, so QStandardPaths
// (and with it the recovery folder) does too.
struct ScratchHome {
    QTemporaryDir dir;
    QList<std::pair<const char*, QByteArray>> saved;
    ScratchHome() {
        for (const char* name : {"HOME", "XDG_DATA_HOME", "XDG_CONFIG_HOME"}) {
            saved.append({name, qgetenv(name)});
            const QString sub = dir.filePath(QString::fromLatin1(name).toLower());
            QDir().mkpath(sub);
            qputenv(name, sub.toUtf8());
        }
    }
    ~ScratchHome() {
        for (const auto& [name, value] : saved) {
            if (value.isEmpty())
                qunsetenv(name);
            else
                qputenv(name, value);
        }
    }
    QProcessEnvironment environment() const {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        for (const auto& entry : saved)
            env.insert(QString::fromLatin1(entry.first), QString::fromUtf8(qgetenv(entry.first)));
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        return env;
    }
    QString file(const char* name) const { return dir.filePath(QString::fromUtf8(name)); }
};

QByteArray bytes_of(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

QString copy_of_example(const ScratchHome& home) {
    const QString copy = home.file("matmul-rect.tilelens.json");
    QFile::copy(test::example_file("matmul-rect"), copy);
    return QFileInfo(copy).absoluteFilePath();
}

QStringList recovery_files() {
    return QDir(gui::recovery_dir()).entryList(QDir::Files);
}

// Runs a real window on `spec` that renames it and is killed with SIGKILL once the autosave
// has written the rename. Returns the recovery file it left.
QString crash_window(const ScratchHome& home, const QString& spec) {
    QProcess child;
    child.setProcessEnvironment(home.environment());
    child.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    child.start(QStringLiteral(NO_LOST_WORK_CHILD),
                {spec, QCoreApplication::applicationName(), QCoreApplication::organizationName(),
                 home.file("child-settings.ini")});
    EXPECT_TRUE(child.waitForStarted(10000));
    QByteArray out;
    test::wait_until(
        [&] {
            child.waitForReadyRead(50);
            out += child.readAllStandardOutput();
            return out.contains('\n') || child.state() == QProcess::NotRunning;
        },
        30000);
    EXPECT_TRUE(out.startsWith("ready ")) << out.toStdString();
    const auto pid = static_cast<pid_t>(child.processId());
    EXPECT_GT(pid, 0);
    if (pid > 0) {
        EXPECT_EQ(::kill(pid, SIGKILL), 0);
    }
    EXPECT_TRUE(child.waitForFinished(10000));
    EXPECT_EQ(child.exitStatus(), QProcess::CrashExit);
    return QString::fromUtf8(out.mid(6).trimmed());
}

struct LostWorkWindow {
    QSettings settings;
    MainWindow w;
    QList<QList<RecoveryOffer>> offered;
    QList<RecoveryAnswer> answers;  // given in order; Later once they run out
    explicit LostWorkWindow(const ScratchHome& home)
        : settings(home.file("settings.ini"), QSettings::IniFormat), w(&settings) {
        w.files()->noLostWork()->setRecoveryPrompt([this](const QList<RecoveryOffer>& offers) {
            offered.append(offers);
            return answers.isEmpty() ? RecoveryAnswer{} : answers.takeFirst();
        });
    }
};

TEST(NoLostWork, AKilledWindowsEditIsRecoveredIntoItsFileWhichIsNotTouched) {
    ScratchHome home;
    const QString spec = copy_of_example(home);
    const QByteArray original = bytes_of(spec);
    const QString left = crash_window(home, spec);
    ASSERT_TRUE(QFileInfo::exists(left)) << left.toStdString();
    EXPECT_EQ(QFileInfo(left).absolutePath(), QFileInfo(gui::recovery_dir()).absoluteFilePath());

    // The restart.
    LostWorkWindow t(home);
    ASSERT_TRUE(t.w.openSpec(QStringLiteral(":/examples/matmul-rect.tilelens.json")));
    t.answers = {{RecoveryAnswer::Action::Recover, 0}};
    EXPECT_TRUE(t.w.files()->noLostWork()->offerRecovery());
    ASSERT_EQ(t.offered.size(), 1);
    ASSERT_EQ(t.offered[0].size(), 1) << "exactly the killed window's document";
    const RecoveryOffer& offer = t.offered[0][0];
    EXPECT_EQ(offer.file.path, spec);
    EXPECT_EQ(offer.file.name, QStringLiteral("matmul-rect.tilelens.json"));
    EXPECT_TRUE(offer.change.contains(QStringLiteral("edited_before_the_crash")))
        << offer.change.toStdString();
    EXPECT_TRUE(offer.file.time.isValid());

    gui::SpecDocument* doc = t.w.document();
    EXPECT_EQ(doc->spec().name, "edited_before_the_crash");
    EXPECT_TRUE(doc->isModified());
    EXPECT_EQ(doc->path(), spec);
    EXPECT_EQ(bytes_of(spec), original) << "recovering writes nothing to the file";
    EXPECT_FALSE(QFileInfo::exists(left)) << "this window's own recovery file took over";
    const QString own = t.w.files()->noLostWork()->autosave()->file();
    EXPECT_EQ(recovery_files(), QStringList{QFileInfo(own).fileName()});

    // Save writes the recovered text to the original file and the recovery file goes.
    ASSERT_TRUE(t.w.files()->save());
    EXPECT_EQ(load_spec_file(spec.toStdString()).spec.value().name, "edited_before_the_crash");
    EXPECT_TRUE(test::wait_until([] { return recovery_files().isEmpty(); }, 2000));
}

TEST(NoLostWork, LaterKeepsTheRecoveryFileAndDiscardRemovesIt) {
    ScratchHome home;
    const QString spec = copy_of_example(home);
    const QString left = crash_window(home, spec);
    ASSERT_TRUE(QFileInfo::exists(left));
    {
        LostWorkWindow t(home);
        ASSERT_TRUE(t.w.openSpec(test::example_file("matmul-rect")));
        EXPECT_FALSE(t.w.files()->noLostWork()->offerRecovery());  // Later
        EXPECT_EQ(t.offered.size(), 1);
        EXPECT_TRUE(QFileInfo::exists(left));
        EXPECT_FALSE(t.w.document()->isModified());
        EXPECT_EQ(t.w.document()->spec().name, "matmul-rect");
    }
    LostWorkWindow t(home);
    t.answers = {{RecoveryAnswer::Action::Discard, 0}};
    EXPECT_FALSE(t.w.files()->noLostWork()->offerRecovery());
    ASSERT_EQ(t.offered.size(), 1) << "nothing left to ask about after the discard";
    EXPECT_FALSE(QFileInfo::exists(left));
    EXPECT_FALSE(t.w.files()->noLostWork()->offerRecovery());
    EXPECT_EQ(t.offered.size(), 1);
}

void rename(gui::SpecDocument* doc, const char* name) {
    Spec s = doc->spec();
    s.name = name;
    doc->edit(s, {SpecChange::Part::Meta, -1, QStringLiteral("name")}, QStringLiteral("Rename"));
}

TEST(NoLostWork, SavingUndoingOrClosingRemovesTheRecoveryFile) {
    ScratchHome home;
    const QString spec = copy_of_example(home);
    auto t = std::make_unique<LostWorkWindow>(home);
    ASSERT_TRUE(t->w.openSpec(spec));
    Autosave* autosave = t->w.files()->noLostWork()->autosave();
    autosave->setInterval(1);
    QSignalSpy written(autosave, &Autosave::written);
    rename(t->w.document(), "first");
    ASSERT_TRUE(test::wait_until([&] { return written.size() == 1; }, 5000));
    EXPECT_TRUE(QFileInfo::exists(autosave->file()));
    ASSERT_TRUE(t->w.files()->save());
    EXPECT_TRUE(test::wait_until([] { return recovery_files().isEmpty(); }, 2000)) << "saved";

    rename(t->w.document(), "second");
    ASSERT_TRUE(test::wait_until([&] { return written.size() == 2; }, 5000));
    t->w.document()->undoStack()->undo();
    EXPECT_TRUE(test::wait_until([] { return recovery_files().isEmpty(); }, 2000))
        << "undone back to the file";

    rename(t->w.document(), "third");
    ASSERT_TRUE(test::wait_until([&] { return written.size() == 3; }, 5000));
    t->w.files()->setPrompt([](const QString&) { return QMessageBox::Discard; });
    EXPECT_TRUE(t->w.close());
    EXPECT_TRUE(test::wait_until([] { return recovery_files().isEmpty(); }, 2000))
        << "discarded on close";
    EXPECT_EQ(load_spec_file(spec.toStdString()).spec.value().name, "first");
}

TEST(NoLostWork, ABurstOfEditsIsWrittenOnceAndZeroSecondsWritesNothing) {
    ScratchHome home;
    LostWorkWindow t(home);
    ASSERT_TRUE(t.w.openSpec(copy_of_example(home)));
    Autosave* autosave = t.w.files()->noLostWork()->autosave();
    EXPECT_EQ(autosave->interval(), Autosave::kDefaultSeconds);
    autosave->setInterval(1);
    QSignalSpy written(autosave, &Autosave::written);
    for (const char* name : {"a", "ab", "abc", "abcd"}) rename(t.w.document(), name);
    test::wait_until([] { return false; }, 1600);
    ASSERT_EQ(written.size(), 1);
    const auto r = gui::read_recovery_file(autosave->file());
    ASSERT_TRUE(r.has_value());
    EXPECT_TRUE(r->text.contains("\"abcd\""));
    EXPECT_EQ(r->pid, QCoreApplication::applicationPid());
    EXPECT_TRUE(gui::orphaned_recovery_files().isEmpty())
        << "a running window's file is not offered";

    autosave->setInterval(0);
    EXPECT_TRUE(test::wait_until([] { return recovery_files().isEmpty(); }, 2000));
    rename(t.w.document(), "off");
    test::wait_until([] { return false; }, 1600);
    EXPECT_EQ(written.size(), 1);
    EXPECT_TRUE(test::wait_until([] { return recovery_files().isEmpty(); }, 2000));
}

TEST(NoLostWork, TheIntervalIsAUserSetting) {
    ScratchHome home;
    QSettings settings(home.file("settings.ini"), QSettings::IniFormat);
    settings.setValue(QString::fromLatin1(gui::NoLostWork::kIntervalKey), 12);
    MainWindow w(&settings);
    EXPECT_EQ(w.files()->noLostWork()->autosave()->interval(), 12);
}

// A pid that ran and ended.
qint64 ended_pid() {
    QProcess p;
    p.start(QStringLiteral("true"), {});
    EXPECT_TRUE(p.waitForStarted());
    const qint64 pid = p.processId();
    EXPECT_TRUE(p.waitForFinished());
    return pid;
}

TEST(NoLostWork, AnUntitledDocumentIsRecoveredUntitled) {
    ScratchHome home;
    QString left;
    {
        LostWorkWindow t(home);
        ASSERT_TRUE(t.w.openSpec(QStringLiteral(":/examples/matmul-rect.tilelens.json")));
        rename(t.w.document(), "untitled_work");
        ASSERT_TRUE(t.w.files()->noLostWork()->autosave()->writeNow());
        left = t.w.files()->noLostWork()->autosave()->file();
        EXPECT_TRUE(QFileInfo(left).fileName().startsWith(QStringLiteral("untitled-")));
    }  // gone without closing: the file stays
    ASSERT_TRUE(QFileInfo::exists(left));
    // As if this process had ended: the file now names a pid that does not run.
    QFile f(left);
    ASSERT_TRUE(f.open(QIODevice::ReadWrite));
    QJsonObject o = QJsonDocument::fromJson(f.readAll()).object();
    o.insert(QStringLiteral("pid"), ended_pid());
    f.resize(0);
    f.write(QJsonDocument(o).toJson());
    f.close();

    LostWorkWindow t(home);
    t.answers = {{RecoveryAnswer::Action::Recover, 0}};
    ASSERT_TRUE(t.w.files()->noLostWork()->offerRecovery());
    ASSERT_EQ(t.offered.size(), 1);
    EXPECT_TRUE(t.offered[0][0].file.path.isEmpty());
    EXPECT_TRUE(t.offered[0][0].change.startsWith(QStringLiteral("untitled")));
    EXPECT_EQ(t.w.document()->spec().name, "untitled_work");
    EXPECT_TRUE(t.w.document()->path().isEmpty());
    EXPECT_TRUE(t.w.document()->isModified());
    EXPECT_FALSE(QFileInfo::exists(left));
}

TEST(NoLostWork, TheRecoveryDialogListsEachDocument) {
    ScratchHome home;
    gui::RecoveryFile a;
    a.path = copy_of_example(home);
    a.name = QStringLiteral("matmul-rect.tilelens.json");
    a.time = QDateTime::currentDateTimeUtc();
    a.text = bytes_of(a.path);
    a.text.replace("\"matmul-rect\"", "\"renamed\"");
    gui::RecoveryFile b = a;
    b.path.clear();
    b.name = QStringLiteral("untitled.tilelens.json");
    const QString change = gui::describe_change(a);
    EXPECT_TRUE(change.contains(QStringLiteral("\"renamed\""))) << change.toStdString();
    gui::RecoveryDialog dialog({{a, change}, {b, gui::describe_change(b)}});
    ASSERT_EQ(dialog.list()->count(), 2);
    EXPECT_TRUE(dialog.list()->item(0)->text().contains(a.name));
    EXPECT_TRUE(dialog.list()->item(1)->text().contains(QStringLiteral("untitled")));
    if (const QByteArray out = qgetenv("TILELENS_RECOVERY_PNG"); !out.isEmpty()) {
        dialog.show();
        dialog.grab().save(QString::fromUtf8(out));
    }
}

// A file whose content is wrong (offered to fix, cancelled) is in test_file_handling.
TEST(NoLostWork, AFileThatCannotBeReadLeavesTheOpenDocumentUntouched) {
    ScratchHome home;
    LostWorkWindow t(home);
    const QString spec = copy_of_example(home);
    ASSERT_TRUE(t.w.openSpec(spec));
    rename(t.w.document(), "mine");
    const int steps = t.w.document()->undoStack()->count();
    int asked = 0;
    t.w.files()->setPrompt([&](const QString&) {
        ++asked;
        return QMessageBox::Discard;
    });
    const QString folder = home.file("folder.tilelens.json");  // unreadable as a file
    QDir().mkpath(folder);
    const QString binary = home.file("binary.tilelens.json");
    QFile f(binary);
    ASSERT_TRUE(f.open(QIODevice::WriteOnly));
    f.write(QByteArray("{\"tilelens\": 1,\0\0\0", 18));
    f.close();
    for (const QString& path : {folder, binary, home.file("missing.tilelens.json")}) {
        EXPECT_FALSE(t.w.openSpec(path)) << path.toStdString();
        EXPECT_EQ(t.w.document()->spec().name, "mine");
        EXPECT_EQ(t.w.document()->path(), spec);
        EXPECT_TRUE(t.w.document()->isModified());
        EXPECT_EQ(t.w.document()->undoStack()->count(), steps);
    }
    EXPECT_EQ(asked, 0);
}

}  // namespace
}  // namespace tl
