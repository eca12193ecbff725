#include <gtest/gtest.h>
#include <QAbstractItemModelTester>

#include "widgets/findings_model.h"

using tl::Finding;
using tl::Severity;
using tl::gui::FindingsModel;

TEST(FindingsModel, PassesTheModelTesterAcrossResets) {
    FindingsModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    Finding a;
    a.kind = "uncovered_output";
    a.operand = "o";
    a.message = "44 rows never written";
    Finding b;
    b.kind = "contract_violation";
    b.rule = "block_tiling";
    b.severity = Severity::Error;
    model.setFindings({a, b});
    EXPECT_EQ(model.rowCount(), 2);
    EXPECT_EQ(model.index(0, FindingsModel::MessageColumn).data().toString(),
              QStringLiteral("44 rows never written"));
    EXPECT_EQ(model.index(1, FindingsModel::KindColumn).data().toString(),
              QStringLiteral("contract_violation (block_tiling)"));
    model.setFindings({});
    EXPECT_EQ(model.rowCount(), 0);
    EXPECT_EQ(model.finding(0), nullptr);
}
