#include <gtest/gtest.h>
#include <QLabel>
#include <QTableView>

#include "widgets/main_window.h"
#include "widgets/spec_document.h"

using tl::gui::MainWindow;

namespace {
QString example(const char* name) {
    return QStringLiteral(TILELENS_SOURCE_DIR "/resources/examples/") + QString::fromUtf8(name);
}
QString labelText(MainWindow& w, const char* object) {
    return w.findChild<QLabel*>(QString::fromUtf8(object))->text();
}
}  // namespace

TEST(MainWindow, OpensTheBuiltInExampleWithItsNameAndVerdict) {
    MainWindow w;
    ASSERT_TRUE(w.openSpec(QStringLiteral(":/examples/matmul-rect.tilelens.json")));
    EXPECT_EQ(labelText(w, "specTitle"), QStringLiteral("matmul-rect"));
    EXPECT_TRUE(labelText(w, "verdict").contains(QStringLiteral("pass")));
}

TEST(MainWindow, ListsTheFindingsOfAFailingSpec) {
    MainWindow w;
    ASSERT_TRUE(w.openSpec(example("reduction-wrong-axis.tilelens.json")));
    auto* table = w.findChild<QTableView*>(QStringLiteral("findings"));
    ASSERT_NE(table, nullptr);
    QStringList kinds;
    for (int r = 0; r < table->model()->rowCount(); ++r)
        kinds << table->model()->index(r, 1).data().toString();
    EXPECT_TRUE(kinds.contains(QStringLiteral("nonconsecutive_revisit")))
        << kinds.join(u',').toStdString();
    EXPECT_TRUE(labelText(w, "verdict").contains(QStringLiteral("fail")));
}

TEST(MainWindow, ShowsTheLoaderMessageForABrokenFile) {
    MainWindow w;
    EXPECT_FALSE(w.openSpec(QStringLiteral("/nonexistent/spec.tilelens.json")));
    auto* table = w.findChild<QTableView*>(QStringLiteral("findings"));
    ASSERT_EQ(table->model()->rowCount(), 1);
    EXPECT_TRUE(
        table->model()->index(0, 3).data().toString().contains(QStringLiteral("cannot open")));
    EXPECT_TRUE(labelText(w, "verdict").contains(QStringLiteral("invalid")));
}
