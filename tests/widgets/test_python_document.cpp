// A spec whose kernel is a Python file, in the window: asked before the file first runs (and
// again when it changed), the recorded call drawn and listed read-only, Run as the audit of
// the own params, a .py file opened through the call dialog, and saving elsewhere keeping the
// kernel file found.
#include <gtest/gtest.h>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSettings>
#include <QTableWidget>
#include <QTemporaryDir>

#include "test_util.h"
#include "widgets/document/spec_document.h"
#include "widgets/editor/python_section.h"
#include "widgets/editor/spec_editor.h"
#include "widgets/kit/job_tracker.h"
#include "widgets/mainwindow/file_controller.h"
#include "widgets/mainwindow/main_window.h"
#include "widgets/mainwindow/python_call_dialog.h"
#include "widgets/tasks/audit_controller.h"

using namespace tl;
using namespace tl::gui;

namespace {

const QString kKernel =
    QStringLiteral(TILELENS_SOURCE_DIR "/tests/python/kernels/blocked_matmul.py");

struct PythonDocHarness {
    QTemporaryDir dir;
    QSettings settings{dir.filePath(QStringLiteral("settings.ini")), QSettings::IniFormat};
    MainWindow w{&settings};
    QStringList asked;  // the files the run prompt was shown for
    bool answer = true;

    PythonDocHarness() {
        w.files()->setPythonPrompt([this](const QString& path) {
            asked << path;
            return answer;
        });
        QFile::copy(kKernel, dir.filePath(QStringLiteral("kernel.py")));
    }
    QString writeSpec(const QString& reference = QStringLiteral("matmul_reference")) {
        const QString path = dir.filePath(QStringLiteral("mm.tilelens.json"));
        QFile f(path);
        EXPECT_TRUE(f.open(QIODevice::WriteOnly));
        f.write(QStringLiteral(
                    R"({"tilelens": 2, "name": "mm", "params": {"M": 256, "N": 256, "K": 256},
                        "python": {"file": "kernel.py", "call": "matmul",
                          "args": [{"shape": ["M", "K"], "dtype": "float32"},
                                   {"shape": ["K", "N"], "dtype": "float32"}],
                          "reference": "%1"}, "target": "tpu-v5e"})")
                    .arg(reference)
                    .toUtf8());
        return path;
    }
    bool open(const QString& path) { return w.openSpec(path) && tl::test::settle(*w.document()); }
};

}  // namespace

TEST(PythonDocument, AsksBeforeRunningAndNotAgainForTheSameFile) {
    PythonDocHarness t;
    t.answer = false;
    ASSERT_TRUE(t.open(t.writeSpec()));
    ASSERT_EQ(t.asked.size(), 1);
    EXPECT_TRUE(t.asked[0].endsWith(QStringLiteral("kernel.py")));
    EXPECT_FALSE(t.w.document()->pythonAllowed());
    ASSERT_FALSE(t.w.document()->diagnostics().empty());
    EXPECT_NE(t.w.document()->diagnostics()[0].message.find("not run yet"), std::string::npos);
    EXPECT_FALSE(t.w.document()->snapshot().recorded);

    t.answer = true;
    ASSERT_TRUE(t.w.files()->allowPython());
    ASSERT_TRUE(tl::test::settle(*t.w.document()));
    ASSERT_EQ(t.asked.size(), 2);
    const ExplorerSnapshot& s = t.w.document()->snapshot();
    ASSERT_TRUE(s.recorded);
    EXPECT_EQ(s.analysis->instance().grid, (std::vector<std::int64_t>{2, 2, 2}));

    ASSERT_TRUE(t.open(t.writeSpec()));  // trusted now: no question
    EXPECT_EQ(t.asked.size(), 2);
    EXPECT_TRUE(t.w.document()->pythonAllowed());

    QFile k(t.dir.filePath(QStringLiteral("kernel.py")));
    ASSERT_TRUE(k.open(QIODevice::Append));
    k.write("\n# changed\n");
    k.close();
    ASSERT_TRUE(t.open(t.writeSpec()));  // a changed file is asked about again
    EXPECT_EQ(t.asked.size(), 3);
}

TEST(PythonDocument, TheEditorShowsTheRecordedCallInsteadOfTheWrittenParts) {
    PythonDocHarness t;
    ASSERT_TRUE(t.open(t.writeSpec()));
    auto* section = t.w.findChild<PythonSection*>(QStringLiteral("pythonSection"));
    ASSERT_TRUE(section);
    EXPECT_FALSE(section->isHidden());
    auto* table = t.w.findChild<QTableWidget*>(QStringLiteral("pythonOperands"));
    ASSERT_TRUE(table);
    ASSERT_EQ(table->rowCount(), 3);
    EXPECT_EQ(table->item(1, 4)->text(), QStringLiteral("lambda i, j, s: (s, j)"));
    EXPECT_GT(table->item(1, 5)->text().toInt(), 0);
    // Params re-record: M = 384 gives a third row of blocks.
    Spec s = t.w.document()->spec();
    s.params[0].second = 384;
    SpecChange change;
    change.part = SpecChange::Part::Params;
    t.w.document()->edit(s, change, QStringLiteral("M"));
    ASSERT_TRUE(tl::test::settle(*t.w.document()));
    EXPECT_EQ(t.w.document()->snapshot().analysis->instance().grid[0], 3);
}

