#include <gtest/gtest.h>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QUndoStack>
#include <atomic>
#include <condition_variable>
#include <mutex>

#include "core/analysis/analysis.h"
#include "core/base/limits.h"
#include "core/spec/spec_io.h"
#include "test_util.h"
#include "widgets/document/spec_document.h"

using namespace tl;
using namespace tl::gui;
using tl::test::example_file;
using tl::test::settle;

namespace {

bool has_kind(const ExplorerSnapshot& s, FindingKind kind) {
    for (const auto& f : s.audit->findings)
        if (f.kind == kind) return true;
    return false;
}

Spec with_param(Spec s, const std::string& name, std::int64_t v) {
    for (auto& [n, value] : s.params)
        if (n == name) value = v;
    return s;
}

}  // namespace

TEST(SpecDocument, LoadingProducesASnapshotOffTheGuiThread) {
    SpecDocument doc;
    QSignalSpy ready(&doc, &SpecDocument::snapshotReady);
    ASSERT_TRUE(doc.load(QStringLiteral(":/examples/matmul-rect.tilelens.json")));
    EXPECT_TRUE(doc.path().isEmpty()) << "an example opens untitled";
    EXPECT_EQ(doc.displayName(), QStringLiteral("matmul-rect.tilelens.json"));
    ASSERT_TRUE(settle(doc));
    ASSERT_EQ(ready.count(), 1);
    const ExplorerSnapshot& s = doc.snapshot();
    ASSERT_TRUE(s.analysis);
    EXPECT_EQ(s.generation, doc.generation());
    EXPECT_EQ(s.analysis->programs(), 3 * 4 * 2);  // cdiv(300,128) x cdiv(500,128) x 256/128
    EXPECT_EQ(s.audit->verdict, Verdict::Pass);
    EXPECT_TRUE(doc.diagnostics().empty());
}

TEST(SpecDocument, ABrokenFileIsRefusedWithTheLoaderMessageAndTheDocumentKept) {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("bad.tilelens.json"));
    QFile f(path);
    ASSERT_TRUE(f.open(QIODevice::WriteOnly));
    f.write(R"J({"tilelens": 1, "name": "bad", "grid": [2], "operands": [
      {"name": "o", "role": "output", "shape": [8], "dtype": "float32",
       "block_shape": [4], "index_map": "lambda i: (i,)", "stride": 2}]})J");
    f.close();
    SpecDocument doc;
    ASSERT_TRUE(doc.load(example_file("matmul-rect")));
    QString why;
    EXPECT_FALSE(doc.load(path, &why));
    EXPECT_TRUE(why.contains(QStringLiteral("operands[0].stride"))) << why.toStdString();
    EXPECT_EQ(doc.spec().name, "matmul-rect");
}

TEST(SpecDocument, AFileOverTheSizeLimitIsRefusedNamingTheLimitAndTheSetting) {
    SpecDocument doc;
    ASSERT_TRUE(doc.load(example_file("matmul-rect")));
    set_limit(LimitId::SpecFileBytes, 100);
    QString why;
    EXPECT_FALSE(doc.load(example_file("elementwise-add"), &why));
    reset_limits();
    EXPECT_TRUE(why.contains(QStringLiteral("(spec-file-bytes)"))) << why.toStdString();
    EXPECT_TRUE(why.contains(QStringLiteral("--limit spec-file-bytes="))) << why.toStdString();
    EXPECT_EQ(doc.spec().name, "matmul-rect");
}

TEST(SpecDocument, AFileWithAMistakeInAnExpressionOpensWithTheLoaderMessage) {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("typo.tilelens.json"));
    QFile f(path);
    ASSERT_TRUE(f.open(QIODevice::WriteOnly));
    f.write(R"J({"tilelens": 1, "name": "typo", "grid": ["2 +"], "operands": [
      {"name": "o", "role": "output", "shape": [8], "dtype": "float32",
       "block_shape": [4], "index_map": "lambda i: (ii,)"}]})J");
    f.close();
    SpecDocument doc;
    ASSERT_TRUE(doc.load(example_file("matmul-rect")));
    ASSERT_TRUE(doc.load(path));
    EXPECT_EQ(doc.spec().name, "typo");
    EXPECT_EQ(doc.spec().grid.at(0), SizeValue(std::string("2 +")));
    ASSERT_TRUE(settle(doc));
    QStringList messages;
    for (const auto& d : doc.diagnostics()) messages << QString::fromStdString(d.to_string());
    EXPECT_TRUE(messages.join(u'\n').contains(QStringLiteral("operands[0].index_map:1:12")))
        << messages.join(u'\n').toStdString();
    EXPECT_TRUE(messages.join(u'\n').contains(QStringLiteral("grid[0]")))
        << messages.join(u'\n').toStdString();
    EXPECT_FALSE(doc.snapshot().spec) << "nothing valid to draw or run";
}

