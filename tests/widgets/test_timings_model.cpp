// The table of timing records: the model tester across resets, and sorting by value.
#include <gtest/gtest.h>
#include <QAbstractItemModelTester>
#include <QSortFilterProxyModel>

#include <memory>

#include "core/timings/timings_summary.h"
#include "timings_test_util.h"
#include "widgets/timings/timings_records_model.h"

using namespace tl;
using namespace tl::gui;
using namespace timings_test;

namespace {
std::shared_ptr<const TimingsView> viewOf(const std::string& path,
                                          std::shared_ptr<const Spec> spec = nullptr) {
    const ImportResult r = importFile(path);
    return std::make_shared<const TimingsView>(make_timings_view(r.records, r.warnings, spec, {}));
}
}  // namespace

TEST(TimingsRecordsModel, PassesTheModelTesterAcrossResets) {
    TimingsRecordsModel model;
    QSortFilterProxyModel sorted;
    sorted.setSourceModel(&model);
    sorted.setSortRole(TimingsRecordsModel::SortRole);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    QAbstractItemModelTester proxyTester(&sorted,
                                         QAbstractItemModelTester::FailureReportingMode::Fatal);
    EXPECT_EQ(model.rowCount(), 0);
    model.setView(viewOf(golden("tilelens-csv/example.csv")));
    EXPECT_EQ(model.rowCount(), 2);
    EXPECT_EQ(model.columnCount(), TimingsRecordsModel::ColumnCount);
    sorted.sort(TimingsRecordsModel::MedianColumn);
    model.setView(viewOf(sweepCsv(), std::make_shared<const Spec>(matmulSpec())));
    EXPECT_EQ(model.rowCount(), 13);  // twelve records and the open spec's unmeasured row
    model.setView(nullptr);
    EXPECT_EQ(model.rowCount(), 0);
}

TEST(TimingsRecordsModel, ShowsProvenanceTimesAndWhyARecordIsLeftOut) {
    TimingsRecordsModel model;
    model.setView(viewOf(golden("tilelens-csv/example.csv")));
    const auto cell = [&](int row, int column) {
        return model.index(row, column).data().toString();
    };
    EXPECT_EQ(cell(0, TimingsRecordsModel::ProvenanceColumn),
              QStringLiteral("measured (tpu-v5e), verified"));
    EXPECT_EQ(cell(0, TimingsRecordsModel::MedianColumn), QStringLiteral("1.12 ms"));
    EXPECT_EQ(cell(0, TimingsRecordsModel::DecisionColumn), QStringLiteral("best candidate"));
    EXPECT_EQ(cell(1, TimingsRecordsModel::DecisionColumn), QStringLiteral("baseline"));
    EXPECT_EQ(cell(0, TimingsRecordsModel::SourceColumn), QStringLiteral("example.csv:3"));

    model.setView(viewOf(sweepCsv()));
    bool sawInterpret = false, sawUnverified = false;
    for (int row = 0; row < model.rowCount(); ++row) {
        const QString prov = cell(row, TimingsRecordsModel::ProvenanceColumn);
        const QString decision = cell(row, TimingsRecordsModel::DecisionColumn);
        if (prov == QStringLiteral("interpreted")) {
            sawInterpret = true;
            EXPECT_TRUE(decision.startsWith(QStringLiteral("excluded: interpret")))
                << decision.toStdString();
        }
        // verified=false: the file says its check failed, which is unverified too.
        if (prov.endsWith(QStringLiteral(", unverified")) ||
            prov.endsWith(QStringLiteral(", check failed"))) {
            sawUnverified = true;
            EXPECT_TRUE(decision.contains(QStringLiteral("unverified")));
        }
    }
    EXPECT_TRUE(sawInterpret);
    EXPECT_TRUE(sawUnverified);
}

TEST(TimingsRecordsModel, SortsTimesByValueWithFailedCandidatesLast) {
    TimingsRecordsModel model;
    QSortFilterProxyModel sorted;
    sorted.setSourceModel(&model);
    sorted.setSortRole(TimingsRecordsModel::SortRole);
    model.setView(viewOf(sweepCsv()));
    sorted.sort(TimingsRecordsModel::MedianColumn, Qt::AscendingOrder);
    double previous = 0;
    for (int row = 0; row < sorted.rowCount(); ++row) {
        const QVariant key = sorted.index(row, TimingsRecordsModel::MedianColumn)
                                 .data(TimingsRecordsModel::SortRole);
        ASSERT_TRUE(key.isValid());
        EXPECT_GE(key.toDouble(), previous) << "row " << row;
        previous = key.toDouble();
    }
    // 15 ms (the interpretation) sorts after 2.95 ms although "15" < "2" as text.
    const int last = sorted.rowCount() - 1;
    EXPECT_EQ(sorted.index(last, TimingsRecordsModel::MedianColumn).data().toString(),
              QStringLiteral("failed"));
    EXPECT_EQ(sorted.index(last - 1, TimingsRecordsModel::MedianColumn).data().toString(),
              QStringLiteral("15.0 ms"));
}
