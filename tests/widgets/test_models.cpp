// Every model of the window under QAbstractItemModelTester, across their resets and edits.
#include <gtest/gtest.h>
#include <QAbstractItemModelTester>
#include <QFile>

#include "core/spec/spec.h"
#include "test_util.h"
#include "widgets/audit/audit_cases_model.h"
#include "widgets/document/spec_document.h"
#include "widgets/editor/operands_model.h"
#include "widgets/examples/examples_model.h"
#include "widgets/findings/findings_model.h"

using namespace tl;
using namespace tl::gui;

namespace {
constexpr auto kFatal = QAbstractItemModelTester::FailureReportingMode::Fatal;
}

TEST(OperandsModel, ShowsTheOperandsAndEditsThemThroughTheUndoStack) {
    SpecDocument doc;
    OperandsModel model(&doc);
    QAbstractItemModelTester tester(&model, kFatal);
    ASSERT_TRUE(doc.load(tl::test::example_file("matmul-rect")));
    model.sync(SpecChange::all());
    ASSERT_EQ(model.rowCount(), 3);
    EXPECT_EQ(model.index(0, OperandsModel::ShapeColumn).data().toString(), QStringLiteral("M, K"));
    EXPECT_EQ(model.index(2, OperandsModel::RoleColumn).data().toString(),
              QStringLiteral("output"));
    EXPECT_EQ(model.index(1, OperandsModel::IndexMapColumn).data().toString(),
              QStringLiteral("lambda i, j, k: (k, j)"));
    ASSERT_TRUE(
        model.setData(model.index(0, OperandsModel::ShapeColumn), QStringLiteral("M, 2 * K")));
    model.sync({SpecChange::Part::Operands, 0, {}});
    EXPECT_EQ(std::get<std::string>(doc.spec().operands[0].shape[1]), "2 * K");
    EXPECT_EQ(model.index(0, OperandsModel::ShapeColumn).data().toString(),
              QStringLiteral("M, 2 * K"));
    // Removing a row resets the model; the tester checks the counts stay consistent.
    Spec s = doc.spec();
    s.operands.pop_back();
    doc.edit(s, {SpecChange::Part::Operands, -1, {}}, QStringLiteral("remove"));
    model.sync({SpecChange::Part::Operands, -1, {}});
    EXPECT_EQ(model.rowCount(), 2);
    // An empty block shape and index map show what they mean.
    s = doc.spec();
    s.operands[0].block_shape.reset();
    s.operands[0].index_map.reset();
    doc.edit(s, {SpecChange::Part::Operands, 0, {}}, QStringLiteral("clear"));
    model.sync({SpecChange::Part::Operands, 0, {}});
    EXPECT_EQ(model.index(0, OperandsModel::BlockColumn).data().toString(),
              QStringLiteral("whole array"));
    EXPECT_EQ(model.index(0, OperandsModel::BlockColumn).data(Qt::EditRole).toString(), QString());
}

TEST(OperandsModel, EditsTheFormat2KeysOfAnOperand) {
    SpecDocument doc;
    OperandsModel model(&doc);
    QAbstractItemModelTester tester(&model, kFatal);
    ASSERT_TRUE(doc.load(tl::test::example_file("matmul-rect")));
    model.sync(SpecChange::all());
    EXPECT_EQ(model.index(0, OperandsModel::MemoryColumn).data().toString(),
              QStringLiteral("default"));
    EXPECT_EQ(model.index(2, OperandsModel::AliasColumn).data().toString(), QStringLiteral("none"));
    // Moving x to HBM drops its blocks: an any operand has neither block_shape nor index map.
    ASSERT_TRUE(model.setData(model.index(0, OperandsModel::MemoryColumn), QStringLiteral("any")));
    ASSERT_TRUE(doc.spec().operands[0].memory_space);
    EXPECT_EQ(*doc.spec().operands[0].memory_space, MemorySpace::Any);
    EXPECT_FALSE(doc.spec().operands[0].index_map);
    EXPECT_FALSE(doc.spec().operands[0].block_shape);
    ASSERT_TRUE(model.setData(model.index(2, OperandsModel::DiscardColumn), QStringLiteral("yes")));
    ASSERT_TRUE(model.setData(model.index(2, OperandsModel::RevisitColumn), QStringLiteral("any")));
    ASSERT_TRUE(model.setData(model.index(1, OperandsModel::DataColumn), QStringLiteral("iota")));
    ASSERT_TRUE(model.setData(model.index(2, OperandsModel::AliasColumn), QStringLiteral("y")));
    model.sync(SpecChange::all());
    const auto& ops = doc.spec().operands;
    EXPECT_TRUE(ops[2].discard);
    EXPECT_EQ(ops[2].revisit, OutputRevisit::Any);
    EXPECT_EQ(ops[1].data, InputData::Iota);
    EXPECT_EQ(ops[2].alias_of, std::optional<std::string>("y"));
    EXPECT_EQ(model.index(2, OperandsModel::DiscardColumn).data().toString(),
              QStringLiteral("yes"));
    // Clearing the memory space goes back to the target's default.
    ASSERT_TRUE(model.setData(model.index(0, OperandsModel::MemoryColumn), QString()));
    EXPECT_FALSE(doc.spec().operands[0].memory_space);
}