TEST(SpecDocument, AnEditChangesTheAnalysisAndUndoRestoresIt) {
    SpecDocument doc;
    ASSERT_TRUE(doc.load(example_file("matmul-rect")));
    ASSERT_TRUE(settle(doc));
    const auto before = doc.snapshot();
    doc.edit(with_param(doc.spec(), "M", 1000),
             {SpecChange::Part::Params, -1, QStringLiteral("params.M")}, QStringLiteral("Set M"));
    EXPECT_TRUE(doc.isModified());
    ASSERT_TRUE(settle(doc));
    EXPECT_EQ(doc.snapshot().analysis->programs(), 8 * 4 * 2);
    EXPECT_GT(doc.snapshot().generation, before.generation);
    doc.undoStack()->undo();
    EXPECT_FALSE(doc.isModified());
    ASSERT_TRUE(settle(doc));
    EXPECT_EQ(doc.snapshot().analysis->programs(), before.analysis->programs());
    EXPECT_EQ(*doc.snapshot().spec, *before.spec);
}

TEST(SpecDocument, TypingIntoOneFieldIsOneUndoStep) {
    SpecDocument doc;
    ASSERT_TRUE(doc.load(example_file("matmul-rect")));
    for (std::int64_t v : {3, 30, 301})
        doc.edit(with_param(doc.spec(), "M", v),
                 {SpecChange::Part::Params, -1, QStringLiteral("params.M")},
                 QStringLiteral("Set M"));
    doc.edit(with_param(doc.spec(), "N", 7),
             {SpecChange::Part::Params, -1, QStringLiteral("params.N")}, QStringLiteral("Set N"));
    EXPECT_EQ(doc.undoStack()->count(), 2);
    doc.undoStack()->undo();
    doc.undoStack()->undo();
    EXPECT_EQ(doc.spec().params[0].second, 300);
    EXPECT_FALSE(doc.isModified());
}

TEST(SpecDocument, ASyntaxErrorKeepsTheLastValidSnapshotAndSaysWhereItIs) {
    SpecDocument doc;
    ASSERT_TRUE(doc.load(example_file("matmul-rect")));
    ASSERT_TRUE(settle(doc));
    const quint64 valid = doc.snapshot().generation;
    QSignalSpy ready(&doc, &SpecDocument::snapshotReady);
    Spec s = doc.spec();
    s.operands[0].index_map = "lambda i, j, k: (i, kk)";
    doc.edit(s, {SpecChange::Part::Operands, 0, QStringLiteral("operands[0].index_map")},
             QStringLiteral("map"));
    ASSERT_TRUE(settle(doc));
    EXPECT_EQ(ready.count(), 0);
    EXPECT_EQ(doc.snapshot().generation, valid);
    ASSERT_EQ(doc.diagnostics().size(), 1u);
    const Diagnostic& d = doc.diagnostics()[0];
    EXPECT_EQ(d.path, "operands[0].index_map");
    EXPECT_EQ(d.column, 21);
    EXPECT_NE(d.message.find("kk"), std::string::npos) << d.message;
    // Fixing it publishes again and clears the message.
    s.operands[0].index_map = "lambda i, j, k: (i, k)";
    doc.edit(s, {SpecChange::Part::Operands, 0, QStringLiteral("operands[0].index_map")},
             QStringLiteral("map"));
    ASSERT_TRUE(settle(doc));
    EXPECT_EQ(ready.count(), 1);
    EXPECT_TRUE(doc.diagnostics().empty());
}

