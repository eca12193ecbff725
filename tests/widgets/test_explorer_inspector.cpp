// The inspector's texts: the documented edge block, the pipeline step, the inverse map.
#include <gtest/gtest.h>

#include <QScrollBar>
#include <QSignalSpy>
#include <QUrl>

#include "tests/widgets/explorer_test_util.h"
#include "widgets/explorer/inspector.h"
#include "widgets/explorer/inspector_text.h"

namespace tl::gui {
namespace {

using namespace tl::gui::testing;

QString programText(const ExplorerSnapshot& s, std::int64_t program) {
    InspectorInput in;
    in.analysis = s.analysis.get();
    in.spec = s.spec.get();
    return programHtml(in, program);
}

TEST(InspectorText, TheDocumentedEdgeBlockFromIndexMapToClippedWindow) {
    // Shape (100, 90), block (10, 20), program (2, 4) -> rows 20-29, columns 80-99 of which
    // 80-89 valid.
    const auto s = snapshotOf(documentedSpec("input"));
    const QString h = programText(s, 2 * 5 + 4);
    EXPECT_TRUE(h.contains(QStringLiteral("program_id (2, 4)"))) << h.toStdString();
    EXPECT_TRUE(h.contains(QStringLiteral("index_map(2, 4)")));
    EXPECT_TRUE(h.contains(QStringLiteral("→ <b>(2, 4)</b>")));
    EXPECT_TRUE(h.contains(QStringLiteral("lambda i, j: (i, j)")));
    EXPECT_TRUE(h.contains(QStringLiteral("rows 20–29, columns 80–99")));
    EXPECT_TRUE(
        h.contains(QStringLiteral("rows 20–29, columns 80–89 · 100 of 200 elements valid")));
    EXPECT_TRUE(h.contains(QStringLiteral("padding on read")));
    EXPECT_TRUE(h.contains(QStringLiteral("100 elements (columns 90–99)")));
    EXPECT_TRUE(h.contains(QStringLiteral("copied HBM → VMEM")));
    // An interior block has no padding line.
    EXPECT_FALSE(programText(s, 0).contains(QStringLiteral("padding on read")));
}

TEST(InspectorText, OutputsShowDroppedWritesAndTheWriteBack) {
    const auto s = snapshotOf(documentedSpec("output"));
    const QString h = programText(s, 2 * 5 + 4);
    EXPECT_TRUE(h.contains(QStringLiteral("dropped writes")));
    EXPECT_TRUE(h.contains(QStringLiteral("written back after this program")));
    const auto m = snapshotOf(loadExample("matmul-rect"));
    const QString k0 = programText(m, 12);  // (1, 2, 0): the output block stays for k = 1
    EXPECT_TRUE(k0.contains(QStringLiteral("stays in VMEM: program #13 keeps this block")))
        << k0.toStdString();
    const QString k1 = programText(m, 13);
    EXPECT_TRUE(k1.contains(QStringLiteral("copy skipped")) == false);
    EXPECT_TRUE(k1.contains(QStringLiteral("written back after this program (visit 6)")));
}

TEST(InspectorText, TheHoveredElementListsEveryProgramThatTouchesIt) {
    const auto s = snapshotOf(loadExample("matmul-rect"));
    InspectorInput in;
    in.analysis = s.analysis.get();
    const QString o = elementHtml(in, 2, {130, 260});
    EXPECT_TRUE(o.contains(QStringLiteral("o[130, 260]")));
    EXPECT_TRUE(o.contains(QStringLiteral("written by 2 programs")));
    EXPECT_TRUE(o.contains(QStringLiteral("program:12")));
    EXPECT_TRUE(o.contains(QStringLiteral("#13&nbsp;(1, 2, 1)")));
    const QString x = elementHtml(in, 0, {130, 200});  // x[1, 1] block: read by all j at k = 1
    EXPECT_TRUE(x.contains(QStringLiteral("read by 4 programs"))) << x.toStdString();

    const auto floor = snapshotOf(loadExample("matmul-floor-grid-rect"));
    in.analysis = floor.analysis.get();
    EXPECT_TRUE(elementHtml(in, 2, {280, 5}).contains(QStringLiteral("written by no program")));
}

TEST(InspectorText, AfterARunTheElementShowsItsErrorAndWriter) {
    const auto s = snapshotOf(loadExample("reduction-wrong-axis"), 1, true);
    InspectorInput in;
    in.analysis = s.analysis.get();
    in.run = s.run.get();
    in.tolerances = {Tolerance{1e-5, 1e-5}};
    const QString h = elementHtml(in, 2, {40, 200});
    EXPECT_TRUE(h.contains(QStringLiteral("outside the tolerance"))) << h.toStdString();
    EXPECT_TRUE(h.contains(QStringLiteral("last written back by")));
}

TEST(InspectorText, WindowsNameTheirDimensions) {
    ResolvedOperand v;
    v.shape = {5000};
    EXPECT_EQ(windowText(v, {{4096}, {1024}}), QStringLiteral("elements 4096–5119"));
    ResolvedOperand r3;
    r3.shape = {4, 30, 40};
    EXPECT_EQ(windowText(r3, {{2, 10, 20}, {1, 10, 20}}),
              QStringLiteral("dim 0 index 2, rows 10–19, columns 20–39"));
    EXPECT_EQ(rangeText(7, 1), QStringLiteral("7"));
    Instance bare;
    bare.grid = {2, 3};
    EXPECT_EQ(axisNames(bare), (QStringList{QStringLiteral("a0"), QStringLiteral("a1")}));
    const auto resolved = resolve(loadExample("reduction-wrong-axis"));
    ASSERT_TRUE(resolved.instance);
    EXPECT_EQ(axisNames(*resolved.instance),
              (QStringList{QStringLiteral("k"), QStringLiteral("i"), QStringLiteral("j")}));
}

TEST(Inspector, ProgramLinksSelectPrograms) {
    Inspector w;
    QSignalSpy spy(&w, &Inspector::programLinkActivated);
    w.setProgramHtml(QStringLiteral("<a href=\"program:7\">#7</a>"));
    emit w.anchorClicked(QUrl(QStringLiteral("program:7")));
    ASSERT_EQ(spy.size(), 1);
    EXPECT_EQ(spy.at(0).at(0).toLongLong(), 7);
    EXPECT_TRUE(w.toPlainText().contains(QStringLiteral("Hover an element")));
}

TEST(Inspector, TheHoveredElementComesFirstAboveTheFold) {
    Inspector w;
    w.resize(300, 200);
    QString program;
    for (int i = 0; i < 40; ++i) program += QStringLiteral("<p>operand line %1</p>").arg(i);
    w.setProgramHtml(program);
    w.verticalScrollBar()->setValue(w.verticalScrollBar()->maximum());
    w.setElementHtml(QStringLiteral("<p>element (7, 3)</p>"));
    const QString text = w.toPlainText();
    EXPECT_LT(text.indexOf(QStringLiteral("element (7, 3)")),
              text.indexOf(QStringLiteral("operand line 0")));
    EXPECT_EQ(w.verticalScrollBar()->value(), 0);  // in view, whatever was scrolled before
    w.setElementHtml(QString());
    EXPECT_TRUE(w.toPlainText().startsWith(QStringLiteral("operand line 0")));
}

}  // namespace
}  // namespace tl::gui