TEST(OperandsModel, CarriesTheErrorOfACellAtItsColumn) {
    SpecDocument doc;
    OperandsModel model(&doc);
    QAbstractItemModelTester tester(&model, kFatal);
    ASSERT_TRUE(doc.load(tl::test::example_file("matmul-rect")));
    model.sync(SpecChange::all());
    Diagnostic d;
    d.path = "operands[1].index_map";
    d.line = 1;
    d.column = 18;
    d.message = "unknown name 'kk'";
    model.setDiagnostics({d});
    const auto errors = model.errors(model.index(1, OperandsModel::IndexMapColumn));
    ASSERT_EQ(errors.size(), 1);
    EXPECT_EQ(errors[0].start, 17);
    EXPECT_TRUE(errors[0].message.contains(QStringLiteral("operands[1].index_map:1:18")));
    EXPECT_TRUE(model.errors(model.index(0, OperandsModel::IndexMapColumn)).isEmpty());
    EXPECT_TRUE(model.index(1, OperandsModel::IndexMapColumn)
                    .data(Qt::ToolTipRole)
                    .toString()
                    .contains(QStringLiteral("unknown name")));
}

TEST(FindingsModel, PassesTheModelTesterAcrossResets) {
    FindingsModel model;
    QAbstractItemModelTester tester(&model, kFatal);
    Finding a;
    a.kind = FindingKind::UncoveredOutput;
    a.operand = "o";
    a.message = "44 rows never written";
    a.program = {2, 3, 1};
    a.element = {256, 0};
    Finding b;
    b.kind = FindingKind::ContractViolation;
    b.rule = "block_tiling";
    b.severity = Severity::Error;
    model.setFindings({a, b});
    EXPECT_EQ(model.rowCount(), 2);
    EXPECT_EQ(model.index(0, FindingsModel::MessageColumn).data().toString(),
              QStringLiteral("44 rows never written"));
    EXPECT_EQ(model.index(0, FindingsModel::WhereColumn).data().toString(),
              QStringLiteral("program (2, 3, 1) · element [256, 0]"));
    EXPECT_EQ(model.index(1, FindingsModel::KindColumn).data().toString(),
              QStringLiteral("contract_violation (block_tiling)"));
    model.setFindings({}, true);
    EXPECT_EQ(model.rowCount(), 0);
    EXPECT_EQ(model.finding(0), nullptr);
}