TEST(SpecDocument, AStaleResultNeverReplacesANewerOne) {
    // The first computation blocks until released, so edits 2 and 3 arrive while it runs:
    // its result comes back stale and is dropped unseen; 2 is skipped; only 3 is published.
    std::mutex m;
    std::condition_variable cv;
    bool release = false;
    std::atomic<int> computed{0};
    std::vector<quint64> seen;
    std::mutex seen_m;
    SpecDocument doc(nullptr, [&](const Spec& spec, quint64 generation) {
        {
            std::lock_guard lock(seen_m);
            seen.push_back(generation);
        }
        if (computed++ == 1) {  // the first edit after the load
            std::unique_lock lock(m);
            cv.wait(lock, [&] { return release; });
        }
        return compute_snapshot(spec, generation);
    });
    ASSERT_TRUE(doc.load(example_file("matmul-rect")));
    ASSERT_TRUE(settle(doc));
    QSignalSpy ready(&doc, &SpecDocument::snapshotReady);
    QSignalSpy analysed(&doc, &SpecDocument::analysed);
    const Spec base = doc.spec();
    doc.edit(with_param(base, "M", 100), {SpecChange::Part::Params, -1, QStringLiteral("a")},
             QStringLiteral("1"));
    ASSERT_TRUE(tl::test::wait_until([&] { return computed.load() == 2; }));
    doc.edit(with_param(base, "M", 200), {SpecChange::Part::Params, -1, QStringLiteral("b")},
             QStringLiteral("2"));
    doc.edit(with_param(base, "M", 600), {SpecChange::Part::Params, -1, QStringLiteral("c")},
             QStringLiteral("3"));
    {
        std::lock_guard lock(m);
        release = true;
    }
    cv.notify_all();
    ASSERT_TRUE(settle(doc));
    ASSERT_EQ(ready.count(), 1);
    const auto snap = ready.at(0).at(0).value<ExplorerSnapshot>();
    EXPECT_EQ(snap.generation, doc.generation());
    EXPECT_EQ(snap.analysis->programs(), 5 * 4 * 2);  // M = 600
    // Only the newest edit's analysis is reported; the middle edit was never computed.
    ASSERT_EQ(analysed.count(), 1);
    EXPECT_EQ(analysed.at(0).at(0).value<quint64>(), doc.generation());
    std::lock_guard lock(seen_m);
    EXPECT_EQ(seen.size(), 3u);
    EXPECT_EQ(seen.back(), doc.generation());
}

TEST(SpecDocument, SavesAtomicallyAndReloadsTheSameSpec) {
    QTemporaryDir dir;
    SpecDocument doc;
    ASSERT_TRUE(doc.load(example_file("matmul-rect")));
    doc.edit(with_param(doc.spec(), "K", 200),
             {SpecChange::Part::Params, -1, QStringLiteral("params.K")}, QStringLiteral("Set K"));
    const QString path = dir.filePath(QStringLiteral("mine.tilelens.json"));
    QString why;
    ASSERT_TRUE(doc.save(path, &why)) << why.toStdString();
    EXPECT_FALSE(doc.isModified());
    EXPECT_EQ(doc.path(), path);
    const LoadResult back = load_spec_file(path.toStdString());
    ASSERT_TRUE(back.spec) << join(back.errors);
    EXPECT_EQ(*back.spec, doc.spec());
    EXPECT_FALSE(doc.save(dir.filePath(QStringLiteral("no/such/folder/x.json")), &why));
    EXPECT_TRUE(why.contains(QStringLiteral("cannot write"))) << why.toStdString();
}

TEST(SpecDocument, ARunAttachesOnlyToTheSnapshotItWasStartedFor) {
    SpecDocument doc;
    ASSERT_TRUE(doc.load(example_file("matmul-rect")));
    ASSERT_TRUE(settle(doc));
    const quint64 g = doc.generation();
    auto numerics = std::make_shared<NumericsResult>();
    numerics->ran = true;
    Finding f;
    f.kind = FindingKind::NumericalMismatch;
    f.operand = "o";
    numerics->findings.push_back(f);
    ASSERT_TRUE(doc.attachRun(g, std::make_shared<RunResult>(), numerics));
    EXPECT_TRUE(doc.snapshot().run);
    EXPECT_EQ(doc.snapshot().audit->numerics, StageStatus::Fail);
    EXPECT_EQ(doc.snapshot().audit->verdict, Verdict::Fail);
    EXPECT_TRUE(has_kind(doc.snapshot(), FindingKind::NumericalMismatch));
    doc.edit(with_param(doc.spec(), "M", 64),
             {SpecChange::Part::Params, -1, QStringLiteral("params.M")}, QStringLiteral("Set M"));
    EXPECT_FALSE(doc.attachRun(g, std::make_shared<RunResult>(), numerics));
    ASSERT_TRUE(settle(doc));
    EXPECT_FALSE(doc.snapshot().run);
    EXPECT_FALSE(has_kind(doc.snapshot(), FindingKind::NumericalMismatch));
}