TEST(PythonDocument, RunIsTheAuditOfTheOwnParams) {
    PythonDocHarness t;
    ASSERT_TRUE(t.open(t.writeSpec()));
    ASSERT_TRUE(t.w.runKernel());
    ASSERT_TRUE(tl::test::wait_until([&] { return !t.w.task()->running(); }, 120000));
    const auto r = t.w.auditor()->result();
    ASSERT_TRUE(r);
    EXPECT_EQ(r->numerics, StageStatus::Pass);
    EXPECT_EQ(r->cases.size(), 1u);
}

TEST(PythonDocument, OpeningAPyFileAsksForTheCallAndSavesWhereItFindsTheFile) {
    PythonDocHarness t;
    const QString py = t.dir.filePath(QStringLiteral("kernel.py"));
    PythonCall asked_with;
    t.w.files()->setCallPrompt([&](const QString&, const PythonCall& initial) {
        asked_with = initial;
        PythonCall c;
        c.call = QStringLiteral("matmul");
        c.args = {QStringLiteral("float32[256,128]"), QStringLiteral("float32[128,256]")};
        c.params = {QStringLiteral("M=256"), QStringLiteral("K=128")};
        c.kwargs = {QStringLiteral("bk=64")};
        c.reference = QStringLiteral("matmul_reference");
        return std::optional<PythonCall>(c);
    });
    ASSERT_TRUE(t.w.openSpec(py));
    ASSERT_TRUE(tl::test::settle(*t.w.document()));
    const Spec& s = t.w.document()->spec();
    ASSERT_TRUE(s.python);
    EXPECT_EQ(s.python->file, "kernel.py");
    EXPECT_EQ(s.python->args[0].shape, (std::vector<SizeValue>{"M", "K"}));
    ASSERT_TRUE(t.w.document()->snapshot().recorded);
    EXPECT_EQ(t.w.document()->snapshot().analysis->instance().grid[2], 2);  // K / bk

    // The call is remembered for the next time the file is opened.
    ASSERT_TRUE(t.w.openSpec(py));
    EXPECT_EQ(asked_with.call, QStringLiteral("matmul"));
    EXPECT_EQ(asked_with.kwargs, QStringList{QStringLiteral("bk=64")});

    // Saved in a sub-folder, the spec names the kernel by its absolute path (relative paths
    // are kept only for files at or below the spec's folder).
    ASSERT_TRUE(QDir(t.dir.path()).mkdir(QStringLiteral("specs")));
    ASSERT_TRUE(t.w.files()->saveTo(t.dir.filePath(QStringLiteral("specs/mm.tilelens.json"))));
    EXPECT_EQ(QString::fromStdString(t.w.document()->spec().python->file),
              QFileInfo(py).absoluteFilePath());
    EXPECT_EQ(t.w.document()->pythonFilePath(), QFileInfo(py).absoluteFilePath());
}

TEST(PythonDocument, AFirstOpenProposesTheWrapperItsReferenceAndTheTarget) {
    const QString dir = QStringLiteral(TILELENS_SOURCE_DIR "/tests/python/kernels/");
    // The wrapper that calls pl.pallas_call, not the kernel body before it in the file.
    PythonCall c = likelyCall(dir + QStringLiteral("blocked_matmul.py"));
    EXPECT_EQ(c.call, QStringLiteral("matmul"));
    EXPECT_EQ(c.reference, QStringLiteral("matmul_reference"));
    EXPECT_EQ(c.target, QStringLiteral("tpu-v5e"));
    c = likelyCall(dir + QStringLiteral("triton_attention.py"));
    EXPECT_EQ(c.call, QStringLiteral("attention"));
    EXPECT_EQ(c.reference, QStringLiteral("attention_reference"));
    EXPECT_EQ(c.target, QStringLiteral("gpu-triton"));

    // The window asks with that proposal the first time, and the target reaches the spec.
    PythonDocHarness t;
    PythonCall asked_with;
    t.w.files()->setCallPrompt([&](const QString&, const PythonCall& initial) {
        asked_with = initial;
        PythonCall chosen = initial;
        chosen.args = {QStringLiteral("float32[256,128]"), QStringLiteral("float32[128,256]")};
        return std::optional<PythonCall>(chosen);
    });
    ASSERT_TRUE(t.w.openSpec(t.dir.filePath(QStringLiteral("kernel.py"))));
    EXPECT_EQ(asked_with.call, QStringLiteral("matmul"));
    EXPECT_EQ(asked_with.target, QStringLiteral("tpu-v5e"));
    EXPECT_EQ(t.w.document()->spec().target_id(), "tpu-v5e");
}