TEST(AuditCasesModel, IsACaseByCheckTable) {
    AuditCasesModel model;
    QAbstractItemModelTester tester(&model, kFatal);
    auto r = std::make_shared<AuditResult>();
    AuditCase pass;
    pass.params = {{"M", 256}, {"bm", 128}};
    AuditCase fail;
    fail.params = {{"M", 7}, {"bm", 128}};
    fail.label = "M = 7";
    fail.verdict = Verdict::Fail;
    fail.max_abs_error = 0.5;
    fail.findings = {FindingKind::UncoveredOutput, FindingKind::NumericalMismatch};
    r->cases = {pass, fail};
    model.setResult(r);
    ASSERT_EQ(model.rowCount(), 2);
    ASSERT_EQ(model.columnCount(), 1 + 2 + 2 + 2);  // case | M, bm | verdict, error | 2 kinds
    EXPECT_EQ(model.headerData(0, Qt::Horizontal).toString(), QStringLiteral("case"));
    EXPECT_EQ(model.headerData(1, Qt::Horizontal).toString(), QStringLiteral("M"));
    EXPECT_EQ(model.index(1, 0).data().toString(), QStringLiteral("M = 7"));
    EXPECT_EQ(model.headerData(model.firstKindColumn(), Qt::Horizontal).toString(),
              QStringLiteral("uncovered_output"));
    EXPECT_EQ(model.index(1, 1).data().toLongLong(), 7);
    EXPECT_EQ(model.index(1, model.verdictColumn()).data().toString(), QStringLiteral("fail"));
    EXPECT_EQ(model.index(1, model.errorColumn()).data().toString(), QStringLiteral("0.5"));
    EXPECT_TRUE(model.index(1, model.firstKindColumn()).data().toString().contains(u"found"));
    EXPECT_FALSE(model.index(0, model.firstKindColumn()).data().toString().contains(u"found"));
    EXPECT_TRUE(model.index(1, 0).data(AuditCasesModel::FailingRole).toBool());
    model.setResult(nullptr);
    EXPECT_EQ(model.rowCount(), 0);
    EXPECT_EQ(model.columnCount(), 0);
}

TEST(ExamplesModel, ListsEveryExampleOfTheIndexWithItsDescription) {
    ExamplesModel model(load_example_library());
    QAbstractItemModelTester tester(&model, kFatal);
    QFile index(QStringLiteral(TILELENS_SOURCE_DIR "/resources/examples/index.json"));
    ASSERT_TRUE(index.open(QIODevice::ReadOnly));
    const Json doc = Json::parse(index.readAll().toStdString());
    ASSERT_EQ(model.rowCount(), static_cast<int>(doc["lessons"].size()));
    for (int r = 0; r < model.rowCount(); ++r) {
        const Example* e = model.example(r);
        EXPECT_EQ(e->id.toStdString(),
                  doc["lessons"][static_cast<std::size_t>(r)].get<std::string>());
        EXPECT_TRUE(e->error.isEmpty()) << e->error.toStdString();
        EXPECT_FALSE(model.index(r).data(ExamplesModel::DescriptionRole).toString().isEmpty())
            << e->id.toStdString();
    }
    EXPECT_EQ(model.library().default_id, QStringLiteral("matmul-rect"));
}

TEST(ExamplesModel, TheRealKernelGalleryListsEveryKernelOfItsIndexBundled) {
    const ExampleLibrary gallery = load_real_gallery();
    EXPECT_TRUE(gallery.errors.isEmpty()) << gallery.errors.join(u'\n').toStdString();
    QFile index(QStringLiteral(TILELENS_SOURCE_DIR "/resources/examples/real/index.json"));
    ASSERT_TRUE(index.open(QIODevice::ReadOnly));
    const Json doc = Json::parse(index.readAll().toStdString());
    ASSERT_EQ(gallery.examples.size(), doc["kernels"].size());
    ASSERT_GE(gallery.examples.size(), 21u);
    int bugs = 0;
    for (std::size_t i = 0; i < gallery.examples.size(); ++i) {
        const Example& e = gallery.examples[i];
        const Json& entry = doc["kernels"][i];
        EXPECT_EQ(QString(e.id + QStringLiteral(".tilelens.json")).toStdString(),
                  entry["spec"].get<std::string>());
        EXPECT_TRUE(e.path.startsWith(QStringLiteral(":/examples/real/"))) << e.path.toStdString();
        EXPECT_TRUE(e.error.isEmpty()) << e.id.toStdString() << ": " << e.error.toStdString();
        EXPECT_FALSE(e.description.isEmpty()) << e.id.toStdString();
        EXPECT_EQ(e.expect.toStdString(), entry["expect"].get<std::string>());
        bugs += e.finding.isEmpty() ? 0 : 1;
    }
    EXPECT_EQ(bugs, 3);
    ExamplesModel model(gallery);
    QAbstractItemModelTester tester(&model, kFatal);
    for (int r = 0; r < model.rowCount(); ++r) {
        if (model.example(r)->finding.isEmpty()) continue;
        EXPECT_TRUE(model.index(r).data().toString().contains(model.example(r)->finding))
            << "a bug variant's line says what the audit finds";
    }
}
